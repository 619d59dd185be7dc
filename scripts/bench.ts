/**
 * `npm run bench`: builds, starts the production server on a fresh embedded backend and
 * measures pages with autocannon: absolute req/s, p50/p95/p99 latency and the server's CPU
 * milliseconds per request, beside each page's ratio to `/_baseline` (a trivial page: the
 * framework's floor) and `/healthz` (plain Node and Express, no Remix), all measured in the same
 * run so that a slower machine or a slower framework cannot hide behind the ratios. Then booking
 * confirmations, a 50-way contention, sign-ins, event streams, the server's peak RSS and the gzip
 * bytes of JavaScript the home page loads.
 *
 *   npm run bench -- [--listings 10000] [--connections 16] [--duration 5] [--skip-build]
 *   npm run bench -- --compare <git-ref> [--pages a,b]   # before (ref) / after (this checkout)
 *   npm run bench -- --backend firebase [--listings 1000] # the same on the emulators
 *
 * `--compare` builds the ref in a temporary git worktree (its own patched packages), serves both
 * builds on copies of the same data and measures every page on one then the other, in turns, so
 * both see the same machine; it prints a before/after table (pages only).
 *
 * `--backend firebase` starts Google's Cloud Firestore emulator, the Auth emulator and the
 * Storage emulator once (scripts/bench-backend.ts), seeds the same kinds of data (a tenth as
 * much by default) and measures the same pages, bookings and contention against them; emulator
 * figures are for regressions, not capacity, and the output says so.
 */
import { execFileSync, execSync, spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { loadConfig } from "#app/.server/config";
import { seedDemoData } from "#app/.server/seed";
import { seedBenchListings } from "#app/.server/seed/bench";
import { createDemoPhotoProvider } from "#app/.server/seed/photos";
import { createServices } from "#app/.server/services";
import { createCasesService } from "#app/.server/domain/cases";
import { caseTypes } from "#app/utils/cases";
import { renderInvoicePdf, type Invoice } from "#app/.server/domain/invoices";
import { testBooking } from "#app/.server/domain/invoices/test-fixtures";
import { benchOptions, EMULATOR_CAVEAT, startBackend, type RunningBackend } from "./bench-backend";
import { freePort, waitForHealth } from "./serve-build";

/**
 * Fills a fresh data directory (and, on firebase, the emulators `backendEnv` points at): the demo
 * marketplace plus `count` published boats.
 */
async function prepareData(dataDir: string, count: number, backendEnv: Record<string, string> = {}) {
  const services = await createServices(
    loadConfig({ ...backendEnv, NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: "bench-session-secret-that-is-long-enough-0123456789" }),
  );
  try {
    const demoStarted = performance.now();
    await seedDemoData(services);
    console.log(`Seeded the demo marketplace in ${((performance.now() - demoStarted) / 1000).toFixed(1)} s`);
    const { created, ms } = await seedBenchListings(services, count, createDemoPhotoProvider(services));
    const [boat] = (await services.listings.search({ sort: "newest" })).items;
    // 10,000 cases for the admin's list: boat names from a small pool, so a word finds about 1 in 20.
    const cases = createCasesService({ store: services.store, blobs: services.blobs });
    const names = ["Gaviota", "Albatros", "Brisa", "Estrella", "Marea", "Sirena", "Delfín", "Tramontana", "Poniente", "Levante", "Galerna", "Calima", "Mistral", "Aurora", "Neptuno", "Tritón", "Coral", "Perla", "Ancla", "Faro"];
    const casesStarted = performance.now();
    for (let i = 0; i < CASES; i++) {
      await cases.create({
        type: caseTypes[i % caseTypes.length],
        requesterUid: null,
        contact: { name: `Cliente ${i}`, email: `cliente${i}@example.com`, phone: null },
        details: { boatName: `${names[i % names.length]} ${i}`, port: ["Palma", "Dénia", "Barcelona", "Marbella"][i % 4], notes: "Solicitud de prueba para el banco de medidas" },
        lang: "es",
      });
    }
    const casesMs = performance.now() - casesStarted;
    // Instant boats of other owners than the demo renter, for the booking runs.
    const instant: string[] = [];
    for (let page = 1; page <= 3; page++) instant.push(...(await services.listings.search({ instantBooking: true, sort: "newest", page })).items.map((b) => b.id));
    // 500 invoices of the demo renter (250 bookings' rental and fee), and the time to draw one as a PDF.
    const renter = (await services.identity.getUserByEmail(DEMO.email))!;
    const owner = (await services.identity.getUserByEmail(DEMO_OWNER.email))!;
    const issued: Invoice[] = [];
    for (let i = 0; i < 250; i++) issued.push(...(await services.invoices.issueForBooking(testBooking(`bench-${i}`, "private", { renterUid: renter.uid, ownerUid: owner.uid }), { quiet: true })));
    const pdfStarted = performance.now();
    for (const invoice of issued.slice(0, 100)) await renderInvoicePdf(invoice, "es");
    const pdfMs = (performance.now() - pdfStarted) / 100;
    // A conversation of 200 messages between the demo renter and the demo owner, about one of his boats.
    const ownersBoat = (await services.listings.listByOwner(owner.uid)).find((listing) => listing.status === "published");
    let chatId = "";
    if (ownersBoat) {
      chatId = (await services.chats.start(renter.uid, { listingId: ownersBoat.id, text: "¿Está libre el sábado? Escríbeme a lucia@example.com o al 611 22 33 44." })).chatId;
      for (let i = 1; i < 200; i++) await services.chats.send(i % 2 ? owner.uid : renter.uid, chatId, `Mensaje ${i}: ${"a bordo ".repeat(1 + (i % 12))}`);
    }
    return { created, ms, boatId: boat?.id ?? "", instantBoats: instant, casesMs, invoices: issued.length, pdfMs, chatId };
  } finally {
    await services.close();
  }
}

const { values: args } = parseArgs({
  options: {
    // 10,000 on embedded, 1,000 on firebase (bench-backend.ts).
    listings: { type: "string" },
    backend: { type: "string", default: "embedded" },
    // 16 on embedded, 4 on firebase (bench-backend.ts).
    connections: { type: "string" },
    duration: { type: "string", default: "5" },
    "skip-build": { type: "boolean", default: false },
    compare: { type: "string" },
    pages: { type: "string" },
    // 500 on embedded, 50 on firebase (bench-backend.ts).
    subscribers: { type: "string" },
    "sign-ins": { type: "string", default: "50" },
  },
});
const options = (() => {
  try {
    return benchOptions(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
})();
const listings = options.listings;
const CASES = options.cases;
const DEMO_ADMIN = { email: "admin@amarre.test", password: "amarre-demo" };
const connections = options.connections;
const duration = Number(args.duration);

/**
 * The pages measured; later features add theirs. `{boat}` is a published boat's id. Pages for
 * visitors are measured twice: as served (the visitors' page cache answers all but one request
 * per 10 s, decision record 007) and rendered on every request (`Cache-Control: no-cache`, as a
 * hard reload sends, skips the cache).
 */
const es = { Cookie: "i18n_redirected=es" };
const rendered = { ...es, "Cache-Control": "no-cache" };
type Target = { name: string; path: string; headers?: Record<string, string> };
const targets: Target[] = [
  { name: "healthz (no Remix)", path: "/healthz" },
  { name: "baseline (/_baseline)", path: "/_baseline", headers: es },
  { name: "baseline (/en/_baseline)", path: "/en/_baseline", headers: { Cookie: "i18n_redirected=en" } },
  { name: "home (/)", path: "/", headers: es },
  { name: "home (/en)", path: "/en", headers: { Cookie: "i18n_redirected=en" } },
  { name: "about (/fr/about)", path: "/fr/about" },
  { name: "search, all boats", path: "/alquiler-barco", headers: es },
  { name: "search, filtered", path: "/alquiler-barco?type=sail&place=Palma&people=6&sort=price-asc", headers: es },
  { name: "search, page 3", path: "/en/alquiler-barco?type=motor&page=3" },
  { name: "boat page", path: "/boat/{boat}", headers: es },
  { name: "docks", path: "/docks", headers: es },
  { name: "matriculación (service)", path: "/gestoria/matriculacion-barco", headers: es },
  { name: "home, rendered", path: "/", headers: rendered },
  { name: "search all, rendered", path: "/alquiler-barco", headers: rendered },
  { name: "search filt., rendered", path: "/alquiler-barco?type=sail&place=Palma&people=6&sort=price-asc", headers: rendered },
  { name: "search p3, rendered", path: "/en/alquiler-barco?type=motor&page=3", headers: { "Cache-Control": "no-cache" } },
  { name: "boat page, rendered", path: "/boat/{boat}", headers: rendered },
  { name: "docks, rendered", path: "/docks", headers: rendered },
  { name: "matriculación, rendered", path: "/gestoria/matriculacion-barco", headers: rendered },
  { name: "blog", path: "/blog", headers: es },
  { name: "blog post", path: "/blog/rutas-en-barco-por-baleares", headers: es },
  { name: "aviso legal", path: "/aviso-legal", headers: es },
  { name: "blog, rendered", path: "/blog", headers: rendered },
  { name: "blog post, rendered", path: "/blog/rutas-en-barco-por-baleares", headers: rendered },
  { name: "aviso legal, rendered", path: "/aviso-legal", headers: rendered },
  { name: "feed (/feed/es.xml)", path: "/feed/es.xml" },
];

/** Targets: [page, minimum share of the baseline's req/s, maximum p95 in ms]. */
const goals: Array<[string, number, number | null]> = [
  ["search, filtered", 0.6, 25],
  ["boat page", 0.7, null],
  ["baseline (/en/_baseline)", 0.9, null],
];
/** Pages rendered on every request (never from the visitors' cache): each ≥ 50 % of the baseline. */
const RENDERED_SHARE = 0.5;
const isRendered = (target: { name: string }) => target.name.includes("rendered") || target.name.includes("signed in") || target.name.startsWith("admin");
/** The framework's floor: the baseline ≥ 12 % of /healthz. */
const FLOOR_SHARE = 0.12;

function rssMiB(pid: number, field: "VmHWM" | "VmRSS" = "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kib / 1024;
}

const DEMO = { email: "renter@amarre.test", password: "amarre-demo" };
const DEMO_OWNER = { email: "owner@amarre.test", password: "amarre-demo" };

/** Signs a demo person (the renter unless told) in through the login form; returns the latency and the session cookie. */
async function signIn(base: string, person: { email: string; password: string } = DEMO) {
  const started = performance.now();
  const response = await fetch(base + "/login", {
    method: "POST",
    body: new URLSearchParams(person),
    redirect: "manual",
    headers: { Cookie: "i18n_redirected=es" },
  });
  const elapsed = performance.now() - started;
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return { elapsed, cookie };
}

async function measureSignIn(base: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await signIn(base)).elapsed);
  times.sort((a, b) => a - b);
  return { count, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? NaN };
}

/**
 * Opens `count` event streams for one signed-in person, waits for each first message, then has
 * the server write a new email (a password-reset request) and times the fan-out to all of them.
 */
async function measureEventStreams(base: string, pid: number, count: number) {
  const { cookie } = await signIn(base);
  const url = new URL(base + "/api/emails/subscribe");
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const rssBefore = rssMiB(pid, "VmRSS");
  const requests: http.ClientRequest[] = [];
  const messages: number[] = new Array(count).fill(0);
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  const until = async (predicate: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error("event streams did not answer in time");
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const request = http.get(url, { agent, headers: { Cookie: cookie, Accept: "text/event-stream" } }, (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        messages[i] += chunk.split("\n\n").filter((m) => m.startsWith("data:")).length;
        notify();
      });
    });
    request.on("error", () => undefined);
    requests.push(request);
  }
  await until(() => messages.every((m) => m >= 1), 60_000);
  const connectedMs = performance.now() - started;
  const rssConnected = rssMiB(pid, "VmRSS");
  const fanOutStarted = performance.now();
  await fetch(base + "/recuperar-contrasena", { method: "POST", body: new URLSearchParams({ email: DEMO.email }), headers: { Cookie: "i18n_redirected=es" } });
  await until(() => messages.every((m) => m >= 2), 60_000);
  const fanOutMs = performance.now() - fanOutStarted;
  for (const request of requests) request.destroy();
  agent.destroy();
  return { count, connectedMs, fanOutMs, rssBefore, rssConnected, perSubscriberKiB: ((rssConnected - rssBefore) * 1024) / count };
}

/** A day `n` days from today, as the booking forms send it. */
const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Booking confirmations as the summary page's form sends them, signed in as the demo renter,
 * each for a different day (boats in turn, then the next day): req/s and latency of the whole
 * transaction (slot claims, booking, recorded payment, two emails).
 */
async function measureBookings(base: string, cookie: string, boats: string[]) {
  let next = 0;
  const latencies: number[] = [];
  const body = () => {
    const i = next++;
    const boat = boats[i % boats.length];
    const day = dayFromNow(2 + Math.floor(i / boats.length));
    return new URLSearchParams({ listing: boat, start: day, end: day, people: "2" }).toString();
  };
  const url = base + "/boat/rent/boat/ReservationSummary";
  const headers = { Cookie: `${cookie}; i18n_redirected=es`, "Content-Type": "application/x-www-form-urlencoded" };
  const aloneMs = options.settle ? await timeOneRequest(url, { method: "POST", headers, body: body() }) : undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        timeout: options.timeoutMs / 1000,
        method: "POST",
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const ok = result.statusCodeStats?.["303"]?.count ?? 0;
  return { rps: result.requests.average, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), booked: ok, other: result.requests.total - ok, aloneMs };
}

/** `count` confirmations of the same day of one boat at once: exactly one may be booked. */
async function measureContention(base: string, cookie: string, boat: string, count: number) {
  const day = dayFromNow(500);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(base + "/boat/rent/boat/ReservationSummary", {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: `${cookie}; i18n_redirected=es` },
        body: new URLSearchParams({ listing: boat, start: day, end: day, people: "2" }),
      }).then((response) => response.status),
    ),
  );
  const ms = performance.now() - started;
  const tally = new Map<number, number>();
  for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
  return { count, ms, booked: tally.get(303) ?? 0, conflicts: tally.get(409) ?? 0, tally: Object.fromEntries(tally) };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The CPU time (user + system) a process has used, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

type Measured = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  cpuMsPerRequest: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** With `settle`: one request alone, before the run, in ms. */
  aloneMs?: number;
};

/** One request alone (it also waits for whatever the previous run left queued in the backend). */
async function timeOneRequest(url: string, init: RequestInit = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(options.timeoutMs * 2) });
  await response.arrayBuffer();
  return performance.now() - started;
}

async function measure(base: string, pid: number, target: Target): Promise<Measured> {
  const latencies: number[] = [];
  const run = (seconds: number, record: boolean) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: base + target.path, connections, duration: seconds, headers: target.headers, timeout: options.timeoutMs / 1000 },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      if (record) instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
  const aloneMs = options.settle ? await timeOneRequest(base + target.path, { headers: target.headers }) : undefined;
  await run(1, false); // warm-up
  const cpuBefore = cpuMs(pid);
  const result = await run(duration, true);
  const cpu = cpuMs(pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    cpuMsPerRequest: result.requests.total > 0 ? cpu / result.requests.total : NaN,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(aloneMs === undefined ? {} : { aloneMs }),
  };
}

async function homeJavaScriptGzipBytes(base: string) {
  const html = await (await fetch(base + "/", { headers: { Cookie: "i18n_redirected=es" } })).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"[^>]*>/g)) urls.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:[\w{}\s,*]*from\s*)?["']([^"']+\.js)["']/g)) urls.add(match[1]);
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return { files: urls.size, gzipBytes: total };
}

const SESSION_SECRET = "bench-session-secret-that-is-long-enough-0123456789";

type Server = { base: string; pid: number; process: ChildProcess; startupMs: number; stop: () => void };

/** Starts `build/server/server.js` of the checkout at `root` on a data directory. */
async function startServer(root: string, dataDir: string, backendEnv: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["build/server/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...backendEnv,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET,
      SIGN_IN_LIMIT_PER_10_MINUTES: "100000",
      METADATA_SERVER_DETECTION: "none",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const started = Date.now();
  try {
    await waitForHealth(base, () => server.exitCode !== null);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  return { base, pid: server.pid!, process: server, startupMs: Date.now() - started, stop: () => server.kill("SIGTERM") };
}

/** The signed-in pages, always rendered (the page cache never serves signed-in people). */
async function signedInTargets(base: string, seeded: { boatId: string; chatId: string }): Promise<{ targets: Target[]; renter: string }> {
  const renter = (await signIn(base)).cookie;
  const owner = (await signIn(base, DEMO_OWNER)).cookie;
  const admin = (await signIn(base, DEMO_ADMIN)).cookie;
  const as = (cookie: string) => ({ Cookie: `${cookie}; i18n_redirected=es` });
  return {
    renter,
    targets: [
      { name: "mis-reservas, signed in", path: "/ajustes/mis-reservas", headers: as(renter) },
      { name: "gestión, signed in", path: "/ajustes/gestion-de-alquileres", headers: as(owner) },
      { name: "boat page, signed in", path: `/boat/${seeded.boatId}`, headers: as(renter) },
      { name: "admin cases, by text", path: "/admin/gestiones?q=gaviota", headers: as(admin) },
      { name: "admin cases, 2 words", path: "/admin/gestiones?q=palma+gaviota&status=received", headers: as(admin) },
      { name: "admin cases, unfiltered", path: "/admin/gestiones", headers: as(admin) },
      { name: "facturas (500), signed in", path: "/ajustes/facturas", headers: as(renter) },
      { name: "chat (200 messages), signed in", path: `/chat/${seeded.chatId}`, headers: as(renter) },
      { name: "mensajes, signed in", path: "/mensajes", headers: as(renter) },
      { name: "matriculación, signed in", path: "/gestoria/matriculacion-barco", headers: as(renter) },
    ],
  };
}

/** `--pages a,b`: only the pages whose name contains one of the words (healthz and the baselines always). */
function selected(all: Target[]): Target[] {
  const words = args.pages?.split(",").map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (!words?.length) return all;
  return all.filter((t) => t.name.startsWith("healthz") || t.name.startsWith("baseline") || words.some((w) => t.name.toLowerCase().includes(w)));
}

const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
const num = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
/** Requests per second: a tenth shown below 10 (the emulators' slow pages), whole above. */
const rate = (value: number) => num(value, value < 10 ? 1 : 0);

function printPages(results: Measured[]) {
  const healthz = results.find((r) => r.name.startsWith("healthz"))!;
  const baseline = results.find((r) => r.name === "baseline (/_baseline)")!;
  const alone = results.some((r) => r.aloneMs !== undefined);
  console.log(`page                            req/s   p50 ms   p95 ms   p99 ms   CPU ms/req   vs baseline   vs healthz   non-2xx${alone ? "   1 alone ms" : ""}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(30)} ${rate(r.rps).padStart(7)}   ${num(r.p50, 1).padStart(6)}   ${num(r.p95, 1).padStart(6)}   ${num(r.p99, 1).padStart(6)}   ${num(r.cpuMsPerRequest, 2).padStart(10)}   ${pct(r.rps / baseline.rps).padStart(11)}   ${pct(r.rps / healthz.rps).padStart(10)}   ${String(r.non2xx + r.errors).padStart(7)}` +
        (alone ? `   ${num(r.aloneMs ?? NaN, 0).padStart(10)}` : ""),
    );
  }
  const unanswered = results.filter((r) => r.requests === 0);
  if (unanswered.length) console.log(`No answer within the ${duration} s run (every request still waiting): ${unanswered.map((r) => r.name).join(", ")}`);
  if (alone) console.log("1 alone ms: one request by itself before the page's run (it also waits for what the previous run left queued).");
  const floorMet = baseline.rps >= FLOOR_SHARE * healthz.rps;
  console.log(`\nTarget: the baseline ≥ ${FLOOR_SHARE * 100}% of /healthz → ${pct(baseline.rps / healthz.rps)}: ${floorMet ? "met" : "NOT met"}`);
  for (const [name, share, p95] of goals) {
    const r = results.find((result) => result.name === name);
    if (!r) continue;
    const met = r.rps >= share * baseline.rps && (p95 === null || r.p95 <= p95);
    console.log(
      `Target ${name}: ≥ ${share * 100}% of the baseline${p95 === null ? "" : ` and p95 ≤ ${p95} ms`} → ` +
        `${pct(r.rps / baseline.rps)}, p95 ${num(r.p95, 1)} ms: ${met ? "met" : "NOT met"}`,
    );
  }
  const slow = results.filter((r) => isRendered(r) && r.rps < RENDERED_SHARE * baseline.rps);
  console.log(
    `Target: every rendered page ≥ ${RENDERED_SHARE * 100}% of the baseline → ` +
      (slow.length === 0 ? "met" : `NOT met by ${slow.map((r) => `${r.name} (${pct(r.rps / baseline.rps)})`).join(", ")}`),
  );
}

async function main() {
  if (args.compare) return compare(args.compare);
  if (!args["skip-build"]) execSync("npm run build", { stdio: "inherit" });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-bench-"));
  let backend: RunningBackend | undefined;
  let server: Server | undefined;
  const cleanUp = async () => {
    if (server && server.process.exitCode === null && server.process.signalCode === null) {
      // The server goes first, so it never sees its backend vanish under it.
      const exited = new Promise((resolve) => server!.process.once("exit", resolve));
      server.stop();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    await backend?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Interrupted, it still stops the server and every emulator (no Java process left behind).
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    const emulatorsStarted = Date.now();
    backend = await startBackend(options.backend);
    const firebase = backend.backend === "firebase";
    if (firebase) {
      console.log(`Emulators started in ${((Date.now() - emulatorsStarted) / 1000).toFixed(1)} s: ${backend.description}`);
      // firebase-admin in this process (the seed) reads the emulators' addresses from the environment.
      Object.assign(process.env, backend.env);
    }
    const seeded = await prepareData(dataDir, listings, backend.env);
    console.log(`Seeded ${seeded.created} bench boats in ${(seeded.ms / 1000).toFixed(1)} s and ${CASES} cases in ${(seeded.casesMs / 1000).toFixed(1)} s`);
    for (const target of targets) target.path = target.path.replace("{boat}", seeded.boatId);
    server = await startServer(process.cwd(), dataDir, backend.env);
    const base = server.base;
    const signedIn = await signedInTargets(base, seeded);
    const renter = signedIn.renter;
    const pages = selected([...targets, ...signedIn.targets]);
    const results: Measured[] = [];
    for (const target of pages) results.push(await measure(base, server.pid, target));
    const booking = await measureBookings(base, renter, seeded.instantBoats.slice(1));
    const contention = await measureContention(base, renter, seeded.instantBoats[0], 50);
    const js = await homeJavaScriptGzipBytes(base);
    const signIns = await measureSignIn(base, Number(args["sign-ins"]));
    const streams = await measureEventStreams(base, server.pid, options.subscribers);
    const rss = rssMiB(server.pid);
    const baseline = results.find((r) => r.name === "baseline (/_baseline)")!.rps;

    console.log(`\nAmarre benchmark — ${connections} connections, ${duration} s per page, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
    console.log(`Backend: ${backend.description}`);
    if (firebase) console.log(`\n*** ${EMULATOR_CAVEAT} ***\n`);
    console.log(`Listings: ${listings} bench boats + the demo marketplace (65 boats, 13 docks); ${CASES} cases`);
    console.log(`Server start (incl. first-start seed): ${server.startupMs} ms`);
    console.log("Absolute figures depend on the machine and what else runs on it; compare builds with --compare <git-ref>.\n");
    printPages(results);
    console.log(
      `\nBooking confirmations (signed in, a different day each, ${connections} connections): ${rate(booking.rps)} req/s (${((booking.rps / baseline) * 100).toFixed(0)}% of the baseline), ` +
        `p50 ${booking.p50.toFixed(1)} ms, p95 ${booking.p95.toFixed(1)} ms, p99 ${booking.p99.toFixed(1)} ms; ${booking.booked} booked, ${booking.other} other answers` +
        (booking.aloneMs === undefined ? "" : `; one alone before the run ${booking.aloneMs.toFixed(0)} ms`),
    );
    console.log(
      `Contention: ${contention.count} confirmations of the same day at once → ${contention.booked} booked, ${contention.conflicts} answered 409 (${JSON.stringify(contention.tally)}) in ${contention.ms.toFixed(0)} ms: ${contention.booked === 1 && contention.conflicts === contention.count - 1 ? "exactly one booked" : "NOT exactly one"}`,
    );
    console.log(
      `Sign-in (form POST, ${firebase ? "the Auth emulator's password check" : "scrypt"}, session cookie): ${signIns.count} in a row, p50 ${signIns.p50.toFixed(1)} ms, p95 ${signIns.p95.toFixed(1)} ms, max ${signIns.max.toFixed(1)} ms`,
    );
    console.log(
      `Email event streams: ${streams.count} open at once, all got their first message in ${streams.connectedMs.toFixed(0)} ms; ` +
        `a new email reached all of them in ${streams.fanOutMs.toFixed(0)} ms; RSS ${streams.rssBefore.toFixed(1)} → ${streams.rssConnected.toFixed(1)} MiB ` +
        `(${streams.perSubscriberKiB.toFixed(1)} KiB per subscriber)`,
    );
    console.log(`Server peak RSS: ${rss.toFixed(1)} MiB`);
    console.log(`Invoices: ${seeded.invoices} for the demo renter; one PDF drawn in ${seeded.pdfMs.toFixed(1)} ms on average (100 drawn)`);
    console.log(`JavaScript loaded by the home page: ${js.files} files, ${(js.gzipBytes / 1024).toFixed(1)} KiB gzip (${js.gzipBytes} bytes)`);
    if (firebase) console.log(`\n*** ${EMULATOR_CAVEAT} ***`);
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync(
      path.join("bench-results", `bench-${firebase ? "firebase-" : ""}${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
      JSON.stringify(
        { backend: backend.backend, emulators: firebase, connections, duration, listings, cases: CASES, startupMs: server.startupMs, loadAverage: os.loadavg(), results, booking, contention, signIns, streams, peakRssMiB: rss, js },
        null,
        2,
      ),
    );
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
    await cleanUp();
  }
}

/** Packages the two checkouts may patch differently (patch-package files `patches/<name>+<version>.patch`). */
function patchedPackages(root: string): string[] {
  const dir = path.join(root, "patches");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".patch"))
    .map((file) => file.slice(0, file.lastIndexOf("+")).replace(/\+/g, "/"));
}

/**
 * A worktree of `ref` beside this checkout, with node_modules hard-linked from this one except
 * the packages either side patches: those are copied, this checkout's patches taken out and the
 * ref's applied, so each build runs on its own packages.
 */
function prepareRef(ref: string, dir: string) {
  const here = process.cwd();
  const lock = (rev: string) => execFileSync("git", ["show", `${rev}:package-lock.json`], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (lock(ref) !== fs.readFileSync(path.join(here, "package-lock.json"), "utf8")) {
    console.warn(`warning: ${ref} has another package-lock.json; it runs on this checkout's packages (except the patched ones)`);
  }
  execFileSync("git", ["worktree", "add", "--detach", dir, ref], { stdio: "inherit" });
  execFileSync("cp", ["-al", path.join(here, "node_modules"), path.join(dir, "node_modules")]);
  // Tool caches are written in place: the ref's build gets none rather than this checkout's files.
  for (const cache of [".vite", ".cache"]) fs.rmSync(path.join(dir, "node_modules", cache), { recursive: true, force: true });
  const packages = new Set([...patchedPackages(here), ...patchedPackages(dir)]);
  for (const name of packages) {
    const target = path.join(dir, "node_modules", name);
    fs.rmSync(target, { recursive: true, force: true });
    execFileSync("cp", ["-a", path.join(here, "node_modules", name), target]);
  }
  for (const file of fs.readdirSync(path.join(here, "patches")).filter((f) => f.endsWith(".patch"))) {
    execFileSync("patch", ["-p1", "-R", "-s", "--no-backup-if-mismatch", "-i", path.join(here, "patches", file)], { cwd: dir, stdio: "inherit" });
  }
  execSync("npx patch-package", { cwd: dir, stdio: "inherit" });
  execSync("npm run build", { cwd: dir, stdio: "inherit" });
}

/** `--compare <ref>`: before (the ref) and after (this checkout), page by page, in turns. */
async function compare(ref: string) {
  // Interrupted, it still stops its servers and removes its worktree and data.
  const interrupted = () => {
    for (const server of servers) server.stop();
    for (const dir of [dataDir, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
    if (fs.existsSync(refDir)) execFileSync("git", ["worktree", "remove", "--force", refDir], { stdio: "inherit" });
    process.exit(130);
  };
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { encoding: "utf8" }).trim();
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
  const refDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-compare-"));
  fs.rmdirSync(refDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-bench-"));
  const copies: string[] = [];
  const servers: Server[] = [];
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    prepareRef(commit, refDir);
    if (!args["skip-build"]) execSync("npm run build", { stdio: "inherit" });
    const seedStarted = Date.now();
    const seeded = await prepareData(dataDir, listings);
    console.log(`Seeded the data in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
    for (const target of targets) target.path = target.path.replace("{boat}", seeded.boatId);
    // Each build gets its own copy of the same data (sign-ins and page views write to it).
    for (const side of ["before", "after"]) {
      const copy = `${dataDir}-${side}`;
      fs.cpSync(dataDir, copy, { recursive: true });
      copies.push(copy);
    }
    const before = await startServer(refDir, copies[0]);
    servers.push(before);
    const after = await startServer(process.cwd(), copies[1]);
    servers.push(after);
    const signedBefore = await signedInTargets(before.base, seeded);
    const signedAfter = await signedInTargets(after.base, seeded);
    const pages = selected([...targets, ...signedAfter.targets]);
    const rows: Array<{ name: string; before: Measured; after: Measured }> = [];
    for (const [i, target] of pages.entries()) {
      const beforeTarget = signedBefore.targets.find((t) => t.name === target.name) ?? target;
      // In turns: which build goes first alternates from page to page.
      const runBefore = () => measure(before.base, before.pid, beforeTarget);
      const runAfter = () => measure(after.base, after.pid, target);
      const [b, a] = i % 2 === 0 ? [await runBefore(), await runAfter()] : await (async () => {
        const a2 = await runAfter();
        return [await runBefore(), a2];
      })();
      rows.push({ name: target.name, before: b, after: a });
      console.log(`${target.name}: ${num(b.rps)} → ${num(a.rps)} req/s`);
    }
    console.log(`\nAmarre benchmark, before/after — before: ${ref} (${commit.slice(0, 9)}), after: this checkout (${head}${dirty ? " with uncommitted changes" : ""})`);
    console.log(`${connections} connections, ${duration} s per page and build, in turns; ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}; ${listings} bench boats`);
    console.log("page                            before req/s  after req/s  after/before   before p50/p95 ms   after p50/p95 ms   before CPU ms/req  after CPU ms/req   non-2xx b/a");
    for (const { name, before: b, after: a } of rows) {
      console.log(
        `${name.padEnd(30)} ${num(b.rps).padStart(12)} ${num(a.rps).padStart(12)} ${`${num(a.rps / b.rps, 2)}×`.padStart(13)}   ${`${num(b.p50, 1)}/${num(b.p95, 1)}`.padStart(17)}   ${`${num(a.p50, 1)}/${num(a.p95, 1)}`.padStart(16)}   ${num(b.cpuMsPerRequest, 2).padStart(17)}  ${num(a.cpuMsPerRequest, 2).padStart(16)}   ${`${b.non2xx + b.errors}/${a.non2xx + a.errors}`.padStart(11)}`,
      );
    }
    console.log("\nAfter:");
    printPages(rows.map((row) => row.after));
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync(
      path.join("bench-results", `compare-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
      JSON.stringify({ ref, commit, head, dirty, connections, duration, listings, loadAverage: os.loadavg(), rows }, null, 2),
    );
  } finally {
    for (const server of servers) server.stop();
    for (const dir of [dataDir, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
    if (fs.existsSync(refDir)) execFileSync("git", ["worktree", "remove", "--force", refDir], { stdio: "inherit" });
  }
}

await main();
