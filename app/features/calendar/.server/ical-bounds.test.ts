import { describe, expect, it } from "vitest";
import { allDayEventsFeed, millenniaFeed, secondlySeriesFeed, secondlyTimeZoneFeed } from "#tests/hostile-feeds";
import { CalendarTooComplexError, heldDays, parseCalendar } from "./ical";

/**
 * The reader's own bounds (decision 046): the work a calendar makes is counted from each rule's
 * start and refused past the budget, real calendars read as before, events are capped and the
 * days they hold are walked within the horizon only. (Issue 43's zone changing every second
 * since 1601 is read last: on the code before, it filled the heap.)
 */
const options = { from: "2027-01-01", to: "2028-07-01", timeZone: "Europe/Madrid" };
const wrap = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR"].join("\r\n");
const horizonDays = (Date.parse(options.to) - Date.parse(options.from)) / 86_400_000;

describe("parseCalendar: bounded work", () => {
  it("30 series repeating every second since 2020 are too complex, refused before their first step; a weekly series since 2010 reads", () => {
    expect(() => parseCalendar(secondlySeriesFeed(), options)).toThrow(CalendarTooComplexError);
    const weekly = parseCalendar(wrap("BEGIN:VEVENT", "UID:weekly@x", "DTSTART;TZID=Europe/Madrid:20100104T090000", "DTEND;TZID=Europe/Madrid:20100104T100000", "RRULE:FREQ=WEEKLY", "END:VEVENT"), options);
    // Every Monday of the horizon (78 weeks), each holding the morning.
    expect(weekly).toHaveLength(78);
    expect(weekly[0]).toMatchObject({ start: "2027-01-04T08:00:00.000Z", end: "2027-01-04T09:00:00.000Z" });
  });

  it("five all-day events from year 1 to 9999 are kept and hold the horizon's days, walked within it", () => {
    const events = parseCalendar(millenniaFeed(), options);
    expect(events.map((e) => [e.start, e.end])).toEqual(Array.from({ length: 5 }, () => ["0001-01-01", "9999-12-31"]));
    const held = heldDays(events[0]!, "boat", options.timeZone, options.from, options.to);
    expect(held).toHaveLength(horizonDays);
    expect([held[0]!.day, held.at(-1)!.day]).toEqual(["2027-01-01", "2028-06-30"]);
  });

  it("keeps the first 2,000 events; events holding more than 20,000 days in all are too complex", () => {
    const oneDay = parseCalendar(allDayEventsFeed(2100, "20270301", "20270302"), options);
    expect(oneDay).toHaveLength(2000);
    // 36 events over the whole horizon (547 days each) hold 19,692 days; 37 more than 20,000.
    expect(parseCalendar(allDayEventsFeed(36, "20270101", "20280701"), options)).toHaveLength(36);
    expect(() => parseCalendar(allDayEventsFeed(37, "20270101", "20280701"), options)).toThrow(CalendarTooComplexError);
  });

  it("cuts an event's id to 200 characters", () => {
    const [event] = parseCalendar(wrap("BEGIN:VEVENT", `UID:${"x".repeat(5000)}`, "DTSTART;VALUE=DATE:20270301", "END:VEVENT"), options);
    expect(event!.uid).toHaveLength(200);
  });

  it("a zone that changes every second since 1601 is too complex; Outlook's zone, yearly since 1601, reads as before", () => {
    const outlook = wrap(
      "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
      "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
      "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
      "END:VTIMEZONE",
      "BEGIN:VEVENT", "UID:outlook@x", "DTSTART;TZID=W. Europe Standard Time:20270715T100000", "DTEND;TZID=W. Europe Standard Time:20270715T120000", "END:VEVENT",
      "BEGIN:VEVENT", "UID:winter@x", "DTSTART;TZID=W. Europe Standard Time:20280115T100000", "DTEND;TZID=W. Europe Standard Time:20280115T120000", "END:VEVENT",
    );
    expect(parseCalendar(outlook, options).map((e) => [e.start, e.end])).toEqual([
      ["2027-07-15T08:00:00.000Z", "2027-07-15T10:00:00.000Z"],
      ["2028-01-15T09:00:00.000Z", "2028-01-15T11:00:00.000Z"],
    ]);
    expect(() => parseCalendar(secondlyTimeZoneFeed("20270310"), options)).toThrow(CalendarTooComplexError);
  });
});
