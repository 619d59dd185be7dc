/**
 * The bench's flows beyond page views: sign-ins through the login form, booking confirmations
 * (autocannon), a same-day contention, and the fan-out of event streams.
 */
import http from "node:http";
import autocannon from "autocannon";
import { DEMO, signIn } from "./bench-data";
import { percentile, rssMiB, timeOneRequest } from "./bench-measure";
import { countsOf } from "./bench-counts";
import { connections, duration, options } from "./bench-options";
import { dayFromNow, summaryQuery } from "./bench-targets";

export async function measureSignIn(base: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await signIn(base)).elapsed);
  times.sort((a, b) => a - b);
  return { count, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? NaN };
}

/**
 * Opens `count` event streams for one signed-in person, waits for each first message, then has
 * the server write a new email (a password-reset request) and times the fan-out to all of them.
 */
export async function measureEventStreams(base: string, pid: number, count: number) {
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

/**
 * Two booking confirmations alone, one after the other, as the summary's form posts them (an
 * instant boat, days no other run books), and what each asked of the store (its `X-Store-Use`
 * header, bench-counts.ts). The first write of a minute also prunes the visitors' page cache's
 * old invalidations (page-cache-invalidations.ts: up to 200 reads and deletes, once a minute per
 * server), so the first one may carry that; the second is a confirmation's own cost.
 */
export async function confirmationCounts(base: string, cookie: string, boat: string) {
  const confirm = (day: string) =>
    countsOf(base + "/boat/rent/boat/ReservationSummary", {
      method: "POST",
      headers: { Cookie: `${cookie}; i18n_redirected=es`, "Content-Type": "application/x-www-form-urlencoded" },
      body: summaryQuery(boat, day).toString(),
    });
  const first = await confirm(dayFromNow(400));
  const second = await confirm(dayFromNow(401));
  return { first, second };
}

/**
 * Booking confirmations as the summary page's form sends them, signed in as the demo renter,
 * each for a different day (boats in turn, then the next day): req/s and latency of the whole
 * transaction (slot claims, booking, recorded payment, two emails).
 */
export async function measureBookings(base: string, cookie: string, boats: string[]) {
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
export async function measureContention(base: string, cookie: string, boat: string, count: number) {
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
