import { createHash } from "node:crypto";
import { OWN_UID_SUFFIX, zonedInstant, type ExternalEvent } from "./ical";

/**
 * A Date whose fields in this process's zone (`getHours()`…) are the wall clock in `timeZone`:
 * what ical-generator writes after `TZID=<timeZone>` for a plain Date.
 */
function wallClockDate(ms: number, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/**
 * Whether `ms` written as its wall clock in `timeZone` is read back as `ms`. It is not in the
 * second pass of the hour repeated when clocks go back (RFC 5545 reads 02:30 as the first 02:30).
 */
function wallClockNames(ms: number, timeZone: string): boolean {
  const wall = wallClockDate(ms, timeZone);
  return zonedInstant(wall.getFullYear(), wall.getMonth() + 1, wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds(), timeZone) === Math.floor(ms / 1000) * 1000;
}

/**
 * An imported event as the listing's own feed shows it when the owner asks (decision 030): "not
 * available", no names, the same days or instants it was imported with (all-day events as dates
 * with the exclusive end; timed ones as `TZID=<the listing's zone>` wall-clock times, or in UTC
 * when a wall clock would name another instant: the second pass of the hour clocks go back), and an id
 * of ours ending in `@amarre`, which every Amarre import skips: the days are never read back as
 * a new event of their own.
 */
export function exportedEventOf(event: ExternalEvent & { importId: string }, summary: string, timeZone: string) {
  const digest = createHash("sha256").update(`${event.uid}\n${event.start}`).digest("base64url").slice(0, 16);
  const base = { id: `imported-${event.importId}-${digest}${OWN_UID_SUFFIX}`, summary };
  if (event.allDay) {
    // Noon UTC of each day: the same date wherever the file is read (as the feed's other events).
    return { ...base, allDay: true as const, start: new Date(`${event.start}T12:00:00Z`), end: new Date(`${event.end}T12:00:00Z`) };
  }
  const start = Date.parse(event.start);
  const end = Date.parse(event.end);
  if (!wallClockNames(start, timeZone) || !wallClockNames(end, timeZone)) {
    // A feed calendar has no zone of its own, so an event without one is written in UTC (`…Z`).
    return { ...base, allDay: false as const, start: new Date(start), end: new Date(end), timezone: null };
  }
  return { ...base, allDay: false as const, start: wallClockDate(start, timeZone), end: wallClockDate(end, timeZone), timezone: timeZone };
}

