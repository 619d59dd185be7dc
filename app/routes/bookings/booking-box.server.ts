import { today } from "#app/.server/domain/bookings";
import type { Listing } from "#app/.server/domain/listings";
import type { RequestContext } from "#app/.server/http/request-context";
import { monthsOf, type CalendarMonth } from "#app/components/availability-calendar";
import { boatTariff, dockTariff } from "#app/utils/pricing";

/** The listing pages' booking box and the calendars: held days by month, the tariff for the estimate. */

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
