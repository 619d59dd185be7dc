import { actionsFor, bookingFigures, bookingMoney, canSetMeeting, type Booking, type RefundQuote } from "#app/features/bookings/.server";
import { chatIdFor, isChatError } from "#app/features/chats/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { cardsFor, cardsWithPeople } from "#app/features/listings/index.server";
import { asRefusal, type Refusal } from "#app/features/bookings/routes/choice.server";
import type { BookingView } from "#app/features/bookings/view";
import { MAX_MESSAGE } from "#app/features/chats";
import { weatherAction, weatherPanel, weatherRefusal } from "#app/features/weather/index.server";
import { HANDOVER_INTENTS, handoverAction, handoverPanel } from "#app/features/handover/index.server";
import { bookingLicenceView } from "#app/features/licences/index.server";
import { href } from "#app/utils/href";
import { parseForm, unknownIntent } from "#app/.server/http/form";
import { bookingFormSchema, type MeetingForm } from "../schemas.server";
import { tripView } from "#app/features/bookings/routes/trip.server";
import { type FlashNotice } from "#app/utils/notice";

/**
 * The settings pages of both sides' bookings: /ajustes/mis-reservas (renter) and
 * /ajustes/gestion-de-alquileres (owner), a list and one booking each. What the pages show of the
 * money comes from the booking's ledger: its lines (`bookingMoney`) and each party's figure
 * (`bookingFigures`, decision 048), never from the price alone.
 */
export type Side = "renter" | "owner";
export type PersonView = { displayName: string; slug: string };

const pageOf = { renter: "settings-reservation", owner: "settings-rental" } as const;

/** A booking as its two sides see it (never the other side's contact details). */
export function bookingView(booking: Booking, refund: RefundQuote | null): BookingView {
  return {
    id: booking.id,
    reference: booking.reference,
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
    money: bookingMoney(booking),
    figures: bookingFigures(booking),
    cancellation: booking.cancellation,
    declineReason: booking.declineReason ?? null,
    history: booking.history.map(({ at, by, action, to }) => ({ at, by, action, to })),
    createdAt: booking.createdAt,
    refund,
  };
}

/** The side's bookings in groups, with each listing's card and the other side's public name. */
export async function loadBookingList(ctx: RequestContext, side: Side, uid: string) {
  const { bookings } = ctx.services;
  const list = side === "renter" ? await bookings.listForRenter(uid) : await bookings.listForOwner(uid);
  // The other side's profiles in the same batch read as the cards' owners (for a renter, the same people).
  const { cards, people } = await cardsWithPeople(ctx.services, list.map((b) => b.listingId), list.map((b) => (side === "renter" ? b.ownerUid : b.renterUid)));
  const now = new Date().toISOString();
  const groupOf = (b: Booking) =>
    b.status === "pending" || b.status === "awaiting-payment" ? "pending" : b.status === "confirmed" ? (b.endsAt > now ? "upcoming" : "past") : b.status === "completed" ? "past" : "closed";
  const rows = list.map((b) => {
    const other = people.get(side === "renter" ? b.ownerUid : b.renterUid);
    const figures = bookingFigures(b);
    return {
      id: b.id,
      group: groupOf(b),
      status: b.status,
      start: b.start,
      end: b.end,
      part: b.part,
      days: b.days,
      expiresAt: b.expiresAt,
      // What this booking costs the renter (after refunds) or gives the owner (a request: would give), from the ledger.
      amountCents: side === "renter" ? figures.renterPaysCents : figures.ownerReceivesCents,
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

/** What an owner sees of a renter before answering: trips, reviews, cancellations (never the weather's), member since. */
async function renterRecord(ctx: RequestContext, renterUid: string) {
  const [standing, written, profile] = await Promise.all([
    ctx.services.bookings.renterRecord(renterUid),
    ctx.services.reviews.written(renterUid),
    ctx.services.users.get(renterUid),
  ]);
  return { memberSince: profile?.createdAt ?? null, completedTrips: standing.completedTrips, reviewsWritten: written.length, cancellations: standing.cancellations };
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
  const actions = actionsFor(booking, side, new Date());
  const otherUid = side === "renter" ? booking.ownerUid : booking.renterUid;
  // The two people's conversation about the listing: a link once it exists, a form to start it before.
  const chatId = chatIdFor(booking.listingId, booking.renterUid, booking.ownerUid);
  // The listing and the other side's profile, read once for the card, the trip and the weather.
  const [listing, people] = await Promise.all([ctx.services.listings.get(booking.listingId), ctx.services.users.getMany([otherUid])]);
  const other = people.get(otherUid);
  const [cards, chatMember, record, weather, trip, handover, licence] = await Promise.all([
    cardsFor(ctx.services, [booking.listingId]),
    ctx.services.chats.member(uid, chatId),
    side === "owner" && booking.status === "pending" ? renterRecord(ctx, booking.renterUid) : Promise.resolve(null),
    weatherPanel(ctx, booking, listing),
    tripView(ctx, booking, side, uid, { listing, other: other ?? null }),
    handoverPanel(ctx, booking, side, uid, listing),
    bookingLicenceView(ctx, booking.id, { uid }, booking.end),
  ]);
  return {
    kind: "found" as const,
    chat: { id: chatId, open: chatMember !== null },
    booking: bookingView(booking, actions.includes("cancel") ? ctx.services.bookings.refundPreview(booking, side) : null),
    actions,
    card: cards.get(booking.listingId) ?? null,
    other: other ? ({ displayName: other.displayName, slug: other.slug } satisfies PersonView) : null,
    renterRecord: record,
    weather,
    trip,
    /** Check-in and check-out (decision 032), when the trip has them or may have them now. */
    handover,
    /** The licence the renter gave with the booking (issue 49), for the owner to check. */
    licence,
    /** The owner may set this booking's meeting point and time while it holds its days. */
    canSetMeeting: side === "owner" && canSetMeeting(booking, new Date()),
  };
}

const intents = ["accept", "decline", "cancel"] as const;

/** The POST buttons of a booking's page (`intent`): 303 back to the page, or the refusal. */
export async function bookingAction(ctx: RequestContext, side: Side, id: string) {
  const user = await ctx.requireUser({ checkRevoked: true });
  const form = await ctx.formData();
  const parsed = parseForm(form, bookingFormSchema, ctx.t);
  const unknown = { kind: "refused" as const, refusal: { status: 400, field: null, message: ctx.t("bookings:errors.unknownAction") } as Refusal };
  const intent = parsed.ok ? parsed.value.intent : parsed.typed.intent;
  const allowed: readonly string[] = side === "owner" ? [...intents, "meeting"] : ["cancel"];
  if ((!parsed.ok && unknownIntent(parsed)) || intent === undefined) return unknown;
  const handoverIntent = HANDOVER_INTENTS.find((each) => each === intent);
  if (handoverIntent) return handoverAction(ctx, side, user.uid, id, handoverIntent, form, parsed);
  if (!parsed.ok) {
    // The meeting form says what was typed; the others have one field at most.
    const fields = parsed.fields;
    const [field, message] = Object.entries(fields)[0]!;
    const refusal = { status: 400, field, message, fields } as Refusal;
    // The weather forms show their refusal in the weather panel (`weatherRefusal`).
    if (intent === "weather-move" || intent === "weather-cancel") return { kind: "refused" as const, refusal: weatherRefusal(refusal, { intent, start: intent === "weather-move" ? (parsed.typed.start ?? "") : undefined }) };
    const values = intent === "meeting" ? { meetingPoint: parsed.typed.meetingPoint ?? "", meetingTime: parsed.typed.meetingTime ?? "" } : undefined;
    return { kind: "refused" as const, refusal: { ...refusal, ...(values ? { values } : {}) } };
  }
  const value = parsed.value;
  switch (value.intent) {
    case "message":
      return messageAbout(ctx, side, user.uid, id, value.message);
    case "weather-cancel":
    case "weather-move":
      return weatherAction(ctx, side, user.uid, id, value);
    case "meeting":
      return allowed.includes("meeting") ? setMeeting(ctx, user.uid, id, value) : unknown;
    case "accept":
    case "decline":
    case "cancel":
      if (!allowed.includes(value.intent)) return unknown;
      try {
        await ctx.services.bookings.act(id, user.uid, side, value.intent, { reason: value.reason });
      } catch (error) {
        return { kind: "refused" as const, refusal: asRefusal(error, ctx.t) };
      }
      return { kind: "done" as const, to: href(pageOf[side], { lang: ctx.lang, params: { id } }), notice: { key: `bookings:done.${value.intent}` } as FlashNotice | null };
    default:
      return unknown;
  }
}

/** A message to the other side of the booking: opens or continues their conversation about the listing. */
async function messageAbout(ctx: RequestContext, side: Side, uid: string, id: string, text: string) {
  const found = await ctx.services.bookings.getFor(id, uid);
  if (!found || found.role !== side) return { kind: "refused" as const, refusal: { status: 404, field: null, message: ctx.t("bookings:errors.notFound") } as Refusal };
  const { booking } = found;
  const chatsT = ctx.tFor("chats");
  try {
    const { chatId } = await ctx.services.chats.start(uid, { listingId: booking.listingId, to: side === "renter" ? booking.ownerUid : booking.renterUid, text });
    return { kind: "done" as const, to: href("chat", { lang: ctx.lang, params: { chatId }, hash: "responder" }), notice: null };
  } catch (error) {
    if (!isChatError(error) || error.code !== "invalid") throw error;
    const message = text.trim() !== "" ? chatsT("errors.tooLong", { max: MAX_MESSAGE }) : chatsT("errors.empty");
    return { kind: "refused" as const, refusal: { status: 400, field: "message", message } as Refusal };
  }
}


/**
 * The owner's meeting point and time for one booking (`intent=meeting`): validated like the
 * listing's default (`meetingShape`, in `bookingFormSchema`: a 400 with each field's message and
 * what was typed); empty fields go back to the listing's default.
 */
async function setMeeting(ctx: RequestContext, uid: string, id: string, meeting: MeetingForm) {
  try {
    await ctx.services.bookings.setMeeting(id, uid, { place: meeting.meetingPoint ?? null, time: meeting.meetingTime ?? null });
  } catch (error) {
    return { kind: "refused" as const, refusal: asRefusal(error, ctx.t) };
  }
  return { kind: "done" as const, to: href("settings-rental", { lang: ctx.lang, params: { id }, hash: "meeting-title" }), notice: { key: "bookings:done.meeting" } as FlashNotice };
}
