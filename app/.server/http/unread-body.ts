import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

/**
 * How the server answers a request whose body it has not read (decision 021): `server.ts` hands
 * every request to `handle` through `serveRequests`, which keeps these rules.
 */
export function serveRequests(server: Server, handle: RequestListener): void {
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    closeWhenBodyUnread(req, res);
    handle(req, res);
  });
}

/**
 * A response sent before its request's body was read whole — a refusal at the gate (405), the
 * form reader's 413 and 415, the Origin check's 403, a redirect to sign in — says
 * `Connection: close`, and the server closes the socket after it. The unread rest of the body
 * makes the connection unusable (a cancelled body stream destroys the socket; an uncancelled one
 * would be read as the next request), so a keep-alive client must not send its next request on
 * it: told `close`, it opens a new connection instead of meeting ECONNRESET. A 405, 413 or 415 to
 * a request with a body always closes (a small body may already sit whole in the reader's buffer).
 */
const REFUSED_BODY = new Set([405, 413, 415]);
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse) {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  if (!hasBody) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if ((!req.readableEnded || REFUSED_BODY.has(status)) && !this.headersSent) this.setHeader("Connection", "close");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}
