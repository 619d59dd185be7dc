/**
 * Calendar feeds built to hurt the server that reads them (issue 43, decision 046): tiny files
 * whose recurrences or ranges make a naive reader expand billions of instants or days. Each
 * builder returns the feed's text; `day` (YYYYMMDD) is a day inside the booking horizon where an
 * event must fall for the reader to keep it (`horizonDay(now, n)`). Used by the unit tests of
 * imported calendars and by the end-to-end hostile-input suite against the built server (serve
 * the text from 127.0.0.1 with CALENDAR_IMPORT_ALLOW_HOSTS=127.0.0.1).
 *
 * What a naive reader (ical.js expanding everything, a day-by-day walk of each range) did with
 * each, on the code before decision 046: (a) ran out of heap (1 GB in 35 s); (b) blocked the
 * event loop about 0.3 s per series; (c) ~21,000 series of (b) in 2 MiB; (d) walked 3.65 million
 * days per event.
 */

const lines = (rows: string[]) => rows.join("\r\n") + "\r\n";
const calendar = (body: string[]) => lines(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hostile//EN", ...body, "END:VCALENDAR"]);

/** The day `n` days after `now` (UTC), as iCalendar writes a date: YYYYMMDD. */
export function horizonDay(now: Date, n: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n)).toISOString().slice(0, 10).replaceAll("-", "");
}

/**
 * (a) A zone whose standard time "changes" every second since 1601 (`VTIMEZONE` with
 * `DTSTART:16010101T000000` and `RRULE:FREQ=SECONDLY`; real zones change once or twice a year,
 * `FREQ=YEARLY`), and one ordinary event in that zone on `day`. About 300 bytes.
 */
export function secondlyTimeZoneFeed(day: string): string {
  return calendar([
    "BEGIN:VTIMEZONE",
    "TZID:Seconds",
    "BEGIN:STANDARD",
    "DTSTART:16010101T000000",
    "RRULE:FREQ=SECONDLY",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0100",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "UID:zone@hostile.test",
    `DTSTART;TZID=Seconds:${day}T100000`,
    `DTEND;TZID=Seconds:${day}T110000`,
    "END:VEVENT",
  ]);
}

/** One event that repeats every second from 1 January 2020 (UTC), endless. */
function secondlySeries(n: number): string[] {
  return ["BEGIN:VEVENT", `UID:s${n}`, "DTSTART:20200101T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY", "END:VEVENT"];
}

/** (b) `count` endless series repeating every second from 2020 (30 by default: about 2.5 kB). */
export function secondlySeriesFeed(count = 30): string {
  return calendar(Array.from({ length: count }, (_, n) => secondlySeries(n)).flat());
}

/** The fetcher's cap on an answer (2 MiB): (c) fills it. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;

/** (c) As many series of (b) as fit in `bytes` (the fetcher’s 2 MiB cap by default: about 21,000 of 100 bytes). */
export function secondlySeriesFeedOfSize(bytes = FEED_MAX_BYTES): string {
  const one = lines(secondlySeries(99_999)).length;
  const frame = calendar([]).length;
  return secondlySeriesFeed(Math.floor((bytes - frame) / one));
}

/** (d) `count` all-day events from 1 January of year 1 to 31 December 9999 (five by default). */
export function millenniaFeed(count = 5): string {
  return calendar(Array.from({ length: count }, (_, n) => ["BEGIN:VEVENT", `UID:millennia-${n}@hostile.test`, "DTSTART;VALUE=DATE:00010101", "DTEND;VALUE=DATE:99991231", "SUMMARY:Forever", "END:VEVENT"]).flat());
}

/** The four feeds of issue 43, by the letter the issue and decision 046 give them. */
export function hostileFeeds(now: Date): Record<"a" | "b" | "c" | "d", { name: string; text: string }> {
  return {
    a: { name: "VTIMEZONE changing every second since 1601", text: secondlyTimeZoneFeed(horizonDay(now, 10)) },
    b: { name: "30 series every second since 2020", text: secondlySeriesFeed() },
    c: { name: "2 MiB of series every second since 2020", text: secondlySeriesFeedOfSize() },
    d: { name: "five all-day events from year 1 to 9999", text: millenniaFeed() },
  };
}

/** `count` ordinary all-day events, each from `first` to `last` (YYYYMMDD, exclusive end), about 94 bytes each. */
export function allDayEventsFeed(count: number, first: string, last: string): string {
  return calendar(Array.from({ length: count }, (_, n) => ["BEGIN:VEVENT", `UID:e${n}`, `DTSTART;VALUE=DATE:${first}`, `DTEND;VALUE=DATE:${last}`, "END:VEVENT"]).flat());
}

/**
 * (e) Ordinary all-day events from `first` to `last`, as many as fit in `bytes` (2 MiB: about
 * 22,000). With one day each, the most events a calendar may bring (the reader keeps the first
 * 2,000); with the whole horizon, more days than a calendar may hold (20,000 in all).
 */
export function manyEventsFeed(first: string, last: string, bytes = FEED_MAX_BYTES): string {
  const size = allDayEventsFeed(1, first, last).length - calendar([]).length;
  return allDayEventsFeed(Math.floor((bytes - calendar([]).length) / size), first, last);
}

/**
 * (f) A series whose rule never matches (the 30th of February, daily): ical.js looks for its next
 * occurrence inside one step, without end. The reader's step count cannot see inside that step:
 * the worker's CPU budget ends it (decision 046).
 */
export function neverMatchingFeed(): string {
  return calendar(["BEGIN:VEVENT", "UID:never@hostile.test", "DTSTART:20260101T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "END:VEVENT"]);
}
