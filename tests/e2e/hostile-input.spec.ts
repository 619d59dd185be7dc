import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { hostileFeeds } from "#tests/hostile-feeds";
import { emptyFileParts, megabyteFields, sendRaw, streamedBody, type RawRequest, type SendOptions } from "#tests/hostile-requests";
import { startBuiltServer } from "./built-server";
import { DEMO_PASSWORD } from "./support/auth-state";

/**
 * What anyone can send the server or point it at cannot take it down (issue 43, decisions 046 and
 * 047). One built server of its own, on the demo data, while `/healthz` is asked every 50 ms on a
 * fresh connection for the whole file:
 * - issue 43's calendar feeds (tests/hostile-feeds.ts), served from 127.0.0.1: the demo owner adds
 *   each on /ajustes/mi-calendario, and switches an added harmless feed to the one that filled the
 *   heap before "update now" (the built server's reader thread, `calendar-read-worker.cjs`);
 * - its bodies (tests/hostile-requests.ts), on raw sockets: 230,879 empty file parts, 30 MB chunked
 *   with and without `Expect: 100-continue`, 1 MB in every field of three forms.
 * Each is answered with a 4xx and a whole answer (never a reset), or is a recorded sync error; the
 * process never exits, and no `/healthz` waits 2 s or fails.
 */
test.describe.configure({ mode: "serial" });

type Server = ReturnType<typeof startBuiltServer>;
let server: Server;
let origin = "";
let port = 0;
let feedServer: http.Server;
let feedBase = "";
/** What the switched feed answers now. */
let switched = "";
const health = { asked: 0, slowestMs: 0, failures: [] as string[], slow: [] as string[] };
const begun = performance.now();
let poller: NodeJS.Timeout | undefined;
let owner = "";
let renter = "";
let calendar = "";
let trip = "";
const formPages = new Map<string, string>();

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const feeds = hostileFeeds(new Date());
  feedServer = http.createServer((req, res) => {
    const name = /^\/feed-([a-d])\.ics$/.exec(req.url ?? "")?.[1] as keyof typeof feeds | undefined;
    res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" }).end(name ? feeds[name].text : switched);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  server = startBuiltServer({ CALENDAR_IMPORT_ALLOW_HOSTS: "127.0.0.1", CALENDAR_IMPORT_TIMEOUT_SECONDS: "5" }, { demoData: true });
  await expect.poll(() => server.port(), { timeout: 60_000 }).toBeTruthy();
  port = Number(server.port());
  origin = `http://127.0.0.1:${port}`;
  // A first start loads each page's code when first asked (a second of CPU on a loaded machine):
  // the pages the tests read and post to are asked once before /healthz is timed.
  owner = await signIn("owner@amarre.test");
  renter = await signIn("renter@amarre.test");
  calendar = await page("/ajustes/mi-calendario", owner);
  trip = /href="(\/ajustes\/mis-reservas\/[A-Za-z0-9]{20})"/.exec(await page("/ajustes/mis-reservas", renter))?.[1] ?? "";
  for (const path of [trip, "/contacto", "/limpieza", "/ajustes/mi-perfil", "/dock/form/add-dock-buy"]) if (path) formPages.set(path, await page(path, renter));
  poller = setInterval(askHealth, 50);
});

test.afterAll(async () => {
  clearInterval(poller);
  feedServer?.close();
  server.child.kill("SIGTERM");
  await server.exited;
  server.cleanup();
});

/** One `/healthz` on a connection of its own: how long it took, or why it failed. */
function askHealth() {
  const started = performance.now();
  health.asked++;
  const request = http.get({ host: "127.0.0.1", port, path: "/healthz", agent: false, timeout: 5_000 }, (response) => {
    response.resume();
    response.on("end", () => {
      const ms = performance.now() - started;
      health.slowestMs = Math.max(health.slowestMs, ms);
      if (ms > 300) health.slow.push(`${Math.round(ms)} ms at ${((started - begun) / 1000).toFixed(1)} s`);
      if (response.statusCode !== 200) health.failures.push(`status ${response.statusCode}`);
    });
  });
  request.on("timeout", () => request.destroy(new Error("no answer in 5 s")));
  request.on("error", (error) => health.failures.push(error.message));
}

/**
 * The server is up and answered every `/healthz` so far within 2 s. Before decisions 046 and 047
 * these feeds and bodies held the event loop 5 to 41 s or ended the process; a healthy server on a
 * machine with some twenty runnable processes (other test suites beside this one) answered in up
 * to 1.3 s, measured, so a tighter bound would measure the machine rather than the server.
 */
function expectHealthy(after: string) {
  expect(server.child.exitCode, `${after}: the server exited\n${server.output().slice(-2000)}`).toBeNull();
  expect(health.failures, after).toEqual([]);
  expect(health.slowestMs, `${after}: the slowest /healthz (ms); those over 300 ms: ${health.slow.join(", ")}`).toBeLessThan(2000);
}

/** Marks a step in the timeline the slow /healthz answers are placed on (shown when one fails). */
function step(name: string) {
  health.slow.push(`[${name} at ${((performance.now() - begun) / 1000).toFixed(1)} s]`);
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", Cookie: "i18n_redirected=es" },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function page(path: string, cookie: string): Promise<string> {
  return (await fetch(origin + path, { headers: { Cookie: `${cookie}; i18n_redirected=es` } })).text();
}

function post(path: string, fields: Record<string, string>, cookie: string): Promise<Response> {
  return fetch(origin + path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", Cookie: `${cookie}; i18n_redirected=es` },
    body: new URLSearchParams(fields),
  });
}

test("hostile calendar feeds: refused when added, recorded when an added feed turns hostile; the server stays up", async () => {
  test.setTimeout(120_000);
  const feeds = hostileFeeds(new Date());
  const cookie = owner;
  const listing = /<option value="([A-Za-z0-9]{20})"[^>]*>[^<]*Cap Camarat/.exec(calendar)?.[1];
  expect(listing, "the demo owner's motorboat").toBeTruthy();
  const add = (url: string) => post("/ajustes/mi-calendario", { intent: "add-calendar", listing: listing!, url }, cookie);

  for (const [name, path] of (["a", "b", "c"] as const).map((n) => [feeds[n].name, `/feed-${n}.ics`])) {
    step(`adding ${name}`);
    const answer = await add(feedBase + path);
    expect(answer.status, name).toBe(400);
    expect((await answer.text()).includes("demasiado complejo"), `${name}: the page says the calendar is too complex`).toBe(true);
    expectHealthy(`adding ${name}`);
  }
  // Five all-day events from year 1 to 9999: kept, holding the horizon's days only.
  expect((await add(`${feedBase}/feed-d.ics`)).status).toBe(303);
  expectHealthy(`adding ${feeds.d.name}`);

  // A harmless feed, added, then switched to the feed that filled the heap before "update now"
  // (the scheduler's path is the same sync: calendar-hostile-feeds.test.ts reads every feed through it).
  step("a harmless feed, added then turned hostile");
  switched = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//harmless//EN\r\nEND:VCALENDAR\r\n";
  const url = `${feedBase}/turns-${Date.now()}.ics`;
  expect((await add(url)).status).toBe(303);
  const id = new RegExp(`data-calendar-import="([A-Za-z0-9]{20})"[^>]*>(?:(?!data-calendar-import)[\\s\\S])*?${url.replaceAll(".", "\\.")}`).exec(
    await page(`/ajustes/mi-calendario?listing=${listing}`, cookie),
  )?.[1];
  expect(id, "the added calendar on the page").toBeTruthy();
  for (const name of ["a"] as const) {
    switched = feeds[name].text;
    const answer = await post("/ajustes/mi-calendario", { intent: "sync-now", listing: listing!, calendar: id! }, cookie);
    expect(answer.status, feeds[name].name).toBe(303);
    expectHealthy(`updating a feed turned into ${feeds[name].name}`);
  }
  // The failure is recorded on the calendar, with its reason in the owner's language.
  const after = await page(`/ajustes/mi-calendario?listing=${listing}`, cookie);
  expect(after.includes("el calendario es demasiado complejo para leerlo"), "the calendar page says why the last update failed").toBe(true);
});

test("hostile bodies on raw sockets: each gets a whole 4xx answer, never a reset; the server stays up", async () => {
  test.setTimeout(120_000);
  const cookie = renter;
  expect(trip, "the demo renter's trip").toBeTruthy();
  const fieldsOf = (path: string) => [...new Set([...(formPages.get(path) ?? "").matchAll(/<(?:input|textarea|select)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!))];

  const cases: Array<{ name: string; request: RawRequest; options?: SendOptions }> = [
    { name: "230,879 empty file parts → /login, signed out", request: emptyFileParts("/login") },
    { name: "230,879 empty file parts → /contacto", request: emptyFileParts("/contacto") },
    { name: "230,879 empty file parts → a trip's check-out form", request: emptyFileParts(trip), options: { cookie } },
    { name: "30 MB chunked → /contacto", request: streamedBody("/contacto"), options: { chunked: true } },
    { name: "30 MB chunked after Expect: 100-continue → /contacto", request: streamedBody("/contacto"), options: { chunked: true, expectContinue: true } },
    { name: "30 MB chunked → a trip's check-out form", request: streamedBody(trip), options: { cookie, chunked: true } },
  ];
  for (const path of ["/limpieza", "/ajustes/mi-perfil", "/dock/form/add-dock-buy"]) {
    const fields = fieldsOf(path);
    for (const type of ["urlencoded", "multipart"] as const) cases.push({ name: `1 MB in each of ${fields.length} fields, ${type} → ${path}`, request: megabyteFields(path, fields, { type }), options: { cookie } });
  }
  for (const { name, request, options } of cases) {
    step(name);
    // What a browser's upload does: it goes on sending what it had queued while the answer arrives.
    const answer = await sendRaw(port, request, { keepSending: 1024 * 1024, timeout: 30_000, ...options });
    expect(answer.status, `${name}: a 4xx (error: ${answer.error}, sent ${answer.sent} bytes)`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${name}: a 4xx`).toBeLessThan(500);
    expect(answer.errorBeforeAnswer, `${name}: the answer came whole before the connection ended (${answer.error})`).toBe(false);
    expectHealthy(name);
  }
  expect(health.asked, "/healthz was asked throughout").toBeGreaterThan(20);
});
