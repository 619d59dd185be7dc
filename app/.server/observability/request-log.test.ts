import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../store/sqlite";
import { configureLogging, logger } from "./logger";
import { metricsAnswer } from "./metrics";
import { readiness } from "./readiness";
import { loggablePath, observeRequest } from "./request-log";
import { noteRoute, noteUser } from "./request-scope";

/**
 * A server wired as server.ts wires it (`observeRequest` around every request), with handlers
 * that name their route, a signed-in person, log a line of their own or fail.
 */
const lines: Array<Record<string, unknown>> = [];
let restore = () => {};
let server: http.Server;
let base: string;
let closed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  restore = configureLogging({ format: "json", level: "info", destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  server = http.createServer((req, res) => {
    let done!: () => void;
    closed = new Promise((resolve) => (done = resolve));
    res.once("close", () => setImmediate(done));
    observeRequest(req, res, "amarre-test", () => {
      if (req.url?.startsWith("/boat/")) {
        noteRoute("es/boat");
        noteUser("uid-renter");
        setTimeout(() => {
          logger.info("inside the loader");
          res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": "2" }).end("ok");
        }, 1);
      } else if (req.url === "/fails") {
        noteRoute("es/fails");
        res.writeHead(500).end();
      } else {
        res.writeHead(404).end();
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  restore();
  server.close();
});
afterEach(() => void (lines.length = 0));

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers });
  await response.arrayBuffer();
  await closed;
  return response;
}

describe("one line per request", () => {
  it("names the request, its route, status, duration, person and trace, and sends its id back", async () => {
    const response = await get("/boat/abc?token=secret-in-query", {
      "X-Cloud-Trace-Context": "105445aa7843bc8bf206b12000100000/1;o=1",
      Cookie: "__session=cookie-value",
      Authorization: "Bearer header-token",
    });
    const id = response.headers.get("X-Request-Id");
    expect(id).toBe("105445aa7843bc8bf206b12000100000");
    const own = lines.filter((l) => l.message === "inside the loader");
    const requestLines = lines.filter((l) => l.httpRequest);
    expect(own).toEqual([expect.objectContaining({ requestId: id, "logging.googleapis.com/trace": "projects/amarre-test/traces/105445aa7843bc8bf206b12000100000" })]);
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({
      severity: "INFO",
      requestId: id,
      method: "GET",
      route: "es/boat",
      status: 200,
      uid: "uid-renter",
      "logging.googleapis.com/trace": "projects/amarre-test/traces/105445aa7843bc8bf206b12000100000",
      httpRequest: { requestMethod: "GET", requestUrl: "/boat/abc", status: 200, responseSize: "2" },
      message: expect.stringMatching(/^GET \/boat\/abc 200 [\d.]+ ms$/),
    });
    expect(line.durationMs).toBeGreaterThan(0);
    // Never the query, a cookie or a header's value.
    const text = JSON.stringify(lines);
    for (const secret of ["secret-in-query", "cookie-value", "header-token"]) expect(text).not.toContain(secret);
  });

  it("is a WARNING for a 4xx and an ERROR for a 5xx, without a person when none signed in", async () => {
    const missing = await get("/nothing", { "X-Request-Id": "client-given-1" });
    expect(missing.headers.get("X-Request-Id")).toBe("client-given-1");
    await get("/fails");
    expect(lines.map((l) => [l.severity, l.route, l.status, l.requestId === "client-given-1"])).toEqual([
      ["WARNING", "404", 404, true],
      ["ERROR", "es/fails", 500, false],
    ]);
    expect(lines[1]).not.toHaveProperty("uid");
    expect(lines[1]).not.toHaveProperty("logging.googleapis.com/trace");
  });

  it("is counted in /metrics by route, method and status, and timed by route and method", async () => {
    await get("/boat/xyz");
    const { body } = await metricsAnswer(undefined, undefined);
    expect(body).toMatch(/^amarre_http_requests_total\{route="es\/boat",method="GET",status="200"\} [1-9]\d*$/m);
    expect(body).toMatch(/^amarre_http_request_duration_seconds_count\{route="es\/boat",method="GET"\} [1-9]\d*$/m);
  });
});

describe("a logged path", () => {
  it("leaves out the query and a calendar feed's token", () => {
    expect(loggablePath("/alquiler-barco?lugar=palma&token=x")).toBe("/alquiler-barco");
    expect(loggablePath("/ical/AbC123/0f9e8d7c6b5a.ics")).toBe("/ical/AbC123/[secret]");
    expect(loggablePath(`/${"a".repeat(300)}`)).toHaveLength(201);
  });
});

describe("/metrics", () => {
  it("asks for the bearer token when METRICS_TOKEN is set", async () => {
    const token = "metrics-token-0123456789";
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${token}`, `Bearer ${token}x`]) {
      const answer = await metricsAnswer(authorization, token);
      expect(answer.status).toBe(401);
      expect(answer.body).not.toContain("amarre_");
      expect(answer.headers["WWW-Authenticate"]).toMatch(/^Bearer/);
    }
    const allowed = await metricsAnswer(`Bearer ${token}`, token);
    expect(allowed.status).toBe(200);
    expect(allowed.headers["Content-Type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(allowed.headers["Cache-Control"]).toBe("no-store");
  });

  it("is open without METRICS_TOKEN", async () => {
    expect((await metricsAnswer(undefined, undefined)).status).toBe(200);
  });
});

describe("/readyz", () => {
  it("is 200 when the store answers, 503 when its read fails, never answers, or the server is stopping", async () => {
    expect(await readiness({ get: async () => null }, { stopping: false })).toEqual({ status: 200, body: { status: "ok" } });
    const failing = { get: () => Promise.reject(new Error("unavailable")) };
    expect(await readiness(failing, { stopping: false })).toEqual({ status: 503, body: { status: "unavailable" } });
    const silent = { get: () => new Promise<null>(() => {}) };
    expect(await readiness(silent, { stopping: false, timeoutMs: 5 })).toEqual({ status: 503, body: { status: "unavailable" } });
    expect(await readiness({ get: async () => null }, { stopping: true })).toEqual({ status: 503, body: { status: "stopping" } });
  });

  it("follows the embedded store: ready while it is open, 503 once it is closed", async () => {
    const store = createSqliteStore({ dataDir: ":memory:" });
    expect((await readiness(store, { stopping: false })).status).toBe(200);
    await store.close();
    expect(await readiness(store, { stopping: false })).toEqual({ status: 503, body: { status: "unavailable" } });
  });
});
