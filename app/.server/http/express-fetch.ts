import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { wholeBodyOf } from "./whole-body";

/**
 * Express's request and response as the Fetch API's, for Remix's `createRequestHandler`
 * (written here rather than borrowed from `@remix-run/express`'s internals, which it does not
 * export). The origin is the request's own: `Host`, or `X-Forwarded-Host` only when Express
 * trusts the proxy (`TRUST_PROXY`), so a client cannot choose the origin pages name.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const forwarded = req.app.get("trust proxy") ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || req.get("Host") || "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);

  // Aborted when the client goes away before the response is complete (event streams end on it).
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** Sends a Fetch response through Express, streaming its body (at once when held whole; none for HEAD). */
export async function sendFetchResponse(res: ExpressResponse, response: Response, options: { omitHeaders?: readonly string[] } = {}): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  const omitted = new Set((options.omitHeaders ?? []).map((name) => name.toLowerCase()));
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie" || omitted.has(name)) continue;
    res.append(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (res.req.method === "HEAD" || !response.body) {
    res.end();
    return;
  }
  const whole = wholeBodyOf(response);
  if (whole) {
    res.end(whole);
    return;
  }
  if (response.headers.get("Content-Type")?.startsWith("text/event-stream")) res.flushHeaders();
  await writeReadableStreamToWritable(response.body, res);
}
