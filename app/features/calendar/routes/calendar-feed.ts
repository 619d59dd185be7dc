import type { LoaderFunctionArgs } from "@remix-run/node";
import ical, { ICalEventStatus } from "ical-generator";
import { addDays, calendarSequence, type Booking } from "#app/features/bookings/.server";
import { exportedEventOf, timeZoneOf } from "#app/features/calendar/.server";
import { isListingId } from "#app/features/listings/.server";
import { getFixedT } from "#app/.server/i18n";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound } from "#app/.server/http/responses";
import { isLang } from "#app/i18n";
import { href } from "#app/utils/href";
import { icalText } from "#app/utils/text";

/**
 * GET /ical/{listingId}/{token}.ics — a listing's calendar for the owner's other calendars
 * (Google, Apple, Outlook, other marketplaces): its requests, confirmed bookings and blocked
 * days as all-day events, in the owner's language. The token is secret and rotatable from
 * /ajustes/mi-calendario; a wrong one is a plain 404 (nothing says the listing exists). No
 * names or contact details go out: an event links the booking's page, behind sign-in. Every text
 * is escaped by RFC 5545 (titles are also saved without control characters).
 */
/** Noon UTC of a calendar day: the same date wherever the file is read. */
function dateOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const listingId = args.params.listingId ?? "";
  const file = args.params.file ?? "";
  if (!isListingId(listingId) || !file.endsWith(".ics")) return plainNotFound();
  const feed = await ctx.services.bookings.feed(listingId, file.slice(0, -".ics".length));
  if (!feed) return plainNotFound();
  const owner = await ctx.services.users.get(feed.listing.ownerUid);
  const lang = isLang(owner?.lang) ? owner.lang : "es";
  const t = getFixedT(lang, "bookings");
  const title = feed.listing.kind === "boat" ? (feed.listing.data.title ?? "Amarre") : t("calendar.feed.berth");
  // ical-generator escapes an event's texts but writes the calendar's name as it is: a title with
  // a line break would start a property (or an event) of its own. Escaped here by RFC 5545.
  // No calendar time zone in ical-generator: with one it writes DTSTAMP in local time without
  // `Z` (RFC 5545 §3.8.7.2 wants UTC) and a non-standard TIMEZONE-ID. Events are all-day dates,
  // which need no zone; X-WR-TIMEZONE tells calendars the marketplace's zone for display.
  const calendar = ical({ name: icalText(`Amarre · ${title}`), prodId: { company: "Amarre", product: "Calendar", language: lang.toUpperCase() } });
  calendar.x([{ key: "X-WR-TIMEZONE", value: "Europe/Madrid" }]);
  const summaryOf = (booking: Booking) =>
    t(booking.status === "pending" ? "calendar.feed.request" : "calendar.feed.booking", { part: booking.part ? ` (${t(`parts.${booking.part}`)})` : "" });
  for (const booking of feed.bookings) {
    calendar.createEvent({
      id: `booking-${booking.id}@amarre`,
      start: dateOf(booking.start),
      end: dateOf(addDays(booking.end, 1)),
      allDay: true,
      summary: summaryOf(booking),
      status: booking.status === "pending" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      url: ctx.origin + href("settings-rental", { lang, params: { id: booking.id } }),
      // A trip moved for the weather is a new revision of the same event.
      sequence: calendarSequence(booking),
      stamp: new Date(booking.updatedAt),
      lastModified: new Date(booking.updatedAt),
    });
  }
  for (const block of feed.blocks) {
    calendar.createEvent({
      id: `block-${block.id}@amarre`,
      start: dateOf(block.start),
      end: dateOf(addDays(block.end, 1)),
      allDay: true,
      summary: t("calendar.feed.block"),
      status: ICalEventStatus.CONFIRMED,
      stamp: new Date(block.createdAt),
    });
  }
  // Other platforms' days imported here, only if the owner asked (decision 030: no loops).
  for (const event of await ctx.services.calendarSync.exportedEvents(listingId)) {
    calendar.createEvent({ ...exportedEventOf(event, t("calendar.feed.imported"), timeZoneOf(feed.listing)), status: ICalEventStatus.CONFIRMED });
  }
  return new Response(calendar.toString(), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="amarre-${listingId}.ics"`,
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
    },
  });
}
