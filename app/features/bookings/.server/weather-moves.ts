/** Weather-unsafe trips (decision 031): cancelled with everything back, or moved to other days at the same price. */
import { isStoreError } from "#app/.server/store";
import type { WeatherEvidence } from "#app/features/weather/.server";
import { addDays, daysBetween, isIsoDate, startOfDay, today } from "#app/utils/dates";
import { BOOKINGS, BookingError, MAX_DAYS_AHEAD, SLOTS, type Booking, type WeatherDecision } from "./model";
import { moneyFields } from "./money";
import { type BookingsContext, changed, notify, runMoney } from "./context";
import { withLedger } from "./stored";
import { slotIdsFor, slotOf } from "./slots";
import { transition, mine } from "./lifecycle";
import * as ledger from "./ledger";

/** The forecast's evidence that the trip is unsafe now; `invalid-transition` ("weather-safe") otherwise. */
export async function unsafeNow(ctx: BookingsContext, booking: Booking): Promise<WeatherEvidence> {
  const evidence = ctx.deps.weatherEvidence ? await ctx.deps.weatherEvidence(booking) : null;
  if (!evidence) throw new BookingError("invalid-transition", null, "weather-safe");
  return evidence;
}


/**
 * Cancels a confirmed trip the forecast makes unsafe, by either side: everything back to the
 * renter, the fee included; the decision keeps the forecast that justified it (decision 031).
 * `invalid-transition` ("weather-safe") when the forecast does not make it unsafe now.
 */
export async function cancelForWeather(ctx: BookingsContext, id: string, uid: string, role: "renter" | "owner") {
  const booking = await mine(ctx, id, uid, role);
  const evidence = await unsafeNow(ctx, booking);
  return transition(ctx, id, { by: role, uid }, "cancel", { weather: evidence });
}


/**
 * Moves a confirmed trip the forecast makes unsafe to other days (as many, the same half day),
 * at the same price, by either side: one transaction claims the new days and lets the old go.
 * `taken` when a new day is held; `invalid` naming `start` for a day that cannot be booked.
 */
export async function moveForWeather(ctx: BookingsContext, id: string, uid: string, role: "renter" | "owner", newStart: string) {
  const booking = await mine(ctx, id, uid, role);
  if (!isIsoDate(newStart)) throw new BookingError("invalid", "start", "format");
  const current = today(ctx.now());
  if (newStart <= current) throw new BookingError("invalid", "start", "past");
  if (daysBetween(current, newStart) > MAX_DAYS_AHEAD) throw new BookingError("invalid", "start", "too-far");
  if (newStart === booking.start) throw new BookingError("invalid", "start", "same-day");
  const evidence = await unsafeNow(ctx, booking);
  const listing = await ctx.listings.get(booking.listingId);
  if (!listing) throw new BookingError("not-bookable", "listing", "unavailable");
  const newEnd = addDays(newStart, daysBetween(booking.start, booking.end));
  const slotIds = slotIdsFor(listing, newStart, newEnd, booking.part);
  const at = ctx.now().toISOString();
  let moved: Booking;
  try {
    moved = await ctx.store.runTransaction(async (tx) => {
      const stored = await tx.get<Booking>(BOOKINGS, id);
      if (!stored) throw new BookingError("not-found");
      const doc = withLedger(stored);
      if (doc.status !== "confirmed" || doc.start !== booking.start) throw new BookingError("invalid-transition", null, doc.status);
      const own = new Set(doc.slotIds);
      const fresh = slotIds.filter((slotId) => !own.has(slotId));
      const held = await tx.getMany(SLOTS, fresh);
      if (held.some((slot) => slot !== null)) throw new BookingError("taken");
      const startsAt = startOfDay(newStart).toISOString();
      const endsAt = startOfDay(addDays(newEnd, 1)).toISOString();
      const decision: WeatherDecision = { action: "move", by: role, uid, at, from: { start: doc.start, end: doc.end }, to: { start: newStart, end: newEnd }, evidence };
      const next: Booking = {
        ...doc,
        start: newStart,
        end: newEnd,
        startsAt,
        endsAt,
        slotIds,
        updatedAt: at,
        history: [...doc.history, { at, by: role, uid, action: "move", from: "confirmed", to: "confirmed" }],
        weather: [...(doc.weather ?? []), decision],
      };
      const money = ledger.reschedule(doc.money, { price: doc.price, startsAt, endsAt }, at);
      Object.assign(next, { money }, moneyFields(money, endsAt));
      for (const slotId of doc.slotIds) if (!slotIds.includes(slotId)) tx.delete(SLOTS, slotId);
      for (const slotId of fresh) tx.create(SLOTS, slotId, slotOf(slotId, doc.listingId, "booking", id));
      const { id: _id, ...record } = next;
      tx.set(BOOKINGS, id, record);
      return next;
    });
  } catch (error) {
    if (isStoreError(error, "already-exists")) throw new BookingError("taken");
    throw error;
  }
  changed(ctx, listing);
  // A deposit held for the old days is let go now (ledger.reschedule).
  moved = await runMoney(ctx, moved);
  await notify(ctx, "moved", moved, role);
  return moved;
}
