import http from "node:http";
import { expect, test } from "@playwright/test";

/**
 * A request the server refuses before reading its body (405 at the gate, 413 by its declared
 * length or once it passes its cap, 415 for a type no form sends, 403 from another site) is
 * answered with `Connection: close`: the unread body makes the socket unusable, so the client
 * must not send its next request on it. With one keep-alive socket per agent, the next request
 * succeeds on a fresh connection instead of failing with ECONNRESET.
 */
type Sent = { status: number; connection: string | undefined; socket: unknown };

function send(agent: http.Agent, base: URL, options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string; chunks?: Buffer[] }): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, agent, method: options.method, path: options.path, headers: { Origin: base.origin, ...options.headers } },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode!, connection: response.headers.connection, socket: request.socket }));
      },
    );
    // The server may close while a body is still being sent; the answer (or its absence) decides.
    request.on("error", reject);
    if (options.chunks) {
      for (const chunk of options.chunks) request.write(chunk);
      request.end();
    } else request.end(options.body);
  });
}

const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

const refusals: Array<{ name: string; status: number; request: Parameters<typeof send>[2] }> = [
  { name: "a method the site does not take", status: 405, request: { method: "PROPFIND", path: "/login", headers: { "Content-Type": "text/xml" }, body: "<propfind/>".repeat(50) } },
  {
    name: "a declared length over the form's cap",
    status: 413,
    request: { method: "POST", path: "/login", headers: { ...urlencoded, "Content-Length": String(2 * 1024 * 1024) }, body: Buffer.alloc(2 * 1024 * 1024, "a") },
  },
  {
    name: "a body that passes its cap while streamed",
    status: 413,
    request: { method: "POST", path: "/login", headers: urlencoded, chunks: Array.from({ length: 24 }, () => Buffer.alloc(64 * 1024, "a")) },
  },
  { name: "a type no form sends", status: 415, request: { method: "POST", path: "/login", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "x".repeat(4000) }) } },
  { name: "a post from another site", status: 403, request: { method: "POST", path: "/login", headers: { ...urlencoded, Origin: "https://evil.example" }, body: "email=a%40b.c&password=x" } },
];

test.describe("early refusals close the connection", () => {
  for (const { name, status, request } of refusals) {
    test(`${status} for ${name}, then the next request on the same keep-alive agent succeeds`, async ({ baseURL }) => {
      const base = new URL(baseURL!);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // A first request that leaves a kept-alive socket in the agent, as a browser's would.
        const warm = await send(agent, base, { method: "GET", path: "/healthz" });
        expect(warm.status).toBe(200);
        expect(warm.connection).toBe("keep-alive");

        let refused: Sent;
        try {
          refused = await send(agent, base, request);
        } catch (error) {
          // A body still being sent when the server answered and closed may end in a reset on
          // the refused request itself; what matters is the next one.
          refused = { status: -1, connection: `error: ${(error as Error).message}`, socket: null };
        }
        if (refused.status !== -1) {
          expect(refused.status).toBe(status);
          expect(refused.connection).toBe("close");
        }

        for (let i = 0; i < 3; i++) {
          const next = await send(agent, base, { method: "GET", path: "/healthz" });
          expect(next.status).toBe(200);
        }
      } finally {
        agent.destroy();
      }
    });
  }

  test("a form post the server reads whole keeps the connection", async ({ baseURL }) => {
    const base = new URL(baseURL!);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, base, { method: "POST", path: "/login", headers: urlencoded, body: "email=nobody%40amarre.test&password=wrong-password" });
      expect(first.status).toBe(400);
      expect(first.connection).toBe("keep-alive");
      const next = await send(agent, base, { method: "GET", path: "/healthz" });
      expect(next.status).toBe(200);
      expect(next.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});
