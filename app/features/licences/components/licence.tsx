import { useTranslation } from "react-i18next";
import { ChoiceInput, ErrorList, FileInput, FormAlert, hintClass, labelClass, optionClass, SelectInput, TextInput } from "#app/components/forms";
import { FilesAgain } from "#app/components/files-again";
import { ButtonLink } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { formatDay } from "#app/features/bookings";
import { PHOTO_ACCEPT } from "#app/utils/photos";
import { useLang } from "#app/utils/use-lang";
import { heldLicences, LICENCE_NUMBER_MAX, type Licence } from "../licences";
import type { BookingLicenceView, LicenceAskView, LicenceRefusalView } from "../view";

/**
 * The licence's pieces on other features' pages (issue 49, part 3), texts in the `licences`
 * namespace (the page adds it to its `handle.i18n`): the fields a renter fills (booking summary,
 * settings), a refusal with the skipper offered instead, the licence given with a booking as its
 * owner reads it, and check-in's "licence seen".
 */

type Values = { type: string; number: string; expiresOn: string };

/** Type, number, expiry and photo, inside the caller's multipart form; `photoUrl`: the kept photo. */
export function LicenceFields({ idPrefix, values, photoUrl, errors, photoSent }: { idPrefix: string; values: Values | null; photoUrl: string | null; errors: Partial<Record<string, string>>; photoSent: boolean }) {
  const { t } = useTranslation("licences");
  const id = (name: string) => `${idPrefix}-${name}`;
  const field = (name: string) => ({ "aria-invalid": errors[name] ? true : undefined, "aria-describedby": `${id(name)}-hint ${id(name)}-errors` });
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-licence-fields>
      <div>
        <label htmlFor={id("type")} className={labelClass}>{t("fields.type")}</label>
        <SelectInput id={id("type")} name="licenceType" required defaultValue={values?.type ?? ""} {...field("type")}>
          <option value="" disabled>{t("fields.choose")}</option>
          {heldLicences.map((licence) => <option key={licence} value={licence}>{t(`types.${licence}`)}</option>)}
        </SelectInput>
        <p id={`${id("type")}-hint`} className="sr-only">{t("fields.type")}</p>
        <ErrorList id={`${id("type")}-errors`} errors={errors.type ? [errors.type] : null} />
      </div>
      <div>
        <label htmlFor={id("number")} className={labelClass}>{t("fields.number")}</label>
        <TextInput id={id("number")} name="licenceNumber" required maxLength={LICENCE_NUMBER_MAX} autoComplete="off" defaultValue={values?.number ?? ""} {...field("number")} />
        <p id={`${id("number")}-hint`} className={hintClass}>{t("fields.numberHint")}</p>
        <ErrorList id={`${id("number")}-errors`} errors={errors.number ? [errors.number] : null} />
      </div>
      <div>
        <label htmlFor={id("expiresOn")} className={labelClass}>{t("fields.expiresOn")}</label>
        <TextInput id={id("expiresOn")} name="licenceExpiresOn" type="date" required defaultValue={values?.expiresOn ?? ""} {...field("expiresOn")} />
        <p id={`${id("expiresOn")}-hint`} className={hintClass}>{t("fields.expiresOnHint")}</p>
        <ErrorList id={`${id("expiresOn")}-errors`} errors={errors.expiresOn ? [errors.expiresOn] : null} />
      </div>
      <div>
        <label htmlFor={id("photo")} className={labelClass}>{t("fields.photo")}</label>
        <FileInput id={id("photo")} name="licencePhoto" accept={PHOTO_ACCEPT} required={!photoUrl} {...field("photo")} />
        <p id={`${id("photo")}-hint`} className={hintClass}>{photoUrl ? t("fields.photoKept") : t("fields.photoHint")}</p>
        {photoUrl ? (
          <a href={photoUrl} target="_blank" rel="noreferrer" className="mt-1 inline-block text-sm font-semibold text-sea-800 underline dark:text-sea-200" data-licence-photo>{t("fields.photoSee")}</a>
        ) : null}
        <FilesAgain inputId={id("photo")} sent={photoSent ? 1 : 0} />
        <ErrorList id={`${id("photo")}-errors`} errors={errors.photo ? [errors.photo] : null} />
      </div>
    </div>
  );
}

/** The summary's section: what the boat asks, the fields, and a refusal with the skipper offered instead. */
export function SummaryLicence({ ask, refusal }: { ask: LicenceAskView; refusal: LicenceRefusalView | null }) {
  const { t } = useTranslation("licences");
  const errors: Partial<Record<string, string>> = refusal?.field && !refusal.reason ? { [refusal.field]: refusal.message } : {};
  return (
    <section aria-labelledby="licence-title" className={cardClass()} data-summary-licence={ask.required}>
      <h2 id="licence-title" className="text-xl font-bold">{t("summary.title")}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("summary.needs", { licence: t(`types.${ask.required}`) })}</p>
      {refusal?.reason ? <SkipperOffer ask={ask} refusal={refusal} /> : null}
      <div className="mt-4"><LicenceFields idPrefix="licence" values={refusal?.values ?? ask.saved} photoUrl={ask.saved?.photoUrl ?? null} errors={errors} photoSent={refusal?.photoSent ?? false} /></div>
      <p className={`${hintClass} mt-3`}>{t("summary.kept")}</p>
    </section>
  );
}

/** An expired licence or a title below the boat's: the reason, then a skipper — or the boats it allows. */
function SkipperOffer({ ask, refusal }: { ask: LicenceAskView; refusal: LicenceRefusalView }) {
  const { t } = useTranslation("licences");
  return (
    <div className="mt-4 space-y-3" data-licence-refusal={refusal.reason}>
      <FormAlert id="licence-refusal" errors={[refusal.message]} />
      {ask.withSkipperUrl ? (
        <div className="flex flex-wrap items-center gap-3">
          <ButtonLink variant="primary" size="md" to={ask.withSkipperUrl} data-licence-skipper>{t("summary.withSkipper")}</ButtonLink>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("summary.withSkipperNote")}</p>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold" data-licence-no-skipper>{t("summary.noSkipper")}</p>
          <ButtonLink variant="secondary" size="md" to={ask.searchUrl}>{t("summary.search")}</ButtonLink>
        </div>
      )}
    </div>
  );
}

/**
 * The licence given with a booking, on its pages (the owner checks it before accepting and at
 * check-in; the team reads the same copy on its booking page).
 */
export function BookingLicence({ licence, side }: { licence: BookingLicenceView; side: "owner" | "renter" | "team" }) {
  const { t } = useTranslation("licences");
  const lang = useLang();
  return (
    <section aria-labelledby="booking-licence-title" className={cardClass()} data-booking-licence={licence.type}>
      <h2 id="booking-licence-title" className="text-xl font-bold">{t(`booking.title.${side}`)}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">{t("fields.type")}</dt>
        <dd>{t(`types.${licence.type}`)}</dd>
        <dt className="font-medium">{t("fields.number")}</dt>
        <dd data-booking-licence-number>{licence.number}</dd>
        <dt className="font-medium">{t("fields.expiresOn")}</dt>
        <dd>{formatDay(licence.expiresOn, lang, "long")}{licence.expired ? <strong className="ml-2 text-coral-700 dark:text-coral-300">{t("booking.expired")}</strong> : null}</dd>
      </dl>
      {licence.photoUrl ? (
        <a href={licence.photoUrl} target="_blank" rel="noreferrer" className="mt-3 block max-w-xs">
          <img src={licence.photoUrl} width={licence.photoWidth ?? undefined} height={licence.photoHeight ?? undefined} alt={t("booking.photo")} loading="lazy" className="h-auto w-full rounded-lg border border-slate-200 dark:border-white/10" />
        </a>
      ) : null}
      {side === "owner" ? <p className={`${hintClass} mt-2`}>{t("booking.ownerHint")}</p> : side === "team" ? <p className={`${hintClass} mt-2`}>{t("booking.teamHint")}</p> : null}
    </section>
  );
}

/** Check-in's box the owner ticks once he has seen the licence (required then). */
export function LicenceSeenBox({ id, checked, error }: { id: string; checked: boolean; error: string | undefined }) {
  const { t } = useTranslation("licences");
  return (
    <div>
      <label className={optionClass}>
        <ChoiceInput type="checkbox" id={id} name="licenceSeen" value="yes" defaultChecked={checked} aria-invalid={error ? true : undefined} aria-describedby={`${id}-errors`} />
        <span>{t("checkIn.box")}</span>
      </label>
      <ErrorList id={`${id}-errors`} errors={error ? [error] : null} />
    </div>
  );
}

/** On a check-in record: the owner saw the licence. */
export function LicenceSeenNote() {
  const { t } = useTranslation("licences");
  return <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300" data-handover-licence-seen>{t("checkIn.seen")}</p>;
}

/** A listing's licence as its pages name it. */
export function useLicenceName() {
  const { t } = useTranslation("licences");
  return (licence: Licence) => t(`types.${licence}`);
}
