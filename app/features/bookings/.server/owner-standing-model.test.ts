import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { answerBin, applyEvent, emptyStanding, figuresAt, MIN_REQUESTS, rollTo, standingBonus, type StandingEvent, type StandingRecord } from "./owner-standing-model";

/** The owner's standing's rules with a clock: the figures, the twelve months' edge, the bar and the 90 days of the badge. */
const at = (iso: string) => new Date(iso);
const answer = (hours: number, accepted = true): StandingEvent => ({ kind: "answered", accepted, hours });
function run(events: Array<[string, StandingEvent]>, start: StandingRecord = emptyStanding("owner", at(events[0]?.[0] ?? "2027-01-01T10:00:00Z"))): StandingRecord {
  return events.reduce((record, [when, event]) => applyEvent(record, event, at(when)), start);
}

describe("the owner's standing", () => {
  it("counts answers, acceptances, expiries and typical time; nothing below the minimum", () => {
    const four = run([
      ["2027-03-01T10:00:00Z", answer(0.5)],
      ["2027-03-02T10:00:00Z", answer(2, false)],
      ["2027-03-03T10:00:00Z", answer(0.2)],
      ["2027-03-04T10:00:00Z", { kind: "expired" }],
    ]);
    expect(figuresAt(four, at("2027-03-05T10:00:00Z"))).toMatchObject({ requests: 4, answered: 3, responseRate: null, acceptanceRate: null, speed: null, meetsBar: false, badge: false });
    const five = applyEvent(four, answer(0.9), at("2027-03-05T10:00:00Z"));
    // 4 of 5 answered (80 %), 3 of 4 accepted (75 %), the middle answer within the hour.
    expect(figuresAt(five, at("2027-03-06T10:00:00Z"))).toMatchObject({ requests: 5, answered: 4, responseRate: 80, acceptanceRate: 75, typicalHours: 1, speed: "hour", cancellations: 0, meetsBar: false });
  });

  it("sorts answer times into bins and names the typical one by its median", () => {
    expect([0, 1, 1.01, 3, 5, 6.5, 12, 20, 24, 25, 400].map(answerBin)).toEqual([0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5]);
    const slow = run(Array.from({ length: 6 }, (_, i) => [`2027-03-0${i + 1}T10:00:00Z`, answer(i < 2 ? 0.5 : 30)] as [string, StandingEvent]));
    expect(figuresAt(slow, at("2027-03-20T10:00:00Z"))).toMatchObject({ typicalHours: null, speed: "more" });
    const hours = run(Array.from({ length: 6 }, (_, i) => [`2027-03-0${i + 1}T10:00:00Z`, answer(i < 2 ? 0.5 : 5)] as [string, StandingEvent]));
    expect(figuresAt(hours, at("2027-03-20T10:00:00Z"))).toMatchObject({ typicalHours: 6, speed: "hours" });
  });

  it("keeps a month's events for the month and the twelve after it, then drops them (market time)", () => {
    // 31 March 2027, 23:30 in Madrid is still March there (21:30 UTC).
    const record = run(Array.from({ length: 5 }, () => ["2027-03-31T21:30:00Z", answer(0.5)] as [string, StandingEvent]));
    expect(record.months.map((m) => m.month)).toEqual(["2027-03"]);
    // The scheduler folds it again when March leaves: 1 April 2028 in Madrid.
    expect(record.refoldAt).toBe("2028-03-31T22:00:00.000Z");
    expect(figuresAt(record, at("2028-03-31T21:59:00Z")).requests).toBe(5);
    // 1 April 2028 in Madrid (22:00 UTC the day before): March 2027 has left the window.
    expect(figuresAt(record, at("2028-03-31T22:00:00Z")).requests).toBe(0);
    expect(rollTo(record, at("2028-04-02T10:00:00Z")).months).toEqual([]);
    // An owner cancellation leaves with its month, too.
    const cancelled = applyEvent(record, { kind: "cancelled" }, at("2027-04-10T10:00:00Z"));
    expect(figuresAt(cancelled, at("2028-04-30T10:00:00Z")).cancellations).toBe(1);
    expect(figuresAt(cancelled, at("2028-05-01T10:00:00Z")).cancellations).toBe(0);
  });

  it("gives the badge 90 days after the bar is met, and loses it with the bar", () => {
    const met = run(Array.from({ length: 5 }, (_, i) => [`2027-01-0${i + 1}T10:00:00Z`, answer(0.5)] as [string, StandingEvent]));
    expect(met.meetsBarSince).toBe("2027-01-05T10:00:00.000Z");
    expect(figuresAt(met, at("2027-04-05T09:59:59Z"))).toMatchObject({ meetsBar: true, badge: false });
    expect(figuresAt(met, at("2027-04-05T10:00:00Z"))).toMatchObject({ meetsBar: true, badge: true, meetsBarSince: "2027-01-05T10:00:00.000Z" });
    // More events that keep the bar keep the date; a cancellation loses it, and it starts again once met.
    const kept = applyEvent(met, answer(2), at("2027-02-01T10:00:00Z"));
    expect(kept.meetsBarSince).toBe("2027-01-05T10:00:00.000Z");
    const lost = applyEvent(kept, { kind: "cancelled" }, at("2027-04-10T10:00:00Z"));
    expect(lost.meetsBarSince).toBeNull();
    expect(figuresAt(lost, at("2027-04-11T10:00:00Z"))).toMatchObject({ cancellations: 1, meetsBar: false, badge: false });
    // Twelve months on, the cancellation leaves the window (but so did January's answers): not met.
    expect(figuresAt(lost, at("2028-05-02T10:00:00Z"))).toMatchObject({ cancellations: 0, requests: 0, meetsBar: false });
  });

  it("finds the bar met from the month a cancellation left the window, with no event since", () => {
    const old = run([["2026-01-10T10:00:00Z", { kind: "cancelled" }]]);
    const answers = run(
      Array.from({ length: 6 }, (_, i) => [`2026-12-0${i + 1}T10:00:00Z`, answer(0.5)] as [string, StandingEvent]),
      old,
    );
    expect(answers.meetsBarSince).toBeNull();
    // February 2027 begins in Madrid at 23:00 UTC on 31 January: the cancellation has left.
    expect(figuresAt(answers, at("2027-01-31T22:59:00Z"))).toMatchObject({ meetsBar: false, cancellations: 1 });
    expect(figuresAt(answers, at("2027-02-01T10:00:00Z"))).toMatchObject({ meetsBar: true, meetsBarSince: "2027-01-31T23:00:00.000Z", badge: false });
    expect(figuresAt(answers, at("2027-05-01T22:59:00Z")).badge).toBe(false);
    expect(figuresAt(answers, at("2027-05-01T23:00:00Z")).badge).toBe(true);
  });

  it("never loses an event, whatever the order and timing (property)", () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant("answered" as const), accepted: fc.boolean(), hours: fc.double({ min: 0, max: 48, noNaN: true }) }),
      fc.record({ kind: fc.constant("expired" as const) }),
      fc.record({ kind: fc.constant("cancelled" as const) }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 300 * 24 }), event), { minLength: 1, maxLength: 40 }), (raw) => {
        const events = [...raw].sort((a, b) => a[0] - b[0]).map(([h, e]) => [new Date(Date.UTC(2027, 0, 1) + h * 3_600_000).toISOString(), e] as [string, StandingEvent]);
        const record = run(events);
        const figures = figuresAt(record, at(events.at(-1)![0]));
        const answered = events.filter(([, e]) => e.kind === "answered").length;
        const expired = events.filter(([, e]) => e.kind === "expired").length;
        expect(figures.requests).toBe(answered + expired);
        expect(figures.cancellations).toBe(events.length - answered - expired);
        expect(figures.responseRate === null).toBe(answered + expired < MIN_REQUESTS);
        expect(standingBonus(figures)).toBeGreaterThanOrEqual(-15);
        expect(standingBonus(figures)).toBeLessThanOrEqual(20);
      }),
      { numRuns: 100 },
    );
  });

  it("adds to relevance by how the owner answers, accepts and keeps bookings", () => {
    expect(standingBonus({ responseRate: null, acceptanceRate: null, cancellations: 0, meetsBar: false })).toBe(0);
    expect(standingBonus({ responseRate: null, acceptanceRate: null, cancellations: 1, meetsBar: false })).toBe(-5);
    expect(standingBonus({ responseRate: 100, acceptanceRate: 100, cancellations: 0, meetsBar: true })).toBe(20);
    expect(standingBonus({ responseRate: 60, acceptanceRate: 50, cancellations: 5, meetsBar: false })).toBe(6 + 3 - 15);
  });
});
