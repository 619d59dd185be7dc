import fc from "fast-check";
import ical from "ical-generator";
import { describe, expect, it } from "vitest";
import { exportedEventOf } from "./export";
import { heldDays, parseCalendar, type ExternalEvent } from "./ical";

/**
 * Import → export → import is stable: any set of imported events, written by our feed (as
 * calendar-feed.ts writes them: ical-generator, a calendar without a zone of its own, each timed
 * event in the listing's Madrid zone) and read again by
 * another platform, gives the same days and instants, and so the same held slots; a second round
 * changes nothing. The other platform re-exports with ids of its own (our `@amarre` ids are what
 * an Amarre import skips), so the ids are rewritten between rounds as it would.
 */
const options = { from: "2027-01-01", to: "2028-07-01", timeZone: "Europe/Madrid" };
const BASE = Date.UTC(2027, 0, 1);
const dayAt = (n: number) => new Date(BASE + n * 86_400_000).toISOString().slice(0, 10);

const allDayEvent = fc.record({ start: fc.integer({ min: 0, max: 500 }), days: fc.integer({ min: 1, max: 20 }) }).map(({ start, days }) => ({ allDay: true, start: dayAt(start), end: dayAt(start + days) }));
// Timed events on a quarter-hour grid (what calendars make), up to three days long.
const timedEvent = fc
  .record({ start: fc.integer({ min: 0, max: 500 * 96 }), length: fc.integer({ min: 1, max: 3 * 96 }) })
  .map(({ start, length }) => ({ allDay: false, start: new Date(BASE + start * 900_000).toISOString(), end: new Date(BASE + (start + length) * 900_000).toISOString() }));
const events = fc.array(fc.oneof(allDayEvent, timedEvent), { maxLength: 15 }).map((list) => list.map((e, n): ExternalEvent => ({ ...e, uid: `e${n}@elsewhere`, summary: "Reserved" })));

function exportFeed(list: ExternalEvent[]): string {
  const calendar = ical({ name: "Amarre · test" });
  for (const event of list) calendar.createEvent({ ...exportedEventOf({ ...event, importId: "imp" }, "Not available", "Europe/Madrid") });
  // The other platform's copy: its own ids.
  return calendar.toString().replaceAll("@amarre", "@elsewhere");
}

const slots = (list: ExternalEvent[]) =>
  list
    .flatMap((event) => heldDays(event, "boat", options.timeZone, options.from, options.to).map((h) => `${h.day}${h.part ?? ""}`))
    .sort();
const periods = (list: ExternalEvent[]) => list.map((e) => `${e.allDay}|${e.start}|${e.end}`).sort();

describe("import → export → import", () => {
  it("keeps every event's days or instants and the slots they hold, and a second round changes nothing", () => {
    fc.assert(
      fc.property(events, (original) => {
        const once = parseCalendar(exportFeed(original), options);
        expect(periods(once)).toEqual(periods(original));
        expect(slots(once)).toEqual(slots(original));
        const twice = parseCalendar(exportFeed(once), options);
        expect(periods(twice)).toEqual(periods(once));
      }),
      { numRuns: 150 },
    );
  });

  it("keeps an instant in the hour repeated when clocks go back (written in UTC, which names it alone)", () => {
    // 2027-10-31 in Madrid: 03:00 CEST becomes 02:00 CET at 01:00 UTC. 00:30 and 01:30 UTC are
    // both 02:30 on the wall; a TZID time of 02:30 is the first, so the second is written as UTC.
    const original: ExternalEvent[] = [
      { allDay: false, start: "2027-10-30T04:45:00.000Z", end: "2027-10-31T01:00:00.000Z", uid: "a@elsewhere", summary: "Reserved" },
      { allDay: false, start: "2027-10-31T00:30:00.000Z", end: "2027-10-31T01:30:00.000Z", uid: "b@elsewhere", summary: "Reserved" },
      { allDay: false, start: "2027-07-01T08:00:00.000Z", end: "2027-07-01T12:00:00.000Z", uid: "c@elsewhere", summary: "Reserved" },
    ];
    const feed = exportFeed(original);
    expect(feed).toContain("DTEND:20271031T010000Z");
    expect(feed).toContain("DTSTART:20271031T003000Z");
    expect(feed).toContain("DTSTART;TZID=Europe/Madrid:20270701T100000");
    const once = parseCalendar(feed, options);
    expect(periods(once)).toEqual(periods(original));
    expect(slots(once)).toEqual(slots(original));
  });
});
