import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_IMPORTS } from "#app/features/calendar/.server";
import type { Services } from "#app/.server/services";
import { watchEventLoop } from "#tests/event-loop-watch";
import { hostileFeeds } from "#tests/hostile-feeds";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, formPost, loadContext, settle, statusOf } from "#tests/test-services";
import { action } from "./calendar";

/**
 * Issue 43's hostile calendar feeds (tests/hostile-feeds.ts), served from 127.0.0.1 and read
 * through the server's own path — an owner adding each on /ajustes/mi-calendario, the scheduler
 * syncing a calendar that turned hostile — with the reader the server runs (the worker thread of
 * decision 046), while `monitorEventLoopDelay` watches this thread, the one that answers
 * requests. The longest stall stays far under the old ones (see expectNoStall), and each feed ends as a recorded error or a
 * bounded import. (On the code before: (a) filled the heap, (b) stalled it 8.6 s, (d) 16.8 s.)
 */
const feeds = hostileFeeds(new Date());
const airbnb = fs.readFileSync(path.join("tests/fixtures/ical", "airbnb.ics"), "utf8");
let turned = airbnb;
let server: http.Server;
let base = "";
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const name = /^\/feed-([a-d])\.ics$/.exec(req.url ?? "")?.[1] as keyof typeof feeds | undefined;
    res.writeHead(200, { "Content-Type": "text/calendar" }).end(name ? feeds[name].text : turned);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  services = await createTestServices({ CALENDAR_IMPORT_ALLOW_HOSTS: "127.0.0.1" });
  owner = await createOwner(services, { displayName: "Armadora Vigilante" });
}, 60_000);
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await services.close();
});

/** What `run` answered, and how long it held this thread's event loop (tests/event-loop-watch.ts). */
async function watched<T>(run: () => Promise<T>): Promise<{ result: T; busiestMs: number; delayMs: number }> {
  return watchEventLoop(run);
}

/**
 * The thread that answers requests is never held: its time on a CPU between two ticks of a 10 ms
 * timer (`busiestMs`). Idle, the heaviest feed holds it 23–39 ms (the 2 MiB one; the others under
 * 35 ms), against 8.6 s and 16.8 s when feeds were read on this thread. Under load the measure
 * grows without anything of ours changing: a tick that comes late sums the work of every callback
 * that ran meanwhile, and two cores shared by six busy processes slow every instruction — measured
 * 100–109 ms for the same feed with six busy loops beside it, which failed a 100 ms bound on the
 * full test run. The bound is 250 ms: over twice the worst seen under load, 34 times under the
 * old stall. The wall-clock delay (up to 0.8 s on a loaded run whatever we do) is only printed.
 */
function expectNoStall(name: string, { busiestMs, delayMs }: { busiestMs: number; delayMs: number }) {
  expect(busiestMs, `${name}: the event loop's busiest tick (delay ${delayMs.toFixed(0)} ms)`).toBeLessThan(250);
}

const addCalendar = (listing: string, url: string) =>
  settle(() => action({ request: formPost("/en/ajustes/mi-calendario", { intent: "add-calendar", listing, url }, owner.cookie), params: {}, context: loadContext(services) }));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the action's reply read by shape
const replyOf = (result: unknown): any => (result as { data: unknown }).data;

describe("hostile calendar feeds never stall the server", () => {
  it("adding each: (a), (b) and (c) are refused as too complex, (d) is imported within the horizon; the thread that answers requests is never held", async () => {
    const boat = await createBoat(services, owner.uid);
    // The reader's thread starts with the first calendar (not measured: once per server).
    expect(statusOf(await addCalendar(boat.id, `${base}/warm.ics`))).toBe(303);
    for (const name of ["a", "b", "c"] as const) {
      const watch = await watched(() => addCalendar(boat.id, `${base}/feed-${name}.ics`));
      expect(statusOf(watch.result), feeds[name].name).toBe(400);
      expect(replyOf(watch.result).refusal).toMatchObject({ field: "url", message: expect.stringMatching(/too complex to read/) });
      expectNoStall(feeds[name].name, watch);
    }
    const watch = await watched(() => addCalendar(boat.id, `${base}/feed-d.ics`));
    expect(statusOf(watch.result)).toBe(303);
    expectNoStall(feeds.d.name, watch);
    const imported = (await services.calendarSync.list(owner.uid, boat.id)).find((r) => r.url.endsWith("/feed-d.ics"))!;
    expect(imported.events).toHaveLength(5);
    expect(imported.error).toBeNull();
  }, 60_000);

  it("the scheduled sync of a calendar that turned hostile records the error and keeps its days; the thread that answers requests is never held", async () => {
    const boat = await createBoat(services, owner.uid);
    turned = airbnb;
    expect(statusOf(await addCalendar(boat.id, `${base}/turns.ics`))).toBe(303);
    const [record] = await services.calendarSync.list(owner.uid, boat.id);
    const held = async () => (await services.bookings.slots(boat.id, "2027-03-01", "2027-04-30")).filter((s) => s.kind === "block").length;
    expect(await held()).toBe(14);
    for (const name of ["a", "b", "d"] as const) {
      turned = feeds[name].text;
      // Its time has come.
      await services.store.update(CALENDAR_IMPORTS, record!.id, { nextSyncAt: new Date(Date.now() - 1000).toISOString() });
      expectNoStall(feeds[name].name, await watched(() => services.calendarSync.syncDue()));
      const [after] = await services.calendarSync.list(owner.uid, boat.id);
      if (name === "d") {
        expect(after).toMatchObject({ error: null, failures: 0 });
        expect(after!.events).toHaveLength(5);
      } else {
        expect(after, feeds[name].name).toMatchObject({ error: { code: "too-complex" }, events: record!.events, lastSuccessAt: record!.lastSuccessAt });
        expect(await held()).toBe(14);
      }
    }
  }, 60_000);
});
