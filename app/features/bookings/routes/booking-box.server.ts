import { addDays, MAX_DAYS_AHEAD, today } from "#app/features/bookings/.server";
import type { Listing } from "#app/features/listings/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { monthsOf, type CalendarMonth, type CalendarPages, type CalendarWeather } from "#app/features/bookings/components/availability-calendar";
import { boatTariff, dockTariff, serviceFeePercent } from "#app/features/bookings/pricing";

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

/** How many months a calendar shows at once. */
export const CALENDAR_MONTHS = 3;
/** The query word of a calendar's first month (`?mes=2027-02`), in every language. */
export const MONTH_PARAM = "mes";

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

/**
 * The months a calendar shows: `count` from the month `requested` (`YYYY-MM`, the `mes`
 * parameter), kept between this month and the month of the booking horizon (`MAX_DAYS_AHEAD`
 * days from `first`, today): a month before is this month, a month after is the last window
 * that reaches the horizon, and anything that is not a month is this month — never an error.
 * `prev` and `next` are the months one step back and forward while there are any.
 */
export function calendarWindow(first: string, requested: string | null, count = CALENDAR_MONTHS): { months: ReturnType<typeof monthsOf>; pages: CalendarPages } {
  const current = first.slice(0, 7);
  const horizon = addDays(first, MAX_DAYS_AHEAD).slice(0, 7);
  const lastStart = shiftMonth(horizon, -(count - 1)) > current ? shiftMonth(horizon, -(count - 1)) : current;
  const asked = requested !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) ? requested : current;
  const start = asked < current ? current : asked > lastStart ? lastStart : asked;
  return {
    months: monthsOf(`${start}-01`, count),
    pages: { month: start, prev: start > current ? shiftMonth(start, -1) : null, next: start < lastStart ? shiftMonth(start, 1) : null },
  };
}

/** The held days of a listing from today to the end of the window a request asks for (`?mes=`). */
export async function calendarFor(ctx: RequestContext, listingId: string) {
  const first = today(new Date());
  const { months, pages } = calendarWindow(first, ctx.url.searchParams.get(MONTH_PARAM));
  const slots = await ctx.services.bookings.slots(listingId, first, months[months.length - 1].end);
  return { today: first, calendar: calendarOf(months, slots), pages, slots };
}

/** How long a listing page waits for the forecast before drawing its calendar without it. */
export const CALENDAR_WEATHER_WAIT_MS = 1_500;

/**
 * What a boat's calendar marks of the forecast (issue 44): the days the forecast makes unsafe for
 * its class, judged by the trip page's rule (`weather.outlook`), and the last day it reaches; null
 * when it says nothing (a berth, a listing without a point, a source that is down or slower than
 * `CALENDAR_WEATHER_WAIT_MS`: a listing page is not held by an outside service; the next one has it).
 */
export async function calendarWeather(ctx: RequestContext, listing: Listing): Promise<CalendarWeather | null> {
  const outlook = await ctx.services.weather.outlook(listing, { waitMs: CALENDAR_WEATHER_WAIT_MS });
  if (outlook?.status !== "forecast" || outlook.days.length === 0) return null;
  return { boatClass: outlook.boatClass, unsafe: outlook.days.filter((day) => day.unsafe).map((day) => day.date), through: outlook.days[outlook.days.length - 1]!.date };
}

export async function bookingBoxOf(ctx: RequestContext, listing: Listing) {
  if (listing.status !== "published" || (listing.kind === "dock" && listing.data.kind !== "rent")) return null;
  const [{ today: first, calendar, pages, slots }, weather] = await Promise.all([calendarFor(ctx, listing.id), calendarWeather(ctx, listing)]);
  const data = listing.data;
  // The estimate charges the fee the booking would (none without online payments, decision 048).
  const feePercent = serviceFeePercent(ctx.services.bookings.charges);
  return {
    today: first,
    calendar,
    pages,
    // Every held day up to the calendar's last month, for the estimate's warning (the calendar may show later months only).
    held: calendarOf([{ month: "", start: first, end: calendar[calendar.length - 1].end }], slots)[0].taken,
    tariff:
      listing.kind === "boat"
        ? boatTariff({ ...listing.data, skipper: listing.data.skipper ?? null }, feePercent, listing.pricing ?? null)
        : dockTariff(data as { dailyPriceCents?: number; monthlyPriceCents?: number }, feePercent),
    capacity: listing.kind === "boat" ? (listing.data.capacity ?? 1) : null,
    instant: listing.kind === "boat" && listing.data.instantBooking === true,
    weather,
  };
}
