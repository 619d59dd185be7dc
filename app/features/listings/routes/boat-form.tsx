import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { CheckboxField, CheckboxGroup, MoneyField, RadioGroup, SelectField } from "#app/components/forms";
import { DescriptionFields, revalidateAfterUpload, TextField } from "#app/features/listings/components/listing-form";
import { ListingFormRoute, type StepFieldsProps } from "#app/features/listings/components/listing-form-route";
import { boatFormPaths } from "#app/features/listings/form";
import { boatEquipmentFor, cancellationPolicies, fuelPolicies, fuelTypesFor, licences, skipperModes, type BoatTypeId } from "#app/features/listings/schemas";
import { seoMeta } from "#app/utils/meta";
import { LISTING_FORM_NAMESPACES, listingFormAction, loadListingForm, variantFromPath } from "./listing-form.server";
import { regionName } from "#app/utils/regions";

/**
 * /boat/form/add-motor-boat, add-vela-boat, add-pesca-boat and add-moto-agua: the boat listing
 * form, one route module for the four types (the type comes from the path). Steps: basics,
 * specs, location, pricing, conditions (the domain's step schemas), photos, review. Without
 * `?id=` the first step creates the draft; `?id=…&step=…` resumes a draft or edits a listing.
 */
export const handle = { i18n: ["listing-form"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, LISTING_FORM_NAMESPACES);
  const user = await ctx.requireUser();
  return loadListingForm({ ctx, user, kind: "boat", variant: variantFromPath(ctx.request, boatFormPaths) });
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, LISTING_FORM_NAMESPACES);
  const user = await ctx.requireUser();
  return listingFormAction({ ctx, user, kind: "boat", variant: variantFromPath(ctx.request, boatFormPaths) });
}

export default function BoatForm() {
  return <ListingFormRoute StepFields={BoatStepFields} />;
}

function BoatStepFields({ step, fields, page }: StepFieldsProps) {
  const { t } = useTranslation("listing-form");
  const type = page.variant as BoatTypeId;
  // A water scooter has no cabins or berths; each type offers its own fuels and equipment.
  const jetski = type === "jetski";
  const grid2 = "grid gap-5 sm:grid-cols-2";
  const grid3 = "grid gap-5 sm:grid-cols-3";
  switch (step) {
    case "basics":
      return (
        <>
          <TextField meta={fields.title} label={t("fields.title")} hint={t("hints.title")} />
          <DescriptionFields meta={fields.description} />
        </>
      );
    case "specs":
      return (
        <>
          <div className={grid2}>
            <TextField meta={fields.make} label={t("fields.make")} />
            <TextField meta={fields.model} label={t("fields.model")} />
          </div>
          <div className={grid3}>
            <TextField meta={fields.year} label={t("fields.year")} type="number" inputMode="numeric" />
            <TextField meta={fields.lengthM} label={t("fields.lengthM")} inputMode="decimal" unit="m" />
            <TextField meta={fields.capacity} label={t("fields.capacity")} type="number" inputMode="numeric" />
            {jetski ? null : (
              <>
                <TextField meta={fields.cabins} label={t("fields.cabins")} type="number" inputMode="numeric" />
                <TextField meta={fields.berths} label={t("fields.berths")} type="number" inputMode="numeric" />
              </>
            )}
            <TextField meta={fields.enginePowerHp} label={t("fields.enginePowerHp")} type="number" inputMode="numeric" />
          </div>
          <RadioGroup
            meta={fields.fuel}
            legend={t("fields.fuel")}
            columns={3}
            options={fuelTypesFor(type).map((value) => ({ value, label: t(`options.fuel.${value}`) }))}
          />
          <CheckboxGroup
            meta={fields.equipment}
            legend={t("fields.equipment")}
            options={boatEquipmentFor(type).map((value) => ({ value, label: t(`options.equipment.${value}`) }))}
          />
        </>
      );
    case "location": {
      const home = fields.homePort.getFieldset();
      const hintId = `${fields.homePort.id}-hint`;
      return (
        <fieldset aria-describedby={hintId} className="space-y-5">
          <legend className="text-base font-semibold">{t("fields.homePort")}</legend>
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">{t("hints.homePort")}</p>
          <SelectField
            meta={home.portSlug}
            label={t("fields.homePortPort")}
            placeholder={t("placeholders.port")}
            options={page.ports.map((port) => ({ value: port.slug, label: `${port.name} (${port.city})`, group: regionName(t, port.region) }))}
          />
          <fieldset className="rounded-xl border border-slate-200 p-4 dark:border-white/10">
            <legend className="px-1 text-sm font-semibold">{t("hints.otherPlace")}</legend>
            <div className={grid3}>
              <TextField meta={home.city} label={t("fields.city")} autoComplete="address-level2" />
              <TextField meta={home.lat} label={t("fields.lat")} inputMode="decimal" hint={t("hints.coordinates")} />
              <TextField meta={home.lng} label={t("fields.lng")} inputMode="decimal" />
            </div>
          </fieldset>
          <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-white/10">
            <legend className="px-1 text-sm font-semibold">{t("fields.meeting")}</legend>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("hints.meeting")}</p>
            <TextField meta={fields.meetingPoint} label={t("fields.meetingPoint")} placeholder={t("placeholders.meetingPoint")} />
            <TextField meta={fields.meetingTime} label={t("fields.meetingTime")} placeholder="09:30" inputMode="numeric" hint={t("hints.meetingTime")} className="sm:max-w-xs" />
          </fieldset>
        </fieldset>
      );
    }
    case "pricing": {
      const skipper = fields.skipper.getFieldset();
      return (
        <>
          <div className={grid2}>
            <MoneyField meta={fields.dayPriceCents} label={t("fields.dayPriceCents")} />
            <MoneyField meta={fields.halfDayPriceCents} label={t("fields.halfDayPriceCents")} hint={t("hints.halfDay")} />
            <MoneyField meta={fields.weekPriceCents} label={t("fields.weekPriceCents")} hint={t("hints.week")} />
            <MoneyField meta={fields.depositCents} label={t("fields.depositCents")} hint={t("hints.deposit")} />
            {jetski ? <MoneyField meta={fields.hourPriceCents} label={t("fields.hourPriceCents")} /> : null}
          </div>
          <div className="space-y-4">
            <RadioGroup
              meta={skipper.mode}
              legend={t("fields.skipper")}
              columns={3}
              options={skipperModes.map((value) => ({ value, label: t(`options.skipper.${value}`) }))}
            />
            <MoneyField meta={skipper.dailyPriceCents} label={t("fields.skipperDailyPriceCents")} hint={t("hints.skipperPrice")} className="sm:max-w-xs" />
          </div>
        </>
      );
    }
    case "conditions":
      return (
        <>
          <SelectField
            meta={fields.licence}
            label={t("fields.licence")}
            hint={page.legalMinimum && page.legalMinimum !== "none" ? t("hints.licenceMinimum", { licence: t(`options.licence.${page.legalMinimum}`) }) : undefined}
            placeholder={t("placeholders.choose")}
            options={licences.map((value) => ({ value, label: t(`options.licence.${value}`) }))}
          />
          <RadioGroup
            meta={fields.fuelPolicy}
            legend={t("fields.fuelPolicy")}
            options={fuelPolicies.map((value) => ({ value, label: t(`options.fuelPolicy.${value}`) }))}
          />
          <RadioGroup
            meta={fields.cancellationPolicy}
            legend={t("fields.cancellationPolicy")}
            columns={3}
            options={cancellationPolicies.map((value) => ({
              value,
              label: t(`options.cancellation.${value}`),
              hint: t(`options.cancellationHint.${value}`),
            }))}
          />
          <CheckboxField meta={fields.instantBooking} label={t("fields.instantBooking")} hint={t("hints.instantBooking")} />
          {jetski ? (
            <div className={grid2}>
              <TextField meta={fields.minimumAge} label={t("fields.minimumAge")} type="number" inputMode="numeric" />
              <CheckboxField meta={fields.guidedWithoutLicence} label={t("fields.guidedWithoutLicence")} />
            </div>
          ) : null}
        </>
      );
    default:
      return null;
  }
}

export const shouldRevalidate = revalidateAfterUpload;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
