import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { manyEventsFeed, neverMatchingFeed } from "#tests/hostile-feeds";
import { createWorkerCalendarReader } from "./index";

/**
 * The calendar reader's thread (decision 046), bundled from its source as in development: it
 * reads calendars off the event loop, and a calendar over its CPU budget or its heap ceiling is
 * `too-complex` — the thread is ended, not the process, and the next calendar gets a new one.
 * The heap ceiling is set low here so that an ordinary 2 MiB calendar (2,000 one-day events kept
 * of 22,000: about 40 MB to read) goes over it; a thread compiles the reader before it says it is
 * ready, so a small calendar costs it a millisecond or two of its CPU budget.
 */
const options = { from: "2027-01-01", to: "2028-07-01", timeZone: "Europe/Madrid" };
const airbnb = fs.readFileSync(path.join("tests/fixtures/ical", "airbnb.ics"), "utf8");
const big = manyEventsFeed("20270301", "20270302");
const readers: Array<ReturnType<typeof createWorkerCalendarReader>> = [];
const reader = (settings: Parameters<typeof createWorkerCalendarReader>[0] = {}) => {
  const made = createWorkerCalendarReader(settings);
  readers.push(made);
  return made;
};
afterAll(async () => {
  for (const made of readers) await made.close();
});

describe("the calendar reader's thread", () => {
  it("reads calendars in turn on one thread, as the domain's reader would", async () => {
    const { read } = reader();
    const [first, second] = await Promise.all([read(airbnb, options), read("<html>login</html>", options)]);
    expect(first).toMatchObject({ kind: "ok", events: [{ start: "2027-03-10", end: "2027-03-15" }, { start: "2027-04-18", end: "2027-04-20" }] });
    expect(second).toEqual({ kind: "not-calendar" });
  }, 60_000);

  it("a calendar over the CPU budget is too complex; a new thread reads the next", async () => {
    // A rule that never matches (30 February) spins inside one step of ical.js: only the budget ends it.
    const { read } = reader({ cpuBudgetMs: 100, pollMs: 10 });
    expect((await read(airbnb, options)).kind).toBe("ok");
    expect(await read(neverMatchingFeed(), options)).toEqual({ kind: "too-complex" });
    expect((await read(airbnb, options)).kind).toBe("ok");
  }, 60_000);

  it("a calendar over the heap ceiling is too complex, and the process lives on", async () => {
    const { read } = reader({ maxMemoryMb: 8 });
    expect(await read(big, options)).toEqual({ kind: "too-complex" });
    expect((await read(airbnb, options)).kind).toBe("ok");
  }, 60_000);

  it("once closed, refuses what waits and what comes", async () => {
    const made = reader();
    const waiting = [made.read(big, options), made.read(airbnb, options)].map((read) => read.then(() => "read", (error: Error) => error.message));
    await made.close();
    expect(await Promise.all(waiting)).toEqual([expect.stringMatching(/read|closed/), "the calendar reader is closed"]);
    await expect(made.read(airbnb, options)).rejects.toThrow(/closed/);
  }, 60_000);
});
