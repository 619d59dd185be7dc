import type { CancellationPolicy } from "#app/features/listings";
import type { PriceBreakdown } from "#app/features/bookings/pricing";

/**
 * The shapes of a booking that its pages show as they are (types only, so browser code may import
 * them): what a stay is, and a booking's money as ledger lines (decision 023). The domain owns
 * them; `app/features/bookings/view.ts` builds the pages' views on them.
 */

/** A booking's money (ledger lines, decision 023), as pages show it. */
export type MoneyParty = "renter" | "owner" | "platform";
export type LineKind = "rental" | "fee" | "deposit" | "refund" | "claim" | "payout";
/**
 * - `direct`: owed, settled directly by its due date (no provider charges: nothing is "paid" online);
 * - `awaiting`: the renter has not completed the checkout yet;
 * - `authorised`: held on the card, not charged; `captured`: charged;
 * - `voided`: let go, nothing charged or owed; `refunded`: given back; `credited`: no longer owed (no provider);
 * - `scheduled`: will happen on its date (deposit hold, payout); `disputed`: the deposit is held for a claim;
 * - `released`: the deposit let go; `paid-out`: transferred to the owner;
 * - `settled` (shown, never stored): owed directly and its day has come — settled between the two people at the handover;
 * - `waiting` (shown, never stored): a scheduled payout waiting for the owner's payout account to receive payouts (decision 052).
 */
export type LineState = "direct" | "awaiting" | "authorised" | "captured" | "voided" | "refunded" | "credited" | "scheduled" | "disputed" | "released" | "paid-out" | "settled" | "waiting";
export type MoneyLineView = {
  id: string;
  kind: LineKind;
  from: MoneyParty;
  to: MoneyParty;
  amountCents: number;
  state: LineState;
  dueAt: string | null;
  reason: { rule: "policy" | "owner-cancel" | "weather" | "unpaid"; by: "renter" | "owner"; percent: number } | null;
  /** A provider call for this line is under way (or being retried). */
  processing: boolean;
};
export type MoneyView = {
  provider: "recorded" | "stripe";
  /** Whether money really moves (false: amounts are owed and settled directly). */
  charges: boolean;
  /** Where the renter completes the payment, while they have not. */
  checkoutUrl: string | null;
  /** Until when the checkout holds the days, while the renter has not paid. */
  checkoutExpiresAt: string | null;
  lines: MoneyLineView[];
  chargedCents: number;
  heldCents: number;
  refundedCents: number;
  /** Still owed directly (no provider), after credits. */
  owedCents: number;
  /**
   * A request not answered yet without a provider holds no money: its lines are what the booking
   * will owe once accepted (`bookingMoney`), shown as such.
   */
  preview: boolean;
};

/**
 * A booking's figures for each party, read once from its ledger (`bookingFigures`, decision 048):
 * every page, email and invoice that shows one of them reads it here.
 */
export type BookingFigures = {
  /** The booking's price, fee included. */
  totalCents: number;
  /** What the renter pays for the booking, net of what was refunded or is no longer owed. */
  renterPaysCents: number;
  /** Refunded (with a provider) or no longer owed (without one). */
  renterRefundCents: number;
  /** The part of the deposit a claim gave the owner. */
  claimCents: number;
  /** What the owner receives: the rental after refunds, and a claim's part of the deposit. */
  ownerReceivesCents: number;
  /** The platform's service fee, net of its refund. */
  feeCents: number;
  /** A request not answered yet: the figures are what it will be once accepted. */
  prospective: boolean;
};

/** What a stay is, wherever it appears: a quote, a booking, the pages that show them. */
export type Stay = {
  /** First and last day (`YYYY-MM-DD`), inclusive. */
  start: string;
  end: string;
  /** A half day (boats only): morning or afternoon of `start`. */
  part: "am" | "pm" | null;
  days: number;
  people: number | null;
  withSkipper: boolean;
  instant: boolean;
  cancellationPolicy: CancellationPolicy;
  price: PriceBreakdown;
  startsAt: string;
};
