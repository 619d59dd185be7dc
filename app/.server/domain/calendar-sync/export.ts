import { createHash } from "node:crypto";
import { OWN_UID_SUFFIX, type ExternalEvent } from "./ical";


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
 * An imported event as the listing's own feed shows it when the owner asks (decision 030): "not
 * available", no names, the same days or instants it was imported with (all-day events as dates
 * with the exclusive end; timed ones as `TZID=<the listing's zone>` wall-clock times), and an id
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
  return { ...base, allDay: false as const, start: wallClockDate(Date.parse(event.start), timeZone), end: wallClockDate(Date.parse(event.end), timeZone), timezone: timeZone };
}

