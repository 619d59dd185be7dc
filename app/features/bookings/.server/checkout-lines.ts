/**
 * What a booking's checkout lists (decision 048, amended by issue 46): the rental — with the
 * skipper when there is one — and the platform's service fee, each named in the renter's
 * language and priced from the booking's ledger lines (`rental`, `fee`), so the two sum to the
 * amount held; a rental priced by season or weekend says its days at their prices under its name,
 * as its invoice does (decision 062). The provider shows them; the booking's total is still what
 * the webhook checks.
 */
import type { CheckoutLine } from "#app/.server/payments";
import { getFixedT } from "#app/.server/i18n";
import { isLang, type Lang } from "#app/i18n";
import { formatDay } from "#app/features/bookings/view";
import { pricedByDay } from "./email-price-lines";
import { lineOf } from "./ledger";
import { priceLinesText } from "./price-lines-text";
import type { Booking } from "./model";

/** The days as the renter reads them: "14 jun 2027", "14 jun 2027, por la mañana", "14 jun 2027 – 16 jun 2027". */
function datesOf(booking: Booking, lang: Lang): string {
  const t = getFixedT(lang, "bookings");
  const start = formatDay(booking.start, lang);
  if (booking.part !== null) return t("stay.halfDay", { date: start, part: t(`parts.${booking.part}`) });
  return booking.start === booking.end ? start : t("checkout.range", { from: start, to: formatDay(booking.end, lang) });
}

/**
 * The lines of `booking`'s checkout, named by `titleOf` (the listing's title in a language). A
 * booking without a fee line (none is charged) has its rental alone.
 */
export async function checkoutLines(booking: Booking, titleOf: (listingId: string, lang: Lang) => Promise<string>): Promise<CheckoutLine[]> {
  const lang: Lang = isLang(booking.renterLang) ? booking.renterLang : "es";
  const t = getFixedT(lang, "bookings");
  const rental = lineOf(booking.money, "rental")?.amountCents ?? booking.price.ownerCents;
  const fee = lineOf(booking.money, "fee")?.amountCents ?? 0;
  const values = { title: await titleOf(booking.listingId, lang), dates: datesOf(booking, lang) };
  const description = daysOf(booking, lang);
  const lines: CheckoutLine[] = [{ name: t(booking.withSkipper ? "checkout.rentalWithSkipper" : "checkout.rental", values), amountCents: rental, ...(description ? { description } : {}) }];
  if (fee > 0) lines.push({ name: t("checkout.fee"), amountCents: fee });
  return lines;
}

/** "1 día × 517,50 € (fin de semana) + 3 días × 450,00 €"; "" for a rental without seasons or weekends. */
function daysOf(booking: Booking, lang: Lang): string {
  const lines = booking.price.lines ?? [];
  return pricedByDay(lines) ? priceLinesText(lines, lang) : "";
}
