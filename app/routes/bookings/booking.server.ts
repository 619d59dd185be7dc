import { addDays, daysBetween, isBookingError, today, type Booking, type BookingChoice, type BookingError, type Quote, type RefundQuote } from "#app/.server/domain/bookings";
import type { Listing } from "#app/.server/domain/listings";
import type { DomainServices } from "#app/.server/services";
import { listingCards } from "#app/.server/listing-cards";
import type { RequestContext } from "#app/.server/http/request-context";
import type { ListingCardView } from "#app/utils/listings/view";
import type { BookingView, ChoiceFields, QuoteView } from "#app/utils/bookings";
import { href } from "#app/utils/href";
import { chatIdFor, isChatError } from "#app/.server/domain/chats";
import { MAX_MESSAGE } from "#app/utils/chats";
import { monthsOf, type CalendarMonth } from "#app/components/availability-calendar";
import { boatTariff, dockTariff } from "#app/utils/pricing";

/**
 * What the booking pages share on the server: reading a choice from a query or a form, the
 * translated refusal of a `BookingError` with its status, and the views the pages render.
 */

/** The choice as the rent page's form sends it (GET) and the summary's confirmation (POST) repeats it. */
export function readChoice(source: URLSearchParams | FormData): { listingId: string; choice: BookingChoice; fields: ChoiceFields } {
  const text = (name: string, max: number) => {
    const value = source.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const fields: ChoiceFields = {
    listing: text("listing", 128),
    start: text("start", 10),
    end: text("end", 10),
    part: text("part", 2),
    people: text("people", 3),
    skipper: text("skipper", 2),
  };
  const people = /^\d{1,3}$/.test(fields.people) ? Number(fields.people) : null;
  return {
    listingId: fields.listing,
    fields,
    choice: {
      start: fields.start,
      end: fields.end || fields.start,
      part: fields.part === "am" || fields.part === "pm" ? fields.part : null,
      people,
      withSkipper: fields.skipper === "on",
    },
  };
}

export type Refusal = { status: 400 | 404 | 409; field: string | null; message: string };

/** A `BookingError` as the page says it: 409 for taken days or a state that moved, 400 for the rest. */
export function refusalOf(error: BookingError, t: RequestContext["t"]): Refusal {
  switch (error.code) {
    case "taken":
      return { status: 409, field: null, message: t("bookings:errors.taken") };
    case "invalid-transition":
      return { status: 409, field: null, message: t(`bookings:errors.transition.${["expired", "started"].includes(error.reason) ? error.reason : "other"}`) };
    case "not-found":
      return { status: 404, field: null, message: t("bookings:errors.notFound") };
    case "not-bookable":
      return { status: 400, field: null, message: t(`bookings:errors.listing.${error.reason}`) };
    case "invalid":
      return { status: 400, field: error.field, message: t(`bookings:errors.${error.field}.${error.reason}`) };
  }
}

export function asRefusal(error: unknown, t: RequestContext["t"]): Refusal {
  if (isBookingError(error)) return refusalOf(error, t);
  throw error;
}

/** The cards of the listings behind some bookings, by id (a listing since deleted has none). */
export async function cardsFor(services: DomainServices, listingIds: readonly string[]): Promise<Map<string, ListingCardView>> {
  const listings = (await services.listings.getMany([...new Set(listingIds)])).filter((listing): listing is Listing => listing !== null);
  const cards = await listingCards(services, listings);
  return new Map(cards.map((card) => [card.id, card]));
}

export function quoteView(quote: Quote): QuoteView {
  return {
    listingId: quote.listing.id,
    kind: quote.listing.kind,
    start: quote.start,
    end: quote.end,
    part: quote.part,
    days: quote.days,
    people: quote.people,
    withSkipper: quote.withSkipper,
    instant: quote.instant,
    cancellationPolicy: quote.cancellationPolicy,
    price: quote.price,
    startsAt: quote.startsAt,
    deadlines: quote.deadlines,
  };
}

/** A booking as its two sides see it (never the other side's contact details). */
export function bookingView(booking: Booking, refund: RefundQuote | null): BookingView {
  return {
    id: booking.id,
    listingId: booking.listingId,
    kind: booking.listingKind,
    status: booking.status,
    start: booking.start,
    end: booking.end,
    part: booking.part,
    days: booking.days,
    people: booking.people,
    withSkipper: booking.withSkipper,
    instant: booking.instant,
    cancellationPolicy: booking.cancellationPolicy,
    price: booking.price,
    startsAt: booking.startsAt,
    expiresAt: booking.expiresAt,
    payment: { status: booking.payment.status, paidCents: booking.payment.paidCents, refundedCents: booking.payment.refundedCents },
    cancellation: booking.cancellation,
    history: booking.history.map(({ at, by, action, to }) => ({ at, by, action, to })),
    createdAt: booking.createdAt,
    refund,
  };
}

// ---------------------------------------------------------------------------------------------
// The settings pages of both sides: /ajustes/mis-reservas (renter) and
// /ajustes/gestion-de-alquileres (owner), lists and one booking each.

export type Side = "renter" | "owner";
export type PersonView = { displayName: string; slug: string };

const pageOf = { renter: "settings-reservation", owner: "settings-rental" } as const;

/** The side's bookings in groups, with each listing's card and the other side's public name. */
export async function loadBookingList(ctx: RequestContext, side: Side, uid: string) {
  const { bookings, users } = ctx.services;
  const list = side === "renter" ? await bookings.listForRenter(uid) : await bookings.listForOwner(uid);
  const [cards, people] = await Promise.all([
    cardsFor(ctx.services, list.map((b) => b.listingId)),
    users.getMany(list.map((b) => (side === "renter" ? b.ownerUid : b.renterUid))),
  ]);
  const now = new Date().toISOString();
  const groupOf = (b: Booking) =>
    b.status === "pending" ? "pending" : b.status === "confirmed" ? (b.endsAt > now ? "upcoming" : "past") : b.status === "completed" ? "past" : "closed";
  const rows = list.map((b) => {
    const other = people.get(side === "renter" ? b.ownerUid : b.renterUid);
    return {
      id: b.id,
      group: groupOf(b),
      status: b.status,
      start: b.start,
      end: b.end,
      part: b.part,
      days: b.days,
      expiresAt: b.expiresAt,
      amountCents: side === "renter" ? b.price.totalCents : b.price.ownerCents,
      card: cards.get(b.listingId) ?? null,
      other: other ? ({ displayName: other.displayName, slug: other.slug } satisfies PersonView) : null,
    };
  });
  // Upcoming and pending soonest first; the rest newest first (as read).
  const soonest = (a: (typeof rows)[number], b: (typeof rows)[number]) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0);
  return {
    pending: rows.filter((r) => r.group === "pending").sort(soonest),
    upcoming: rows.filter((r) => r.group === "upcoming").sort(soonest),
    past: rows.filter((r) => r.group === "past"),
    closed: rows.filter((r) => r.group === "closed"),
  };
}

/** What this side may do with the booking now. */
export function actionsFor(booking: Booking, side: Side, now = new Date()): Array<"accept" | "decline" | "cancel"> {
  const started = booking.startsAt <= now.toISOString();
  if (booking.status === "pending") return side === "owner" ? ["accept", "decline"] : ["cancel"];
  if (booking.status === "confirmed" && !started) return ["cancel"];
  return [];
}

/**
 * One booking for one side: 404 for anyone but its renter and the listing's owner; the other
 * side is sent to their own page for it.
 */
export async function loadBookingDetail(ctx: RequestContext, side: Side, uid: string, id: string) {
  const found = await ctx.services.bookings.getFor(id, uid);
  if (!found) return { kind: "not-found" as const };
  if (found.role !== side) return { kind: "elsewhere" as const, to: href(pageOf[found.role], { lang: ctx.lang, params: { id } }) };
  const { booking } = found;
  const actions = actionsFor(booking, side);
  const [cards, people] = await Promise.all([
    cardsFor(ctx.services, [booking.listingId]),
    ctx.services.users.getMany([side === "renter" ? booking.ownerUid : booking.renterUid]),
  ]);
  const other = people.get(side === "renter" ? booking.ownerUid : booking.renterUid);
  // The two people's conversation about the listing: a link once it exists, a form to start it before.
  const chatId = chatIdFor(booking.listingId, booking.renterUid, booking.ownerUid);
  const chatOpen = (await ctx.services.chats.member(uid, chatId)) !== null;
  return {
    kind: "found" as const,
    chat: { id: chatId, open: chatOpen },
    booking: bookingView(booking, actions.includes("cancel") ? ctx.services.bookings.refundPreview(booking, side) : null),
    actions,
    card: cards.get(booking.listingId) ?? null,
    other: other ? ({ displayName: other.displayName, slug: other.slug } satisfies PersonView) : null,
  };
}

const intents = ["accept", "decline", "cancel"] as const;

/** The POST buttons of a booking's page (`intent`): 303 back to the page, or the refusal. */
export async function bookingAction(ctx: RequestContext, side: Side, id: string) {
  const user = await ctx.requireUser({ checkRevoked: true });
  const form = await ctx.formData();
  const intent = form.get("intent");
  const allowed: readonly string[] = side === "owner" ? intents : ["cancel"];
  if (intent === "message") return messageAbout(ctx, side, user.uid, id, form.get("message"));
  if (typeof intent !== "string" || !allowed.includes(intent)) {
    return { kind: "refused" as const, refusal: { status: 400, field: null, message: ctx.t("bookings:errors.unknownAction") } as Refusal };
  }
  try {
    await ctx.services.bookings.act(id, user.uid, side, intent as (typeof intents)[number]);
  } catch (error) {
    return { kind: "refused" as const, refusal: asRefusal(error, ctx.t) };
  }
  return { kind: "done" as const, to: `${href(pageOf[side], { lang: ctx.lang, params: { id } })}?done=${intent}` };
}

/** A message to the other side of the booking: opens or continues their conversation about the listing. */
async function messageAbout(ctx: RequestContext, side: Side, uid: string, id: string, text: FormDataEntryValue | null) {
  const found = await ctx.services.bookings.getFor(id, uid);
  if (!found || found.role !== side) return { kind: "refused" as const, refusal: { status: 404, field: null, message: ctx.t("bookings:errors.notFound") } as Refusal };
  const { booking } = found;
  const chatsT = ctx.tFor("chats");
  try {
    const { chatId } = await ctx.services.chats.start(uid, { listingId: booking.listingId, to: side === "renter" ? booking.ownerUid : booking.renterUid, text: typeof text === "string" ? text : "" });
    return { kind: "done" as const, to: href("chat", { lang: ctx.lang, params: { chatId }, hash: "responder" }) };
  } catch (error) {
    if (!isChatError(error) || error.code !== "invalid") throw error;
    const message = typeof text === "string" && text.trim() !== "" ? chatsT("errors.tooLong", { max: MAX_MESSAGE }) : chatsT("errors.empty");
    return { kind: "refused" as const, refusal: { status: 400, field: "message", message } as Refusal };
  }
}

/** The held days of each month: a whole day, or only its morning or afternoon. */
export function calendarOf(months: ReadonlyArray<{ month: string; start: string; end: string }>, slots: Array<{ date: string; part: "am" | "pm" | null }>): CalendarMonth[] {
  const held = new Map<string, Set<string>>();
  for (const slot of slots) {
    const parts = held.get(slot.date) ?? new Set<string>();
    parts.add(slot.part ?? "day");
    held.set(slot.date, parts);
  }
  return months.map((month) => ({
    ...month,
    taken: Object.fromEntries(
      [...held].filter(([date]) => date >= month.start && date <= month.end).map(([date, parts]) => [date, parts.has("day") || (parts.has("am") && parts.has("pm")) ? "day" : parts.has("am") ? "am" : "pm"]),
    ),
  }));
}

// ---------------------------------------------------------------------------------------------
// The dashboard's figures.

/** The owner's figures and the renter's next trips, for /ajustes/dashboard. */
export async function dashboardFigures(ctx: RequestContext, uid: string, now = new Date()) {
  const { bookings, listings } = ctx.services;
  const [asOwner, asRenter, owned] = await Promise.all([bookings.listForOwner(uid), bookings.listForRenter(uid), listings.listByOwner(uid)]);
  const first = today(now);
  const month = first.slice(0, 7);
  const year = first.slice(0, 4);
  /** What the owner keeps of a booking: the rental and skipper, less what a renter's cancellation refunded. */
  const earned = (b: Booking) =>
    b.status === "confirmed" || b.status === "completed" ? b.price.ownerCents : b.status === "cancelled" && b.cancellation?.by === "renter" ? b.price.ownerCents - b.cancellation.refundCents : 0;
  const sum = (list: Booking[]) => list.reduce((total, b) => total + earned(b), 0);
  const bookable = owned.filter((l) => l.status === "published" && (l.kind === "boat" || l.data.kind === "rent"));
  // Occupancy: booked days of the next 30 over every bookable listing's 30 (a half day counts half).
  const horizon = addDays(first, 29);
  let bookedDays = 0;
  for (const b of asOwner) {
    if (b.status !== "confirmed" || b.end < first || b.start > horizon) continue;
    const from = b.start < first ? first : b.start;
    const to = b.end > horizon ? horizon : b.end;
    bookedDays += b.part ? 0.5 : daysBetween(from, to) + 1;
  }
  const upcomingTrips = asRenter.filter((b) => b.status === "confirmed" && b.end >= first).sort((a, b) => (a.start < b.start ? -1 : 1));
  const cards = await cardsFor(ctx.services, upcomingTrips.slice(0, 3).map((b) => b.listingId));
  return {
    owner:
      bookable.length > 0 || asOwner.length > 0
        ? {
            upcoming: asOwner.filter((b) => b.status === "confirmed" && b.end >= first).length,
            pending: asOwner.filter((b) => b.status === "pending").length,
            earningsMonthCents: sum(asOwner.filter((b) => b.start.startsWith(month))),
            earningsYearCents: sum(asOwner.filter((b) => b.start.startsWith(year))),
            occupancyPercent: bookable.length === 0 ? 0 : Math.round((bookedDays / (bookable.length * 30)) * 100),
          }
        : null,
    trips: upcomingTrips.slice(0, 3).map((b) => ({ id: b.id, start: b.start, end: b.end, part: b.part, days: b.days, card: cards.get(b.listingId) ?? null })),
    tripCount: upcomingTrips.length,
  };
}

// ---------------------------------------------------------------------------------------------
// The listing pages' booking box: the coming months' held days and the tariff for the estimate.

export async function bookingBoxOf(ctx: RequestContext, listing: Listing) {
  if (listing.status !== "published" || (listing.kind === "dock" && listing.data.kind !== "rent")) return null;
  const first = today(new Date());
  const months = monthsOf(first, 3);
  const slots = await ctx.services.bookings.slots(listing.id, first, months[months.length - 1].end);
  const data = listing.data;
  return {
    today: first,
    calendar: calendarOf(months, slots),
    tariff:
      listing.kind === "boat"
        ? boatTariff({ ...listing.data, skipper: listing.data.skipper ?? null })
        : dockTariff(data as { dailyPriceCents?: number; monthlyPriceCents?: number }),
    capacity: listing.kind === "boat" ? (listing.data.capacity ?? 1) : null,
    instant: listing.kind === "boat" && listing.data.instantBooking === true,
  };
}
