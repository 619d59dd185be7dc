import type { EmailParam } from "#app/features/mailbox/.server";
import type { PriceLine } from "#app/features/bookings/pricing";
import { bookingFigures } from "./figures";
import type { Booking } from "./model";

/**
 * A booking's price, line by line, in the emails that state its money (decision 062): the lines
 * the booking keeps, each labelled as its price card labels it ("2 días × 280,00 €
 * (Temporada alta)"), then the steps the card shows for the side reading it — the skipper, the
 * fee and the total for the renter (with what was refunded and what they pay after it), the
 * earnings for the owner (after a refund, with a deposit's claim). A booking whose days all cost
 * the listing's own price keeps its email as it was: the parameter is then empty.
 */
type MoneyOfBooking = Pick<Booking, "status" | "money" | "price" | "startsAt" | "endsAt">;

/** The emails (`emails:booking.<key>.text`) whose text holds `{{lines}}`. */
export const EMAILS_WITH_LINES: readonly string[] = [
  "requestedOwner",
  "requestedRenter",
  "bookedRenter",
  "bookedOwner",
  "acceptedRenter",
  "cancelledByOwner",
  "cancelledByRenter",
  "cancelledRenter",
  "weatherCancelledRenter",
];

/** Whether a season or the weekend rule priced any of the booking's days. */
export function pricedByDay(lines: readonly PriceLine[]): boolean {
  return lines.some((line) => line.season !== undefined || line.weekend === true);
}

/** "2 días × 280,00 €" with " (Temporada alta)" or " (fin de semana)" when a rule priced it (a booking's line or an invoice's day). */
export function priceLineLabel(line: Pick<PriceLine, "unit" | "count" | "unitCents" | "season" | "weekend">): EmailParam {
  const reason: EmailParam = line.season !== undefined ? { t: "booking.lines.reason", values: { name: line.season } } : line.weekend ? { t: "booking.lines.reason", values: { name: { t: "seasons:line.weekend" } } } : "";
  return { t: "booking.lines.label", values: { label: { t: `bookings:price.lines.${line.unit}`, values: { count: line.count, price: { euros: line.unitCents } } }, reason } };
}

/** One line of a block: "· label: amount" (a negative amount with the price card's minus sign). */
export const item = (label: EmailParam, cents: number): EmailParam => (cents < 0 ? { t: "booking.lines.minus", values: { label, amount: { euros: -cents } } } : { t: "booking.lines.item", values: { label, amount: { euros: cents } } });

/** The block of lines for `side`'s email ("" for a booking priced without seasons or weekends). */
export function priceLinesParam(booking: MoneyOfBooking, side: "renter" | "owner"): EmailParam {
  const { price } = booking;
  if (!pricedByDay(price.lines)) return "";
  const items: EmailParam[] = price.lines.map((line) => item(priceLineLabel(line), line.totalCents));
  if (price.skipperCents > 0) items.push(item({ t: "bookings:price.skipper", values: { count: price.skipperDays } }, price.skipperCents));
  const figures = bookingFigures(booking);
  const settled = figures.prospective ? null : figures;
  // As the price card: what the booking no longer costs (or gives) once refunded or not booked.
  const cut = settled ? (side === "renter" ? price.totalCents - settled.renterPaysCents : price.ownerCents + settled.claimCents - settled.ownerReceivesCents) : 0;
  const cutLabel = settled && settled.renterRefundCents > 0 ? (booking.money.charges ? "refunded" : "credited") : "notBooked";
  if (side === "renter") {
    if (price.serviceFeeCents > 0) items.push(item({ t: "bookings:price.fee" }, price.serviceFeeCents));
    items.push(item({ t: "bookings:price.total" }, price.totalCents));
    if (cut !== 0) items.push(item({ t: `bookings:price.adjust.renter.${cutLabel}` }, -cut), item({ t: "bookings:price.paid" }, settled!.renterPaysCents));
  } else {
    if (cut !== 0) items.push(item({ t: `bookings:price.adjust.owner.${cutLabel}` }, -cut));
    if (settled && settled.claimCents > 0) items.push(item({ t: "bookings:price.claim" }, settled.claimCents));
    items.push(item({ t: "bookings:price.earnings" }, settled ? settled.ownerReceivesCents : price.ownerCents));
  }
  return { t: "booking.lines.block", values: { items: { lines: items } } };
}
