/**
 * The lifecycle: a booking moves by an action (`TRANSITIONS` in `model.ts`) in one transaction
 * that checks the state and who may act, writes the new state, the money and the history, and
 * releases the days when the booking stops holding them; time's due moves (expiry, completion)
 * are applied whenever a booking is read.
 */
import type { WeatherEvidence } from "#app/features/weather/.server";
import { BOOKINGS, BookingError, HOLDING, isBookingId, REQUEST_HOURS, SLOTS, TRANSITIONS, type Actor, type Booking, type BookingAction, type HistoryEntry } from "./model";
import { cancellationRefund } from "./policy";
import { moneyFields } from "./money";
import { type BookingsContext, changed, notify, runMoney } from "./context";
import { withLedger } from "./stored";
import type { BookingEvent } from "./service-types";
import * as ledger from "./ledger";
import { foldStanding, stageStanding, standingEventOf } from "./owner-standing";

/** The event each action sends. */
const EVENT_OF: Record<BookingAction, BookingEvent> = {
  authorise: "requested",
  pay: "booked",
  accept: "accepted",
  decline: "declined",
  expire: "expired",
  cancel: "cancelled",
  complete: "completed",
};

/**
 * Moves a booking by `action` as `actor`: one transaction that checks the state and who may
 * act, writes the new state, the payment and the history, and releases the days when the
 * booking stops holding them. Repeating an action already applied changes nothing
 * (`changed: false`, no second email).
 */
export async function transition(ctx: BookingsContext, id: string, actor: { by: Actor; uid: string | null }, action: BookingAction, extra: { reason?: string | null; reference?: string; weather?: WeatherEvidence } = {}): Promise<{ booking: Booking; changed: boolean }> {
  const at = ctx.now();
  const result = await ctx.store.runTransaction(async (tx) => {
    const stored = await tx.get<Booking>(BOOKINGS, id);
    if (!stored) throw new BookingError("not-found");
    const doc = withLedger(stored);
    if ((actor.by === "renter" && doc.renterUid !== actor.uid) || (actor.by === "owner" && doc.ownerUid !== actor.uid)) throw new BookingError("not-found");
    const rule = TRANSITIONS[doc.status][action];
    if (!rule) {
      const last = doc.history[doc.history.length - 1];
      // The same action by the same side again (a second click, another server): done already.
      if (last?.action === action && last.by === actor.by) return { booking: doc, changed: false };
      throw new BookingError("invalid-transition", null, doc.status);
    }
    if (!rule.by.includes(actor.by)) throw new BookingError("invalid-transition", null, "not-yours");
    if (action === "accept" && doc.expiresAt !== null && doc.expiresAt <= at.toISOString()) throw new BookingError("invalid-transition", null, "expired");
    if (action === "cancel" && doc.status === "confirmed" && doc.startsAt <= at.toISOString()) throw new BookingError("invalid-transition", null, "started");
    // The owner's standing counts the event in this transaction (read before any write).
    const standing = standingEventOf(doc, action, actor.by, at, extra.weather !== undefined);
    const writeStanding = standing ? await stageStanding(tx, doc.ownerUid, standing, at) : null;
    const entry: HistoryEntry = { at: at.toISOString(), by: actor.by, uid: actor.uid, action, from: doc.status, to: rule.to };
    const next: Booking = { ...doc, status: rule.to, updatedAt: entry.at, history: [...doc.history, entry] };
    if (action === "accept" || action === "pay") next.expiresAt = null;
    if (action === "authorise") {
      // The owner's 48 hours start when the money is held.
      next.expiresAt = new Date(Math.min(at.getTime() + REQUEST_HOURS * 3_600_000, Date.parse(doc.startsAt))).toISOString();
    }
    if (extra.reference) next.money = { ...doc.money, reference: extra.reference, checkout: null };
    afterAction({ ...doc, money: next.money }, next, action, actor.by, at, extra.reason ?? null, extra.weather ?? null);
    if (extra.weather && actor.uid && (actor.by === "renter" || actor.by === "owner")) {
      next.weather = [...(doc.weather ?? []), { action: "cancel", by: actor.by, uid: actor.uid, at: entry.at, from: { start: doc.start, end: doc.end }, to: null, evidence: extra.weather }];
    }
    if (!HOLDING.includes(rule.to) && rule.to !== "completed") {
      for (const slotId of doc.slotIds) tx.delete(SLOTS, slotId);
    }
    const { id: _id, ...record } = next;
    tx.set(BOOKINGS, id, record);
    writeStanding?.();
    return { booking: next, changed: true, standing: standing !== null };
  });
  if (!result.changed) return result;
  if ("standing" in result && result.standing) await foldStanding(ctx, result.booking.ownerUid);
  const booking = await runMoney(ctx, result.booking);
  if (action === "cancel" && actor.by === "owner" && !extra.weather) {
    // Shown on the listing's page as a count.
    await ctx.listings.recordOwnerCancellation(booking.listingId).catch((error: unknown) => console.warn("[bookings] counting an owner cancellation failed:", error));
  }
  if (action !== "complete") changed(ctx, { id: booking.listingId, kind: booking.listingKind });
  // An unpaid checkout that lapses or is abandoned was never announced: nobody hears of it.
  if (!(result.booking.history.at(-1)?.from === "awaiting-payment" && (action === "expire" || action === "cancel"))) await notify(ctx, EVENT_OF[action], booking, actor.by);
  return { booking, changed: true };
}

/** The money the action moves, and what the booking records of it. */
function afterAction(doc: Booking, next: Booking, action: BookingAction, by: Actor, at: Date, reason: string | null, weather: WeatherEvidence | null = null): void {
  const iso = at.toISOString();
  let money = doc.money;
  if (action === "accept") money = ledger.accept(money, doc, iso);
  if (action === "pay") money = ledger.commit(money, doc, true, iso);
  if (action === "authorise") money = ledger.commit(money, doc, false, iso);
  if (action === "decline" || action === "expire" || (action === "cancel" && doc.status !== "confirmed")) money = ledger.release(money, iso);
  if (action === "decline") next.declineReason = reason;
  if (action === "cancel" && doc.status === "confirmed") {
    // By the booking's payment mode (decision 048): the weather and the owner give everything back,
    // the renter the policy's share; without a provider nothing was paid and nothing stays owed.
    const side = by === "owner" ? "owner" : "renter";
    const refund = cancellationRefund(doc, side, at, weather !== null);
    next.cancellation = { by: side, at: iso, refundCents: refund.refundCents, percent: refund.percent, rentalRefundCents: refund.rentalRefundCents, feeRefundCents: refund.feeRefundCents, rule: refund.rule };
    const reason: ledger.RefundReason = refund.rule === "policy" ? { rule: "policy", by: "renter", percent: refund.percent } : refund.rule === "owner-cancel" ? { rule: "owner-cancel", by: "owner" } : { rule: refund.rule, by: side };
    money = ledger.cancel(money, { rentalCents: refund.rentalRefundCents, feeCents: refund.feeRefundCents, reason }, iso);
  } else if (action === "cancel") {
    next.cancellation = { by: by === "owner" ? "owner" : "renter", at: iso, refundCents: 0, percent: 100, rentalRefundCents: 0, feeRefundCents: 0, rule: "policy" };
  }
  Object.assign(next, moneyFields(money, doc.endsAt));
}

/** Applies what time has made due (expiry, completion) to one booking; returns it as it is now. */
export async function settle(ctx: BookingsContext, stored: Booking): Promise<Booking> {
  const booking = withLedger(stored);
  const at = ctx.now().toISOString();
  let due: BookingAction | null = null;
  if ((booking.status === "pending" || booking.status === "awaiting-payment") && booking.expiresAt !== null && booking.expiresAt <= at) due = "expire";
  else if (booking.status === "confirmed" && booking.endsAt <= at) due = "complete";
  if (!due) return booking;
  try {
    return (await transition(ctx, booking.id, { by: "system", uid: null }, due)).booking;
  } catch (error) {
    // Another server or person moved it meanwhile: show it as it is now.
    if (!(error instanceof BookingError)) throw error;
    const doc = await ctx.store.get<Booking>(BOOKINGS, booking.id);
    return doc ? withLedger(doc) : booking;
  }
}

export async function read(ctx: BookingsContext, id: string): Promise<Booking | null> {
  if (!isBookingId(id)) return null;
  const doc = await ctx.store.get<Booking>(BOOKINGS, id);
  return doc ? settle(ctx, doc) : null;
}

/** A confirmed trip of `uid` on `role`'s side that has not begun; `not-found` for anyone else. */
export async function mine(ctx: BookingsContext, id: string, uid: string, role: "renter" | "owner"): Promise<Booking> {
  const booking = await read(ctx, id);
  if (!booking || (role === "renter" ? booking.renterUid : booking.ownerUid) !== uid) throw new BookingError("not-found");
  if (booking.status !== "confirmed") throw new BookingError("invalid-transition", null, booking.status);
  if (booking.startsAt <= ctx.now().toISOString()) throw new BookingError("invalid-transition", null, "started");
  return booking;
}


/** `accept`, `decline` (owner) or `cancel` (either side) by a person; `not-found` for anyone else. */
export async function act(ctx: BookingsContext, id: string, uid: string, role: "renter" | "owner", action: "accept" | "decline" | "cancel", options: { reason?: string | null } = {}) {
  const booking = await read(ctx, id);
  if (!booking) throw new BookingError("not-found");
  const reason = options.reason?.trim().slice(0, 500) || null;
  return transition(ctx, id, { by: role, uid }, action, { reason });
}
