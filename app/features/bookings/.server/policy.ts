import type { Booking, CancellationPolicy } from "./model";

/**
 * What a cancellation refunds (docs/PRODUCT.md). The renter gets back a share of what the owner
 * earns (rental and skipper) by the listing's policy, counted from the moment the first day
 * begins; the service fee is never refunded:
 * - flexible: 100% until 1 day before;
 * - moderate: 100% until 10 days before, 50% after;
 * - strict:   50% until 30 days before, nothing after.
 * An owner's cancellation refunds everything, the fee included. A request withdrawn before it
 * was accepted was never paid: nothing to refund. Nobody cancels once the trip has begun.
 */
export const POLICY_RULES: Readonly<Record<CancellationPolicy, ReadonlyArray<{ daysBefore: number; percent: number }>>> = {
  flexible: [{ daysBefore: 1, percent: 100 }],
  moderate: [
    { daysBefore: 10, percent: 100 },
    { daysBefore: 0, percent: 50 },
  ],
  strict: [{ daysBefore: 30, percent: 50 }],
};

const DAY_MS = 86_400_000;

export type RefundQuote = {
  /** Percent of the owner's part refunded (an owner's cancellation: 100, fee included). */
  percent: number;
  /** rentalRefundCents + feeRefundCents. */
  refundCents: number;
  /** Of the rental and skipper (the owner's part). */
  rentalRefundCents: number;
  /** Of the service fee: only an owner's cancellation refunds it. */
  feeRefundCents: number;
  /** What the renter keeps paying (fee included). */
  keptCents: number;
  /** The moment this share ends and a smaller one begins, if any (to show "until …"). */
  until: string | null;
};

export function refundFor(booking: Pick<Booking, "status" | "price" | "cancellationPolicy" | "startsAt">, by: "renter" | "owner", now: Date): RefundQuote {
  const paid = booking.status === "confirmed" ? booking.price.totalCents : 0;
  if (paid === 0) return { percent: 100, refundCents: 0, rentalRefundCents: 0, feeRefundCents: 0, keptCents: 0, until: null };
  if (by === "owner") {
    return { percent: 100, refundCents: paid, rentalRefundCents: booking.price.ownerCents, feeRefundCents: booking.price.serviceFeeCents, keptCents: 0, until: null };
  }
  const start = Date.parse(booking.startsAt);
  const rule = POLICY_RULES[booking.cancellationPolicy].find((r) => now.getTime() <= start - r.daysBefore * DAY_MS);
  const percent = rule?.percent ?? 0;
  const refundCents = Math.floor((booking.price.ownerCents * percent) / 100);
  return {
    percent,
    refundCents,
    rentalRefundCents: refundCents,
    feeRefundCents: 0,
    keptCents: paid - refundCents,
    until: rule ? new Date(start - rule.daysBefore * DAY_MS).toISOString() : null,
  };
}

/**
 * The policy's deadlines still ahead for a trip starting at `startsAt`, to show before booking: a
 * trip booked for today or tomorrow lists none already past (issue 44).
 */
export function policyDeadlines(policy: CancellationPolicy, startsAt: string, now: Date): Array<{ until: string; percent: number }> {
  const start = Date.parse(startsAt);
  return POLICY_RULES[policy].map((rule) => ({ until: new Date(start - rule.daysBefore * DAY_MS).toISOString(), percent: rule.percent })).filter((deadline) => Date.parse(deadline.until) > now.getTime());
}

/** Why a cancellation gives back what it does (the booking's `cancellation.rule`, a refund line's reason). */
export type CancellationRule = "policy" | "owner-cancel" | "weather" | "unpaid";

/**
 * What a cancellation gives back (refunds, with a provider) or lets go (no longer owed, without
 * one), by the booking's own payment mode (decision 048):
 * - for the weather: everything, the fee included (decision 031);
 * - without a provider (`money.charges` false) nothing was paid before the trip: everything is
 *   let go, whoever cancels (`unpaid`);
 * - with one: the owner's cancellation refunds everything, the renter's the policy's share of
 *   the rental (`refundFor`).
 */
export function cancellationRefund(
  booking: Pick<Booking, "status" | "price" | "cancellationPolicy" | "startsAt" | "money">,
  by: "renter" | "owner",
  now: Date,
  weather = false,
): RefundQuote & { rule: CancellationRule } {
  const whole = (rule: CancellationRule) => ({ ...refundFor(booking, "owner", now), rule });
  if (booking.status !== "confirmed") return { ...refundFor(booking, by, now), rule: by === "owner" ? "owner-cancel" : "policy" };
  if (weather) return whole("weather");
  if (!booking.money.charges) return whole("unpaid");
  return by === "owner" ? whole("owner-cancel") : { ...refundFor(booking, "renter", now), rule: "policy" };
}
