/** What the listing form's steps share: the step's form address and the back link. */
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { formSteps, stepHref, type FormStep } from "#app/features/listings/form";
import type { ListingFormPageData } from "./types";

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
