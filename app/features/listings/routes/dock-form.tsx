import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { CheckboxField, MoneyField, RadioGroup, SelectField } from "#app/components/forms";
import { DescriptionFields, revalidateAfterUpload, TextField } from "#app/features/listings/components/listing-form";
import { ListingFormRoute, type StepFieldsProps } from "#app/features/listings/components/listing-form-route";
import { dockFormPaths } from "#app/features/listings/form";
import { berthTypes } from "#app/features/listings/schemas";
import { seoMeta } from "#app/utils/meta";
import { LISTING_FORM_NAMESPACES, listingFormAction, loadListingForm, variantFromPath } from "./listing-form.server";
import { regionName } from "#app/utils/regions";

/**
 * /dock/form/add-dock-buy and /dock/form/add-dock-rent: the dock (berth or mooring) listing
 * form, for sale or for rent (from the path). Steps: basics (port, number, description),
 * features (size and services), pricing (sale or rent), photos, review.
 */
export const handle = { i18n: ["listing-form"] };

const serviceKeys = ["water", "electricity", "wifi", "showers", "security", "fuel", "parking", "pumpOut"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, LISTING_FORM_NAMESPACES);
  const user = await ctx.requireUser();
  return loadListingForm({ ctx, user, kind: "dock", variant: variantFromPath(ctx.request, dockFormPaths) });
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, LISTING_FORM_NAMESPACES);
  const user = await ctx.requireUser();
  return listingFormAction({ ctx, user, kind: "dock", variant: variantFromPath(ctx.request, dockFormPaths) });
}

export default function DockForm() {
  return <ListingFormRoute StepFields={DockStepFields} />;
}

function DockStepFields({ step, fields, page }: StepFieldsProps) {
  const { t } = useTranslation("listing-form");
  const grid2 = "grid gap-5 sm:grid-cols-2";
  const grid3 = "grid gap-5 sm:grid-cols-3";
  switch (step) {
    case "basics":
      return (
        <>
          <div className={grid2}>
            <SelectField
              meta={fields.portSlug}
              label={t("fields.portSlug")}
              placeholder={t("placeholders.port")}
              options={page.ports.map((port) => ({ value: port.slug, label: `${port.name} (${port.city})`, group: regionName(t, port.region) }))}
            />
            <TextField meta={fields.berthNumber} label={t("fields.berthNumber")} hint={t("hints.berthNumber")} />
          </div>
          <DescriptionFields meta={fields.description} />
        </>
      );
    case "features": {
      const services = fields.services.getFieldset();
      return (
        <>
          <RadioGroup
            meta={fields.berthType}
            legend={t("fields.berthType")}
            options={berthTypes.map((value) => ({ value, label: t(`options.berthType.${value}`) }))}
          />
          <div className={grid3}>
            <TextField meta={fields.maxLengthM} label={t("fields.maxLengthM")} inputMode="decimal" unit="m" />
            <TextField meta={fields.maxBeamM} label={t("fields.maxBeamM")} inputMode="decimal" unit="m" />
            <TextField meta={fields.depthM} label={t("fields.depthM")} inputMode="decimal" unit="m" />
          </div>
          <fieldset aria-describedby={fields.services.errors ? fields.services.errorId : undefined} className="space-y-3">
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t("fields.services")}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {serviceKeys.map((key) => (
                <CheckboxField key={key} meta={services[key]} label={t(`options.services.${key}`)} />
              ))}
            </div>
            <TextField
              meta={services.electricityAmps}
              label={t("fields.electricityAmps")}
              hint={t("hints.electricityAmps")}
              type="number"
              inputMode="numeric"
              className="sm:max-w-xs"
            />
          </fieldset>
        </>
      );
    }
    case "pricing":
      return page.variant === "sale" ? (
        <>
          <div className={grid2}>
            <MoneyField meta={fields.priceCents} label={t("fields.priceCents")} />
            <MoneyField meta={fields.annualFeeCents} label={t("fields.annualFeeCents")} />
            <TextField meta={fields.concessionYearsLeft} label={t("fields.concessionYearsLeft")} hint={t("hints.concession")} type="number" inputMode="numeric" />
          </div>
          <CheckboxField meta={fields.marinaApprovalRequired} label={t("fields.marinaApprovalRequired")} />
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("hints.rentPrice")}</p>
          <div className={grid2}>
            <MoneyField meta={fields.dailyPriceCents} label={t("fields.dailyPriceCents")} hint={t("hints.optional")} />
            <MoneyField meta={fields.monthlyPriceCents} label={t("fields.monthlyPriceCents")} hint={t("hints.optional")} />
            <TextField meta={fields.availableFrom} label={t("fields.availableFrom")} type="date" />
            <TextField meta={fields.availableTo} label={t("fields.availableTo")} type="date" />
          </div>
        </>
      );
    default:
      return null;
  }
}

export const shouldRevalidate = revalidateAfterUpload;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
