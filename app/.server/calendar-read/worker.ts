/**
 * The calendar reader's thread (decision 046): reads one fetched calendar at a time with the
 * domain's bounded reader and answers its outcome. It imports the reader alone (not the
 * feature's door, which would load the whole marketplace into this thread). Built to
 * `build/server/calendar-read-worker.js` by scripts/build-server.js; bundled from this source
 * in development and tests (`./index.ts`).
 */
import fs from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
// The worker's own bundle carries the reader alone, not the calendar feature's services behind its door.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { readCalendar } from "#app/features/calendar/.server/ical";
import type { ReadOptions } from "#app/features/calendar/.server";

const port = parentPort!;

/** A small calendar of the shapes feeds have (a zone, a timed, an all-day and a weekly event). */
const WARM_UP = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Madrid",
  "BEGIN:STANDARD",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
  "BEGIN:VEVENT",
  "UID:timed@warm-up",
  "DTSTART;TZID=Europe/Madrid:20270110T100000",
  "DTEND;TZID=Europe/Madrid:20270110T120000",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:day@warm-up",
  "DTSTART;VALUE=DATE:20270112",
  "DTEND;VALUE=DATE:20270114",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:weekly@warm-up",
  "DTSTART:20261201T090000Z",
  "DURATION:PT2H",
  "RRULE:FREQ=WEEKLY;COUNT=20",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

/** This thread's id in /proc (Linux: `<pid>/task/<tid>`), or null elsewhere. */
function ownTask(): string | null {
  try {
    return fs.readlinkSync("/proc/thread-self");
  } catch {
    return null;
  }
}

const task = ownTask();
// Below the thread that answers requests (nice 10; Linux sets it per thread): reading a
// calendar takes the CPU only when pages do not need it.
if (task) {
  try {
    os.setPriority(Number(task.split("/").at(-1)), 10);
  } catch {
    // Not allowed here: the same priority as the server.
  }
}

port.on("message", (job: { id: number; text: string; options: ReadOptions }) => {
  port.postMessage({ id: job.id, outcome: readCalendar(job.text, job.options) });
});
// A first reading compiles the reader (ical.js and ours: 10–60 ms of CPU on a cold thread):
// done here, before the thread says it is ready, it is not counted against a feed's budget.
readCalendar(WARM_UP, { from: "2027-01-01", to: "2027-02-01", timeZone: "Europe/Madrid" });
// Where the server reads the CPU time this thread has used (null: it counts time on the clock).
port.postMessage({ ready: true, cpuStatPath: task ? `/proc/${task}/stat` : null });
