import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useLocation, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { describedBy, ErrorList, Field, FileField, FormAlert, hintClass, labelClass, Notice, TextareaField } from "#app/components/forms";
import { ListingPhoto } from "#app/components/listing-photo";
import { LocalizedLink } from "#app/components/localized-link";
import { langCodes, languageOf, type Lang } from "#app/i18n";
import {
  DRAFTS_PATH,
  formSteps,
  listingDraftFormSchema,
  listingErrorMap,
  listingFormSchema,
  MY_LISTINGS_PATH,
  photoUploadSchema,
  stepHref,
  type DataStep,
  type FormStep,
  type ListingKind,
} from "#app/utils/listings/form";
import type { PhotoView } from "#app/utils/listings/view";
import { PHOTO_ACCEPT } from "#app/utils/photos";
import { useLang, useLocalizePath } from "#app/utils/use-lang";
import { numberFormat } from "#app/utils/intl";

/**
 * The listing forms' page (`routes/listings/boat-form.tsx`, `dock-form.tsx`): the step
 * indicator, one form per data step (plain POST, enhanced with conform and the step's schema),
 * the photos step and the review. The routes only say which fields each step shows.
 */

/** Every field of the listing forms, as the browser holds them (text, except checkboxes). */
export type ListingFormShape = {
  type: string;
  kind: string;
  title: string;
  description: { es: string; en: string; fr: string; de: string };
  make: string;
  model: string;
  year: string;
  lengthM: string;
  capacity: string;
  cabins: string;
  berths: string;
  enginePowerHp: string;
  fuel: string;
  equipment: string[];
  homePort: { portSlug: string; city: string; lat: string; lng: string };
  meetingPoint: string;
  meetingTime: string;
  dayPriceCents: string;
  halfDayPriceCents: string;
  weekPriceCents: string;
  depositCents: string;
  hourPriceCents: string;
  skipper: { mode: string; dailyPriceCents: string };
  licence: string;
  fuelPolicy: string;
  instantBooking: boolean;
  cancellationPolicy: string;
  minimumAge: string;
  guidedWithoutLicence: boolean;
  portSlug: string;
  berthNumber: string;
  berthType: string;
  maxLengthM: string;
  maxBeamM: string;
  depthM: string;
  services: {
    water: boolean;
    electricity: boolean;
    electricityAmps: string;
    wifi: boolean;
    showers: boolean;
    security: boolean;
    fuel: boolean;
    parking: boolean;
    pumpOut: boolean;
  };
  priceCents: string;
  concessionYearsLeft: string;
  annualFeeCents: string;
  marinaApprovalRequired: boolean;
  dailyPriceCents: string;
  monthlyPriceCents: string;
  availableFrom: string;
  availableTo: string;
};
export type ListingFields = ReturnType<FormMetadata<ListingFormShape, string[]>["getFieldset"]>;

export type PortOption = { slug: string; name: string; city: string; region: string };
type MissingItem = { key: string; href: string };

/** What the form routes' loaders return (`loadListingForm`). */
export type ListingFormPageData = {
  kind: ListingKind;
  variant: string;
  id: string | null;
  status: "draft" | "published" | "paused" | "archived" | null;
  listingTitle: string | null;
  step: FormStep;
  steps: Array<{ step: FormStep; done: boolean }>;
  defaults: Record<string, unknown>;
  ports: PortOption[];
  photos: Array<PhotoView & { id: string }>;
  uploaded: number;
  review: {
    missing: MissingItem[];
    summary: {
      title: string | null;
      place: string | null;
      cover: PhotoView | null;
      price: { cents: number; unit: "day" | "month" | "sale" } | null;
    };
  } | null;
  limits: { maxPhotos: number; maxPhotoMegabytes: number; minPhotoSide: number };
};

/** What the form routes' actions answer when they do not redirect. */
export type ListingFormActionData =
  | { intent: "step"; step: string; result: SubmissionResult<string[]> }
  | { intent: "upload" | "photo"; result: SubmissionResult<string[]> | null; uploaded: number; message: string | null }
  | { intent: "publish"; missing: MissingItem[]; message: string };

const cardClass = "rounded-2xl border border-slate-200 p-6 dark:border-white/10";
const primaryClass =
  "inline-flex items-center justify-center rounded-lg bg-sea-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-sea-800 disabled:cursor-not-allowed disabled:opacity-60";
const secondaryClass =
  "inline-flex items-center justify-center rounded-lg border border-sea-700 px-5 py-2.5 font-semibold text-sea-800 hover:bg-sea-50 dark:border-white/40 dark:text-white dark:hover:bg-white/10";
const smallButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-white/20 dark:text-slate-200 dark:hover:bg-white/10";

/** The euro amounts of the owner's pages ("120 €", "1.500,50 €"). */
export function formatEuros(cents: number, lang: Lang): string {
  const whole = cents % 100 === 0;
  return numberFormat(languageOf(lang).iso, {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

// ---------------------------------------------------------------------------------------------
// Fields: the shared kit (components/forms.tsx); listing fields never autocomplete.

export function TextField(props: Parameters<typeof Field>[0]) {
  return <Field autoComplete="off" {...props} />;
}

/** The description in the four languages (at least one). */
export function DescriptionFields({ meta }: { meta: ListingFields["description"] }) {
  const { t } = useTranslation("listing-form");
  const texts = meta.getFieldset();
  const hintId = `${meta.id}-hint`;
  return (
    <fieldset aria-describedby={describedBy(hintId, meta.errors && meta.errorId)}>
      <legend className={labelClass}>{t("fields.description")}</legend>
      <p id={hintId} className={hintClass}>{t("hints.description")}</p>
      <div className="mt-2 grid gap-4 md:grid-cols-2">
        {langCodes.map((lang) => (
          <TextareaField key={lang} meta={texts[lang]} lang={lang} rows={5} label={t("fields.descriptionIn", { language: t(`languages.${lang}`) })} />
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// The page

/**
 * The form routes' `shouldRevalidate`: an upload answered 400 (a refused file) may still have
 * stored the other photos, so the page reloads its data after every upload, whatever the status.
 */
export const revalidateAfterUpload: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "upload" ? true : defaultShouldRevalidate;

/** `<path>?id=…&step=…` of the page being shown (the forms post to it). */
function useStepAction(page: ListingFormPageData, step: FormStep = page.step) {
  const { pathname } = useLocation();
  return page.id ? `${pathname}?${new URLSearchParams({ id: page.id, step })}` : pathname;
}

/**
 * The steps as one row of numbered circles that never wraps: below `lg` only the numbers show
 * (the current step's name is in the line above them), from `lg` each name sits under its
 * number, two lines at most.
 */
function StepIndicator({ page }: { page: ListingFormPageData }) {
  const { t } = useTranslation("listing-form");
  const localize = useLocalizePath();
  const position = page.steps.findIndex((s) => s.step === page.step) + 1;
  return (
    <nav aria-label={t("steps.label")} className="mt-6">
      <p className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {t("steps.position", { current: position, total: page.steps.length })}
        <span aria-hidden="true"> · </span>
        <span className="text-sea-800 dark:text-sea-200">{t(`steps.${page.step}`)}</span>
      </p>
      <ol className="mt-3 flex items-start">
        {page.steps.map((item, index) => {
          const current = item.step === page.step;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ring-4 ring-white dark:ring-slate-950 " +
                  (item.done
                    ? "bg-emerald-600 text-white"
                    : current
                      ? "bg-sea-700 text-white"
                      : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100")
                }
              >
                {item.done ? "✓" : index + 1}
              </span>
              <span className={"sr-only lg:not-sr-only lg:line-clamp-2 lg:max-w-32 lg:text-xs lg:leading-tight " + (current ? "lg:font-semibold" : "")}>
                {t(`steps.${item.step}`)}
              </span>
              {item.done ? <span className="sr-only">({t("steps.done")})</span> : null}
            </>
          );
          const base = "relative z-10 flex flex-col items-center gap-1 rounded-lg px-1 py-0.5 text-center ";
          return (
            <li key={item.step} className="relative flex min-w-0 flex-1 justify-center">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={"absolute top-[0.9rem] right-1/2 -left-1/2 h-0.5 " + (item.done || current ? "bg-sea-600 dark:bg-sea-400" : "bg-slate-200 dark:bg-slate-700")}
                />
              ) : null}
              {page.id && !current ? (
                <Link
                  to={localize(stepHref(page.kind, page.variant, page.id, item.step))}
                  className={base + "text-slate-600 hover:text-sea-800 dark:text-slate-300 dark:hover:text-white"}
                >
                  {content}
                </Link>
              ) : (
                <span aria-current={current ? "step" : undefined} className={base + (current ? "text-sea-900 dark:text-white" : "text-slate-500 dark:text-slate-400")}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Back to the previous step (a link: the forms save on their own button). */
function BackLink({ page }: { page: ListingFormPageData }) {
  const { t } = useTranslation("listing-form");
  const steps = formSteps(page.kind);
  const previous = steps[steps.indexOf(page.step) - 1];
  if (!page.id || !previous) return null;
  return (
    <LocalizedLink to={stepHref(page.kind, page.variant, page.id, previous)} className="text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300">
      ← {t("actions.back")}
    </LocalizedLink>
  );
}

/**
 * One data step: a plain POST form (`intent` next or save-exit) validated in the browser with
 * the step's schema when JavaScript runs. `children` lays out the step's fields.
 */
function DataStepForm({
  page,
  actionData,
  children,
}: {
  page: ListingFormPageData;
  actionData: ListingFormActionData | undefined;
  children: (fields: ListingFields) => ReactNode;
}) {
  const { t } = useTranslation("listing-form");
  const navigation = useNavigation();
  const action = useStepAction(page);
  const step = page.step as DataStep;
  const schema = listingFormSchema(page.kind, step, page.variant);
  const lastResult = navigation.state === "idle" && actionData?.intent === "step" && actionData.step === step ? actionData.result : undefined;
  const [form, fields] = useForm<ListingFormShape>({
    id: `listing-${page.kind}-${step}`,
    lastResult,
    defaultValue: page.defaults as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // "Save and leave" keeps what is valid and shows no errors: the lenient schema never fails.
    onValidate: ({ formData, submitter }) =>
      submitter instanceof HTMLButtonElement && submitter.value === "save-exit"
        ? parseWithZod(formData, { schema: listingDraftFormSchema(page.kind, step, page.variant) })
        : parseWithZod(formData, { schema, errorMap: listingErrorMap(t) }),
  });
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={form.errors} />
      {step === "basics" ? <input type="hidden" name={page.kind === "boat" ? "type" : "kind"} value={page.variant} /> : null}
      {children(fields)}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-white/10">
        <button type="submit" name="intent" value="next" className={primaryClass} disabled={submitting}>
          {t("actions.next")}
        </button>
        <button type="submit" name="intent" value="save-exit" formNoValidate className={secondaryClass} disabled={submitting}>
          {t("actions.saveExit")}
        </button>
        <span className="ml-auto">
          <BackLink page={page} />
        </span>
      </div>
    </Form>
  );
}

export function ListingFormPage({
  page,
  actionData,
  renderStep,
}: {
  page: ListingFormPageData;
  actionData: ListingFormActionData | undefined;
  renderStep: (step: DataStep, fields: ListingFields, page: ListingFormPageData) => ReactNode;
}) {
  const { t } = useTranslation("listing-form");
  // A draft is still "new" (its title once it has one); a published or paused listing is edited.
  const heading =
    page.status === null || page.status === "draft"
      ? (page.listingTitle ?? t(`heading.${page.kind}.${page.variant}`))
      : page.listingTitle
        ? t("heading.edit", { title: page.listingTitle })
        : t("heading.editUntitled");
  const intro = page.step === "photos" || page.step === "review" ? t(`intro.${page.step}`) : t(`intro.${page.kind}.${page.step}`);
  return (
    <main id="main" className="container-page max-w-5xl py-8">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-sea-700 dark:text-sea-300">
          {page.kind === "boat" ? t(`types.${page.variant}`) : t(`dockKinds.${page.variant}`)}
          {page.status ? ` · ${t(`status.${page.status}`)}` : null}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{heading}</h1>
      </header>
      <StepIndicator page={page} />
      <section aria-labelledby="step-title" className={cardClass + " mt-6"}>
        <h2 id="step-title" className="text-xl font-bold">{t(`steps.${page.step}`)}</h2>
        <p className={hintClass + " mb-6"}>{intro}</p>
        {page.step === "photos" ? (
          <PhotosStep page={page} actionData={actionData} />
        ) : page.step === "review" ? (
          <ReviewStep page={page} actionData={actionData} />
        ) : (
          <DataStepForm key={`${page.id}-${page.step}`} page={page} actionData={actionData}>
            {(fields) => renderStep(page.step as DataStep, fields, page)}
          </DataStepForm>
        )}
      </section>
    </main>
  );
}

// ---------------------------------------------------------------------------------------------
// Photos

function PhotosStep({ page, actionData }: { page: ListingFormPageData; actionData: ListingFormActionData | undefined }) {
  const { t } = useTranslation("listing-form");
  const navigation = useNavigation();
  const action = useStepAction(page);
  const idle = navigation.state === "idle";
  const upload = idle && actionData?.intent === "upload" ? actionData : undefined;
  const photoChange = idle && actionData?.intent === "photo" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "listing-photo-upload",
    lastResult: upload?.result ?? undefined,
    constraint: getZodConstraint(photoUploadSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: photoUploadSchema, errorMap: listingErrorMap(t) }),
  });
  const { limits, photos } = page;
  const uploaded = upload ? upload.uploaded : page.uploaded;
  const full = photos.length >= limits.maxPhotos;
  const rulesId = "photo-rules";
  const busy = navigation.state !== "idle";
  return (
    <div className="space-y-8">
      {uploaded > 0 ? <Notice>{t("photos.uploaded", { count: uploaded })}</Notice> : null}
      <FormAlert errors={[upload?.message ?? "", photoChange?.message ?? ""]} />
      <div>
        <p className="text-sm font-medium" role="status">{t("photos.count", { count: photos.length, max: limits.maxPhotos })}</p>
        {photos.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("photos.empty")}</p>
        ) : (
          <ol aria-label={t("photos.list")} className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {photos.map((photo, index) => {
              const number = index + 1;
              return (
                <li key={photo.id} className="overflow-hidden rounded-xl border border-slate-200 dark:border-white/10" data-photo-id={photo.id}>
                  <div className="relative">
                    <ListingPhoto photo={photo} fallback="/images/boats/motor.svg" alt={t("photos.alt", { number })} sizes="(min-width: 1024px) 20rem, (min-width: 640px) 50vw, 100vw" className="aspect-[4/3] w-full" />
                    {index === 0 ? (
                      <span className="absolute left-2 top-2 rounded-full bg-sea-700 px-2.5 py-0.5 text-xs font-semibold text-white">{t("photos.cover")}</span>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-2 p-3">
                    <Form method="post" action={action} className="flex gap-2">
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="photoId" value={photo.id} />
                      <button type="submit" name="direction" value="up" disabled={index === 0 || busy} className={smallButtonClass} aria-label={t("photos.moveUpLabel", { number })}>
                        ↑ {t("photos.moveUp")}
                      </button>
                      <button type="submit" name="direction" value="down" disabled={index === photos.length - 1 || busy} className={smallButtonClass} aria-label={t("photos.moveDownLabel", { number })}>
                        ↓ {t("photos.moveDown")}
                      </button>
                    </Form>
                    {index > 0 ? (
                      <Form method="post" action={action}>
                        <input type="hidden" name="intent" value="cover" />
                        <input type="hidden" name="photoId" value={photo.id} />
                        <button type="submit" disabled={busy} className={smallButtonClass} aria-label={t("photos.makeCoverLabel", { number })}>
                          {t("photos.makeCover")}
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post" action={action} className="ml-auto">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="photoId" value={photo.id} />
                      <button type="submit" disabled={busy} className={smallButtonClass + " text-coral-600 dark:text-coral-300"} aria-label={t("photos.deleteLabel", { number })}>
                        {t("photos.delete")}
                      </button>
                    </Form>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>

      <section aria-labelledby="photo-upload-title" className="rounded-xl bg-sand-50 p-5 dark:bg-white/5">
        <h3 id="photo-upload-title" className="font-semibold">{t("photos.uploadTitle")}</h3>
        <p id={rulesId} className={hintClass}>
          {t("photos.rules", { min: 1, max: limits.maxPhotos, size: limits.maxPhotoMegabytes, side: limits.minPhotoSide })}
        </p>
        {full ? (
          <p className="mt-3 text-sm">{t("photos.full", { max: limits.maxPhotos })}</p>
        ) : (
          <Form
            // A fresh file input once the photos changed, so a stored file is not sent twice.
            key={photos.map((photo) => photo.id).join()}
            method="post"
            action={action}
            encType="multipart/form-data"
            {...getFormProps(form)}
            className="mt-4 space-y-3"
          >
            <input type="hidden" name="intent" value="upload" />
            <FileField meta={fields.photos} multiple accept={PHOTO_ACCEPT} label={t("photos.choose")} describedBy={rulesId} />
            <button type="submit" className={primaryClass} disabled={busy}>
              {t("photos.upload")}
            </button>
          </Form>
        )}
      </section>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-white/10">
        {page.id ? (
          <LocalizedLink to={stepHref(page.kind, page.variant, page.id, "review")} className={primaryClass}>
            {t("actions.continue")}
          </LocalizedLink>
        ) : null}
        <LocalizedLink to={page.status === "draft" ? DRAFTS_PATH : MY_LISTINGS_PATH} className={secondaryClass}>
          {t("actions.exit")}
        </LocalizedLink>
        <span className="ml-auto">
          <BackLink page={page} />
        </span>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Review

/** "Missing: Title", "Add at least one photo", … */
function missingLabel(t: (key: string, options?: Record<string, unknown>) => string, key: string): string {
  if (key === "photos" || key === "lessorProfile") return t(`review.missing.${key}`);
  const field = t(`fields.${key}`, { defaultValue: t("fields.data") });
  return t("review.missing.field", { field });
}

function ReviewStep({ page, actionData }: { page: ListingFormPageData; actionData: ListingFormActionData | undefined }) {
  const { t } = useTranslation("listing-form");
  const lang = useLang();
  const navigation = useNavigation();
  const action = useStepAction(page);
  const refused = navigation.state === "idle" && actionData?.intent === "publish" ? actionData : undefined;
  const review = page.review;
  if (!review) return null;
  const missing = refused && refused.missing.length > 0 ? refused.missing : review.missing;
  const { summary } = review;
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <div className="space-y-8">
      <section aria-labelledby="review-preview" className="grid gap-4 sm:grid-cols-[16rem_1fr]">
        <h3 id="review-preview" className="sr-only">{t("review.preview")}</h3>
        <ListingPhoto
          photo={summary.cover}
          fallback={page.kind === "boat" ? `/images/boats/${page.variant}.svg` : "/images/docks.svg"}
          alt={summary.cover ? t("photos.alt", { number: 1 }) : t("review.noPhoto")}
          sizes="16rem"
          className="aspect-[4/3] w-full rounded-xl"
        />
        <div>
          <p className="text-lg font-bold">{summary.title ?? t("untitled")}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{summary.place ?? t("review.noPlace")}</p>
          <p className="mt-2 font-semibold">
            {summary.price ? t(`price.${summary.price.unit}`, { price: formatEuros(summary.price.cents, lang) }) : t("review.noPrice")}
          </p>
        </div>
      </section>

      {page.status === "draft" ? (
        <>
          <FormAlert errors={refused ? [refused.message] : []} />
          {missing.length > 0 ? (
            <section aria-labelledby="review-missing" className="rounded-xl border border-coral-500/40 bg-coral-500/5 p-5">
              <h3 id="review-missing" className="font-semibold">{t("review.missingTitle")}</h3>
              <ul className="mt-3 space-y-2" data-testid="missing-list">
                {missing.map((item) => (
                  <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-missing={item.key}>
                    <span>{missingLabel(t, item.key)}</span>
                    <LocalizedLink to={item.href} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">
                      {t("review.fix")} →
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <Notice>{t("review.ready")}</Notice>
          )}
          <Form method="post" action={action} className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-white/10">
            <input type="hidden" name="intent" value="publish" />
            <button type="submit" className={primaryClass} disabled={missing.length > 0 || submitting}>
              {t("review.publish")}
            </button>
            <LocalizedLink to={DRAFTS_PATH} className={secondaryClass}>
              {t("actions.exit")}
            </LocalizedLink>
            <span className="ml-auto">
              <BackLink page={page} />
            </span>
          </Form>
        </>
      ) : (
        <div className="space-y-4">
          <p>{page.status === "paused" ? t("review.paused") : t("review.published")}</p>
          <LocalizedLink to={MY_LISTINGS_PATH} className={secondaryClass}>
            {t("review.toMyListings")}
          </LocalizedLink>
        </div>
      )}
    </div>
  );
}
