/** Reading bookings as a person may see them (renter, owner, the team), and the trip details the owner sets. */
import { BOOKINGS, BookingError, canSetMeeting, HOLDING, type Booking } from "./model";
import { policyDeadlines } from "./policy";
import type { BookingsContext } from "./context";
import { settle, read } from "./lifecycle";

/** The booking, if `uid` is its renter or the listing's owner (time's due changes applied). */
export async function getFor(ctx: BookingsContext, id: string, uid: string): Promise<{ booking: Booking; role: "renter" | "owner" } | null> {
  const booking = await read(ctx, id);
  if (!booking) return null;
  if (booking.renterUid === uid) return { booking, role: "renter" };
  if (booking.ownerUid === uid) return { booking, role: "owner" };
  return null;
}


/** The booking for its renter, the listing's owner or the team (`admin`); null for anyone else. */
export async function getAs(ctx: BookingsContext, id: string, viewer: { uid: string; admin: boolean }): Promise<{ booking: Booking; role: "renter" | "owner" | "admin" } | null> {
  const booking = await read(ctx, id);
  if (!booking) return null;
  if (booking.renterUid === viewer.uid) return { booking, role: "renter" };
  if (booking.ownerUid === viewer.uid) return { booking, role: "owner" };
  return viewer.admin ? { booking, role: "admin" } : null;
}


/** The renter's bookings, the newest trips first. */
export async function listForRenter(ctx: BookingsContext, uid: string, limit = 200): Promise<Booking[]> {
  const docs = await ctx.store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", uid]], orderBy: [["start", "desc"]], limit });
  return Promise.all(docs.map((doc) => settle(ctx, doc)));
}


/** The bookings of the owner's listings, the newest trips first. */
export async function listForOwner(ctx: BookingsContext, uid: string, limit = 200): Promise<Booking[]> {
  const docs = await ctx.store.query<Booking>({ collection: BOOKINGS, where: [["ownerUid", "==", uid]], orderBy: [["start", "desc"]], limit });
  return Promise.all(docs.map((doc) => settle(ctx, doc)));
}

/** The bookings (requests and confirmed) of one listing that end on or after `from`, soonest first. */
export async function forListing(ctx: BookingsContext, listingId: string, from: string): Promise<Booking[]> {
  const docs = await ctx.store.query<Booking>({
    collection: BOOKINGS,
    where: [
      ["listingId", "==", listingId],
      ["end", ">=", from],
    ],
    orderBy: [["end", "asc"]],
    limit: 500,
  });
  const settled = await Promise.all(docs.map((doc) => settle(ctx, doc)));
  return settled.filter((b) => HOLDING.includes(b.status)).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}


/**
 * Whether the two people may see each other's contact details in their messages (decision
 * record 026): they have a booking between them (either renting from the other) that is
 * confirmed (or completed) and can no longer be cancelled for free — its policy's last
 * full-refund deadline has passed (`strict` has none: its first deadline) — or whose trip
 * begins within 7 days. A cancelled booking shows nothing, so booking and cancelling at once
 * buys nothing. `at` is the moment asked about (now by default).
 */
export async function contactAllowedBetween(ctx: BookingsContext, a: string, b: string, at: Date = ctx.now()): Promise<boolean> {
  const between = (renter: string, owner: string) =>
    ctx.store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renter], ["ownerUid", "==", owner]], limit: 100 });
  const bookings = (await Promise.all([between(a, b), between(b, a)])).flat();
  return bookings.some((booking) => {
    if (booking.status !== "confirmed" && booking.status !== "completed") return false;
    const deadlines = policyDeadlines(booking.cancellationPolicy, booking.startsAt);
    const free = deadlines.filter((deadline) => deadline.percent === 100).at(-1) ?? deadlines[0];
    const weekBefore = Date.parse(booking.startsAt) - 7 * 86_400_000;
    const from = Math.min(free ? Date.parse(free.until) : Date.parse(booking.startsAt), weekBefore);
    return at.getTime() >= from;
  });
}


/**
 * The owner's meeting point and time for one booking (null or empty fields: the listing's
 * default). The fields come validated (`meetingSchema`); `not-found` for anyone but the
 * listing's owner, `invalid-transition` once the booking is over or no longer holds its days.
 */
export async function setMeeting(ctx: BookingsContext, id: string, ownerUid: string, meeting: { place: string | null; time: string | null } | null): Promise<Booking> {
  const booking = await read(ctx, id);
  if (!booking || booking.ownerUid !== ownerUid) throw new BookingError("not-found");
  if (!canSetMeeting(booking, ctx.now())) throw new BookingError("invalid-transition");
  const place = meeting?.place?.trim() || null;
  const time = meeting?.time?.trim() || null;
  const value = place === null && time === null ? null : { place, time };
  const updatedAt = ctx.now().toISOString();
  await ctx.store.update(BOOKINGS, id, { meeting: value, updatedAt });
  return { ...booking, meeting: value, updatedAt };
}
