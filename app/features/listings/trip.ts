/**
 * The trip a person is planning — the first and last day and how many people — as it travels
 * from the search (`from`, `to`, `people`) to a boat's page (the same names) and on to the rental
 * form (`start`, `end`, `people`, the booking engine's names). Client-safe and pure.
 */

export type Trip = { from: string | null; to: string | null; people: number | null };

export const NO_TRIP: Trip = { from: null, to: null, people: null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (not 2027-02-30). */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Days from `a` to `b` (ISO dates): 0 for the same day. */
export function daysFrom(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The trip a URL asks for, as far as it can be booked; whatever cannot is left out, never an
 * error: a first day that is not a date, is past or beyond `lastDay` drops both days; a last
 * day before the first or more than `maxDays` after it drops the last day (one day, then);
 * a number of people that is not a whole number from 1 to `capacity` drops the people.
 */
export function readTrip(
  params: URLSearchParams,
  bounds: { today: string; lastDay: string; maxDays: number; capacity: number | null },
  names: { from: string; to: string } = { from: "from", to: "to" },
): Trip {
  const fromText = params.get(names.from);
  const toText = params.get(names.to);
  const peopleText = params.get("people") ?? "";
  const from = isIsoDate(fromText) && fromText >= bounds.today && fromText <= bounds.lastDay ? fromText : null;
  const to = from !== null && isIsoDate(toText) && toText >= from && daysFrom(from, toText) < bounds.maxDays ? toText : null;
  const count = /^\d{1,3}$/.test(peopleText) ? Number(peopleText) : 0;
  const people = count >= 1 && (bounds.capacity === null || count <= bounds.capacity) ? count : null;
  return { from, to: to === from ? null : to, people };
}

/** The trip's days (1 for a single day), or 0 without a first day. */
export function tripDays(trip: Trip): number {
  if (!trip.from) return 0;
  return trip.to ? daysFrom(trip.from, trip.to) + 1 : 1;
}

/** The trip as the search and the boat page write it in a URL (`href`'s `search`; empty values are left out). */
export function tripSearch(trip: Partial<Trip>): { from?: string; to?: string; people?: number } {
  return { from: trip.from ?? undefined, to: (trip.from && trip.to) || undefined, people: trip.people ?? undefined };
}

/** The trip as the rental form reads it (`start`, `end`, `people`). */
export function rentSearch(trip: Partial<Trip>): { start?: string; end?: string; people?: number } {
  return { start: trip.from ?? undefined, end: (trip.from && trip.to) || undefined, people: trip.people ?? undefined };
}

/**
 * The query without its empty parameters (`from=&to=` that a GET form sends for fields left
 * blank), or null when it has none: the URL to redirect to.
 */
export function withoutEmptyParams(params: URLSearchParams): URLSearchParams | null {
  const entries = [...params.entries()];
  if (!entries.some(([, value]) => value.trim() === "")) return null;
  return new URLSearchParams(entries.filter(([, value]) => value.trim() !== ""));
}

/**
 * Where a listing page's booking button leads: with the first day (and, for a boat, the
 * people) known, straight to the summary that prices them (`/boat/rent/boat/ReservationSummary`,
 * the booking engine's `listing`, `start`, `end`, `people`); otherwise to the rental form that
 * asks for what is missing. `needsPeople`: a boat (a berth has no people).
 */
export function bookingTarget(listingId: string, trip: Partial<Trip>, needsPeople: boolean): { to: "summary" | "rent"; search: Record<string, string | number | undefined> } {
  const known = isIsoDate(trip.from) && (!needsPeople || (trip.people ?? 0) >= 1);
  return known ? { to: "summary", search: { listing: listingId, ...rentSearch(trip) } } : { to: "rent", search: rentSearch(trip) };
}
