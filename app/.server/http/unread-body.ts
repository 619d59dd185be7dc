import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * How the server answers a request whose body it has not read whole (decisions 021, 047), so
 * that every client — chunked or not, with `Expect: 100-continue` or not — reads an answer
 * instead of a reset:
 * - the answer says `Connection: close` (the unread rest makes the connection unusable);
 * - once it is sent, the server ends its side (FIN) and reads on, discarding, what the client
 *   is still sending — at most `LINGER.bytes` more, then it stops reading and waits — before
 *   closing the socket when the body ends, the client closes, or `LINGER.ms` have passed: a
 *   client busy uploading reads the answer and stops, instead of meeting ECONNRESET (a socket
 *   closed with unread bytes is reset, and the answer can be lost with it);
 * - `100 Continue` is sent when the body is first read (`continueIfAwaited`, called by the body
 *   stream of `express-fetch.ts`), not as the request arrives: a request refused before its body
 *   is read (by its declared length, its type, its origin, a guard) is answered at once, and a
 *   client that waited for the 100 never sends the body.
 *
 * `server.ts` hands every request to its handler through `serveRequests`, which keeps these rules.
 */
export const LINGER = { bytes: 4 * 1024 * 1024, ms: 5_000 };

export function serveRequests(server: Server, handle: RequestListener): void {
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    closeWhenBodyUnread(req, res);
    handle(req, res);
  };
  server.on("request", listener);
  // With a listener, Node leaves the 100 to us (without one it sends it before the request is seen).
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(res);
    listener(req, res);
  });
}

const awaitingContinue = new WeakSet<ServerResponse>();

/** Sends the `100 Continue` the client is waiting for, once, as its body is first read. */
export function continueIfAwaited(res: ServerResponse): void {
  if (awaitingContinue.delete(res) && !res.headersSent) res.writeContinue();
}

/**
 * A response sent before its request's body was read whole — a refusal at the gate (405), the
 * form reader's 413 and 415, the Origin check's 403, a redirect to sign in — says
 * `Connection: close` and lingers (`lingerThenClose`). A keep-alive client must not send its next
 * request on that connection: told `close`, it opens a new one. A 405, 413 or 415 to a request
 * with a body always closes (a small body may already sit whole in the reader's buffer).
 */
const REFUSED_BODY = new Set([405, 413, 415]);
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse) {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  if (!hasBody) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (!this.headersSent) {
      if (!req.readableEnded) {
        this.setHeader("Connection", "close");
        lingerThenClose(req, req.socket);
      } else if (REFUSED_BODY.has(status)) this.setHeader("Connection", "close");
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * Node closes a connection after its last response with `socket.destroySoon()`: end, then destroy
 * as soon as the answer is flushed — with the client's bytes still arriving, a reset. For a
 * request whose body is unread, this socket's close becomes: end (the answer, then FIN), discard
 * what still arrives up to the linger's bytes (then read no more), and close once the body has
 * ended, the client has closed its side, or the linger's time is spent.
 */
function lingerThenClose(req: IncomingMessage, socket: Socket) {
  socket.destroySoon = function (this: Socket) {
    if (this.writable) this.end();
    const close = () => {
      if (this.destroyed) return;
      if (this.writableFinished) this.destroy();
      else this.once("finish", () => this.destroy());
    };
    if (req.readableEnded || req.destroyed) return close();
    const timer = setTimeout(() => this.destroy(), LINGER.ms);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    let left = LINGER.bytes;
    // Whatever read the body (the form reader's stream) has let go of it: what arrives is dropped.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      left -= chunk.byteLength;
      // Past the bytes, the server stops reading instead of closing: a socket closed with bytes
      // unread is reset, and a reset can drop the answer the client has not read yet (a busy
      // client, megabytes in flight on the loopback). Unread, the client's sending stalls
      // (TCP flow control) while it can still read the answer; the timer closes it.
      if (left < 0) req.pause();
    });
    req.once("end", close);
    req.once("error", close);
    req.resume();
  };
}
