import type { LoaderFunctionArgs } from "@remix-run/node";
import { isBookingId } from "#app/features/bookings/.server";
import { getFixedT } from "#app/.server/i18n";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound } from "#app/.server/http/responses";
import { isLang } from "#app/i18n";
import { meetingOf, tripCalendar } from "#app/features/bookings/routes/trip.server";

/**
 * GET /resources/trip/{bookingId}.ics — one trip as a calendar event, to add to the person's own
 * calendar: for the booking's renter, the listing's owner and the team only; anyone else, signed
 * out or not, gets the same plain 404 as a booking that does not exist. In the page's language
 * (`?lang=`), never cached by anyone else.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const asked = ctx.url.searchParams.get("lang");
  const lang = isLang(asked) ? asked : "es";
  const t = getFixedT(lang, "bookings");
  const file = args.params.file ?? "";
  const id = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  if (!isBookingId(id)) return plainNotFound();
  const user = await ctx.getUser();
  if (!user) return plainNotFound();
  const found = await ctx.services.bookings.getAs(id, { uid: user.uid, admin: user.role === "admin" });
  if (!found) return plainNotFound();
  const { booking, role } = found;
  const listing = await ctx.services.listings.get(booking.listingId);
  const title = await ctx.services.listings.titleOf(listing, lang);
  const meeting = meetingOf(booking, listing);
  const body = tripCalendar({
    booking,
    title,
    meeting,
    lang,
    origin: ctx.origin,
    role,
    summary: t("trip.calendar.summary", { title, reference: booking.reference }),
    description: [
      t("trip.reference", { reference: booking.reference }),
      meeting?.place ? t("trip.meeting.placeLine", { place: meeting.place }) : null,
      meeting?.time ? t("trip.meeting.timeLine", { time: meeting.time }) : null,
    ]
      .filter(Boolean)
      .join("\n"),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="amarre-${booking.reference}.ics"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
