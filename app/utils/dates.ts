/**
 * Calendar days as `YYYY-MM-DD` strings, and the moments they begin in the marketplace's zone: the
 * one module of dates that bookings, weather, calendars and the weather adapters share (outside
 * any feature, so none of them imports another for a date).
 */

/** Days are days in Spain: a trip starts at midnight there, requests expire by its clock. */
export const MARKET_TIME_ZONE = "Europe/Madrid";
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (`b - a`). */
export function daysBetween(a: string, b: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split("-").map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}

/** Every day from `start` to `end`, inclusive. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

const offsetFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: MARKET_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The zone's offset from UTC at `instant`, in ms. */
function zoneOffset(instant: number): number {
  const parts = Object.fromEntries(offsetFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The moment `date` begins in the marketplace's zone (midnight in Madrid). */
export function startOfDay(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - zoneOffset(guess);
  return new Date(guess - zoneOffset(first));
}

/** The moment a wall-clock time `HH:MM` of `date` is in the marketplace's zone (daylight saving included). */
export function momentOf(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - zoneOffset(guess);
  return new Date(guess - zoneOffset(first));
}

/** Today in the marketplace's zone. */
export function today(now: Date): string {
  const parts = Object.fromEntries(offsetFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
