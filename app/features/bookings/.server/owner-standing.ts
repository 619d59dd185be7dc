/**
 * The owner's standing kept as events happen (`owner-standing-model.ts` holds the rules): the
 * lifecycle's transaction that answers, expires or cancels a booking also adds the event to the
 * owner's record (`owner_standings/{uid}`), so two answers at once serialise on that document and
 * no count is lost, on both stores. After the commit the standing is folded into the relevance of
 * the owner's listings (their own listings only), and the pages showing it are forgotten.
 */
import type { Transaction } from "#app/.server/store";
import type { BookingsContext } from "./context";
import type { Actor, Booking, BookingAction } from "./model";
import { applyEvent, emptyStanding, figuresAt, OWNER_STANDINGS, rollTo, standingBonus, type DatedStandingEvent, type StandingEvent, type StandingFigures, type StandingRecord } from "./owner-standing-model";

/** When the request reached the owner: it became pending (asked, or its money held). */
function askedAt(booking: Booking): string {
  return booking.history.find((entry) => entry.to === "pending")?.at ?? booking.createdAt;
}

/** The standing event an action on `doc` (as it was before) makes, or null when it makes none. */
export function standingEventOf(doc: Booking, action: BookingAction, by: Actor, at: Date, weather: boolean): StandingEvent | null {
  if (doc.status === "pending" && (action === "accept" || action === "decline")) {
    return { kind: "answered", accepted: action === "accept", hours: Math.max(0, at.getTime() - Date.parse(askedAt(doc))) / 3_600_000 };
  }
  if (doc.status === "pending" && action === "expire") return { kind: "expired" };
  // The weather's cancellations count against nobody (decision 031).
  if (action === "cancel" && by === "owner" && !weather) return { kind: "cancelled" };
  return null;
}

/**
 * The standing events `booking`'s history holds: at each action it records, the event the
 * lifecycle counts for it (`standingEventOf` on the booking as it was then). A weather
 * cancellation is the one with a weather decision of the same moment (decision 031).
 */
export function standingEventsOf(booking: Booking): DatedStandingEvent[] {
  const events: DatedStandingEvent[] = [];
  booking.history.forEach((entry, i) => {
    if (entry.from === null || entry.action === "request" || entry.action === "book" || entry.action === "move") return;
    const before: Booking = { ...booking, status: entry.from, history: booking.history.slice(0, i) };
    const weather = entry.action === "cancel" && (booking.weather ?? []).some((decision) => decision.action === "cancel" && decision.at === entry.at);
    const event = standingEventOf(before, entry.action, entry.by, new Date(entry.at), weather);
    if (event) events.push({ at: entry.at, bookingId: booking.id, event });
  });
  return events;
}

/**
 * Inside the lifecycle's transaction, before its first write: reads the owner's record and
 * returns the write that adds `event` to it.
 */
export async function stageStanding(tx: Transaction, ownerUid: string, event: StandingEvent, at: Date): Promise<() => void> {
  const stored = await tx.get<StandingRecord>(OWNER_STANDINGS, ownerUid);
  const next = applyEvent(stored ? { ...stored, uid: ownerUid } : emptyStanding(ownerUid, at), event, at);
  return () => tx.set(OWNER_STANDINGS, ownerUid, recordOf(next));
}

export function recordOf({ uid, months, meetsBarSince, updatedAt, bonus, refoldAt }: StandingRecord): StandingRecord {
  return { uid, months, meetsBarSince, updatedAt, bonus, refoldAt };
}

/**
 * The scheduler's share (`due.ts`): the owners whose oldest month has left the window since their
 * last event — found by `refoldAt`, never by reading every owner — are brought up to date and
 * folded into their listings again. Returns how many.
 */
export async function refoldDue(ctx: BookingsContext): Promise<number> {
  const at = ctx.now();
  const due = await ctx.store.query<StandingRecord>({ collection: OWNER_STANDINGS, where: [["refoldAt", "<=", at.toISOString()]], limit: 100 });
  for (const doc of due) {
    await ctx.store.runTransaction(async (tx) => {
      const current = await tx.get<StandingRecord>(OWNER_STANDINGS, doc.id);
      if (current?.refoldAt && current.refoldAt <= at.toISOString()) tx.set(OWNER_STANDINGS, doc.id, recordOf({ ...rollTo(current, at), updatedAt: at.toISOString() }));
    });
    await foldStanding(ctx, doc.id);
  }
  return due.length;
}

/** The owner's standing now, as the boat page and the public profile show it (one read). */
export async function ownerStanding(ctx: BookingsContext, ownerUid: string): Promise<StandingFigures> {
  const record = ownerUid ? await ctx.store.get<StandingRecord>(OWNER_STANDINGS, ownerUid) : null;
  return figuresAt(record, ctx.now());
}

/** Account deletion: the owner's record goes (its figures are about them); their bookings keep their history. */
export async function eraseOwnerStanding(ctx: BookingsContext, ownerUid: string): Promise<void> {
  await ctx.store.delete(OWNER_STANDINGS, ownerUid);
}

/**
 * After an event committed: the owner's listings get the standing's share of their relevance
 * when it changed (then the record remembers it), and the pages showing the owner are forgotten.
 * `everyListing`: each listing is checked even when the record's share did not change (the
 * backfill, `owner-standing-backfill.ts`: listings made since the last fold get it too).
 * A failure is logged: the next event folds it again.
 */
export async function foldStanding(ctx: BookingsContext, ownerUid: string, options: { everyListing?: boolean } = {}): Promise<void> {
  try {
    const record = await ctx.store.get<StandingRecord>(OWNER_STANDINGS, ownerUid);
    if (!record) return;
    const bonus = standingBonus(figuresAt(record, ctx.now()));
    if ((options.everyListing || bonus !== record.bonus) && ctx.listings.setStandingBonus) {
      await ctx.listings.setStandingBonus(ownerUid, bonus);
      if (bonus !== record.bonus) await ctx.store.update(OWNER_STANDINGS, ownerUid, { bonus });
    }
  } catch (error) {
    console.warn(`[bookings] folding the standing of ${ownerUid} into their listings failed:`, error);
  }
  ctx.deps.onChange?.([`user:${ownerUid}`]);
}
