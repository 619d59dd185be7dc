import { type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { describedBy, ErrorList, Field, hintClass, labelClass, TextareaField } from "#app/components/forms";
import { langCodes } from "#app/i18n";
import type { DataStep } from "#app/features/listings/form";
import { DataStepForm } from "./listing-form/data-step";
import { PhotosStep } from "./listing-form/photos-step";
import { ReviewStep } from "./listing-form/review-step";
import { StepIndicator } from "./listing-form/step-indicator";
import type { ListingFields, ListingFormActionData, ListingFormPageData } from "./listing-form/types";
import { cardClass } from "#app/components/ui/card";

export type { ListingFields, ListingFormActionData, ListingFormPageData, ListingFormShape, PortOption } from "./listing-form/types";

/**
 * The listing forms' page (`features/listings/routes/boat-form.tsx`, `dock-form.tsx`): the step
 * indicator, one form per data step (plain POST, enhanced with conform and the step's schema),
 * the photos step and the review. The routes only say which fields each step shows. The steps'
 * parts are in `listing-form/`: the types, the indicator, the data step's form, the photos step,
 * the review and what they share.
 */

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
      <section aria-labelledby="step-title" className={cardClass("lg", { extra: "mt-6" })}>
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
