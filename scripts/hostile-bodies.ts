/**
 * `npx tsx scripts/hostile-bodies.ts [--root <checkout>] [--data <seeded dir>] [--only a,d] [--repeat 3]`:
 * sends each hostile body of issue 43 (tests/hostile-requests.ts) to a fresh production server on
 * a copy of the demo data, one at a time, while `/healthz` is asked every 10 ms on a connection of
 * its own — sent as a browser uploads, going on with 1 MiB it had queued once the answer is read —
 * and prints per body: the answer's status, when it was read whole, whether the
 * connection was reset before it, the slowest `/healthz`, the server's own largest event-loop
 * delay (`perf_hooks.monitorEventLoopDelay`) and its busiest tick (the most CPU its main thread
 * spent between two 10 ms ticks), read through a preloaded probe on SIGUSR2. Each
 * page and form is sent one small body first, so no figure is a first request's module loading.
 *
 * `--root` is a checkout with `build/` (default: this one; its `locales/` must be beside it);
 * `--data` a seeded data directory (default `.cache/e2e-seed`, made by the browser tests or by
 * `node tests/e2e/support/seed-template.mjs <dir>` with the production server's environment).
 * Figures are for decision 047; the machine's other load shows in them.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { emptyFileParts, megabyteFields, sendRaw, streamedBody, type RawRequest, type SendOptions } from "#tests/hostile-requests";
import { freePort, waitForHealth } from "./serve-build";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};
const root = path.resolve(option("root") ?? ".");
const seeded = path.resolve(option("data") ?? ".cache/e2e-seed");
const only = option("only")?.split(",");
const repeat = Number(option("repeat") ?? 3);

/**
 * Preloaded into the server: its event loop's largest delay (wall clock, so the machine's other
 * load shows in it), and the most CPU its main thread spent between two 10 ms ticks (Linux's
 * schedstat: time on a CPU, so another process's load does not): one task that long held the loop.
 */
const PROBE = `
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const schedstat = "/proc/self/task/" + process.pid + "/schedstat";
const onCpu = () => Number(fs.readFileSync(schedstat, "utf8").split(" ")[0]) / 1e6;
let last = onCpu();
let busiest = 0;
setInterval(() => {
  const now = onCpu();
  busiest = Math.max(busiest, now - last);
  last = now;
}, 10).unref();
process.on("SIGUSR2", () => {
  process.stderr.write("[event-loop] " + JSON.stringify({ max: histogram.max / 1e6, busiest }) + "\\n");
  histogram.reset();
  busiest = 0;
  last = onCpu();
});
`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-hostile-"));
  fs.cpSync(seeded, dataDir, { recursive: true });
  const probe = path.join(dataDir, "event-loop-probe.mjs");
  fs.writeFileSync(probe, PROBE);
  const port = await freePort();
  let output = "";
  const server = spawn(process.execPath, ["--import", `file://${probe}`, "build/server/server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "hostile-bodies-secret-that-is-long-enough-0123456789",
      METADATA_SERVER_DETECTION: "none",
      SIGN_IN_LIMIT_PER_10_MINUTES: "1000",
      SERVICE_REQUESTS_PER_HOUR: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, () => server.exitCode !== null);
    const cookie = await signIn(base, "renter@amarre.test", "amarre-demo");
    const trip = /href="(\/ajustes\/mis-reservas\/[A-Za-z0-9]{20})"/.exec(await page(base, "/ajustes/mis-reservas", cookie))?.[1];
    if (!trip) throw new Error("the demo renter has no trip");
    const fieldsOf = async (pathname: string) => [...new Set([...(await page(base, pathname, cookie)).matchAll(/<(?:input|textarea|select)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!))];

    const cases: Array<{ key: string; name: string; request: RawRequest; options?: SendOptions }> = [
      // What any refused form costs: the page rendered again with its message, for comparison.
      { key: "0", name: "baseline: a small form refused with its page → /contacto", request: megabyteFields("/contacto", ["email"], { bytes: 10 }) },
      { key: "0", name: "baseline: a small form refused with its page → check-out form", request: megabyteFields(trip, ["intent"], { bytes: 10 }), options: { cookie } },
      { key: "a", name: "230,879 empty file parts → /login (signed out)", request: emptyFileParts("/login") },
      { key: "b", name: "230,879 empty file parts → /contacto", request: emptyFileParts("/contacto") },
      { key: "c", name: "230,879 empty file parts → check-out form", request: emptyFileParts(trip), options: { cookie } },
      { key: "d", name: "30 MB chunked → /contacto", request: streamedBody("/contacto"), options: { chunked: true } },
      { key: "d", name: "30 MB chunked + Expect → /contacto", request: streamedBody("/contacto"), options: { chunked: true, expectContinue: true } },
      { key: "d", name: "30 MB Content-Length → /contacto", request: streamedBody("/contacto") },
      { key: "d", name: "30 MB Content-Length + Expect → /contacto", request: streamedBody("/contacto"), options: { expectContinue: true } },
      { key: "e", name: "30 MB chunked → check-out form", request: streamedBody(trip), options: { cookie, chunked: true } },
      { key: "e", name: "30 MB chunked + Expect → check-out form", request: streamedBody(trip), options: { cookie, chunked: true, expectContinue: true } },
    ];
    for (const [pathname, signedIn] of [["/limpieza", true], ["/ajustes/mi-perfil", true], ["/dock/form/add-dock-buy", true], ["/ajustes/mi-perfil", false], ["/dock/form/add-dock-buy", false]] as const) {
      const fields = await fieldsOf(pathname);
      for (const type of ["urlencoded", "multipart"] as const) {
        cases.push({ key: "f", name: `1 MB × ${fields.length} fields, ${type} → ${pathname}${signedIn ? "" : " (signed out)"}`, request: megabyteFields(pathname, fields, { type }), options: signedIn ? { cookie } : {} });
      }
    }

    // Each page and each way of reading a body once first: the figures are not a first request's
    // module loading and compiling (both builds load parts of the app lazily).
    for (const target of new Set(cases.map((c) => c.request.path))) {
      await page(base, target, cookie);
      for (const type of ["urlencoded", "multipart"] as const) await sendRaw(port, megabyteFields(target, ["intent"], { bytes: 10, type }), { cookie });
      await sendRaw(port, emptyFileParts(target, { parts: 2_000 }), { cookie });
    }

    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}; ${repeat} run(s) each: the median, and the worst in brackets`);
    console.log(`status  answered          reset  healthz max       event loop max    busiest tick      body`);
    for (const each of cases.filter((c) => !only || only.includes(c.key))) {
      const runs: Array<{ status: number; answered: number; reset: string | null; health: number; loop: number; busiest: number }> = [];
      for (let i = 0; i < repeat; i++) {
        await eventLoopMax(server, () => output); // resets the histogram
        const health = pollHealth(port);
        // As a browser's upload: it goes on sending what it had queued (1 MiB) after the answer.
        const answer = await sendRaw(port, each.request, { timeout: 60_000, keepSending: 1024 * 1024, ...each.options });
        const healthMax = await health.stop();
        const loop = await eventLoopMax(server, () => output);
        runs.push({ status: answer.status, answered: answer.answeredAfter, reset: answer.error && answer.errorBeforeAnswer ? answer.error : null, health: healthMax, loop: loop.max, busiest: loop.busiest });
        await new Promise((r) => setTimeout(r, 300));
      }
      const statuses = [...new Set(runs.map((r) => r.status))].join("/");
      const answered = runs.some((r) => r.answered < 0) ? `none (${runs.filter((r) => r.answered < 0).length}/${repeat})` : figure(runs.map((r) => r.answered));
      const resets = runs.filter((r) => r.reset).map((r) => r.reset);
      console.log(`${statuses.padEnd(6)}  ${answered.padEnd(16)}  ${(resets.length ? resets.join(",") : "no").padEnd(5)}  ${figure(runs.map((r) => r.health)).padEnd(16)}  ${figure(runs.map((r) => r.loop)).padEnd(16)}  ${figure(runs.map((r) => r.busiest)).padEnd(16)}  ${each.name}`);
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** "median ms [worst]". */
function figure(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return sorted.length === 1 ? `${Math.round(median)} ms` : `${Math.round(median)} ms [${Math.round(sorted.at(-1)!)}]`;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!cookies.includes("=")) throw new Error(`sign-in failed: ${response.status}`);
  return cookies;
}

async function page(base: string, pathname: string, cookie: string): Promise<string> {
  const response = await fetch(base + pathname, { headers: { Cookie: `${cookie}; i18n_redirected=es` } });
  return response.text();
}

/** Since the last call: the event loop's largest delay, and the most main-thread CPU between two ticks (ms). */
async function eventLoopMax(server: ReturnType<typeof spawn>, output: () => string): Promise<{ max: number; busiest: number }> {
  const before = output().length;
  server.kill("SIGUSR2");
  for (let i = 0; i < 200; i++) {
    const line = /\[event-loop\] (\{.*\})/.exec(output().slice(before));
    if (line) return JSON.parse(line[1]!) as { max: number; busiest: number };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the event-loop probe did not answer");
}

/** Asks /healthz every 10 ms (one at a time, one kept-alive connection); `stop` gives the slowest answer (ms). */
function pollHealth(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let max = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await new Promise<void>((resolve) => {
        http.get({ host: "127.0.0.1", port, path: "/healthz", agent }, (response) => {
          response.resume();
          response.on("end", resolve);
        }).on("error", () => resolve());
      });
      max = Math.max(max, performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return max;
    },
  };
}

await main();
