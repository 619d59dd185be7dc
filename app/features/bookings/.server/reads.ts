/** Reading bookings as a person may see them (renter, owner, the team), and the trip details the owner sets. */
import { increment, MAX_IN_VALUES } from "#app/.server/store";
import { BOOKINGS, BookingError, canSetMeeting, HOLDING, type Booking } from "./model";
import { contactShown, contactShownFrom } from "./contact";
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


/** The bookings between two people, either renting from the other, as stored. */
async function between(ctx: BookingsContext, a: string, b: string): Promise<Booking[]> {
  const renting = (renter: string, owner: string) =>
    ctx.store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renter], ["ownerUid", "==", owner]], limit: 100 });
  return (await Promise.all([renting(a, b), renting(b, a)])).flat();
}

/**
 * Whether the two people may see each other's contact details in their messages at `at` (now by
 * default): a booking between them is completed, or confirmed and a renter's cancellation would
 * no longer refund the whole rental under its own policy (`contact.ts`, decision 026). A
 * cancelled booking shows nothing, so booking and cancelling at once buys nothing.
 */
export async function contactAllowedBetween(ctx: BookingsContext, a: string, b: string, at: Date = ctx.now()): Promise<boolean> {
  return contactShown(await between(ctx, a, b), at);
}

/**
 * `contactAllowedBetween` for one person and many others at once (the conversations' list): the
 * others whose contact details show at `at`. Two queries per 30 others (each direction, the others
 * as an `in`), at most 100 bookings per other person, instead of two queries per other person.
 */
export async function contactAllowedWith(ctx: BookingsContext, uid: string, others: readonly string[], at: Date = ctx.now()): Promise<Set<string>> {
  const people = [...new Set(others)].filter((other) => other !== uid);
  const byOther = new Map<string, Booking[]>(people.map((other) => [other, []]));
  const groups: string[][] = [];
  for (let i = 0; i < people.length; i += MAX_IN_VALUES) groups.push(people.slice(i, i + MAX_IN_VALUES));
  const found = await Promise.all(
    groups.flatMap((group) => [
      ctx.store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", uid], ["ownerUid", "in", group]], limit: 100 * group.length }),
      ctx.store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "in", group], ["ownerUid", "==", uid]], limit: 100 * group.length }),
    ]),
  );
  for (const booking of found.flat()) byOther.get(booking.renterUid === uid ? booking.ownerUid : booking.renterUid)?.push(booking);
  return new Set(people.filter((other) => contactShown(byOther.get(other)!, at)));
}

/**
 * When the two people's contact details show, as their bookings stand at `at` (now by default):
 * a moment no later than `at` when `contactAllowedBetween` says they do, the moment a confirmed
 * booking's full refund ends when that is later (what the chat page announces), null when no
 * booking between them is confirmed or completed.
 */
export async function contactRevealAt(ctx: BookingsContext, a: string, b: string, at: Date = ctx.now()): Promise<Date | null> {
  return contactShownFrom(await between(ctx, a, b), at);
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
  const before = booking.meeting ?? null;
  if (before?.place === value?.place && before?.time === value?.time) return booking;
  const updatedAt = ctx.now().toISOString();
  // One revision more of the trip's calendar event (`calendarSequence`).
  await ctx.store.update(BOOKINGS, id, { meeting: value, updatedAt, meetingChanges: increment(1) });
  return { ...booking, meeting: value, updatedAt, meetingChanges: (booking.meetingChanges ?? 0) + 1 };
}
