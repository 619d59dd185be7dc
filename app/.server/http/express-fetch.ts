import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { continueIfAwaited } from "./unread-body";
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
    init.body = requestBody(req, res);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The request's body as a web stream that reads only when asked: nothing is read (and no
 * `100 Continue` sent, `unread-body.ts`) until a reader wants the first chunk, and each chunk is
 * read when the next is wanted, so a reader that stops early leaves the rest unread. Cancelling
 * it lets go of the body without destroying the socket (Remix's `createReadableStreamFromReadable`
 * destroys the request, and with it the connection, before the refusal could be sent): the
 * server answers, then discards what is left as it closes (`serveRequests`).
 */
function requestBody(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let listening = false;
  const onData = (chunk: Buffer) => {
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (error: unknown) => {
    detach();
    controller.error(error);
  };
  const onClose = () => {
    if (!req.readableEnded) onError(new Error("the connection closed before the end of the body"));
  };
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    req.off("close", onClose);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (!listening) {
          listening = true;
          continueIfAwaited(res);
          req.on("data", onData);
          req.on("end", onEnd);
          req.on("error", onError);
          req.on("close", onClose);
        }
        req.resume();
      },
      cancel() {
        detach();
        req.pause();
      },
    },
    { highWaterMark: 0 },
  );
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
