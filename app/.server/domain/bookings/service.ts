import { randomBytes, timingSafeEqual } from "node:crypto";
import { cursorAfter, isStoreError, newDocumentId, type DocumentStore } from "#app/.server/store";
import type { Customer, PaymentsPort } from "#app/.server/payments";
import type { Stay } from "./views";
import type { Listing, ListingsService } from "../listings";
import type { WeatherEvidence } from "../weather";
import { addDays, daysBetween, eachDay, isIsoDate, startOfDay, today } from "./dates";
import {
  BLOCKS,
  BOOKINGS,
  FEEDS,
  BookingError,
  CHECKOUT_MINUTES,
  HOLDING,
  MAX_PENDING_PER_LISTING,
  MAX_PENDING_REQUESTS,
  MAX_REQUEST_DAYS,
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
  type WeatherDecision,
} from "./model";
import { policyDeadlines, refundFor } from "./policy";
import { REFERENCE_ATTEMPTS, REFERENCES, referenceCandidate } from "./reference";
import * as ledger from "./ledger";
import { createMoneyRunner, moneyFields } from "./money";
import { boatTariff, dockTariff, priceRental, PricingError, type PriceBreakdown } from "#app/utils/pricing";

/**
 * The booking engine (docs/ARCHITECTURE.md "Bookings"): availability, quotes, bookings and their
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

/** A feature's reaction to booking events. */
export type BookingHandler = {
  name: string;
  on: readonly BookingEvent[];
  handle(event: BookingEvent, booking: Booking, extra: { by: Actor }): Promise<void>;
};

export type BookingEvent = "requested" | "booked" | "accepted" | "declined" | "expired" | "cancelled" | "completed" | "moved" | "deposit-released" | "deposit-claimed" | "deposit-settled";

export type BookingsDeps = {
  store: DocumentStore;
  listings: Pick<ListingsService, "get" | "getMany" | "recordOwnerCancellation">;
  payments: PaymentsPort;
  /** Who pays (the provider's checkout shows their email). */
  customerOf?: (uid: string) => Promise<Customer>;
  /** Where the provider's checkout sends the renter back: the booking's page. */
  returnUrl?: (booking: Booking) => string;
  /** The owner's connected payout account at the provider (null: paid by hand). */
  payoutAccountOf?: (ownerUid: string) => Promise<string | null>;
  /**
   * What other features do on a booking's events, declared by them (invoices issued and
   * corrected, `invoices/booking-handler.ts`; emails, `notifications.ts`), run in order; a
   * failure is logged and never undoes the change nor stops the next handler.
   */
  handlers?: readonly BookingHandler[];
  /** Pages to forget after a change of the listing's days (`listing:<id>`, `search:<kind>`). */
  onChange?: (tags: string[]) => void;
  /**
   * What makes the trip weather-unsafe now (the forecast's evidence), or null when it is not
   * (decision 031; the weather feature judges it). Without it no trip is ever weather-unsafe.
   */
  weatherEvidence?: (booking: Booking) => Promise<WeatherEvidence | null>;
  now?: () => Date;
};

const newId = newDocumentId;

/** A booking as the ledger reads it (bookings stored before the ledger get their lines derived, decision 023). */
function withLedger(stored: Booking): Booking {
  // Stored before references: the derived one until the backfill stores it (`reference.ts`).
  const doc = stored.reference ? stored : { ...stored, reference: referenceCandidate(stored.id, 0) };
  if (doc.money) return doc;
  const legacy = doc as Booking & { payment?: unknown };
  const { payment: _payment, ...rest } = legacy;
  const upgraded = ledger.upgradeLegacy({ ...rest, cancellation: doc.cancellation ?? null });
  const cancellation = doc.cancellation
    ? {
        ...doc.cancellation,
        rentalRefundCents: doc.cancellation.rentalRefundCents ?? (doc.cancellation.by === "owner" ? doc.price.ownerCents : doc.cancellation.refundCents),
        feeRefundCents: doc.cancellation.feeRefundCents ?? (doc.cancellation.by === "owner" ? doc.price.serviceFeeCents : 0),
        rule: doc.cancellation.rule ?? (doc.cancellation.by === "owner" ? ("owner-cancel" as const) : ("policy" as const)),
      }
    : null;
  return { ...upgraded, cancellation, declineReason: doc.declineReason ?? null, ...moneyFields(upgraded.money, doc.endsAt) };
}
/** The candidate reference belongs to another booking: the next one is tried. */
class ReferenceTaken extends Error {}

/** One document per data migration done on this store; a backfill that finds its own skips the scan. */
const MIGRATIONS = "migrations";
const REFERENCES_BACKFILLED = "booking-references-v1";
/** Renters' request markers: every request of a renter writes theirs, so two at once are serialised (no squatting). */
const RENTERS = "booking_renters";

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
  authorise: "requested",
  pay: "booked",
  accept: "accepted",
  decline: "declined",
  expire: "expired",
  cancel: "cancelled",
  complete: "completed",
};

export function createBookingsService(deps: BookingsDeps) {
  const { store, listings, payments } = deps;
  const now = deps.now ?? (() => new Date());
  const customerOf = deps.customerOf ?? (async (uid: string) => ({ uid, email: null, name: null }));
  const runner = createMoneyRunner({
    store,
    payments,
    customerOf,
    payoutAccountOf: deps.payoutAccountOf ?? (async () => null),
  });
  /** Provider calls never undo a change already made: a failure stays on the line for the scheduler. */
  async function runMoney(booking: Booking): Promise<Booking> {
    if (!booking.opsPending) return booking;
    try {
      return await runner.run(booking);
    } catch (error) {
      console.error(`[payments] booking ${booking.id}: the provider calls failed; the scheduler tries again:`, error);
      return booking;
    }
  }

  function changed(listing: Pick<Listing, "id" | "kind">) {
    deps.onChange?.([`listing:${listing.id}`, `search:${listing.kind}`]);
  }

  async function notify(event: BookingEvent, booking: Booking, by: Actor) {
    for (const handler of deps.handlers ?? []) {
      if (!handler.on.includes(event)) continue;
      try {
        await handler.handle(event, booking, { by });
      } catch (error) {
        console.error(`[bookings] ${handler.name} on ${event} of booking ${booking.id} failed:`, error);
      }
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
    // A request needs time to be answered: from tomorrow on; and holds at most MAX_REQUEST_DAYS.
    if (!instant && start <= current) throw new BookingError("invalid", "start", "request-too-soon");
    // Berths are rented on request by the month (decision 011): the cap is the boats' (decision 023).
    if (!instant && listing.kind === "boat" && days > MAX_REQUEST_DAYS) throw new BookingError("invalid", "end", "request-too-long");
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
  type Tx = Parameters<Parameters<DocumentStore["runTransaction"]>[0]>[0];
  async function claim(slotIds: string[], listingId: string, kind: Slot["kind"], ref: string, write: (tx: Tx) => void, check?: (tx: Tx) => Promise<void>) {
    try {
      await store.runTransaction(async (tx) => {
        await check?.(tx);
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
  async function settle(stored: Booking): Promise<Booking> {
    const booking = withLedger(stored);
    const at = now().toISOString();
    let due: BookingAction | null = null;
    if ((booking.status === "pending" || booking.status === "awaiting-payment") && booking.expiresAt !== null && booking.expiresAt <= at) due = "expire";
    else if (booking.status === "confirmed" && booking.endsAt <= at) due = "complete";
    if (!due) return booking;
    try {
      return (await transition(booking.id, { by: "system", uid: null }, due)).booking;
    } catch (error) {
      // Another server or person moved it meanwhile: show it as it is now.
      if (!(error instanceof BookingError)) throw error;
      const doc = await store.get<Booking>(BOOKINGS, booking.id);
      return doc ? withLedger(doc) : booking;
    }
  }

  async function read(id: string): Promise<Booking | null> {
    if (!isBookingId(id)) return null;
    const doc = await store.get<Booking>(BOOKINGS, id);
    return doc ? settle(doc) : null;
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
    if (action === "cancel" && doc.status === "confirmed" && weather) {
      // The forecast made the trip unsafe: everything back to the renter, the fee included (decision 031).
      const side = by === "owner" ? "owner" : "renter";
      const { ownerCents, serviceFeeCents } = doc.price;
      next.cancellation = { by: side, at: iso, refundCents: ownerCents + serviceFeeCents, percent: 100, rentalRefundCents: ownerCents, feeRefundCents: serviceFeeCents, rule: "weather" };
      money = ledger.cancel(money, { rentalCents: ownerCents, feeCents: serviceFeeCents, reason: { rule: "weather", by: side } }, iso);
    } else if (action === "cancel" && doc.status === "confirmed") {
      const side = by === "owner" ? "owner" : "renter";
      const refund = refundFor(doc, side, at);
      const rule = side === "owner" ? ("owner-cancel" as const) : ("policy" as const);
      next.cancellation = { by: side, at: iso, refundCents: refund.refundCents, percent: refund.percent, rentalRefundCents: refund.rentalRefundCents, feeRefundCents: refund.feeRefundCents, rule };
      money = ledger.cancel(
        money,
        { rentalCents: refund.rentalRefundCents, feeCents: refund.feeRefundCents, reason: side === "owner" ? { rule: "owner-cancel", by: "owner" } : { rule: "policy", by: "renter", percent: refund.percent } },
        iso,
      );
    } else if (action === "cancel") {
      next.cancellation = { by: by === "owner" ? "owner" : "renter", at: iso, refundCents: 0, percent: 100, rentalRefundCents: 0, feeRefundCents: 0, rule: "policy" };
    }
    Object.assign(next, moneyFields(money, doc.endsAt));
  }

  /**
   * Moves a booking by `action` as `actor`: one transaction that checks the state and who may
   * act, writes the new state, the payment and the history, and releases the days when the
   * booking stops holding them. Repeating an action already applied changes nothing
   * (`changed: false`, no second email).
   */
  async function transition(id: string, actor: { by: Actor; uid: string | null }, action: BookingAction, extra: { reason?: string | null; reference?: string; weather?: WeatherEvidence } = {}): Promise<{ booking: Booking; changed: boolean }> {
    const at = now();
    const result = await store.runTransaction(async (tx) => {
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
      return { booking: next, changed: true };
    });
    if (!result.changed) return result;
    const booking = await runMoney(result.booking);
    if (action === "cancel" && actor.by === "owner" && !extra.weather) {
      // Shown on the listing's page as a count.
      await listings.recordOwnerCancellation(booking.listingId).catch((error: unknown) => console.warn("[bookings] counting an owner cancellation failed:", error));
    }
    if (action !== "complete") changed({ id: booking.listingId, kind: booking.listingKind });
    // An unpaid checkout that lapses or is abandoned was never announced: nobody hears of it.
    if (!(result.booking.history.at(-1)?.from === "awaiting-payment" && (action === "expire" || action === "cancel"))) await notify(EVENT_OF[action], booking, actor.by);
    return { booking, changed: true };
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

  /** A confirmed trip of `uid` on `role`'s side that has not begun; `not-found` for anyone else. */
  async function mine(id: string, uid: string, role: "renter" | "owner"): Promise<Booking> {
    const booking = await read(id);
    if (!booking || (role === "renter" ? booking.renterUid : booking.ownerUid) !== uid) throw new BookingError("not-found");
    if (booking.status !== "confirmed") throw new BookingError("invalid-transition", null, booking.status);
    if (booking.startsAt <= now().toISOString()) throw new BookingError("invalid-transition", null, "started");
    return booking;
  }

  /** The forecast's evidence that the trip is unsafe now; `invalid-transition` ("weather-safe") otherwise. */
  async function unsafeNow(booking: Booking): Promise<WeatherEvidence> {
    const evidence = deps.weatherEvidence ? await deps.weatherEvidence(booking) : null;
    if (!evidence) throw new BookingError("invalid-transition", null, "weather-safe");
    return evidence;
  }

  /** Opens the provider's checkout for a booking awaiting payment; an immediate hold needs no redirect. */
  async function startCheckout(booking: Booking): Promise<Booking> {
    const customer = await customerOf(booking.renterUid);
    const result = await payments.authorize({
      key: `${booking.id}:booking`,
      bookingId: booking.id,
      purpose: "booking",
      amountCents: booking.price.totalCents,
      customer,
      returnUrl: deps.returnUrl?.(booking) ?? "",
    });
    if (result.kind === "redirect") {
      // The checkout's own reference until the payment exists (so an abandoned checkout can be let go),
      // and its expiry as the booking's: the days are held exactly as long as the checkout is open.
      const money = { ...booking.money, reference: result.reference, checkout: { url: result.url, expiresAt: result.expiresAt } };
      const expiresAt = result.expiresAt > (booking.expiresAt ?? "") ? result.expiresAt : booking.expiresAt;
      await store.update(BOOKINGS, booking.id, { money, expiresAt });
      return { ...booking, money, expiresAt };
    }
    const done = await transition(booking.id, { by: "system", uid: null }, booking.instant ? "pay" : "authorise", { reference: result.reference });
    return done.booking;
  }

  return {
    quote,

    /** Whether the payments provider charges (false: amounts are owed and settled directly). */
    charges: payments.charges,

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
      const iso = at.toISOString();
      const id = newId();
      const slotIds = slotIdsFor(q.listing, q.start, q.end, q.part);
      // A provider that charges holds the money first (its checkout); without one the booking stands at once.
      const checkout = payments.charges;
      const status = checkout ? "awaiting-payment" : q.instant ? "confirmed" : "pending";
      const expiresAt = checkout
        ? new Date(at.getTime() + CHECKOUT_MINUTES * 60_000).toISOString()
        : q.instant
          ? null
          : new Date(Math.min(at.getTime() + REQUEST_HOURS * 3_600_000, Date.parse(q.startsAt))).toISOString();
      const trip = { price: q.price, startsAt: q.startsAt, endsAt: q.endsAt };
      const money = checkout ? ledger.awaitCheckout(ledger.openMoney(payments.provider, true), trip, iso) : ledger.commit(ledger.openMoney(payments.provider, false), trip, q.instant, iso);
      const booking: Booking = {
        id,
        reference: referenceCandidate(id, 0),
        meeting: null,
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
        ...moneyFields(money, q.endsAt),
        cancellation: null,
        declineReason: null,
        slotIds,
        history: [{ at: iso, by: "renter", uid: renter.uid, action: q.instant ? "book" : "request", from: null, to: status }],
        createdAt: iso,
        updatedAt: iso,
      };
      // The reference: the first free candidate (`reference.ts`), claimed in the booking's transaction.
      for (let attempt = 0; ; attempt++) {
        booking.reference = referenceCandidate(id, attempt);
        const { id: _id, ...record } = booking;
        try {
          await claim(
            slotIds,
            q.listing.id,
            "booking",
            id,
            (tx) => {
              tx.create(BOOKINGS, id, record);
              tx.create(REFERENCES, booking.reference, { bookingId: id });
              if (!q.instant) tx.set(RENTERS, renter.uid, { uid: renter.uid, lastRequestAt: iso });
            },
            async (tx) => {
              if (await tx.get(REFERENCES, booking.reference)) throw new ReferenceTaken();
              if (q.instant) return;
              // No squatting: one pending request per listing, MAX_PENDING_REQUESTS at once. The marker
              // document each request writes makes two requests of one person at once run one after the other.
              await tx.get(RENTERS, renter.uid);
              const open = (await tx.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renter.uid], ["status", "in", ["pending", "awaiting-payment"]]], limit: 50 })).filter(
                (b) => !b.instant && (b.expiresAt === null || b.expiresAt > iso),
              );
              if (open.filter((b) => b.listingId === q.listing.id).length >= MAX_PENDING_PER_LISTING) throw new BookingError("too-many-requests", "listing", "same-listing");
              if (open.length >= MAX_PENDING_REQUESTS) throw new BookingError("too-many-requests", "listing", "too-many");
            },
          );
          break;
        } catch (error) {
          if (!(error instanceof ReferenceTaken) || attempt + 1 >= REFERENCE_ATTEMPTS) throw error;
        }
      }
      changed(q.listing);
      if (!checkout) {
        await notify(q.instant ? "booked" : "requested", booking, "renter");
        return booking;
      }
      return startCheckout(booking);
    },

    /** The provider says the renter's card holds the money (its webhook; ids only, never amounts). */
    async paymentAuthorised(input: { bookingId: string; reference: string }): Promise<Booking | null> {
      const doc = await store.get<Booking>(BOOKINGS, input.bookingId);
      if (!doc) return null;
      if (doc.status !== "awaiting-payment") {
        // Paid after the booking lapsed or was abandoned: let the hold go, so the card is not held for nothing.
        if (doc.money.reference !== input.reference && !["pending", "confirmed", "completed"].includes(doc.status)) {
          await payments.cancel({ key: `${doc.id}:late:${input.reference}`, reference: input.reference }).catch((error: unknown) => console.error(`[payments] letting go of a late payment of booking ${doc.id} failed:`, error));
        }
        return doc;
      }
      const result = await transition(doc.id, { by: "system", uid: null }, doc.instant ? "pay" : "authorise", { reference: input.reference }).catch((error: unknown) => {
        if (error instanceof BookingError) return null;
        throw error;
      });
      return result?.booking ?? (await store.get<Booking>(BOOKINGS, input.bookingId));
    },

    /** The provider's checkout lapsed unpaid: the days go back. */
    async checkoutExpired(input: { bookingId: string }): Promise<void> {
      const doc = await store.get<Booking>(BOOKINGS, input.bookingId);
      if (doc?.status === "awaiting-payment") await transition(doc.id, { by: "system", uid: null }, "expire").catch(() => null);
    },

    /** The booking, if `uid` is its renter or the listing's owner (time's due changes applied). */
    async getFor(id: string, uid: string): Promise<{ booking: Booking; role: "renter" | "owner" } | null> {
      const booking = await read(id);
      if (!booking) return null;
      if (booking.renterUid === uid) return { booking, role: "renter" };
      if (booking.ownerUid === uid) return { booking, role: "owner" };
      return null;
    },

    /** The booking for its renter, the listing's owner or the team (`admin`); null for anyone else. */
    async getAs(id: string, viewer: { uid: string; admin: boolean }): Promise<{ booking: Booking; role: "renter" | "owner" | "admin" } | null> {
      const booking = await read(id);
      if (!booking) return null;
      if (booking.renterUid === viewer.uid) return { booking, role: "renter" };
      if (booking.ownerUid === viewer.uid) return { booking, role: "owner" };
      return viewer.admin ? { booking, role: "admin" } : null;
    },

    /** `accept`, `decline` (owner) or `cancel` (either side) by a person; `not-found` for anyone else. */
    async act(id: string, uid: string, role: "renter" | "owner", action: "accept" | "decline" | "cancel", options: { reason?: string | null } = {}) {
      const booking = await read(id);
      if (!booking) throw new BookingError("not-found");
      const reason = options.reason?.trim().slice(0, 500) || null;
      return transition(id, { by: role, uid }, action, { reason });
    },

    /**
     * Cancels a confirmed trip the forecast makes unsafe, by either side: everything back to the
     * renter, the fee included; the decision keeps the forecast that justified it (decision 031).
     * `invalid-transition` ("weather-safe") when the forecast does not make it unsafe now.
     */
    async cancelForWeather(id: string, uid: string, role: "renter" | "owner") {
      const booking = await mine(id, uid, role);
      const evidence = await unsafeNow(booking);
      return transition(id, { by: role, uid }, "cancel", { weather: evidence });
    },

    /**
     * Moves a confirmed trip the forecast makes unsafe to other days (as many, the same half day),
     * at the same price, by either side: one transaction claims the new days and lets the old go.
     * `taken` when a new day is held; `invalid` naming `start` for a day that cannot be booked.
     */
    async moveForWeather(id: string, uid: string, role: "renter" | "owner", newStart: string) {
      const booking = await mine(id, uid, role);
      if (!isIsoDate(newStart)) throw new BookingError("invalid", "start", "format");
      const current = today(now());
      if (newStart <= current) throw new BookingError("invalid", "start", "past");
      if (daysBetween(current, newStart) > MAX_DAYS_AHEAD) throw new BookingError("invalid", "start", "too-far");
      if (newStart === booking.start) throw new BookingError("invalid", "start", "same-day");
      const evidence = await unsafeNow(booking);
      const listing = await listings.get(booking.listingId);
      if (!listing) throw new BookingError("not-bookable", "listing", "unavailable");
      const newEnd = addDays(newStart, daysBetween(booking.start, booking.end));
      const slotIds = slotIdsFor(listing, newStart, newEnd, booking.part);
      const at = now().toISOString();
      let moved: Booking;
      try {
        moved = await store.runTransaction(async (tx) => {
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
      changed(listing);
      await notify("moved", moved, role);
      return moved;
    },

    /**
     * The owner's meeting point and time for one booking (null or empty fields: the listing's
     * default). The fields come validated (`meetingSchema`); `not-found` for anyone but the
     * listing's owner, `invalid-transition` once the booking is over or no longer holds its days.
     */
    async setMeeting(id: string, ownerUid: string, meeting: { place: string | null; time: string | null } | null): Promise<Booking> {
      const booking = await read(id);
      if (!booking || booking.ownerUid !== ownerUid) throw new BookingError("not-found");
      if (!HOLDING.includes(booking.status)) throw new BookingError("invalid-transition");
      const place = meeting?.place?.trim() || null;
      const time = meeting?.time?.trim() || null;
      const value = place === null && time === null ? null : { place, time };
      const updatedAt = now().toISOString();
      await store.update(BOOKINGS, id, { meeting: value, updatedAt });
      return { ...booking, meeting: value, updatedAt };
    },

    /**
     * Stores a reference on every booking stored without one (`reference.ts`): the derived
     * candidate first (what the pages already showed), another on a collision. Idempotent;
     * returns how many it stored.
     */
    async backfillReferences(): Promise<number> {
      // Done once per store, not once per server start: new bookings get theirs when created.
      if (await store.get(MIGRATIONS, REFERENCES_BACKFILLED)) return 0;
      let stored = 0;
      let after: readonly unknown[] | undefined;
      for (;;) {
        const query = { collection: BOOKINGS, orderBy: [["createdAt", "asc"]] as const, limit: 300 };
        const page = await store.query<Booking>({ ...query, ...(after ? { startAfter: after } : {}) });
        for (const doc of page) {
          if (doc.reference) continue;
          for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
            const reference = referenceCandidate(doc.id, attempt);
            const done = await store.runTransaction(async (tx) => {
              const [current, claimed] = await Promise.all([tx.get<Booking>(BOOKINGS, doc.id), tx.get(REFERENCES, reference)]);
              if (!current || current.reference) return true;
              if (claimed) return false;
              tx.create(REFERENCES, reference, { bookingId: doc.id });
              tx.update(BOOKINGS, doc.id, { reference });
              return true;
            });
            if (done) {
              stored++;
              break;
            }
          }
        }
        if (page.length < 300) {
          await store.set(MIGRATIONS, REFERENCES_BACKFILLED, { at: now().toISOString(), stored });
          return stored;
        }
        after = cursorAfter(query, page.at(-1)!);
      }
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
     * Whether the two people may see each other's contact details in their messages (decision
     * record 026): they have a booking between them (either renting from the other) that is
     * confirmed (or completed) and can no longer be cancelled for free — its policy's last
     * full-refund deadline has passed (`strict` has none: its first deadline) — or whose trip
     * begins within 7 days. A cancelled booking shows nothing, so booking and cancelling at once
     * buys nothing. `at` is the moment asked about (now by default).
     */
    async contactAllowedBetween(a: string, b: string, at: Date = now()): Promise<boolean> {
      const between = (renter: string, owner: string) =>
        store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renter], ["ownerUid", "==", owner]], limit: 100 });
      const bookings = (await Promise.all([between(a, b), between(b, a)])).flat();
      return bookings.some((booking) => {
        if (booking.status !== "confirmed" && booking.status !== "completed") return false;
        const deadlines = policyDeadlines(booking.cancellationPolicy, booking.startsAt);
        const free = deadlines.filter((deadline) => deadline.percent === 100).at(-1) ?? deadlines[0];
        const weekBefore = Date.parse(booking.startsAt) - 7 * 86_400_000;
        const from = Math.min(free ? Date.parse(free.until) : Date.parse(booking.startsAt), weekBefore);
        return at.getTime() >= from;
      });
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

    /**
     * Makes the slots an imported calendar (`ref`) holds on the listing from `from` on exactly
     * `wanted` (slot ids from `slotIdsFor`): wanted slots that are free are claimed through the same
     * claim as bookings and blocks (kind `block`, so they read as the owner's own days), slots it
     * holds that are no longer wanted are freed, and wanted slots held by a booking or request are
     * left to it and returned as conflicts (an import never cancels nor overrides a booking).
     * Slots held by another block or import stay as they are. Runs in chunks of at most 200
     * slots per transaction (Firestore writes at most 500 documents in one).
     */
    async holdImported(listing: Pick<Listing, "id" | "kind">, ref: string, wanted: readonly string[], from: string): Promise<{ held: string[]; conflicts: Array<{ slotId: string; bookingId: string }> }> {
      const wantedSet = new Set(wanted);
      const current = await store.query<Slot>({
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
        const chunk = toFree.slice(i, i + CHUNK);
        await store.runTransaction(async (tx) => {
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
        const chunk = toClaim.slice(i, i + CHUNK);
        // A booking may take a slot between the read and the claim: read again and retry.
        for (let attempt = 0; ; attempt++) {
          const docs = await store.getMany<Slot>(SLOTS, chunk);
          const free = chunk.filter((_, n) => docs[n] === null);
          const chunkConflicts: typeof conflicts = [];
          const chunkHeld: string[] = [];
          docs.forEach((doc, n) => {
            if (doc && doc.ref === ref) chunkHeld.push(chunk[n]);
            else if (doc && doc.kind === "booking") chunkConflicts.push({ slotId: chunk[n], bookingId: doc.ref });
          });
          try {
            if (free.length > 0) await claim(free, listing.id, "block", ref, () => undefined);
            held.push(...chunkHeld, ...free);
            conflicts.push(...chunkConflicts);
            break;
          } catch (error) {
            if (!(error instanceof BookingError && error.code === "taken") || attempt >= 3) throw error;
          }
        }
      }
      if (toFree.length > 0 || toClaim.length > 0) changed(listing);
      return { held, conflicts };
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
    async applyDue(): Promise<{ expired: number; completed: number; money: number }> {
      const at = now().toISOString();
      const [pending, checkouts, finished, moneyDue, retries] = await Promise.all([
        store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "pending"], ["expiresAt", "<=", at]], limit: 200 }),
        store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "awaiting-payment"], ["expiresAt", "<=", at]], limit: 200 }),
        store.query<Booking>({ collection: BOOKINGS, where: [["status", "==", "confirmed"], ["endsAt", "<=", at]], limit: 200 }),
        store.query<Booking>({ collection: BOOKINGS, where: [["moneyDueAt", "<=", at]], limit: 200 }),
        store.query<Booking>({ collection: BOOKINGS, where: [["opsPending", "==", true]], limit: 200 }),
      ]);
      let expired = 0;
      let completed = 0;
      let money = 0;
      for (const doc of [...pending, ...checkouts]) {
        const result = await transition(doc.id, { by: "system", uid: null }, "expire").catch(() => null);
        if (result?.changed) expired++;
      }
      for (const doc of finished) {
        const result = await transition(doc.id, { by: "system", uid: null }, "complete").catch(() => null);
        if (result?.changed) completed++;
      }
      for (const doc of moneyDue) {
        const result = await moneyStep(doc.id, (b) => ledger.dueSteps(b.money, at, { endsAt: b.endsAt })).catch((error: unknown) => {
          console.error(`[payments] booking ${doc.id}: applying what is due failed:`, error);
          return null;
        });
        if (result) money++;
      }
      for (const doc of retries) await runMoney(doc);
      return { expired, completed, money };
    },

    /**
     * The owner claims the deposit (within DEPOSIT_CLAIM_HOURS of the end): it stays held until
     * the claim is settled. `invalid-transition` outside the window or without a held deposit.
     */
    async claimDeposit(id: string, ownerUid: string): Promise<Booking> {
      const booking = await read(id);
      if (!booking || booking.ownerUid !== ownerUid) throw new BookingError("not-found");
      const at = now().toISOString();
      const windowEnd = new Date(Date.parse(booking.endsAt) + ledger.DEPOSIT_CLAIM_HOURS * 3_600_000).toISOString();
      if (booking.status !== "completed" || at > windowEnd) throw new BookingError("invalid-transition", null, "claim-window");
      const result = await moneyStep(id, (b) => (["authorised", "direct"].includes(ledger.lineOf(b.money, "deposit")?.state ?? "") ? ["dispute-deposit"] : []));
      if (!result) throw new BookingError("invalid-transition", null, "no-deposit");
      await notify("deposit-claimed", result, "owner");
      return result;
    },

    /** A claim decided (by the team, or agreed): `claimedCents` to the owner, the rest released. */
    async settleDeposit(id: string, claimedCents: number): Promise<Booking> {
      if (!Number.isInteger(claimedCents) || claimedCents < 0) throw new BookingError("invalid", "listing", "amount");
      const result = await moneyStep(id, (b) => (ledger.lineOf(b.money, "deposit")?.state === "disputed" ? [{ settle: claimedCents }] : []));
      if (!result) throw new BookingError("invalid-transition", null, "no-claim");
      await notify("deposit-settled", result, "system");
      return result;
    },

    /** The deposit goes back now (a clean check-out, or the owner lets it go). */
    async releaseDeposit(id: string, ownerUid: string): Promise<Booking> {
      const booking = await read(id);
      if (!booking || booking.ownerUid !== ownerUid) throw new BookingError("not-found");
      // "disputed": the owner withdraws a claim (deposits feature), which lets the whole deposit go.
      const result = await moneyStep(id, (b) => (["authorised", "direct", "scheduled", "disputed"].includes(ledger.lineOf(b.money, "deposit")?.state ?? "") ? ["release-deposit"] : []));
      if (!result) throw new BookingError("invalid-transition", null, "no-deposit");
      await notify("deposit-released", result, "owner");
      return result;
    },
  };

  /**
   * Applies money steps to one booking in a transaction (the steps are read from the booking as
   * it is in that transaction), then makes the provider calls. Null when there was nothing to do.
   */
  async function moneyStep(id: string, stepsOf: (booking: Booking) => Array<"hold-deposit" | "release-deposit" | "pay-out" | "dispute-deposit" | { settle: number }>): Promise<Booking | null> {
    const at = now().toISOString();
    const written = await store.runTransaction(async (tx) => {
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
        else money = ledger.settleDeposit(money, step.settle, at);
      }
      const fields = moneyFields(money, doc.endsAt);
      tx.update(BOOKINGS, id, { ...fields, updatedAt: at });
      return { ...doc, ...fields, updatedAt: at, id } as Booking;
    });
    return written ? runMoney(written) : null;
  }
}

export type BookingsService = ReturnType<typeof createBookingsService>;
