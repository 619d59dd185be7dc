import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { stepHref } from "#app/features/listings/form";
import { useLocalizePath } from "#app/utils/use-lang";
import type { ListingFormPageData } from "./types";

/**
 * The steps as one row of numbered circles that never wraps: below `lg` only the numbers show
 * (the current step's name is in the line above them), from `lg` each name sits under its
 * number, two lines at most.
 */
export function StepIndicator({ page }: { page: ListingFormPageData }) {
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
