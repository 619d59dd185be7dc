import ical, { ICalEventStatus } from "ical-generator";
import { addDays, calendarSequence, momentOf, weatherMoves, type Booking } from "#app/features/bookings/.server";
import type { Listing } from "#app/features/listings/.server";
import type { UserProfile } from "#app/features/profiles/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import type { Lang } from "#app/i18n";
import type { MeetingView, TripView } from "#app/features/bookings/view";
import { href } from "#app/utils/href";
import { icalText } from "#app/utils/text";

/**
 * What a trip's page adds to the booking (issue 24): its short reference, the meeting point and
 * time (the owner's word for this booking, else the boat's default), the other person's phone
 * once contact details may show (decision 026: `bookings.contactAllowedBetween`, not decided
 * again here), the booking's invoices this person may read, the trip's `.ics` and the next step.
 */
/** The listing's default meeting point and time (boats; berths have their port and berth number). */
export function listingMeeting(listing: Listing | null): { place: string | null; time: string | null } {
  if (!listing || listing.kind !== "boat") return { place: null, time: null };
  return { place: listing.data.meetingPoint ?? null, time: listing.data.meetingTime ?? null };
}

/** Where and when the trip starts: the booking's own, else the listing's, else nothing. */
export function meetingOf(booking: Pick<Booking, "meeting">, listing: Listing | null): MeetingView | null {
  const own = booking.meeting;
  if (own && (own.place || own.time)) return { place: own.place, time: own.time, source: "booking" };
  const fallback = listingMeeting(listing);
  return fallback.place || fallback.time ? { ...fallback, source: "listing" } : null;
}

/** Whether the trip still lies ahead or is under way (what a calendar or a meeting point is for). */
function holdsDays(booking: Booking): boolean {
  return booking.status === "confirmed" || booking.status === "pending" || booking.status === "awaiting-payment" || booking.status === "completed";
}

/** `listing` and `other` (the other side's profile) are read once by the booking page and shared. */
export async function tripView(
  ctx: RequestContext,
  booking: Booking,
  side: "renter" | "owner",
  uid: string,
  read: { listing: Listing | null; other: UserProfile | null },
): Promise<TripView> {
  const { services } = ctx;
  const { listing, other } = read;
  const [allowed, invoices, waiting] = await Promise.all([
    services.bookings.contactAllowedBetween(booking.renterUid, booking.ownerUid),
    services.invoices.forBooking(booking.id, weatherMoves(booking).length),
    side === "renter" && booking.status === "completed" ? services.reviews.waiting(uid) : Promise.resolve([]),
  ]);
  const phone = other ? (other.phone ?? other.lessor?.phone ?? other.company?.phone ?? null) : null;
  return {
    reference: booking.reference,
    meeting: holdsDays(booking) ? meetingOf(booking, listing) : null,
    contact: allowed && phone ? { phone } : null,
    invoices: invoices.filter((invoice) => invoice.partyUids.includes(uid)).map((invoice) => ({ id: invoice.id, number: `${invoice.series}-${invoice.number}`, kind: invoice.kind })),
    calendarHref: holdsDays(booking) && booking.status !== "completed" ? href("trip-calendar", { params: { file: `${booking.id}.ics` }, search: { lang: ctx.lang } }) : null,
    reviewHref: waiting.some((trip) => trip.id === booking.id) ? href("settings-reviews", { hash: `trip-${booking.id}` }) : null,
  };
}

/**
 * The trip as one calendar event (RFC 5545): all day over its days, or from the meeting time in
 * Madrid when one is set (written in UTC, so no time-zone definition is needed); the meeting point
 * as its location, the reference in its title, the trip's page as its address; its revision
 * (`SEQUENCE`) and last change (`LAST-MODIFIED`, `DTSTAMP`) so a calendar that has it updates it.
 */
export function tripCalendar(input: { booking: Booking; title: string; meeting: MeetingView | null; lang: Lang; origin: string; role: "renter" | "owner" | "admin"; summary: string; description: string }): string {
  const { booking, meeting, lang } = input;
  const calendar = ical({ name: icalText(`Amarre · ${input.title}`), prodId: { company: "Amarre", product: "Trip", language: lang.toUpperCase() } });
  calendar.x([{ key: "X-WR-TIMEZONE", value: "Europe/Madrid" }]);
  const page = input.role === "owner" ? "settings-rental" : "settings-reservation";
  const timed = meeting?.time ? momentOf(booking.start, meeting.time) : null;
  calendar.createEvent({
    id: `trip-${booking.id}@amarre`,
    ...(timed && timed.toISOString() < booking.endsAt
      ? { start: timed, end: new Date(booking.endsAt), allDay: false }
      : { start: new Date(`${booking.start}T12:00:00Z`), end: new Date(`${addDays(booking.end, 1)}T12:00:00Z`), allDay: true }),
    summary: input.summary,
    description: input.description,
    location: meeting?.place ?? null,
    status: booking.status === "confirmed" || booking.status === "completed" ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    url: input.role === "admin" ? null : input.origin + href(page, { lang, params: { id: booking.id } }),
    // A moved trip or a new meeting time is a new revision of the same event: calendars update it.
    sequence: calendarSequence(booking),
    stamp: new Date(booking.updatedAt),
    lastModified: new Date(booking.updatedAt),
  });
  return calendar.toString();
}
