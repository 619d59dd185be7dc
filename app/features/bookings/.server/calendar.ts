/**
 * The listing's calendar: held slots, owner blocks, imported calendars' holds and the listing's
 * own calendar feed.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { newDocumentId } from "#app/.server/store";
import type { Listing } from "#app/features/listings/.server";
import { addDays, daysBetween, isIsoDate, today } from "#app/utils/dates";
import { BLOCKS, BOOKINGS, FEEDS, BookingError, HOLDING, isBookingId, MAX_BOAT_DAYS, MAX_DOCK_DAYS, SLOTS, type Block, type Booking, type CalendarFeed } from "./model";
import { type BookingsContext, changed } from "./context";
import { claim, slotIdsFor } from "./slots";
import type { Slot } from "./service-types";
import { forListing } from "./reads";

/** The listing's held slots from `from` to `to` (inclusive): bookings, requests and blocks. */
export async function slots(ctx: BookingsContext, listingId: string, from: string, to: string): Promise<Slot[]> {
  const docs = await ctx.store.query<Slot>({
    collection: SLOTS,
    where: [
      ["listingId", "==", listingId],
      ["date", ">=", from],
      ["date", "<=", to],
    ],
    orderBy: [["date", "asc"]],
  });
  return docs.map(({ id: _id, ...slot }) => slot);
}


/** The listings holding any slot from `from` to `to` (search by dates leaves them out). */
export async function busyListings(ctx: BookingsContext, from: string, to: string): Promise<ReadonlySet<string>> {
  const docs = await ctx.store.query<Slot>({
    collection: SLOTS,
    where: [
      ["date", ">=", from],
      ["date", "<=", to],
    ],
    orderBy: [["date", "asc"]],
  });
  return new Set(docs.map((slot) => slot.listingId));
}


/** Whether every day from `start` to `end` is free. */
export async function isFree(ctx: BookingsContext, listing: Pick<Listing, "id" | "kind">, start: string, end: string, part: "am" | "pm" | null = null): Promise<boolean> {
  const held = await ctx.store.getMany(SLOTS, slotIdsFor(listing, start, end, part));
  return held.every((slot) => slot === null);
}


/** The owner takes whole days of their listing off the market; `taken` if any is held. */
export async function block(ctx: BookingsContext, ownerUid: string, listingId: string, start: string, end: string): Promise<Block> {
  const listing = await ctx.listings.get(listingId);
  if (!listing || listing.ownerUid !== ownerUid) throw new BookingError("not-found");
  if (!isIsoDate(start)) throw new BookingError("invalid", "start", "format");
  if (!isIsoDate(end)) throw new BookingError("invalid", "end", "format");
  if (start < today(ctx.now())) throw new BookingError("invalid", "start", "past");
  if (end < start) throw new BookingError("invalid", "end", "before-start");
  if (daysBetween(start, end) + 1 > (listing.kind === "boat" ? MAX_BOAT_DAYS : MAX_DOCK_DAYS)) throw new BookingError("invalid", "end", "too-long");
  const id = newDocumentId();
  const slotIds = slotIdsFor(listing, start, end, null);
  const block: Block = { id, listingId, ownerUid, start, end, slotIds, createdAt: ctx.now().toISOString() };
  const { id: _id, ...record } = block;
  await claim(ctx.store, slotIds, listingId, "block", id, (tx) => tx.create(BLOCKS, id, record));
  changed(ctx, listing);
  return block;
}


/** Gives blocked days back; a block already gone changes nothing. */
export async function unblock(ctx: BookingsContext, ownerUid: string, blockId: string): Promise<void> {
  if (!isBookingId(blockId)) throw new BookingError("not-found");
  const block = await ctx.store.runTransaction(async (tx) => {
    const doc = await tx.get<Block>(BLOCKS, blockId);
    if (!doc) return null;
    if (doc.ownerUid !== ownerUid) throw new BookingError("not-found");
    for (const slotId of doc.slotIds) tx.delete(SLOTS, slotId);
    tx.delete(BLOCKS, blockId);
    return doc;
  });
  if (block) {
    const listing = await ctx.listings.get(block.listingId);
    if (listing) changed(ctx, listing);
  }
}


/** The owner's blocks of a listing that end today or later. */
export async function blocks(ctx: BookingsContext, ownerUid: string, listingId: string): Promise<Block[]> {
  const docs = await ctx.store.query<Block>({
    collection: BLOCKS,
    where: [
      ["listingId", "==", listingId],
      ["end", ">=", today(ctx.now())],
    ],
    orderBy: [["end", "asc"]],
  });
  return docs.filter((block) => block.ownerUid === ownerUid);
}


/**
 * The slots each of `bookingIds` still holds, for those that hold days now: awaiting payment,
 * pending or confirmed, not ended, and not past their `expiresAt` (a lapsed checkout or request
 * keeps its slot documents only until the scheduler expires it). What an imported calendar's
 * conflicts are checked against (decision 030): a booking cancelled, declined, withdrawn,
 * lapsed or moved away is no conflict, whatever the last sync stored.
 */
export async function holdingSlots(ctx: BookingsContext, bookingIds: readonly string[]): Promise<Map<string, ReadonlySet<string>>> {
  const ids = [...new Set(bookingIds)].filter(isBookingId);
  const at = ctx.now().toISOString();
  const docs = ids.length > 0 ? await ctx.store.getMany<Booking>(BOOKINGS, ids) : [];
  const out = new Map<string, ReadonlySet<string>>();
  docs.forEach((doc, n) => {
    if (!doc || !HOLDING.includes(doc.status) || doc.endsAt <= at) return;
    if (doc.status !== "confirmed" && doc.expiresAt !== null && doc.expiresAt <= at) return;
    out.set(ids[n], new Set(doc.slotIds));
  });
  return out;
}


/**
 * Makes the slots an imported calendar (`ref`) holds on the listing from `from` on exactly
 * `wanted` (slot ids from `slotIdsFor`): wanted slots that are free are claimed through the same
 * claim as bookings and blocks (kind `block`, so they read as the owner's own days), slots it
 * holds that are no longer wanted are freed, and wanted slots held by a booking or request are
 * left to it and returned as conflicts (an import never cancels nor overrides a booking) if
 * that booking still holds its days (`holdingSlots`: not a lapsed request the scheduler has not
 * expired yet).
 * Slots held by another block or import stay as they are. Runs in chunks of at most 200
 * slots per transaction (Firestore writes at most 500 documents in one), letting the event loop
 * answer others between two (decision 046: a calendar over the whole horizon claims 1,100 slots
 * in six transactions, each a synchronous commit of 10–35 ms on SQLite).
 */
/** Resolves once the event loop has had a turn (timers, sockets) since it was called. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function holdImported(ctx: BookingsContext, listing: Pick<Listing, "id" | "kind">, ref: string, wanted: readonly string[], from: string): Promise<{ held: string[]; conflicts: Array<{ slotId: string; bookingId: string }> }> {
  const wantedSet = new Set(wanted);
  const current = await ctx.store.query<Slot>({
    collection: SLOTS,
    where: [
      ["listingId", "==", listing.id],
      ["date", ">=", from],
    ],
    orderBy: [["date", "asc"]],
  });
  const mine = new Set(current.filter((slot) => slot.ref === ref).map((slot) => slot.id));
  const toFree = [...mine].filter((id) => !wantedSet.has(id));
  const CHUNK = 200;
  for (let i = 0; i < toFree.length; i += CHUNK) {
    if (i > 0) await nextTurn();
    const chunk = toFree.slice(i, i + CHUNK);
    await ctx.store.runTransaction(async (tx) => {
      const docs = await tx.getMany<Slot>(SLOTS, chunk);
      docs.forEach((doc, n) => {
        if (doc?.ref === ref) tx.delete(SLOTS, chunk[n]);
      });
    });
  }
  const held: string[] = [];
  const conflicts: Array<{ slotId: string; bookingId: string }> = [];
  const toClaim = wanted.filter((id) => !mine.has(id));
  held.push(...wanted.filter((id) => mine.has(id)));
  for (let i = 0; i < toClaim.length; i += CHUNK) {
    if (i > 0 || toFree.length > 0) await nextTurn();
    const chunk = toClaim.slice(i, i + CHUNK);
    // A booking may take a slot between the read and the claim: read again and retry.
    for (let attempt = 0; ; attempt++) {
      const docs = await ctx.store.getMany<Slot>(SLOTS, chunk);
      const free = chunk.filter((_, n) => docs[n] === null);
      const chunkConflicts: typeof conflicts = [];
      const chunkHeld: string[] = [];
      docs.forEach((doc, n) => {
        if (doc && doc.ref === ref) chunkHeld.push(chunk[n]);
        else if (doc && doc.kind === "booking") chunkConflicts.push({ slotId: chunk[n], bookingId: doc.ref });
      });
      try {
        if (free.length > 0) await claim(ctx.store, free, listing.id, "block", ref, () => undefined);
        held.push(...chunkHeld, ...free);
        conflicts.push(...chunkConflicts);
        break;
      } catch (error) {
        if (!(error instanceof BookingError && error.code === "taken") || attempt >= 3) throw error;
      }
    }
  }
  if (toFree.length > 0 || toClaim.length > 0) changed(ctx, listing);
  const holding = await holdingSlots(ctx, conflicts.map((c) => c.bookingId));
  return { held, conflicts: conflicts.filter((c) => holding.get(c.bookingId)?.has(c.slotId)) };
}


/** The secret token of the listing's calendar feed (made on first use); `not-found` for another person's listing. */
export async function feedToken(ctx: BookingsContext, ownerUid: string, listingId: string, options: { rotate?: boolean } = {}): Promise<string> {
  const listing = await ctx.listings.get(listingId);
  if (!listing || listing.ownerUid !== ownerUid) throw new BookingError("not-found");
  const existing = await ctx.store.get<CalendarFeed>(FEEDS, listingId);
  if (existing && existing.ownerUid === ownerUid && !options.rotate) return existing.token;
  const token = randomBytes(24).toString("base64url");
  await ctx.store.set(FEEDS, listingId, { listingId, ownerUid, token, rotatedAt: ctx.now().toISOString() } satisfies CalendarFeed);
  return token;
}


/** The listing's feed token if one was made, without making one (a person's export reads it); null otherwise. */
export async function existingFeedToken(ctx: BookingsContext, ownerUid: string, listingId: string): Promise<string | null> {
  const existing = await ctx.store.get<CalendarFeed>(FEEDS, listingId);
  return existing && existing.ownerUid === ownerUid ? existing.token : null;
}

/** What the feed at `token` shows: the listing's requests, bookings and blocks; null for a wrong token. */
export async function feed(ctx: BookingsContext, listingId: string, token: string): Promise<{ listing: Listing; bookings: Booking[]; blocks: Block[] } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const feed = await ctx.store.get<CalendarFeed>(FEEDS, listingId);
  if (!feed || !timingSafeEqual(Buffer.from(feed.token), Buffer.from(token))) return null;
  const listing = await ctx.listings.get(listingId);
  if (!listing || listing.ownerUid !== feed.ownerUid) return null;
  const from = addDays(today(ctx.now()), -60);
  const [held, blocks] = await Promise.all([
    forListing(ctx, listingId, from),
    ctx.store.query<Block>({ collection: BLOCKS, where: [["listingId", "==", listingId], ["end", ">=", from]], orderBy: [["end", "asc"]] }),
  ]);
  return { listing, bookings: held, blocks };
}
