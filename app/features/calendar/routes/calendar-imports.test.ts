import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCalendar } from "#app/features/calendar/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { secondlySeriesFeed } from "#tests/hostile-feeds";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as feedLoader } from "#app/features/calendar/routes/calendar-feed";
import { action, loader } from "./calendar";

/**
 * /ajustes/mi-calendario's imported calendars with real Requests against the embedded store and
 * a real HTTP server on 127.0.0.1 (allowed by CALENDAR_IMPORT_ALLOW_HOSTS): adding a calendar
 * holds its days at once, ETag/304 on the next sync, a timeout, a 404 and a 500 keep the last good
 * days and show the error, a page that is not iCalendar is a 400 with a translated field message;
 * without the allow-list 127.0.0.1, 10.x, 169.254.x and ::1 are refused; the export feed shows the
 * imported days only when the owner asks. A calendar too complex to read (decision 046) is a 400
 * like the others, and one that keeps failing says on the page that it is tried less often.
 */
const airbnb = fs.readFileSync(path.join("tests/fixtures/ical", "airbnb.ics"), "utf8");
let server: http.Server;
let base = "";
const requests: Array<{ path: string; ifNoneMatch: string | null }> = [];
let feedStatus = 200;

let services: Services;
let closed: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? "", ifNoneMatch: (req.headers["if-none-match"] as string | undefined) ?? null });
    if (req.url === "/airbnb.ics") {
      if (feedStatus !== 200) {
        res.writeHead(feedStatus).end("down");
        return;
      }
      if (req.headers["if-none-match"] === '"airbnb-1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8", ETag: '"airbnb-1"' }).end(airbnb);
      return;
    }
    if (req.url === "/slow.ics") return; // never answers
    if (req.url === "/hostile.ics") {
      res.writeHead(200, { "Content-Type": "text/calendar" }).end(secondlySeriesFeed());
      return;
    }
    if (req.url === "/page.html") {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Sign in</title>");
      return;
    }
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // 3 s: the feeds answer from this process, whose event loop a loaded test run holds for up to
  // 0.8 s (measured in the backup test): with 0.5 s a good feed timed out, and the backoff test
  // counted a failure too many. Only /slow.ics, which never answers, waits the whole 3 s.
  services = await createTestServices({ CALENDAR_IMPORT_ALLOW_HOSTS: "127.0.0.1", CALENDAR_IMPORT_TIMEOUT_SECONDS: "3" });
  closed = await createTestServices({ CALENDAR_IMPORT_TIMEOUT_SECONDS: "0.5" });
  owner = await createOwner(services, { displayName: "Marina Armadora" });
}, 60_000);
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await services.close();
  await closed.close();
});

const PAGE = "/ajustes/mi-calendario";
type Reply = { data: Record<string, unknown>; init: ResponseInit | null };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader data read by shape in tests
const dataOf = (result: unknown): any => (result && typeof result === "object" && "init" in result && "data" in result ? (result as Reply).data : result);
const post = (svc: Services, fields: Record<string, string>, cookie: string, lang = "") => settle(() => action({ request: formPost(`${lang}${PAGE}`, fields, cookie), params: {}, context: loadContext(svc) }));
const page = async (listingId: string, cookie = owner.cookie) => dataOf(await settle(() => loader({ request: authedRequest(`${PAGE}?listing=${listingId}`, cookie), params: {}, context: loadContext(services) })));

describe("/ajustes/mi-calendario: imported calendars", () => {
  it("adds a calendar: its days are held at once, a booking's overlap is a conflict; ETag/304; failures keep the last good days", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const renter = { uid: "renter-x", lang: "es" };
    const booking = await services.bookings.book(renter, boat.id, { start: "2027-03-12", end: "2027-03-12", part: null, people: 2, withSkipper: false });
    const added = await post(services, { intent: "add-calendar", listing: boat.id, url: `${base}/airbnb.ics` }, owner.cookie);
    expect(statusOf(added)).toBe(303);
    expect((await followNotice(services, added as Response)).notice?.key).toBe("bookings:calendar.page.notice.calendar-added");
    const slots = await services.bookings.slots(boat.id, "2027-03-01", "2027-04-30");
    expect(slots.filter((s) => s.kind === "block").map((s) => s.date)).toEqual(
      ["2027-03-10", "2027-03-10", "2027-03-11", "2027-03-11", "2027-03-13", "2027-03-13", "2027-03-14", "2027-03-14", "2027-04-18", "2027-04-18", "2027-04-19", "2027-04-19"],
    );
    expect(slots.filter((s) => s.kind === "booking").every((s) => s.ref === booking.id)).toBe(true);
    let view = await page(boat.id);
    expect(view.imports).toHaveLength(1);
    expect(view.imports[0]).toMatchObject({ events: 2, error: null, conflicts: [{ start: "2027-03-10", end: "2027-03-14", days: 5, bookingIds: [booking.id] }] });
    const id = view.imports[0].id as string;

    // Sync now: the ETag goes back, the 304 keeps everything.
    const synced = await post(services, { intent: "sync-now", listing: boat.id, calendar: id }, owner.cookie);
    expect((await followNotice(services, synced as Response)).notice?.key).toBe("bookings:calendar.page.notice.calendar-synced");
    expect(requests.filter((r) => r.path === "/airbnb.ics").at(-1)?.ifNoneMatch).toBe('"airbnb-1"');

    // A 500, then a 404: the days stay, the error and the last good time are shown.
    for (const status of [500, 404]) {
      feedStatus = status;
      const failed = await post(services, { intent: "sync-now", listing: boat.id, calendar: id }, owner.cookie);
      expect((await followNotice(services, failed as Response)).notice?.key).toBe("bookings:calendar.page.notice.calendar-sync-failed");
      view = await page(boat.id);
      expect(view.imports[0].error).toEqual({ code: "http-status", status });
      expect(view.imports[0].lastSuccessAt).not.toBeNull();
      expect((await services.bookings.slots(boat.id, "2027-03-01", "2027-04-30")).filter((s) => s.kind === "block")).toHaveLength(12);
    }
    feedStatus = 200;

    // Someone else cannot sync or remove it.
    const stranger = await createOwner(services, { displayName: "Otro" });
    const refused = await post(services, { intent: "remove-calendar", listing: boat.id, calendar: id }, stranger.cookie);
    expect(statusOf(refused)).toBe(400);
    expect(await services.calendarSync.list(owner.uid, boat.id)).toHaveLength(1);

    const removed = await post(services, { intent: "remove-calendar", listing: boat.id, calendar: id }, owner.cookie);
    expect((await followNotice(services, removed as Response)).notice?.key).toBe("bookings:calendar.page.notice.calendar-removed");
    expect((await services.bookings.slots(boat.id, "2027-03-01", "2027-04-30")).filter((s) => s.kind === "block")).toEqual([]);
  }, 60_000);

  it("an address that does not answer iCalendar is a 400 with a translated field message; nothing is saved", async () => {
    const boat = await createBoat(services, owner.uid);
    const cases: Array<[string, string, RegExp]> = [
      [`${base}/page.html`, "", /no es un archivo iCalendar/],
      [`${base}/missing.ics`, "/en", /error 404/],
      [`${base}/slow.ics`, "/fr", /n’a pas répondu à temps/],
      ["ftp://example.com/x.ics", "/de", /http- oder https-Adresse/],
    ];
    for (const [url, lang, message] of cases) {
      const result = await post(services, { intent: "add-calendar", listing: boat.id, url }, owner.cookie, lang);
      expect(statusOf(result), url).toBe(400);
      const reply = dataOf(result);
      expect(reply.refusal.field).toBe("url");
      expect(reply.refusal.message).toMatch(message);
      expect(reply.fields.url).toBe(url);
    }
    expect(await services.calendarSync.list(owner.uid, boat.id)).toEqual([]);
  }, 60_000);

  it("reads its forms through the body gate and one schema per intent: bodies no form sends are 400/413/415, a bad field a translated 400", async () => {
    const boat = await createBoat(services, owner.uid);
    const raw = (init: RequestInit, lang = "") => settle(() => action({ request: hostilePost(`${lang}${PAGE}`, owner.cookie, init), params: {}, context: loadContext(services) }));
    const json = await raw(hostileBodies.json({ intent: "add-calendar", listing: boat.id, url: `${base}/airbnb.ics` }), "/en");
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("add-calendar", "url")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("block")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.brokenMultipart()))).toBe(400);
    // A field a form writes once, sent twice, is that field's translated message; an unknown intent the form's.
    const twice = await settle(() => action({ request: formPost(`/en${PAGE}`, { intent: "add-calendar", listing: boat.id, url: [`${base}/airbnb.ics`, `${base}/page.html`] }, owner.cookie), params: {}, context: loadContext(services) }));
    expect(statusOf(twice)).toBe(400);
    expect(dataOf(twice).refusal).toMatchObject({ status: 400, field: "url" });
    expect(dataOf(twice).refusal.message).toMatch(/string/i);
    const unknown = await post(services, { intent: "paint", listing: boat.id }, owner.cookie);
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf(unknown).refusal.field).toBeNull();
    expect(await services.calendarSync.list(owner.uid, boat.id)).toEqual([]);
  });

  it("without the allow-list, loopback, private and link-local addresses are refused (SSRF)", async () => {
    const closedOwner = await createOwner(closed, { displayName: "Armadora Cerrada" });
    const boat = await createBoat(closed, closedOwner.uid);
    for (const url of [`${base}/airbnb.ics`, "http://10.0.0.7/cal.ics", "http://169.254.169.254/latest/meta-data", "http://[::1]/cal.ics", "http://[::ffff:127.0.0.1]/cal.ics"]) {
      const before = requests.length;
      const result = await post(closed, { intent: "add-calendar", listing: boat.id, url }, closedOwner.cookie, "/en");
      expect(statusOf(result), url).toBe(400);
      expect(dataOf(result).refusal.message, url).toMatch(/not public/);
      expect(requests.length).toBe(before);
    }
  }, 60_000);

  it("the listing's own feed shows imported days only when the owner asks, with ids no import reads back", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    expect(statusOf(await post(services, { intent: "add-calendar", listing: boat.id, url: `${base}/airbnb.ics` }, owner.cookie))).toBe(303);
    const view = await page(boat.id);
    const feedPath = new URL(view.feedUrl as string).pathname;
    const [, , listingId, file] = feedPath.split("/");
    const feedText = async () => (await (await feedLoader({ request: pageRequest(feedPath), params: { listingId, file }, context: loadContext(services) })) as Response).text();
    expect(await feedText()).not.toContain("imported-");
    expect(view.exportImported).toBe(false);
    const on = await post(services, { intent: "export-imported", listing: boat.id, on: "true" }, owner.cookie);
    expect((await followNotice(services, on as Response)).notice?.key).toBe("bookings:calendar.page.notice.export-on");
    const text = await feedText();
    expect(text.match(/UID:imported-/g)).toHaveLength(2);
    expect(text).toContain("DTSTART;VALUE=DATE:20270310");
    expect(text).toContain("DTEND;VALUE=DATE:20270315");
    // Amarre reads none of it back (no loop through our own feed).
    expect(parseCalendar(text, { from: "2026-01-01", to: "2028-12-31", timeZone: "Europe/Madrid" })).toEqual([]);
    await post(services, { intent: "export-imported", listing: boat.id, on: "false" }, owner.cookie);
    expect(await feedText()).not.toContain("imported-");
  }, 60_000);

  it("a calendar too complex to read is a 400 with a translated field message, in four languages; nothing is saved", async () => {
    const boat = await createBoat(services, owner.uid);
    for (const [lang, message] of [["", /demasiado complejo para leerlo/], ["/en", /too complex to read/], ["/fr", /trop complexe à lire/], ["/de", /zu komplex zum Lesen/]] as const) {
      const result = await post(services, { intent: "add-calendar", listing: boat.id, url: `${base}/hostile.ics` }, owner.cookie, lang);
      expect(statusOf(result), lang).toBe(400);
      expect(dataOf(result).refusal).toMatchObject({ field: "url", message: expect.stringMatching(message) });
    }
    expect(await services.calendarSync.list(owner.uid, boat.id)).toEqual([]);
  }, 60_000);

  it("a calendar that failed three times in a row says it is tried less often, and when next", async () => {
    const boat = await createBoat(services, owner.uid);
    expect(statusOf(await post(services, { intent: "add-calendar", listing: boat.id, url: `${base}/airbnb.ics` }, owner.cookie))).toBe(303);
    const id = (await page(boat.id)).imports[0].id as string;
    feedStatus = 500;
    try {
      for (let n = 1; n <= 3; n++) {
        await post(services, { intent: "sync-now", listing: boat.id, calendar: id }, owner.cookie);
        const [view] = (await page(boat.id)).imports;
        expect(view.backoff, `failure ${n}`).toEqual(n < 3 ? null : { failures: 3, nextTryAt: expect.any(String) });
      }
      const [record] = await services.calendarSync.list(owner.uid, boat.id);
      // The third failure in a row waits an hour, not half.
      expect(Date.parse(record.nextSyncAt) - Date.parse(record.lastAttemptAt!)).toBe(60 * 60_000);
    } finally {
      feedStatus = 200;
    }
    await post(services, { intent: "sync-now", listing: boat.id, calendar: id }, owner.cookie);
    expect((await page(boat.id)).imports[0].backoff).toBeNull();
  }, 60_000);
});
