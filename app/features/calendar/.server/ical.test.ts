import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CalendarParseError, heldDays, parseCalendar, zonedInstant, type ExternalEvent } from "./ical";

/**
 * Real platforms' exports (tests/fixtures/ical, sources in its README) read as the days and half
 * days they hold on a boat and on a berth in Madrid.
 */
const fixture = (name: string) => fs.readFileSync(path.join("tests/fixtures/ical", name), "utf8");
const options = { from: "2026-12-01", to: "2028-01-01", timeZone: "Europe/Madrid" };
const held = (events: ExternalEvent[], kind: "boat" | "dock" = "boat") =>
  events.flatMap((event) => heldDays(event, kind, options.timeZone, options.from, options.to).map(({ day, part }) => (part ? `${day}_${part}` : day)));

describe("parseCalendar: real exports", () => {
  it("Airbnb: all-day stays with an exclusive end, folded lines, 'Not available' windows", () => {
    const events = parseCalendar(fixture("airbnb.ics"), options);
    expect(events.map((e) => [e.uid, e.summary, e.allDay, e.start, e.end])).toEqual([
      ["1418fb94e984-0a1b2c3d4e5f60718293a4b5c6d7e8f9@airbnb.com", "Reserved", true, "2027-03-10", "2027-03-15"],
      ["7f3e8a1c9d2b-11223344556677889900aabbccddeeff@airbnb.com", "Airbnb (Not available)", true, "2027-04-18", "2027-04-20"],
    ]);
    expect(held(events)).toEqual(["2027-03-10", "2027-03-11", "2027-03-12", "2027-03-13", "2027-03-14", "2027-04-18", "2027-04-19"]);
  });

  it("Booking.com: the escaped PRODID does not stop the file; CLOSED - Not available holds the nights", () => {
    const events = parseCalendar(fixture("booking.ics"), options);
    expect(events.map((e) => [e.start, e.end, e.summary])).toEqual([
      ["2027-04-01", "2027-04-05", "CLOSED - Not available"],
      ["2027-07-23", "2027-08-06", "CLOSED - Not available"],
    ]);
    expect(held(events).slice(0, 4)).toEqual(["2027-04-01", "2027-04-02", "2027-04-03", "2027-04-04"]);
    expect(held(events)).toHaveLength(4 + 14);
  });

  it("Google: TZID with VTIMEZONE, RRULE with EXDATE, a moved occurrence, a cancelled event left out", () => {
    const events = parseCalendar(fixture("google.ics"), options);
    // 09:00–10:00 in Madrid (CEST) is 07:00–08:00 UTC: the morning only.
    expect(events.find((e) => e.summary === "Revisión del motor")).toMatchObject({ allDay: false, start: "2027-05-03T07:00:00.000Z", end: "2027-05-03T08:00:00.000Z" });
    expect(events.some((e) => e.summary.includes("anulada"))).toBe(false);
    expect(held(events)).toEqual([
      "2027-05-03_am",
      "2027-05-08_pm",
      // 15 May is an EXDATE; the 22nd moved to 10:00–12:00.
      "2027-05-22_am",
      "2027-05-27",
      "2027-05-28",
      "2027-05-29_pm",
    ]);
  });

  it("iCloud: across midday both halves, across midnight two days, UTC times, a one-day all-day event", () => {
    const events = parseCalendar(fixture("icloud.ics"), options);
    expect(held(events)).toEqual(["2027-06-05", "2027-06-12_pm", "2027-06-20", "2027-06-25_pm", "2027-06-26_am"]);
    // A berth holds whole days.
    expect(held(events, "dock")).toEqual(["2027-06-05", "2027-06-12", "2027-06-20", "2027-06-25", "2027-06-26"]);
  });
});

describe("parseCalendar: edges", () => {
  const wrap = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR"].join("\r\n");

  it("refuses what is not iCalendar", () => {
    expect(() => parseCalendar("<!doctype html><title>Login</title>", options)).toThrow(CalendarParseError);
    expect(() => parseCalendar("BEGIN:VCALENDAR\r\nthis is : not\r\n", options)).toThrow(CalendarParseError);
  });

  it("leaves out Amarre's own events (no loops) and events outside the horizon", () => {
    const events = parseCalendar(
      wrap(
        "BEGIN:VEVENT", "UID:booking-abc@amarre", "DTSTART;VALUE=DATE:20270301", "DTEND;VALUE=DATE:20270302", "END:VEVENT",
        "BEGIN:VEVENT", "UID:old@x", "DTSTART;VALUE=DATE:20200301", "DTEND;VALUE=DATE:20200302", "END:VEVENT",
        "BEGIN:VEVENT", "UID:far@x", "DTSTART;VALUE=DATE:20300301", "DTEND;VALUE=DATE:20300302", "END:VEVENT",
      ),
      options,
    );
    expect(events).toEqual([]);
  });

  it("reads a TZID without VTIMEZONE by its IANA name, a floating time in the listing's zone, DURATION", () => {
    const events = parseCalendar(
      wrap(
        "BEGIN:VEVENT", "UID:ny@x", "DTSTART;TZID=America/New_York:20270110T080000", "DTEND;TZID=America/New_York:20270110T090000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:floating@x", "DTSTART:20270111T150000", "DURATION:PT2H", "END:VEVENT",
      ),
      options,
    );
    expect(events.map((e) => [e.uid, e.start, e.end])).toEqual([
      ["ny@x", "2027-01-10T13:00:00.000Z", "2027-01-10T14:00:00.000Z"],
      ["floating@x", "2027-01-11T14:00:00.000Z", "2027-01-11T16:00:00.000Z"],
    ]);
    expect(held(events)).toEqual(["2027-01-10_pm", "2027-01-11_pm"]);
  });

  it("expands an endless daily rule only within the horizon", () => {
    const events = parseCalendar(wrap("BEGIN:VEVENT", "UID:daily@x", "DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=DAILY", "END:VEVENT"), { ...options, to: "2027-01-01" });
    expect(events).toHaveLength(31);
  });
});

describe("zonedInstant: wall clocks around Madrid's clock changes (RFC 5545)", () => {
  const at = (iso: string) => Date.parse(iso);
  it("reads an ordinary time with the day's offset, summer and winter", () => {
    expect(zonedInstant(2027, 7, 1, 10, 0, 0, "Europe/Madrid")).toBe(at("2027-07-01T08:00:00Z"));
    expect(zonedInstant(2027, 1, 15, 10, 0, 0, "Europe/Madrid")).toBe(at("2027-01-15T09:00:00Z"));
  });

  it("takes the first of a repeated hour, the night clocks go back (found by the round-trip property)", () => {
    // 31 October 2027: 03:00 CEST becomes 02:00 CET; 02:00 and 02:45 happen twice.
    expect(zonedInstant(2027, 10, 31, 2, 0, 0, "Europe/Madrid")).toBe(at("2027-10-31T00:00:00Z"));
    expect(zonedInstant(2027, 10, 31, 2, 45, 0, "Europe/Madrid")).toBe(at("2027-10-31T00:45:00Z"));
    expect(zonedInstant(2027, 10, 31, 1, 45, 0, "Europe/Madrid")).toBe(at("2027-10-30T23:45:00Z"));
    expect(zonedInstant(2027, 10, 31, 3, 0, 0, "Europe/Madrid")).toBe(at("2027-10-31T02:00:00Z"));
  });

  it("reads a time of the skipped hour with the offset before the gap, the night clocks go forward", () => {
    // 28 March 2027: 02:00 CET becomes 03:00 CEST; 02:30 does not exist and is read as 03:30 CEST.
    expect(zonedInstant(2027, 3, 28, 2, 30, 0, "Europe/Madrid")).toBe(at("2027-03-28T01:30:00Z"));
    expect(zonedInstant(2027, 3, 28, 1, 59, 0, "Europe/Madrid")).toBe(at("2027-03-28T00:59:00Z"));
    expect(zonedInstant(2027, 3, 28, 3, 0, 0, "Europe/Madrid")).toBe(at("2027-03-28T01:00:00Z"));
  });
});

