/**
 * When two people may see each other's contact details in their messages (decision 026): once
 * they can no longer be bought. A booking between them (either renting from the other) shows them
 * when it is `completed`, or `confirmed` and a renter's cancellation now would no longer refund
 * the whole rental under the booking's own policy — asked of `refundFor`, the function the
 * cancellation itself refunds with, so the two cannot disagree. Only the renter's cancellation
 * counts: the rule stops a renter from buying an owner's number with a booking they cancel, and
 * an owner's cancellation refunds everything until the trip begins (it is counted on the listing
 * instead), so counting it would hide the details until the day itself. A weather cancellation
 * (everything back, decision 031) does not count either: nobody chooses the forecast, and an
 * unsafe day is when both sides most need to talk. Requests, unpaid checkouts, declined, expired and
 * cancelled bookings show nothing.
 */
import type { Booking } from "./model";
import { POLICY_RULES, refundFor } from "./policy";

type Stored = Pick<Booking, "status" | "price" | "cancellationPolicy" | "startsAt">;

/** Whether a renter's cancellation at `at` would refund less than the whole rental. */
function costsTheRental(booking: Stored, at: Date): boolean {
  return refundFor(booking, "renter", at).percent < 100;
}

/**
 * The moment this booking shows the details, as it stands at `at`: `at` itself when it shows them
 * already, the first moment a renter's cancellation stops refunding the whole rental when that is
 * later, null when it never will (not confirmed or completed).
 */
function shownFrom(booking: Stored, at: Date): Date | null {
  if (booking.status === "completed") return at;
  if (booking.status !== "confirmed") return null;
  // Walk the policy's tiers from `at`: each ends at its `until` (inclusive), the next begins a millisecond later.
  let moment = at;
  for (let tier = 0; tier <= POLICY_RULES[booking.cancellationPolicy].length; tier += 1) {
    if (costsTheRental(booking, moment)) return moment;
    const { until } = refundFor(booking, "renter", moment);
    if (until === null) return null;
    moment = new Date(Date.parse(until) + 1);
  }
  // After the last tier nothing is refunded: never reached.
  return moment;
}

/** Whether any of the bookings between two people shows their contact details at `at`. */
export function contactShown(bookings: readonly Stored[], at: Date): boolean {
  return bookings.some((booking) => booking.status === "completed" || (booking.status === "confirmed" && costsTheRental(booking, at)));
}

/**
 * When the bookings between two people show their contact details, as they stand at `at`: a moment
 * no later than `at` when they show already (then `contactShown` is true), the first moment they
 * will otherwise, null when no booking between them will (none confirmed). A cancellation or a
 * weather move changes the answer: it is asked again each time.
 */
export function contactShownFrom(bookings: readonly Stored[], at: Date): Date | null {
  let earliest: Date | null = null;
  for (const booking of bookings) {
    const from = shownFrom(booking, at);
    if (from && (!earliest || from < earliest)) earliest = from;
  }
  return earliest;
}
