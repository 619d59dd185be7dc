import ICAL from "ical.js";
import { boundTimeZones, Budget, CalendarTooComplexError, leastSteps, roughMs } from "./ical-bounds";
import type { ReadOptions, ReadOutcome } from "./model";

/**
 * Reading other platforms' calendars (RFC 5545) with ical.js, as real exports are: folded lines,
 * `VALUE=DATE` all-day events whose `DTEND` is the first day after, `TZID` date-times with the
 * file's own `VTIMEZONE` (or only an IANA name), floating times, `DURATION` instead of `DTEND`,
 * recurring events (`RRULE`, `RDATE`, `EXDATE`, moved occurrences by `RECURRENCE-ID`) expanded
 * within the horizon, cancelled events (`STATUS:CANCELLED`) left out. Escaped texts (Booking.com's
 * `PRODID:-//admin.booking.com\\\, b.v.//…`) are the parser's business, not ours. The work
 * is bounded (`ical-bounds.ts`, decision 046): a calendar that needs more throws
 * `CalendarTooComplexError`.
 */

/** One busy period of an external calendar. All-day: `start`/`end` are days, `end` exclusive. Timed: ISO instants. */
export type ExternalEvent = {
  uid: string;
  summary: string;
  allDay: boolean;
  start: string;
  end: string;
};

export class CalendarParseError extends Error {
  override readonly name = "CalendarParseError";
}

/** At most this many occurrences of one recurring event are read (a daily rule over the horizon fits). */
const MAX_OCCURRENCES = 1000;
/** At most this many events are kept from one calendar: the reading stops there. */
export const MAX_EVENTS = 2000;
/** An event's id is kept to this many characters (the record holds up to MAX_EVENTS of them). */
const MAX_UID_LENGTH = 200;

export { CalendarTooComplexError };

/** Events exported by an Amarre feed (ours or another listing's) end so: never imported back (decision 030). */
export const OWN_UID_SUFFIX = "@amarre";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `ms`: the day and the minute of that day. */
export function wallClock(ms: number, timeZone: string): { day: string; minute: number } {
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

function offsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `timeZone` names, as RFC 5545 reads it: the earlier one in a
 * repeated hour (02:30 on the night clocks go back is the first 02:30), and a time in a skipped hour
 * read with the offset before the gap (02:30 on the night clocks go forward is 03:30).
 */
export function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, second: number, timeZone: string): number {
  const asUtc = utc(year, month, day, hour, minute, second);
  // The zone's offsets on either side of that day's change, if it has one.
  const before = offsetAt(asUtc - 43_200_000, timeZone);
  const after = offsetAt(asUtc + 43_200_000, timeZone);
  const matching = [asUtc - before, asUtc - after].filter((instant) => offsetAt(instant, timeZone) === asUtc - instant);
  return matching.length > 0 ? Math.min(...matching) : asUtc - before;
}

type Time = InstanceType<typeof ICAL.Time>;

/** `Date.UTC`, with the years 0 to 99 as themselves (not 1900 to 1999). */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  return date.getTime();
}

function dayOf(time: Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/**
 * The instant a date-time names: UTC or a zone the file defines (ical.js converts); a floating
 * time is read in the zone its `TZID` names when that is an IANA name, else in `fallbackZone`.
 */
function instantOf(time: Time, tzid: string | null, fallbackZone: string): number {
  const zone = time.zone;
  const floating = !zone || zone.tzid === "floating" || zone === ICAL.Timezone.localTimezone;
  if (!floating) return time.toUnixTime() * 1000;
  const name = tzid && isTimeZone(tzid) ? tzid : fallbackZone;
  return zonedInstant(time.year, time.month, time.day, time.hour, time.minute, time.second, name);
}

function plusDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Every day from `first` to the day before `end` (YYYY-MM-DD), one date step each (a year's walk: 2 µs a day). */
function daysBetween(first: string, end: string): string[] {
  const days: string[] = [];
  const stop = Date.parse(`${end}T00:00:00Z`);
  for (let at = Date.parse(`${first}T00:00:00Z`); at < stop; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

function isCancelled(component: InstanceType<typeof ICAL.Component>): boolean {
  return String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
}

/** Whether the text looks like an iCalendar file at all (before parsing it). */
export function looksLikeCalendar(text: string): boolean {
  return /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text);
}

/**
 * The busy periods of a calendar that reach into [`from`, `to`) (days; all-day events by day,
 * timed ones by their instants in `timeZone`). Throws `CalendarParseError` for what is not a
 * calendar, `CalendarTooComplexError` for one that needs more work than allowed (decision 046).
 * No time later than the year after `to`'s is converted: the zones stop there (`boundTimeZones`).
 */
export function parseCalendar(text: string, options: { from: string; to: string; timeZone: string }): ExternalEvent[] {
  if (!looksLikeCalendar(text)) throw new CalendarParseError("not an iCalendar file");
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, "")) as unknown[]);
  } catch (error) {
    throw new CalendarParseError(`unreadable iCalendar: ${(error as Error).message}`);
  }
  if (root.name !== "vcalendar") throw new CalendarParseError("not a VCALENDAR");
  const fromYear = Number(options.from.slice(0, 4));
  const lastYear = Number(options.to.slice(0, 4)) + 1;
  boundTimeZones(root, lastYear);
  const budget = new Budget();
  const fromMs = zonedInstant(...ymd(options.from), 0, 0, 0, options.timeZone);
  const toMs = zonedInstant(...ymd(options.to), 0, 0, 0, options.timeZone);
  const vevents = root.getAllSubcomponents("vevent");
  // Moved or cancelled occurrences (RECURRENCE-ID) belong to their series.
  const exceptions = new Map<string, Array<InstanceType<typeof ICAL.Component>>>();
  const masters: Array<InstanceType<typeof ICAL.Component>> = [];
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
    if (vevent.hasProperty("recurrence-id")) {
      const list = exceptions.get(uid) ?? [];
      list.push(vevent);
      exceptions.set(uid, list);
    } else masters.push(vevent);
  }
  const events: ExternalEvent[] = [];
  /** Keeps an event, counting the days of the horizon it holds (at least one, and one more for a timed event's two ends). */
  const push = (event: ExternalEvent) => {
    if (events.length >= MAX_EVENTS) return;
    const start = Math.max(Date.parse(event.start), fromMs);
    const end = Math.min(Date.parse(event.end), toMs);
    budget.hold(Math.max(1, Math.ceil((end - start) / 86_400_000) + (event.allDay ? 0 : 1)));
    events.push(event);
  };
  const masterUids = new Set(masters.map((m) => String(m.getFirstPropertyValue("uid") ?? "")));
  // An exception without its series (a feed may carry only the moved occurrence) stands alone.
  for (const [uid, list] of exceptions) if (!masterUids.has(uid)) masters.push(...list);

  for (const component of masters) {
    if (events.length >= MAX_EVENTS) break;
    if (!component.hasProperty("dtstart")) continue;
    // Listed dates are sorted by ical.js before the first step: each is a step.
    for (const name of ["rdate", "exdate"]) for (const property of component.getAllProperties(name)) budget.spend(property.getValues().length, "listed dates");
    let event: InstanceType<typeof ICAL.Event>;
    try {
      // Its own moved occurrences only (ical.js would otherwise relate every RECURRENCE-ID of the file).
      const own = component.hasProperty("recurrence-id") ? [] : (exceptions.get(String(component.getFirstPropertyValue("uid") ?? "")) ?? []);
      event = new ICAL.Event(component, { strictExceptions: true, exceptions: own });
    } catch {
      continue;
    }
    const uid = (event.uid || `no-uid-${events.length}`).slice(0, MAX_UID_LENGTH);
    if (uid.toLowerCase().endsWith(OWN_UID_SUFFIX)) continue;
    const tzid = (component.getFirstProperty("dtstart")?.getParameter("tzid") as string | undefined) ?? null;
    const summary = clean(event.summary ?? "");

    const toEvent = (start: Time, end: Time, occurrenceUid: string, occurrenceSummary: string): ExternalEvent | null => {
      if (start.isDate) {
        const first = dayOf(start);
        const endDay = end && end.isDate ? dayOf(end) : plusDays(first, 1);
        const last = endDay > first ? endDay : plusDays(first, 1);
        if (last <= options.from || first >= options.to) return null;
        return { uid: occurrenceUid, summary: occurrenceSummary, allDay: true, start: first, end: last };
      }
      const startMs = instantOf(start, tzid, options.timeZone);
      const endTzid = (component.getFirstProperty("dtend")?.getParameter("tzid") as string | undefined) ?? tzid;
      const endMs = end ? instantOf(end, endTzid, options.timeZone) : startMs;
      if (!(endMs > startMs) || endMs <= fromMs || startMs >= toMs) return null;
      return { uid: occurrenceUid, summary: occurrenceSummary, allDay: false, start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
    };

    if (!event.isRecurring()) {
      if (isCancelled(component)) continue;
      const end = event.endDate ?? event.startDate;
      // Out of reach: a start after the horizon's next year, an end before the year before it.
      if (event.startDate.year > lastYear || end.year < fromYear - 1) continue;
      const result = toEvent(event.startDate, event.endDate, uid, summary);
      if (result) push(result);
      continue;
    }
    // A series whose way from its first occurrence to the horizon is over the budget is refused
    // before its first step (every second since 2020); the steps taken are counted.
    const rule = component.getFirstPropertyValue("rrule") as InstanceType<typeof ICAL.Recur> | null;
    if (rule && !budget.fits(leastSteps(rule, event.startDate, fromMs))) budget.spend(leastSteps(rule, event.startDate, fromMs), `series ${uid}`);
    // Steps that end days before the horizon are only counted (no details, no zone), unless the
    // series has listed dates or moves occurrences onwards, which may reach further.
    const skipBefore = component.hasProperty("rdate") || event.rangeExceptions.length > 0 ? -Infinity : fromMs - 2 * 86_400_000 - event.duration.toSeconds() * 1000;
    const iterator = event.iterator();
    for (let kept = 0; kept < MAX_OCCURRENCES && events.length < MAX_EVENTS; ) {
      budget.spend(1, `series ${uid}`);
      const next = iterator.next();
      if (!next || next.year > lastYear) break;
      if (roughMs(next) < skipBefore && !(event.exceptions as unknown as Record<string, unknown>)[next.toString()]) continue;
      const details = event.getOccurrenceDetails(next);
      const startMs = next.isDate ? Date.parse(`${dayOf(next)}T00:00:00Z`) : instantOf(next, tzid, options.timeZone);
      // Past the horizon by more than a day: the series has nothing more for us (moved occurrences
      // earlier than their slot are rare enough to read only inside it).
      if (startMs >= toMs + 86_400_000) break;
      if (isCancelled(details.item.component)) continue;
      const occurrence = toEvent(details.startDate, details.endDate, `${uid}#${next.toString()}`, details.item.summary ? clean(String(details.item.summary)) : summary);
      if (occurrence) {
        push(occurrence);
        kept++;
      }
    }
  }
  return events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid < b.uid ? -1 : 1));
}

/**
 * `parseCalendar` as an outcome, never a throw, for what reads untrusted files (the worker
 * thread of decision 046, the default reader): `not-calendar` for a file ical.js cannot read,
 * whatever it throws; `too-complex` for one over the bounds, or nested past the stack.
 */
export function readCalendar(text: string, options: ReadOptions): ReadOutcome {
  try {
    return { kind: "ok", events: parseCalendar(text, options) };
  } catch (error) {
    if (error instanceof CalendarTooComplexError || (error instanceof RangeError && /call stack/i.test(error.message))) return { kind: "too-complex" };
    return { kind: "not-calendar" };
  }
}

/** A title without control characters, at most 120 characters. */
function clean(text: string): string {
  return [...text].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? " " : c)).join("").trim().slice(0, 120);
}

function ymd(day: string): [number, number, number] {
  const [y, m, d] = day.split("-").map(Number);
  return [y, m, d];
}

/** Boats' half days: the morning is midnight to 14:00, the afternoon 14:00 to midnight (decision 030). */
export const AFTERNOON_STARTS_MINUTE = 14 * 60;

/**
 * What an event holds on a listing, as (day, half) pairs in the listing's zone: an all-day
 * event every day from `start` to the day before `end`; a timed one, on a boat, each half day
 * it overlaps (09:00–10:00 the morning only; 13:00–15:00 both), on a berth each day it touches.
 * Only days within [`from`, `to`) count.
 */
export function heldDays(event: ExternalEvent, kind: "boat" | "dock", timeZone: string, from: string, to: string): Array<{ day: string; part: "am" | "pm" | null }> {
  const out: Array<{ day: string; part: "am" | "pm" | null }> = [];
  // The walk starts and ends within [from, to): an event from year 1 to 9999 costs the horizon's days, not 3.65 million.
  const later = (a: string, b: string) => (a > b ? a : b);
  if (event.allDay) return daysBetween(later(event.start, from), event.end < to ? event.end : to).map((day) => ({ day, part: null }));
  const start = wallClock(Date.parse(event.start), timeZone);
  const end = wallClock(Date.parse(event.end), timeZone);
  for (let day = later(start.day, from); day <= end.day && day < to; day = plusDays(day, 1)) {
    const from_ = day === start.day ? start.minute : 0;
    const to_ = day === end.day ? end.minute : 24 * 60;
    if (!(to_ > from_)) continue;
    if (kind === "dock") {
      out.push({ day, part: null });
      continue;
    }
    const am = from_ < AFTERNOON_STARTS_MINUTE;
    const pm = to_ > AFTERNOON_STARTS_MINUTE;
    out.push(am && pm ? { day, part: null } : { day, part: am ? "am" : "pm" });
  }
  return out;
}
