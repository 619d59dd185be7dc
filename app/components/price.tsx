import { useTranslation } from "react-i18next";
import { languageOf, type Lang } from "#app/i18n";
import type { PriceUnit } from "#app/utils/listings/view";
import { numberFormat } from "#app/utils/intl";
import { useLang } from "#app/utils/use-lang";

/**
 * Euros for the page's language, from integer cents: whole amounts without decimals
 * (`1.250 €`, `€1,250`), others with two (`87,50 €`).
 */
export function formatEuros(cents: number, lang: Lang): string {
  const whole = cents % 100 === 0;
  return numberFormat(languageOf(lang).iso, {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** An amount in euros with its unit ("per day", "per month"…); `total` has none. */
export function Price({ cents, unit = "total", className }: { cents: number; unit?: PriceUnit; className?: string }) {
  const { t } = useTranslation("listing");
  const lang = useLang();
  const amount = formatEuros(cents, lang);
  return (
    <span className={className}>
      <span className="font-bold">{amount}</span>
      {unit === "total" ? null : <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> {t(`price.per.${unit}`)}</span>}
    </span>
  );
}
