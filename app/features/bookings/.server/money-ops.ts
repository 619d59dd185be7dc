/**
 * Money after the booking: the provider's webhooks (payment held, checkout lapsed) and the
 * deposit's claim, settlement and release, each one ledger step in a transaction (`moneyStep`)
 * followed by the provider calls.
 */
import type { CheckoutEventOutcome } from "#app/.server/payments";
import { BOOKINGS, BookingError, isBookingId, type Booking } from "./model";
import { moneyFields } from "./money";
import { type BookingsContext, notify, runMoney } from "./context";
import { withLedger } from "./stored";
import { read, transition } from "./lifecycle";
import * as ledger from "./ledger";

/**
 * Applies money steps to one booking in a transaction (the steps are read from the booking as
 * it is in that transaction), then makes the provider calls. Null when there was nothing to do.
 */
export async function moneyStep(ctx: BookingsContext, id: string, stepsOf: (booking: Booking) => Array<"hold-deposit" | "release-deposit" | "pay-out" | "dispute-deposit" | "withdraw-claim" | { settle: number }>): Promise<Booking | null> {
  const at = ctx.now().toISOString();
  const written = await ctx.store.runTransaction(async (tx) => {
    const stored = await tx.get<Booking>(BOOKINGS, id);
    if (!stored) return null;
    const doc = withLedger(stored);
    const steps = stepsOf(doc);
    if (steps.length === 0) {
      // Nothing due any more (another server did it): keep the due date true.
      const fields = moneyFields(doc.money, doc.endsAt);
      if (fields.moneyDueAt !== doc.moneyDueAt) tx.update(BOOKINGS, id, { moneyDueAt: fields.moneyDueAt });
      return null;
    }
    let money = doc.money;
    for (const step of steps) {
      if (step === "hold-deposit") money = ledger.holdDeposit(money, at);
      else if (step === "release-deposit") money = ledger.releaseDeposit(money, at);
      else if (step === "pay-out") money = ledger.payOut(money, at);
      else if (step === "dispute-deposit") money = ledger.disputeDeposit(money, at);
      else if (step === "withdraw-claim") money = ledger.withdrawClaim(money, at);
      else money = ledger.settleDeposit(money, step.settle, at);
    }
    const fields = moneyFields(money, doc.endsAt);
    tx.update(BOOKINGS, id, { ...fields, updatedAt: at });
    return { ...doc, ...fields, updatedAt: at, id } as Booking;
  });
  return written ? runMoney(ctx, written) : null;
}


/**
 * The owner's payout account can receive payouts now (decision 052): each of their payouts that
 * waited for it is due at once, for the scheduler's next pass to transfer. Returns how many.
 */
export async function releaseWaitingPayouts(ctx: BookingsContext, ownerUid: string): Promise<number> {
  const waiting = await ctx.store.query<Booking>({ collection: BOOKINGS, where: [["ownerUid", "==", ownerUid], ["payoutWaiting", "==", true]], limit: 500 });
  let released = 0;
  for (const { id } of waiting) {
    const at = ctx.now().toISOString();
    const changed = await ctx.store.runTransaction(async (tx) => {
      const stored = await tx.get<Booking>(BOOKINGS, id);
      if (!stored || stored.ownerUid !== ownerUid) return false;
      const doc = withLedger(stored);
      const money = ledger.resumePayout(doc.money, at);
      if (money === doc.money) return false;
      tx.update(BOOKINGS, id, { ...moneyFields(money, doc.endsAt), updatedAt: at });
      return true;
    });
    if (changed) released++;
  }
  return released;
}


/** Bookings are priced in euros only (`app/features/bookings/pricing.ts`): a checkout in another currency is not theirs. */
const CURRENCY = "eur";

/**
 * The checkout a booking opened: the id kept when it was opened; a booking stored before that
 * was kept has it as its reference until it is paid (a paid one then matches no event: only a
 * replay of one already applied could name it).
 */
function checkoutOf(booking: Booking): string | null {
  const { checkoutId, reference } = booking.money;
  return checkoutId === undefined ? reference : checkoutId;
}

/** The booking a provider's event names, if it is the one whose checkout the event is about. */
async function bookingOfCheckout(ctx: BookingsContext, input: { bookingId: string; checkout: string }): Promise<Booking | Exclude<CheckoutEventOutcome, "applied" | "other-amount">> {
  const stored = isBookingId(input.bookingId) ? await ctx.store.get<Booking>(BOOKINGS, input.bookingId) : null;
  if (!stored) return "unknown-booking";
  const doc = withLedger(stored);
  return checkoutOf(doc) === input.checkout ? doc : "other-checkout";
}

/**
 * The provider says the renter's card holds the money for `checkout` (its webhook). Applied only
 * to the booking that opened that checkout, paid for the booking's total in euros: an event
 * naming another booking, or another amount, changes nothing and says why (decision 024).
 */
export async function paymentAuthorised(
  ctx: BookingsContext,
  input: { bookingId: string; checkout: string; reference: string; amountCents: number | null; currency: string | null },
): Promise<CheckoutEventOutcome> {
  const doc = await bookingOfCheckout(ctx, input);
  if (typeof doc === "string") return doc;
  if (input.amountCents !== doc.price.totalCents || input.currency?.toLowerCase() !== CURRENCY) return "other-amount";
  if (doc.status !== "awaiting-payment") {
    // Paid after the booking lapsed or was abandoned: let the hold go, so the card is not held for nothing.
    if (doc.money.reference !== input.reference && !["pending", "confirmed", "completed"].includes(doc.status)) {
      await ctx.payments.cancel({ key: `${doc.id}:late:${input.reference}`, reference: input.reference }).catch((error: unknown) => console.error(`[payments] letting go of a late payment of booking ${doc.id} failed:`, error));
    }
    return "applied";
  }
  await transition(ctx, doc.id, { by: "system", uid: null }, doc.instant ? "pay" : "authorise", { reference: input.reference }).catch((error: unknown) => {
    if (error instanceof BookingError) return null;
    throw error;
  });
  return "applied";
}


/** The provider's checkout lapsed unpaid: the days go back (only the booking that opened it). */
export async function checkoutExpired(ctx: BookingsContext, input: { bookingId: string; checkout: string }): Promise<CheckoutEventOutcome> {
  const doc = await bookingOfCheckout(ctx, input);
  if (typeof doc === "string") return doc;
  if (doc.status === "awaiting-payment") await transition(ctx, doc.id, { by: "system", uid: null }, "expire").catch(() => null);
  return "applied";
}


/**
 * The owner claims the deposit (within DEPOSIT_CLAIM_HOURS of the end): it stays held until
 * the claim is settled. `invalid-transition` outside the window or without a held deposit.
 */
export async function claimDeposit(ctx: BookingsContext, id: string, ownerUid: string): Promise<Booking> {
  const booking = await read(ctx, id);
  if (!booking || booking.ownerUid !== ownerUid) throw new BookingError("not-found");
  const at = ctx.now().toISOString();
  const windowEnd = new Date(Date.parse(booking.endsAt) + ledger.DEPOSIT_CLAIM_HOURS * 3_600_000).toISOString();
  if (booking.status !== "completed" || at > windowEnd) throw new BookingError("invalid-transition", null, "claim-window");
  const result = await moneyStep(ctx, id, (b) => (["authorised", "direct"].includes(ledger.lineOf(b.money, "deposit")?.state ?? "") ? ["dispute-deposit"] : []));
  if (!result) throw new BookingError("invalid-transition", null, "no-deposit");
  await notify(ctx, "deposit-claimed", result, "owner");
  return result;
}


/** A claim decided (by the team, or agreed): `claimedCents` to the owner, the rest released. */
export async function settleDeposit(ctx: BookingsContext, id: string, claimedCents: number): Promise<Booking> {
  if (!Number.isInteger(claimedCents) || claimedCents < 0) throw new BookingError("invalid", "listing", "amount");
  const result = await moneyStep(ctx, id, (b) => (ledger.lineOf(b.money, "deposit")?.state === "disputed" ? [{ settle: claimedCents }] : []));
  if (!result) throw new BookingError("invalid-transition", null, "no-claim");
  await notify(ctx, "deposit-settled", result, "system");
  return result;
}


/**
 * The deposit goes back now: a clean check-out (the handover feature) or the owner lets it go
 * before claiming. A claimed deposit is refused (`invalid-transition`, reason `claimed`): it moves
 * only by its claim's closing (`settleDeposit`, `withdrawDepositClaim`), in the same transaction
 * as the check — so of a claim and a clean check-out at once, whichever moves the deposit first wins.
 */
export async function releaseDeposit(ctx: BookingsContext, id: string, ownerUid: string): Promise<Booking> {
  const booking = await read(ctx, id);
  if (!booking || booking.ownerUid !== ownerUid) throw new BookingError("not-found");
  let claimed = false;
  const result = await moneyStep(ctx, id, (b) => {
    claimed = ledger.lineOf(b.money, "deposit")?.state === "disputed";
    return ledger.canReleaseDeposit(b.money) ? ["release-deposit"] : [];
  });
  if (!result) throw new BookingError("invalid-transition", null, claimed ? "claimed" : "no-deposit");
  await notify(ctx, "deposit-released", result, "owner");
  return result;
}


/** The owner withdraws a claim (the deposits feature's closing): the whole claimed deposit goes back. Only from `disputed`. */
export async function withdrawDepositClaim(ctx: BookingsContext, id: string, ownerUid: string): Promise<Booking> {
  const booking = await read(ctx, id);
  if (!booking || booking.ownerUid !== ownerUid) throw new BookingError("not-found");
  const result = await moneyStep(ctx, id, (b) => (ledger.lineOf(b.money, "deposit")?.state === "disputed" ? ["withdraw-claim"] : []));
  if (!result) throw new BookingError("invalid-transition", null, "no-claim");
  await notify(ctx, "deposit-released", result, "owner");
  return result;
}

/**
 * A claim's closing that stopped after the ledger moved the deposit (decision 025, finished by
 * the deposits' scheduler): the provider calls still owed are made (with their keys, so once at
 * the provider) and the closing's email is sent again — keyed by the booking (`notifications.ts`),
 * so a person who had it already does not get it twice. Only when the deposit moved at or after
 * `since` (the closing's marker), so a deposit released by another path long before hears nothing.
 */
export async function finishDepositMove(ctx: BookingsContext, id: string, since: string): Promise<Booking | null> {
  const stored = isBookingId(id) ? await ctx.store.get<Booking>(BOOKINGS, id) : null;
  if (!stored) return null;
  const booking = await runMoney(ctx, { ...withLedger(stored), id });
  const deposit = ledger.lineOf(booking.money, "deposit");
  if (deposit?.state !== "released" || deposit.updatedAt < since) return booking;
  await notify(ctx, ledger.lineOf(booking.money, "claim") ? "deposit-settled" : "deposit-released", booking, "system");
  return booking;
}
