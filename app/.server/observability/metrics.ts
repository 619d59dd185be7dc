import { timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Histogram, register } from "prom-client";

/**
 * The metrics of decision 049, in prom-client's default registry (the schedulers', emails' and
 * webhooks' counters are registered there by their own modules): requests by route, method and
 * status, their durations by route and method, and Node's process metrics (CPU, memory, event-loop
 * delay, garbage collection). Made once per process: a development server loads this module again
 * after an edit, and the registry refuses a metric registered twice (`once`, for every module
 * that registers a metric).
 */
export function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

const requests = once(
  "amarre_http_requests_total",
  () =>
    new Counter({
      name: "amarre_http_requests_total",
      help: "HTTP requests answered, by route id (or asset, healthz, metrics, readyz, 404, refused, other), method and status.",
      labelNames: ["route", "method", "status"] as const,
    }),
);

const durations = once(
  "amarre_http_request_duration_seconds",
  () =>
    new Histogram({
      name: "amarre_http_request_duration_seconds",
      help: "Time from a request's arrival to its response's end, by route id and method.",
      labelNames: ["route", "method"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

let defaultsCollected = register.getSingleMetric("process_cpu_seconds_total") !== undefined;
/** Node's process metrics (event-loop delay included), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics();
}

/** One answered request, counted and timed. */
export function recordRequest(route: string, method: string, status: number, ms: number): void {
  requests.labels(route, method, String(status)).inc();
  durations.labels(route, method).observe(ms / 1000);
}

export type MetricsAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * `/metrics`: Prometheus's text format, never cached; with METRICS_TOKEN set, only for
 * `Authorization: Bearer <token>` (else 401).
 */
export async function metricsAnswer(authorization: string | undefined, token: string | undefined): Promise<MetricsAnswer> {
  const noStore = { "Cache-Control": "no-store" };
  if (token && !bearerMatches(authorization, token)) {
    return {
      status: 401,
      headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"' },
      body: "Unauthorized\n",
    };
  }
  return { status: 200, headers: { ...noStore, "Content-Type": register.contentType }, body: await register.metrics() };
}

function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
