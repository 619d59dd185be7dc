import { useTranslation } from "react-i18next";
import type { PriceUnit } from "#app/features/listings";
import { useLang } from "#app/utils/use-lang";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { Price } from "#app/components/price";

/**
 * The booking bar of phones and tablets (hidden from 1024 px, where the price box stays in view):
 * the price, or the total of the chosen days, and the way to book. It is the listing page's
 * `bottomBar`: rendered with the page (no layout shift), kept at the bottom of the screen while
 * the page scrolls by, and in its own place after the page's last section, so nothing stays
 * under it.
 */
export function BookingBar({
  price,
  estimate,
  people,
  bookHref,
  bookLabel,
  label,
}: {
  /** The lead price (per day), shown until days are chosen. */
  price: { cents: number; unit: PriceUnit } | null;
  /** The chosen days and what they cost in all, or null. */
  estimate: { days: number; totalCents: number } | null;
  people: number | null;
  /** The rental form with the choice so far (unprefixed; the link localizes it). */
  bookHref: string;
  bookLabel: string;
  /** The bar's name for assistive technology ("Book this boat"). */
  label: string;
}) {
  const { t } = useTranslation("listing");
  const lang = useLang();
  return (
    <div
      role="region"
      aria-label={label}
      className="sticky bottom-0 z-overlay -mx-4 mt-8 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden dark:border-white/10 dark:bg-sea-950/95"
      data-testid="booking-bar"
    >
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0" aria-live="polite">
          {estimate ? (
            <>
              <p className="text-slate-900 dark:text-white">
                <span className="text-lg font-bold" data-testid="booking-bar-total">{formatEuros(estimate.totalCents, lang)}</span>{" "}
                <span className="text-sm text-slate-600 dark:text-slate-400">{t("bar.total")}</span>
              </p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                {people !== null ? t("bar.daysPeople", { count: estimate.days, people: t("facts.people", { count: people }) }) : t("bar.days", { count: estimate.days })}
              </p>
            </>
          ) : price ? (
            <p className="text-lg text-slate-900 dark:text-white">
              <Price cents={price.cents} unit={price.unit} />
            </p>
          ) : null}
        </div>
        <LocalizedLink to={bookHref} className="shrink-0 rounded-lg bg-coral-500 px-5 py-2.5 font-semibold text-white shadow hover:bg-coral-600">
          {bookLabel}
        </LocalizedLink>
      </div>
    </div>
  );
}
