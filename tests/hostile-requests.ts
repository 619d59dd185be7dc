import net from "node:net";

/**
 * Hostile request bodies as raw HTTP/1.1, for tests that send them to a listening server over a
 * socket of their own (node:net): a client library would refuse some of these shapes, buffer the
 * body, or hide how the server ended the connection. Each builder returns a `RawRequest` (its head
 * and its body as chunks made when sent, so 30 MB are never held at once); `sendRaw` sends one and
 * reports what a client saw: the answer's status, headers and body, when it came, and whether the
 * connection was reset before the answer could be read.
 *
 * The bodies of issue 43's attack run:
 * - `emptyFileParts`: 230,879 empty file parts in 25 MiB (multipart; 8–10 s of one core to parse
 *   whole before the field count was checked);
 * - `streamedBody`: 30 MB of one file part (or of one urlencoded field), chunked or with a length;
 * - `megabyteFields`: 1 MB in every field of a form, urlencoded or multipart.
 */
export type RawRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The body's bytes, made as they are sent. */
  body: () => Iterable<Buffer>;
  /** The body's length (sent as Content-Length unless `chunked`). */
  bytes: number;
};

export type SendOptions = {
  /** Sends the body with `Transfer-Encoding: chunked` instead of a Content-Length. */
  chunked?: boolean;
  /** Sends `Expect: 100-continue` and waits for the 100 (or a final answer) before the body. */
  expectContinue?: boolean;
  /** How long to wait for a 100 Continue before sending the body anyway, as curl does (ms). */
  continueWait?: number;
  /**
   * Bytes to go on sending once the answer is read whole, even after the server has closed its
   * side (a browser finishing an upload it had queued): a server that resets the connection
   * while they arrive shows as an `error`.
   */
  keepSending?: number;
  /** Gives up after this long (ms). */
  timeout?: number;
  cookie?: string;
  origin?: string;
};

export type RawAnswer = {
  /** The final answer's status; 0 when none was read. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether a `100 Continue` came before the answer. */
  continued: boolean;
  /** Body bytes written (before the answer was read whole, and after it with `keepSending`). */
  sent: number;
  /** Body bytes written after the answer was read whole. */
  sentAfterAnswer: number;
  /** From the first byte sent to the answer read whole (ms); -1 without one. */
  answeredAfter: number;
  /** The socket's error, if any (`ECONNRESET`, `EPIPE`…), and whether it came before the answer. */
  error: string | null;
  errorBeforeAnswer: boolean;
};

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** `bytes` bytes of `fill`, in chunks of 64 KiB. */
function* filler(bytes: number, fill = "a"): Iterable<Buffer> {
  const chunk = Buffer.alloc(CHUNK, fill);
  for (let left = bytes; left > 0; left -= CHUNK) yield left >= CHUNK ? chunk : chunk.subarray(0, left);
}

/**
 * 230,879 empty file parts (`name="a"; filename="a"`, no content) in at most 25 MiB, the gate's
 * multipart cap: a form none of ours sends, cheap to send and, read whole, 8–10 s of parsing.
 */
export function emptyFileParts(path: string, options: { parts?: number; maxBytes?: number } = {}): RawRequest {
  const parts = options.parts ?? 230_879;
  const maxBytes = options.maxBytes ?? 25 * MiB;
  const partOf = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="a"; filename="a"\r\n\r\n\r\n`;
  // The longest boundary (at most 70 characters) that keeps the body within maxBytes.
  let boundary = "x";
  while (boundary.length < 70 && (partOf(boundary + "x").length * parts + `--${boundary}x--\r\n`.length) <= maxBytes) boundary += "x";
  const part = Buffer.from(partOf(boundary));
  const end = Buffer.from(`--${boundary}--\r\n`);
  const perChunk = Math.max(1, Math.floor(CHUNK / part.length));
  return {
    method: "POST",
    path,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    bytes: part.length * parts + end.length,
    *body() {
      const block = Buffer.concat(Array.from({ length: perChunk }, () => part));
      let left = parts;
      for (; left >= perChunk; left -= perChunk) yield block;
      if (left > 0) yield block.subarray(0, left * part.length);
      yield end;
    },
  };
}

/**
 * One field of `bytes` bytes: a file part (`multipart`, the default) or one urlencoded field. Over
 * every cap of the body gate (30 MB by default): what a person sends who picks a video for a form.
 */
export function streamedBody(path: string, options: { bytes?: number; type?: "multipart" | "urlencoded" } = {}): RawRequest {
  const bytes = options.bytes ?? 30_000_000;
  if (options.type === "urlencoded") {
    const head = Buffer.from("intent=send&message=");
    return {
      method: "POST",
      path,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      bytes: head.length + bytes,
      *body() {
        yield head;
        yield* filler(bytes);
      },
    };
  }
  const boundary = "----hostile-upload-0123456789";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    method: "POST",
    path,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    bytes: head.length + bytes + end.length,
    *body() {
      yield head;
      yield* filler(bytes);
      yield end;
    },
  };
}

/** `bytes` (1 MB by default) in every one of `fields`, urlencoded or as multipart text parts. */
export function megabyteFields(path: string, fields: readonly string[], options: { bytes?: number; type?: "multipart" | "urlencoded" } = {}): RawRequest {
  const bytes = options.bytes ?? 1_000_000;
  if (options.type === "multipart") {
    const boundary = "----hostile-fields-0123456789";
    const heads = fields.map((name, i) => Buffer.from(`${i === 0 ? "" : "\r\n"}--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
    const end = Buffer.from(`\r\n--${boundary}--\r\n`);
    return {
      method: "POST",
      path,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      bytes: heads.reduce((sum, head) => sum + head.length + bytes, 0) + end.length,
      *body() {
        for (const head of heads) {
          yield head;
          yield* filler(bytes);
        }
        yield end;
      },
    };
  }
  const names = fields.map((name, i) => Buffer.from(`${i === 0 ? "" : "&"}${encodeURIComponent(name)}=`));
  return {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    bytes: names.reduce((sum, name) => sum + name.length + bytes, 0),
    *body() {
      for (const name of names) {
        yield name;
        yield* filler(bytes);
      }
    },
  };
}

/** Reads an HTTP/1.1 answer as it arrives: 1xx heads, then one final head and its body. */
class AnswerReader {
  private buffer = Buffer.alloc(0);
  continued = false;
  status = 0;
  headers: Record<string, string> = {};
  body = Buffer.alloc(0);
  complete = false;
  private headRead = false;

  push(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.headRead) {
        const end = this.buffer.indexOf("\r\n\r\n");
        if (end === -1) return;
        const lines = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
        this.buffer = this.buffer.subarray(end + 4);
        const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0);
        if (status >= 100 && status < 200) {
          if (status === 100) this.continued = true;
          continue;
        }
        this.status = status;
        for (const line of lines.slice(1)) {
          const at = line.indexOf(":");
          if (at > 0) this.headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
        }
        this.headRead = true;
      }
      this.readBody();
      return;
    }
  }

  /** The body by its Content-Length, or chunk by chunk; without either it ends with the connection. */
  private readBody(): void {
    const length = this.headers["content-length"];
    if (length !== undefined) {
      if (this.buffer.length >= Number(length)) {
        this.body = this.buffer.subarray(0, Number(length));
        this.complete = true;
      }
      return;
    }
    if (!/chunked/i.test(this.headers["transfer-encoding"] ?? "")) return;
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const line = this.buffer.indexOf("\r\n", at);
      if (line === -1) return;
      const size = parseInt(this.buffer.subarray(at, line).toString("latin1"), 16);
      if (Number.isNaN(size)) return;
      if (size === 0) {
        this.body = Buffer.concat(parts);
        this.complete = this.buffer.indexOf("\r\n", line + 2) !== -1;
        return;
      }
      if (this.buffer.length < line + 2 + size + 2) return;
      parts.push(this.buffer.subarray(line + 2, line + 2 + size));
      at = line + 2 + size + 2;
    }
  }

  /** The connection ended: a body read to its end is whole. */
  ended(): void {
    if (this.headRead && !this.complete && this.headers["content-length"] === undefined && !/chunked/i.test(this.headers["transfer-encoding"] ?? "")) {
      this.body = this.buffer;
      this.complete = true;
    }
  }
}

/**
 * Sends `request` to 127.0.0.1:`port` as a careful client does: the body at the pace the socket
 * takes it, reading the answer all along; it stops sending once the answer is read whole, then
 * closes its side. Resolves with what it read (never rejects: a reset is part of the answer).
 */
export function sendRaw(port: number, request: RawRequest, options: SendOptions = {}): Promise<RawAnswer> {
  const headers: Record<string, string> = { Host: `127.0.0.1:${port}`, ...request.headers };
  if (options.origin !== undefined) headers.Origin = options.origin;
  else headers.Origin = `http://127.0.0.1:${port}`;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.chunked) headers["Transfer-Encoding"] = "chunked";
  else headers["Content-Length"] = String(request.bytes);
  if (options.expectContinue) headers.Expect = "100-continue";
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;

  return new Promise((resolve) => {
    // Half-open allowed: the server's end does not stop a client that goes on sending.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const answer = new AnswerReader();
    const started = performance.now();
    let answeredAfter = -1;
    let sent = 0;
    let sentAfterAnswer = 0;
    const keepSending = options.keepSending ?? 0;
    let sending = true;
    let error: string | null = null;
    let errorBeforeAnswer = false;
    let settled = false;
    let wakeSender: (() => void) | null = null;
    const wake = () => {
      const next = wakeSender;
      wakeSender = null;
      next?.();
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: answer.status, headers: answer.headers, body: answer.body.toString("utf8"), continued: answer.continued, sent, sentAfterAnswer, answeredAfter, error, errorBeforeAnswer });
    };
    const timer = setTimeout(() => {
      error ??= "timeout";
      finish();
    }, options.timeout ?? 30_000);

    socket.on("data", (chunk: Buffer) => {
      answer.push(chunk);
      if (answer.continued || answer.status) wake();
      if (answer.complete && answeredAfter === -1) {
        answeredAfter = performance.now() - started;
        // Done: stop sending (unless asked to go on) and close our side.
        if (keepSending === 0 || !sending) socket.end();
        wake();
      }
    });
    // The server's end: a client that has nothing more to send closes too.
    socket.on("end", () => {
      if (keepSending === 0 || !sending || !answer.complete) socket.end();
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      error ??= err.code ?? err.message;
      errorBeforeAnswer = !answer.complete;
      wake();
      finish();
    });
    socket.on("close", () => {
      answer.ended();
      if (answer.complete && answeredAfter === -1) answeredAfter = performance.now() - started;
      wake();
      finish();
    });
    socket.on("drain", wake);

    const pause = (ms?: number) =>
      new Promise<void>((done) => {
        wakeSender = done;
        if (ms !== undefined) setTimeout(wake, ms);
      });
    const stopped = () => settled || socket.destroyed || !socket.writable || (answer.complete && sentAfterAnswer >= keepSending);

    void (async () => {
      socket.write(head);
      if (options.expectContinue) {
        await pause(options.continueWait ?? 1_000);
        if (stopped() || answer.status) return;
      }
      for (const piece of request.body()) {
        if (stopped()) return;
        const framed = options.chunked ? [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")] : [piece];
        let flushed = true;
        for (const bytes of framed) flushed = socket.write(bytes) && flushed;
        sent += piece.length;
        if (answer.complete) sentAfterAnswer += piece.length;
        if (!flushed) await pause();
      }
      if (!stopped() && options.chunked) socket.write("0\r\n\r\n");
    })().finally(() => {
      sending = false;
      if (!socket.destroyed && socket.writable && answer.complete) socket.end();
    });
  });
}
