/** Booking (instant listings) or requesting (the others) chosen days, and the provider's checkout that follows. */
import { newDocumentId } from "#app/.server/store";
import { serviceFeePercent } from "#app/features/bookings/pricing";
import { BOOKINGS, BookingError, CHECKOUT_MINUTES, MAX_PENDING_PER_LISTING, MAX_PENDING_REQUESTS, REQUEST_HOURS, type Booking } from "./model";
import { moneyFields } from "./money";
import { REFERENCE_ATTEMPTS, REFERENCES, referenceCandidate } from "./reference";
import { type BookingsContext, changed, notify } from "./context";
import { claim, slotIdsFor } from "./slots";
import type { BookingChoice, Quote } from "./service-types";
import { quote } from "./quote";
import { checkoutLines } from "./checkout-lines";
import { transition } from "./lifecycle";
import * as ledger from "./ledger";

/** The candidate reference belongs to another booking: the next one is tried. */
class ReferenceTaken extends Error {}

/** Renters' request markers: every request of a renter writes theirs, so two at once are serialised (no squatting). */
const RENTERS = "booking_renters";


/** A quote for the listing by id (the summary page). */
export async function quoteFor(ctx: BookingsContext, listingId: string, renterUid: string | null, choice: BookingChoice): Promise<Quote> {
  return quote(await ctx.listings.get(listingId), renterUid, choice, ctx.now(), serviceFeePercent(ctx.payments.charges));
}


/** The new booking as the quote makes it: awaiting its checkout, confirmed (instant) or pending (a request). */
function newBooking(ctx: BookingsContext, q: Quote, renter: { uid: string; lang: string }): Booking {
  const at = ctx.now();
  const iso = at.toISOString();
  const id = newDocumentId();
  const slotIds = slotIdsFor(q.listing, q.start, q.end, q.part);
  // A provider that charges holds the money first (its checkout); without one the booking stands at once.
  const checkout = ctx.payments.charges;
  const status = checkout ? "awaiting-payment" : q.instant ? "confirmed" : "pending";
  const expiresAt = checkout
    ? new Date(at.getTime() + CHECKOUT_MINUTES * 60_000).toISOString()
    : q.instant
      ? null
      : new Date(Math.min(at.getTime() + REQUEST_HOURS * 3_600_000, Date.parse(q.startsAt))).toISOString();
  const trip = { price: q.price, startsAt: q.startsAt, endsAt: q.endsAt };
  const money = checkout ? ledger.awaitCheckout(ledger.openMoney(ctx.payments.provider, true), trip, iso) : ledger.commit(ledger.openMoney(ctx.payments.provider, false), trip, q.instant, iso);
  return {
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
}

/**
 * Claims the days and writes the booking with the first free reference (`reference.ts`) in one
 * transaction; a request also checks the renter's open requests (no squatting).
 */
async function claimBooking(ctx: BookingsContext, q: Quote, booking: Booking, renterUid: string): Promise<void> {
  const { id, slotIds, createdAt: iso } = booking;
  // The reference: the first free candidate (`reference.ts`), claimed in the booking's transaction.
  for (let attempt = 0; ; attempt++) {
    booking.reference = referenceCandidate(id, attempt);
    const { id: _id, ...record } = booking;
    try {
      await claim(
        ctx.store,
        slotIds,
        q.listing.id,
        "booking",
        id,
        (tx) => {
          tx.create(BOOKINGS, id, record);
          tx.create(REFERENCES, booking.reference, { bookingId: id });
          if (!q.instant) tx.set(RENTERS, renterUid, { uid: renterUid, lastRequestAt: iso });
        },
        async (tx) => {
          if (await tx.get(REFERENCES, booking.reference)) throw new ReferenceTaken();
          if (q.instant) return;
          // No squatting: one pending request per listing, MAX_PENDING_REQUESTS at once. The marker
          // document each request writes makes two requests of one person at once run one after the other.
          await tx.get(RENTERS, renterUid);
          const open = (await tx.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renterUid], ["status", "in", ["pending", "awaiting-payment"]]], limit: 50 })).filter(
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
}

/**
 * Books (instant listings) or requests (the others) the chosen days for `renter`: the quote,
 * then one transaction claiming the days and writing the booking. `taken` when any of the
 * days is held; nothing is written then.
 */
export async function book(ctx: BookingsContext, renter: { uid: string; lang: string }, listingId: string, choice: BookingChoice): Promise<Booking> {
  const q = quote(await ctx.listings.get(listingId), renter.uid, choice, ctx.now(), serviceFeePercent(ctx.payments.charges));
  const booking = newBooking(ctx, q, renter);
  await claimBooking(ctx, q, booking, renter.uid);
  const checkout = ctx.payments.charges;
  changed(ctx, q.listing);
  if (!checkout) {
    await notify(ctx, q.instant ? "booked" : "requested", booking, "renter");
    return booking;
  }
  return startCheckout(ctx, booking);
}

/** Opens the provider's checkout for a booking awaiting payment; an immediate hold needs no redirect. */
export async function startCheckout(ctx: BookingsContext, booking: Booking): Promise<Booking> {
  const customer = await ctx.customerOf(booking.renterUid);
  const result = await ctx.payments.authorize({
    key: `${booking.id}:booking`,
    bookingId: booking.id,
    purpose: "booking",
    amountCents: booking.price.totalCents,
    customer,
    returnUrl: ctx.deps.returnUrl?.(booking) ?? "",
    // The rental and the service fee as two lines of the one checkout (decision 048).
    lines: await checkoutLines(booking, ctx.deps.listingTitle ?? (async () => "Amarre")),
  });
  if (result.kind === "redirect") {
    // The checkout's own reference until the payment exists (so an abandoned checkout can be let go),
    // and its expiry as the booking's: the days are held exactly as long as the checkout is open.
    // Its id stays on the booking for good: the provider's events about it must name it (money-ops.ts).
    const money = { ...booking.money, reference: result.reference, checkoutId: result.reference, checkout: { url: result.url, expiresAt: result.expiresAt } };
    const expiresAt = result.expiresAt > (booking.expiresAt ?? "") ? result.expiresAt : booking.expiresAt;
    await ctx.store.update(BOOKINGS, booking.id, { money, expiresAt });
    return { ...booking, money, expiresAt };
  }
  const done = await transition(ctx, booking.id, { by: "system", uid: null }, booking.instant ? "pay" : "authorise", { reference: result.reference });
  return done.booking;
}
