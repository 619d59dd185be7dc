/** What the listing form's steps share: button and card classes, the step's form address and the back link. */
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { formSteps, stepHref, type FormStep } from "#app/utils/listings/form";
import type { ListingFormPageData } from "./types";

export const cardClass = "rounded-2xl border border-slate-200 p-6 dark:border-white/10";
export const primaryClass =
  "inline-flex items-center justify-center rounded-lg bg-sea-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-sea-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryClass =
  "inline-flex items-center justify-center rounded-lg border border-sea-700 px-5 py-2.5 font-semibold text-sea-800 hover:bg-sea-50 dark:border-white/40 dark:text-white dark:hover:bg-white/10";
export const smallButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-white/20 dark:text-slate-200 dark:hover:bg-white/10";

/** `<path>?id=…&step=…` of the page being shown (the forms post to it). */
export function useStepAction(page: ListingFormPageData, step: FormStep = page.step) {
  const { pathname } = useLocation();
  return page.id ? `${pathname}?${new URLSearchParams({ id: page.id, step })}` : pathname;
}

/** Back to the previous step (a link: the forms save on their own button). */
export function BackLink({ page }: { page: ListingFormPageData }) {
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
