/** The review step: the listing's card, what is missing (each with its fix) and the publish button. */
import { Form } from "@remix-run/react";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { useTranslation } from "react-i18next";
import { FormAlert, Notice } from "#app/components/forms";
import { ListingPhoto } from "#app/features/listings/components/listing-photo";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { DRAFTS_PATH, MY_LISTINGS_PATH } from "#app/features/listings/form";
import { useLang } from "#app/utils/use-lang";
import { BackLink, useStepAction } from "./shared";
import type { ListingFormActionData, ListingFormPageData } from "./types";
import { Button, ButtonLink } from "#app/components/ui/button";

/** "Missing: Title", "Add at least one photo", … */
function missingLabel(t: (key: string, options?: Record<string, unknown>) => string, key: string): string {
  if (key === "photos" || key === "lessorProfile") return t(`review.missing.${key}`);
  const field = t(`fields.${key}`, { defaultValue: t("fields.data") });
  return t("review.missing.field", { field });
}

export function ReviewStep({ page, actionData }: { page: ListingFormPageData; actionData: ListingFormActionData | undefined }) {
  const { t } = useTranslation("listing-form");
  const lang = useLang();
  const action = useStepAction(page);
  const settled = useWhenIdle(actionData);
  const refused = settled?.intent === "publish" ? settled : undefined;
  const submitting = usePending({ formAction: action });
  const review = page.review;
  if (!review) return null;
  const missing = refused && refused.missing.length > 0 ? refused.missing : review.missing;
  const { summary } = review;
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
            <Button size="lg" className="disabled:cursor-not-allowed" disabled={missing.length > 0 || submitting}>
              {t("review.publish")}
            </Button>
            <ButtonLink variant="secondary" size="lg" to={DRAFTS_PATH}>
              {t("actions.exit")}
            </ButtonLink>
            <span className="ml-auto">
              <BackLink page={page} />
            </span>
          </Form>
        </>
      ) : (
        <div className="space-y-4">
          <p>{page.status === "paused" ? t("review.paused") : t("review.published")}</p>
          <ButtonLink variant="secondary" size="lg" to={MY_LISTINGS_PATH}>
            {t("review.toMyListings")}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
