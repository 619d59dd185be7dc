import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { isStoreError, type DocumentStore } from "#app/.server/store";
import type { PaymentsPort } from "#app/.server/payments";
import type { Stay } from "#app/utils/bookings";
import type { Listing, ListingsService } from "../listings";
import { addDays, daysBetween, eachDay, isIsoDate, startOfDay, today } from "./dates";
import {
  BLOCKS,
  BOOKINGS,
  FEEDS,
  BookingError,
  HOLDING,
  isBookingId,
  MAX_BOAT_DAYS,
  MAX_DAYS_AHEAD,
  MAX_DOCK_DAYS,
  REQUEST_HOURS,
  SLOTS,
  TRANSITIONS,
  type Actor,
  type Block,
  type Booking,
  type CalendarFeed,
  type BookingAction,
  type CancellationPolicy,
  type HistoryEntry,
} from "./model";
import { policyDeadlines, refundFor } from "./policy";
import { boatTariff, dockTariff, priceRental, PricingError, type PriceBreakdown } from "./pricing";

/**
 * The booking engine (ARCHITECTURE.md "Bookings"): availability, quotes, bookings and their
 * lifecycle, owner blocks. No double booking by construction: a booking or block claims one
 * slot document per listing and half day (boats: `{id}_{date}_am`, `{id}_{date}_pm`) or day
 * (berths: `{id}_{date}`) in the transaction that writes it; a second claim of a slot finds it
 * there and fails, on both stores. Leaving a holding state (declined, expired, cancelled)
 * deletes the slots in the same transaction as the status change.
 */

/** What a renter chooses on the booking page. */
export type BookingChoice = {
  start: string;
  end: string;
  /** A half day of `start` (boats with a half-day price). */
  part: "am" | "pm" | null;
  people: number | null;
  withSkipper: boolean;
};

export type Quote = Stay & {
  listing: Listing;
  endsAt: string;
  deadlines: Array<{ until: string; percent: number }>;
};

export type Slot = { listingId: string; date: string; part: "am" | "pm" | null; kind: "booking" | "block"; ref: string };

export type BookingEvent = "requested" | "booked" | "accepted" | "declined" | "expired" | "cancelled" | "completed";

export type BookingsDeps = {
  store: DocumentStore;
  listings: Pick<ListingsService, "get" | "getMany" | "recordOwnerCancellation">;
  payments: PaymentsPort;
  /** Emails and live events for a change (see `notifications.ts`); failures are logged, never undo the change. */
  notify?: (event: BookingEvent, booking: Booking, extra: { by: Actor }) => Promise<void>;
  /** Pages to forget after a change of the listing's days (`listing:<id>`, `search:<kind>`). */
  onChange?: (tags: string[]) => void;
  now?: () => Date;
};

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function newId(): string {
  let id = "";
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** The slots a stay claims: both halves of each day for boats (or one half), each day for berths. */
export function slotIdsFor(listing: Pick<Listing, "id" | "kind">, start: string, end: string, part: "am" | "pm" | null): string[] {
  if (listing.kind === "dock") return eachDay(start, end).map((day) => `${listing.id}_${day}`);
  if (part) return [`${listing.id}_${start}_${part}`];
  return eachDay(start, end).flatMap((day) => [`${listing.id}_${day}_am`, `${listing.id}_${day}_pm`]);
}

function slotOf(id: string, listingId: string, kind: Slot["kind"], ref: string): Slot {
  const rest = id.slice(listingId.length + 1);
  const [date, part] = rest.split("_");
  return { listingId, date, part: part === "am" || part === "pm" ? part : null, kind, ref };
}

/** The event each action sends. */
const EVENT_OF: Record<BookingAction, BookingEvent> = {
  accept: "accepted",
  decline: "declined",
  expire: "expired",
  cancel: "cancelled",
  complete: "completed",
};

export function createBookingsService(deps: BookingsDeps) {
  const { store, listings, payments } = deps;
  const now = deps.now ?? (() => new Date());

  function changed(listing: Pick<Listing, "id" | "kind">) {
    deps.onChange?.([`listing:${listing.id}`, `search:${listing.kind}`]);
  }

  async function notify(event: BookingEvent, booking: Booking, by: Actor) {
    try {
      await deps.notify?.(event, booking, { by });
    } catch (error) {
      console.warn(`[bookings] notifying ${event} of booking ${booking.id} failed:`, error);
    }
  }

  /**
   * Checks a choice against the listing and prices it; throws `BookingError` naming the field.
   * `renterUid` null: a visitor looking (the summary before signing in).
   */
  function quote(listing: Listing | null, renterUid: string | null, choice: BookingChoice): Quote {
    if (!listing || listing.status !== "published") throw new BookingError("not-bookable", "listing", "unavailable");
    if (listing.kind === "dock" && listing.data.kind !== "rent") throw new BookingError("not-bookable", "listing", "for-sale");
    if (renterUid !== null && listing.ownerUid === renterUid) throw new BookingError("not-bookable", "listing", "own");
    const { start, part } = choice;
    if (!isIsoDate(start)) throw new BookingError("invalid", "start", "format");
    const end = part ? start : choice.end;
    if (!isIsoDate(end)) throw new BookingError("invalid", "end", "format");
    const current = today(now());
    if (start < current) throw new BookingError("invalid", "start", "past");
    if (daysBetween(current, start) > MAX_DAYS_AHEAD) throw new BookingError("invalid", "start", "too-far");
    if (end < start) throw new BookingError("invalid", "end", "before-start");
    const days = daysBetween(start, end) + 1;
    const maxDays = listing.kind === "boat" ? MAX_BOAT_DAYS : MAX_DOCK_DAYS;
    if (days > maxDays) throw new BookingError("invalid", "end", "too-long");

    let instant: boolean;
    let cancellationPolicy: CancellationPolicy;
    let people: number | null = null;
    let withSkipper = false;
    let price: PriceBreakdown;
    try {
      if (listing.kind === "boat") {
        const data = listing.data;
        instant = data.instantBooking === true;
        cancellationPolicy = data.cancellationPolicy ?? "moderate";
        if (part && data.halfDayPriceCents === undefined) throw new BookingError("invalid", "part", "no-half-day");
        const capacity = data.capacity ?? 1;
        if (choice.people === null || !Number.isInteger(choice.people) || choice.people < 1) throw new BookingError("invalid", "people", "required");
        if (choice.people > capacity) throw new BookingError("invalid", "people", "too-many");
        people = choice.people;
        const skipper = data.skipper ?? { mode: "none" as const };
        if (choice.withSkipper && skipper.mode === "none") throw new BookingError("invalid", "skipper", "none");
        withSkipper = skipper.mode === "mandatory" || (skipper.mode === "optional" && choice.withSkipper);
        const tariff = boatTariff({ ...data, skipper });
        price = priceRental(tariff, part ? { kind: "half-day", part, withSkipper } : { kind: "days", days, withSkipper });
      } else {
        if (part) throw new BookingError("invalid", "part", "no-half-day");
        const data = listing.data;
        // Berths are rented on request, under the moderate policy (decision record 011).
        instant = false;
        cancellationPolicy = "moderate";
        if (data.availableFrom && start < data.availableFrom) throw new BookingError("invalid", "start", "outside-availability");
        if (data.availableTo && end > data.availableTo) throw new BookingError("invalid", "end", "outside-availability");
        price = priceRental(dockTariff(data as { dailyPriceCents?: number; monthlyPriceCents?: number }), { kind: "days", days });
      }
    } catch (error) {
      if (error instanceof PricingError) throw new BookingError("not-bookable", "listing", "no-price");
      throw error;
    }
    // A request needs time to be answered: from tomorrow on.
    if (!instant && start <= current) throw new BookingError("invalid", "start", "request-too-soon");
    const startsAt = startOfDay(start).toISOString();
    return {
      listing,
      start,
      end,
      part,
      days,
      people,
      withSkipper,
      instant,
      cancellationPolicy,
      price,
      startsAt,
      endsAt: startOfDay(addDays(end, 1)).toISOString(),
      deadlines: policyDeadlines(cancellationPolicy, startsAt),
    };
  }

  /** Claims `slotIds` and writes `doc` in one transaction; `taken` if any slot is held. */
  async function claim(slotIds: string[], listingId: string, kind: Slot["kind"], ref: string, write: (tx: Parameters<Parameters<DocumentStore["runTransaction"]>[0]>[0]) => void) {
    try {
      await store.runTransaction(async (tx) => {
        const held = await tx.getMany(SLOTS, slotIds);
        if (held.some((slot) => slot !== null)) throw new BookingError("taken");
        for (const id of slotIds) tx.create(SLOTS, id, slotOf(id, listingId, kind, ref));
        write(tx);
      });
    } catch (error) {
      if (isStoreError(error, "already-exists")) throw new BookingError("taken");
      if (isStoreError(error, "aborted")) {
        // Firestore gave up after retries under contention: the days went to someone else.
        const held = await store.getMany(SLOTS, slotIds);
        if (held.some((slot) => slot !== null)) throw new BookingError("taken");
      }
      throw error;
    }
  }

  /** Applies what time has made due (expiry, completion) to one booking; returns it as it is now. */
  async function settle(booking: Booking): Promise<Booking> {
    const at = now().toISOString();
    let due: BookingAction | null = null;
    if (booking.status === "pending" && booking.expiresAt !== null && booking.expiresAt <= at) due = "expire";
    else if (booking.status === "confirmed" && booking.endsAt <= at) due = "complete";
    if (!due) return booking;
    try {
      return (await transition(booking.id, { by: "system", uid: null }, due)).booking;
    } catch (error) {
      // Another server or person moved it meanwhile: show it as it is now.
      if (!(error instanceof BookingError)) throw error;
      const doc = await store.get<Booking>(BOOKINGS, booking.id);
      return doc ?? booking;
    }
  }

  async function read(id: string): Promise<Booking | null> {
    if (!isBookingId(id)) return null;
    const doc = await store.get<Booking>(BOOKINGS, id);
    return doc ? settle(doc) : null;
  }

  /**
   * Moves a booking by `action` as `actor`: one transaction that checks the state and who may
   * act, writes the new state, the payment and the history, and releases the days when the
   * booking stops holding them. Repeating an action already applied changes nothing
   * (`changed: false`, no second email).
   */
  async function transition(id: string, actor: { by: Actor; uid: string | null }, action: BookingAction): Promise<{ booking: Booking; changed: boolean }> {
    const at = now();
    const result = await store.runTransaction(async (tx) => {
      const doc = await tx.get<Booking>(BOOKINGS, id);
      if (!doc) throw new BookingError("not-found");
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
      const entry: HistoryEntry = { at: at.toISOString(), by: actor.by, uid: actor.uid, action, from: doc.status, to: rule.to };
      const next: Booking = { ...doc, status: rule.to, updatedAt: entry.at, history: [...doc.history, entry] };
      if (action === "accept") {
        next.expiresAt = null;
        next.payment = { ...doc.payment, status: "paid", paidCents: doc.price.totalCents };
      }
      if (action === "cancel") {
        const by = actor.by === "owner" ? "owner" : "renter";
        const refund = refundFor(doc, by, at);
        next.cancellation = { by, at: entry.at, refundCents: refund.refundCents, percent: refund.percent };
        if (doc.status === "confirmed") {
          next.payment = {
            ...doc.payment,
            refundedCents: refund.refundCents,
            status: refund.refundCents === 0 ? "paid" : refund.refundCents >= doc.payment.paidCents ? "refunded" : "partially-refunded",
          };
        }
      }
      if (!HOLDING.includes(rule.to) && rule.to !== "completed") {
        for (const slotId of doc.slotIds) tx.delete(SLOTS, slotId);
      }
      const { id: _id, ...record } = next;
      tx.set(BOOKINGS, id, record);
      return { booking: next, changed: true };
    });
    if (!result.changed) return result;
    const booking = result.booking;
    if (action === "accept") {
      await recordPayment(booking, "charge");
    } else if (action === "cancel" && booking.payment.refundedCents > 0) {
      await recordPayment(booking, "refund");
    }
    if (action === "cancel" && actor.by === "owner") {
      // Shown on the listing's page as a count.
      await listings.recordOwnerCancellation(booking.listingId).catch((error: unknown) => console.warn("[bookings] counting an owner cancellation failed:", error));
    }
    if (action !== "complete") changed({ id: booking.listingId, kind: booking.listingKind });
    await notify(EVENT_OF[action], booking, actor.by);
    return result;
  }

  /** The bookings (requests and confirmed) of one listing that end on or after `from`, soonest first. */
  async function forListing(listingId: string, from: string): Promise<Booking[]> {
    const docs = await store.query<Booking>({
      collection: BOOKINGS,
      where: [
        ["listingId", "==", listingId],
        ["end", ">=", from],
      ],
      orderBy: [["end", "asc"]],
      limit: 500,
    });
    const settled = await Promise.all(docs.map(settle));
    return settled.filter((b) => HOLDING.includes(b.status)).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  }

  async function recordPayment(booking: Booking, kind: "charge" | "refund") {
    try {
      const { reference } =
        kind === "charge"
          ? await payments.charge({ bookingId: booking.id, amountCents: booking.price.totalCents, currency: "EUR" })
          : await payments.refund({ bookingId: booking.id, reference: booking.payment.reference, amountCents: booking.payment.refundedCents, currency: "EUR" });
      booking.payment.reference = reference;
      await store.update(BOOKINGS, booking.id, { "payment.reference": reference });
    } catch (error) {
      console.error(`[bookings] the payment ${kind} of booking ${booking.id} failed; it stays recorded on the booking:`, error);
    }
  }

  return {
    quote,

    /** A quote for the listing by id (the summary page). */
    async quoteFor(listingId: string, renterUid: string | null, choice: BookingChoice): Promise<Quote> {
      return quote(await listings.get(listingId), renterUid, choice);
    },

    /**
     * Books (instant listings) or requests (the others) the chosen days for `renter`: the quote,
     * then one transaction claiming the days and writing the booking. `taken` when any of the
     * days is held; nothing is written then.
     */
    async book(renter: { uid: string; lang: string }, listingId: string, choice: BookingChoice): Promise<Booking> {
      const q = quote(await listings.get(listingId), renter.uid, choice);
      const at = now();
      const id = newId();
      const slotIds = slotIdsFor(q.listing, q.start, q.end, q.part);
      const status = q.instant ? "confirmed" : "pending";
      const expiresAt = q.instant ? null : new Date(Math.min(at.getTime() + REQUEST_HOURS * 3_600_000, Date.parse(q.startsAt))).toISOString();
      const booking: Booking = {
        id,
        listingId: q.listing.id,
        listingKind: q.listing.kind,
        ownerUid: q.listing.ownerUid,
        renterUid: renter.uid,
        status,
        start: q.start,
        end: q.end,
        part: q.part,
        days: q.days,
        people: q.people,
        withSkipper: q.withSkipper,
        instant: q.instant,
        price: q.price,
        cancellationPolicy: q.cancellationPolicy,
        renterLang: renter.lang,
        expiresAt,
        startsAt: q.startsAt,
        endsAt: q.endsAt,
        payment: { status: q.instant ? "paid" : "unpaid", provider: payments.provider, reference: null, paidCents: q.instant ? q.price.totalCents : 0, refundedCents: 0 },
        cancellation: null,
        slotIds,
        history: [{ at: at.toISOString(), by: "renter", uid: renter.uid, action: q.instant ? "book" : "request", from: null, to: status }],
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      };
      const { id: _id, ...record } = booking;
      await claim(slotIds, q.listing.id, "booking", id, (tx) => tx.create(BOOKINGS, id, record));
      if (q.instant) await recordPayment(booking, "charge");
      changed(q.listing);
      await notify(q.instant ? "booked" : "requested", booking, "renter");
      return booking;
    },

    /** The booking, if `uid` is its renter or the listing's owner (time's due changes applied). */
    async getFor(id: string, uid: string): Promise<{ booking: Booking; role: "renter" | "owner" } | null> {
      const booking = await read(id);
      if (!booking) return null;
      if (booking.renterUid === uid) return { booking, role: "renter" };
      if (booking.ownerUid === uid) return { booking, role: "owner" };
      return null;
    },

    /** `accept`, `decline` (owner) or `cancel` (either side) by a person; `not-found` for anyone else. */
    async act(id: string, uid: string, role: "renter" | "owner", action: "accept" | "decline" | "cancel") {
      const booking = await read(id);
      if (!booking) throw new BookingError("not-found");
      return transition(id, { by: role, uid }, action);
    },

    /** What cancelling now would refund, to show before the button is pressed. */
    refundPreview: (booking: Booking, by: "renter" | "owner") => refundFor(booking, by, now()),

    /** The renter's bookings, the newest trips first. */
    async listForRenter(uid: string, limit = 200): Promise<Booking[]> {
      const docs = await store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", uid]], orderBy: [["start", "desc"]], limit });
      return Promise.all(docs.map(settle));
    },

    /** The bookings of the owner's listings, the newest trips first. */
    async listForOwner(uid: string, limit = 200): Promise<Booking[]> {
      const docs = await store.query<Booking>({ collection: BOOKINGS, where: [["ownerUid", "==", uid]], orderBy: [["start", "desc"]], limit });
      return Promise.all(docs.map(settle));
    },

    /**
     * Whether the two people have a booking between them (either renting from the other) that
     * was confirmed at some point: from then on they may share contact details in their messages.
     */
    async confirmedBetween(a: string, b: string): Promise<boolean> {
      const between = (renter: string, owner: string) =>
        store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renter], ["ownerUid", "==", owner]], limit: 100 });
      const bookings = (await Promise.all([between(a, b), between(b, a)])).flat();
      return bookings.some((booking) => booking.history.some((entry) => entry.to === "confirmed"));
    },

    /** The listing's held slots from `from` to `to` (inclusive): bookings, requests and blocks. */
    async slots(listingId: string, from: string, to: string): Promise<Slot[]> {
      const docs = await store.query<Slot>({
        collection: SLOTS,
        where: [
          ["listingId", "==", listingId],
          ["date", ">=", from],
          ["date", "<=", to],
        ],
        orderBy: [["date", "asc"]],
      });
      return docs.map(({ id: _id, ...slot }) => slot);
    },

    /** The listings holding any slot from `from` to `to` (search by dates leaves them out). */
    async busyListings(from: string, to: string): Promise<ReadonlySet<string>> {
      const docs = await store.query<Slot>({
        collection: SLOTS,
        where: [
          ["date", ">=", from],
          ["date", "<=", to],
        ],
        orderBy: [["date", "asc"]],
      });
      return new Set(docs.map((slot) => slot.listingId));
    },

    /** Whether every day from `start` to `end` is free. */
    async isFree(listing: Pick<Listing, "id" | "kind">, start: string, end: string, part: "am" | "pm" | null = null): Promise<boolean> {
      const held = await store.getMany(SLOTS, slotIdsFor(listing, start, end, part));
      return held.every((slot) => slot === null);
    },

    /** The owner takes whole days of their listing off the market; `taken` if any is held. */
    async block(ownerUid: string, listingId: string, start: string, end: string): Promise<Block> {
      const listing = await listings.get(listingId);
      if (!listing || listing.ownerUid !== ownerUid) throw new BookingError("not-found");
      if (!isIsoDate(start)) throw new BookingError("invalid", "start", "format");
      if (!isIsoDate(end)) throw new BookingError("invalid", "end", "format");
      if (start < today(now())) throw new BookingError("invalid", "start", "past");
      if (end < start) throw new BookingError("invalid", "end", "before-start");
      if (daysBetween(start, end) + 1 > (listing.kind === "boat" ? MAX_BOAT_DAYS : MAX_DOCK_DAYS)) throw new BookingError("invalid", "end", "too-long");
      const id = newId();
      const slotIds = slotIdsFor(listing, start, end, null);
      const block: Block = { id, listingId, ownerUid, start, end, slotIds, createdAt: now().toISOString() };
      const { id: _id, ...record } = block;
      await claim(slotIds, listingId, "block", id, (tx) => tx.create(BLOCKS, id, record));
      changed(listing);
      return block;
    },

    /** Gives blocked days back; a block already gone changes nothing. */
    async unblock(ownerUid: string, blockId: string): Promise<void> {
      if (!isBookingId(blockId)) throw new BookingError("not-found");
      const block = await store.runTransaction(async (tx) => {
        const doc = await tx.get<Block>(BLOCKS, blockId);
        if (!doc) return null;
        if (doc.ownerUid !== ownerUid) throw new BookingError("not-found");
        for (const slotId of doc.slotIds) tx.delete(SLOTS, slotId);
        tx.delete(BLOCKS, blockId);
        return doc;
      });
      if (block) {
        const listing = await listings.get(block.listingId);
        if (listing) changed(listing);
      }
    },

    /** The owner's blocks of a listing that end today or later. */
    async blocks(ownerUid: string, listingId: string): Promise<Block[]> {
      const docs = await store.query<Block>({
        collection: BLOCKS,
        where: [
          ["listingId", "==", listingId],
          ["end", ">=", today(now())],
        ],
        orderBy: [["end", "asc"]],
      });
      return docs.filter((block) => block.ownerUid === ownerUid);
    },

    forListing,

    /** The secret token of the listing's calendar feed (made on first use); `not-found` for another person's listing. */
    async feedToken(ownerUid: string, listingId: string, options: { rotate?: boolean } = {}): Promise<string> {
      const listing = await listings.get(listingId);
      if (!listing || listing.ownerUid !== ownerUid) throw new BookingError("not-found");
      const existing = await store.get<CalendarFeed>(FEEDS, listingId);
      if (existing && existing.ownerUid === ownerUid && !options.rotate) return existing.token;
      const token = randomBytes(24).toString("base64url");
      await store.set(FEEDS, listingId, { listingId, ownerUid, token, rotatedAt: now().toISOString() } satisfies CalendarFeed);
      return token;
    },

    /** What the feed at `token` shows: the listing's requests, bookings and blocks; null for a wrong token. */
    async feed(listingId: string, token: string): Promise<{ listing: Listing; bookings: Booking[]; blocks: Block[] } | null> {
      if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
      const feed = await store.get<CalendarFeed>(FEEDS, listingId);
      if (!feed || !timingSafeEqual(Buffer.from(feed.token), Buffer.from(token))) return null;
      const listing = await listings.get(listingId);
      if (!listing || listing.ownerUid !== feed.ownerUid) return null;
      const from = addDays(today(now()), -60);
      const [held, blocks] = await Promise.all([
        forListing(listingId, from),
        store.query<Block>({ collection: BLOCKS, where: [["listingId", "==", listingId], ["end", ">=", from]], orderBy: [["end", "asc"]] }),
      ]);
      return { listing, bookings: held, blocks };
    },

    /**
     * Applies what is due at this moment: requests past their 48 hours expire, confirmed trips
     * past their last day complete. Idempotent, so every server may run it; returns how many
     * bookings changed here.
     */
    async applyDue(): Promise<{ expired: number; completed: number }> {
      const at = now().toISOString();
      const [pending, finished] = await Promise.all([
        store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "pending"], ["expiresAt", "<=", at]], limit: 200 }),
        store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "confirmed"], ["endsAt", "<=", at]], limit: 200 }),
      ]);
      let expired = 0;
      let completed = 0;
      for (const doc of pending) {
        const result = await transition(doc.id, { by: "system", uid: null }, "expire").catch(() => null);
        if (result?.changed) expired++;
      }
      for (const doc of finished) {
        const result = await transition(doc.id, { by: "system", uid: null }, "complete").catch(() => null);
        if (result?.changed) completed++;
      }
      return { expired, completed };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
