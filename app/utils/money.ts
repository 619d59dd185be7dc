import { languageOf, type Lang } from "#app/i18n";
import { numberFormat } from "#app/framework/intl";

/**
 * Euros for the page's language, from integer cents: whole amounts without decimals
 * (`1.250 €`, `€1,250`), others with two (`87,50 €`). The one formatter of amounts for pages,
 * emails' views and components alike.
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
