import { getFixedT } from "#app/.server/i18n";
import { languageOf, type Lang } from "#app/i18n";
import { numberFormat } from "#app/framework/intl";
import type { PriceLine } from "#app/features/bookings/pricing";

/**
 * A booking's price lines as its price card words them, in `lang`, as one plain text:
 * "1 día × 200,00 € + 2 días × 280,00 € (Temporada alta)" (the checkout's description, the
 * invoice PDF's rental line). `halfDay: "amount"` writes a half day as its amount alone, where the
 * text stands under a line that already says "Medio día".
 */
export function priceLinesText(lines: ReadonlyArray<Pick<PriceLine, "unit" | "count" | "unitCents" | "season" | "weekend">>, lang: Lang, halfDay: "label" | "amount" = "label"): string {
  const t = getFixedT(lang, "bookings");
  const ts = getFixedT(lang, "seasons");
  const money = numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" });
  const euros = (cents: number) => money.format(cents / 100);
  return lines
    .map((line) => {
      const what = line.unit === "half-day" && halfDay === "amount" ? euros(line.unitCents) : t(`price.lines.${line.unit}`, { count: line.count, price: euros(line.unitCents) });
      return `${what}${line.season ? ` (${line.season})` : line.weekend ? ` (${ts("line.weekend")})` : ""}`;
    })
    .join(" + ");
}
