import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRaw, streamedBody, type SendOptions } from "#tests/hostile-requests";
import { readFormData } from "./body";
import { sendFetchResponse, toFetchRequest } from "./express-fetch";
import { LINGER, serveRequests } from "./unread-body";

/**
 * The server's path for a form post, as `server.ts` wires it (`serveRequests`, Express, the
 * Fetch request and the body gate), on a raw socket: a body refused before it was read whole is
 * answered — status line, headers and body — and the client is never reset while it reads it.
 */
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(async (req, res) => {
    const request = toFetchRequest(req, res);
    let response: Response;
    if (req.path === "/sign-in-first") {
      // A guard that answers before the body is read (a redirect to sign in).
      response = new Response(null, { status: 302, headers: { Location: "/login" } });
    } else {
      try {
        const form = await readFormData(request, (reason) => `reason:${reason}`);
        response = Response.json({ fields: [...form.keys()] });
      } catch (thrown) {
        const refusal = thrown as { data: unknown; init: ResponseInit };
        response = Response.json(refusal.data, refusal.init);
      }
    }
    await sendFetchResponse(res, response);
  });
  server = http.createServer();
  serveRequests(server, app);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const thirtyMegabytes = () => streamedBody("/contacto", { type: "urlencoded", bytes: 30_000_000 });

describe("a body refused before it was read", () => {
  // A chunked body is read up to the gate's cap before it is refused: how much the loopback holds
  // in flight then varies (megabytes), so what is certain is that the answer comes whole first.
  it.each<[string, SendOptions]>([
    ["chunked", { chunked: true }],
    ["chunked, after Expect: 100-continue", { chunked: true, expectContinue: true }],
  ])("30 MB %s: a whole 413 read before the connection closes", async (_name, options) => {
    const answer = await sendRaw(port, thirtyMegabytes(), { ...options, keepSending: 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({ message: "reason:too-large", formErrors: ["reason:too-large"] });
    expect(answer.errorBeforeAnswer).toBe(false);
    // The body is read (its 100 sent) until the excess.
    expect(answer.continued).toBe(options.expectContinue === true);
  });

  // Refused by its declared length, nothing read: the client finishes what it had queued unhurt.
  it.each<[string, SendOptions]>([
    ["with its length", {}],
    ["with its length, after Expect: 100-continue", { expectContinue: true }],
  ])("30 MB %s: a 413 at once, no 100 Continue, never reset while the client finishes what it had queued", async (_name, options) => {
    const answer = await sendRaw(port, thirtyMegabytes(), { ...options, keepSending: 256 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({ message: "reason:too-large", formErrors: ["reason:too-large"] });
    expect(answer.error).toBeNull();
    expect(answer.continued).toBe(false);
  });

  it("a redirect sent before the body is read is answered whole, and the client finishes unhurt", async () => {
    const answer = await sendRaw(port, streamedBody("/sign-in-first", { bytes: 8 * 1024 * 1024 }), { keepSending: 256 * 1024 });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/login");
    expect(answer.headers.connection).toBe("close");
    expect(answer.error).toBeNull();
  });

  it("the server reads no more than a few megabytes after its answer: a client that goes on sending stalls, and is cut off when the linger's time is spent", async () => {
    const ms = LINGER.ms;
    LINGER.ms = 300;
    try {
      const answer = await sendRaw(port, thirtyMegabytes(), { chunked: true, keepSending: 30_000_000 });
      expect(answer.status).toBe(413);
      expect(answer.error).not.toBeNull();
      expect(answer.errorBeforeAnswer).toBe(false);
      expect(answer.sent).toBeLessThan(16 * 1024 * 1024);
    } finally {
      LINGER.ms = ms;
    }
  });

  it("a body read whole keeps the connection", async () => {
    const answer = await sendRaw(port, streamedBody("/form", { type: "urlencoded", bytes: 1000 }));
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe("keep-alive");
  });
});
