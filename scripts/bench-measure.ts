/**
 * Measuring pages with autocannon: a warm-up second, then `--duration` seconds at `--connections`,
 * latency percentiles, the server's CPU ms per request (from /proc), its RSS; and the gzip bytes of
 * JavaScript the home page loads.
 */
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { connections, duration, options } from "./bench-options";
import type { Target } from "./bench-targets";

export function rssMiB(pid: number, field: "VmHWM" | "VmRSS" = "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kib / 1024;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The CPU time (user + system) a process has used, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export type Measured = {
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
export async function timeOneRequest(url: string, init: RequestInit = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(options.timeoutMs * 2) });
  await response.arrayBuffer();
  return performance.now() - started;
}

/** `seconds` of `target` at `--connections`; each response's latency goes to `latencies` when given. */
function load(base: string, target: Target, seconds: number, latencies?: number[]): Promise<autocannon.Result> {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base + target.path, connections, duration: seconds, headers: target.headers, timeout: options.timeoutMs / 1000 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export async function measure(base: string, pid: number, target: Target): Promise<Measured> {
  const latencies: number[] = [];
  const aloneMs = options.settle ? await timeOneRequest(base + target.path, { headers: target.headers }) : undefined;
  await load(base, target, 1); // warm-up
  const cpuBefore = cpuMs(pid);
  const result = await load(base, target, duration, latencies);
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

/**
 * A fresh server's first seconds are not its speed: V8 has compiled little of Remix, React and the
 * app yet, and the first page measured (the baseline) came out a quarter slower than the same page
 * measured minutes later in the same run (717 against 994 req/s). Each page's own warm-up second
 * is not enough for the code every page shares: before anything is measured, the server answers
 * `seconds` of `targets` (the baseline and the home page, rendered), unrecorded.
 */
export async function warmUp(base: string, targets: Target[], seconds = 4): Promise<void> {
  for (const target of targets) await load(base, target, seconds / targets.length);
}

export async function homeJavaScriptGzipBytes(base: string) {
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
