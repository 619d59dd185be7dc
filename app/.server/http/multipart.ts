import busboy from "busboy";
import type { BodyErrorReason } from "./body";

/**
 * The one reader of `multipart/form-data` bodies: the body gate's forms (`body.ts`) and the
 * uploads (photos, case documents) alike. busboy parses the body as it streams in and counts its
 * parts, fields and files as it reads them; the first excess cuts the body there — no more of it
 * is read, the request is refused, and the server closes the connection once its answer is sent
 * (`unread-body.ts`). Any file name is data (`a=b.jpg`, `a;b.jpg`: names like others).
 *
 * What is refused, as a `MultipartError` with its status and reason (the body gate's reasons):
 * - more than `maxParts` parts of any kind (fields, files, parts with no name) or more than
 *   `maxFields` text fields: 413 `too-many-fields`, as soon as the one past the limit is read;
 * - more than `maxBytes` bytes (declared or streamed): 413 `too-large`;
 * - a text field over `maxFieldBytes` bytes or `maxFieldChars` characters: 400 `field-too-long`;
 * - a field name `acceptName` refuses: 400 `invalid-name`;
 * - text that was not UTF-8, a broken body, a dropped connection: 400 `unreadable`.
 *
 * Files are kept in memory up to `maxFileBytes` each and `maxFiles` in all; a larger file or one
 * past the count is drained and named in the result, not kept (the upload forms say which file
 * was refused and keep the others). A file input left empty (a part without a file name) is
 * skipped.
 *
 * Text parts are decoded leniently by busboy, so bytes that are not UTF-8 arrive as replacement
 * characters (U+FFFD): more of them in the names and values than the body's bytes hold (EF BF BD,
 * counted as they stream) means text that was not UTF-8. One the person sent (text pasted from a
 * page whose encoding was already broken) is text like any other.
 */
export type MultipartRefusal = Exclude<BodyErrorReason, "unsupported-type">;

export class MultipartError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly reason: MultipartRefusal,
    options?: { cause?: unknown },
  ) {
    super(`multipart body refused: ${reason}`, options);
    this.name = "MultipartError";
  }
}

/** At most this many parts of any kind in one body, unless a reader says fewer. */
export const MAX_PARTS = 1_000;

/**
 * busboy parses what it is given at once: a 64 KiB chunk of empty parts is 580 of them. It is fed
 * 16 KiB at a time (about 145 such parts, 2–3 ms), and the reader lets other requests in
 * (`setImmediate`) whenever it has worked TURN_MS without a pause: no body holds the event loop.
 */
const SLICE_BYTES = 16 * 1024;
const TURN_MS = 10;

export type MultipartOptions = {
  maxFileBytes: number;
  maxFiles: number;
  maxFieldBytes: number;
  /** Text fields; 1,000 unless said. */
  maxFields?: number;
  /** Parts of any kind; MAX_PARTS unless said. */
  maxParts?: number;
  /** The whole body's bytes; no cap unless said (files over their own cap are drained). */
  maxBytes?: number;
  /** Characters of a text field once decoded. */
  maxFieldChars?: number;
  /** Which field names a form of ours may send (all unless said). */
  acceptName?(name: string): boolean;
  /** Which file parts to read (by field name); others are drained. */
  acceptFile(fieldName: string): boolean;
};

export type MultipartResult = {
  form: FormData;
  /** File names over `maxFileBytes`. */
  tooLarge: string[];
  /** File names past `maxFiles`. */
  overCount: string[];
};

export async function readMultipart(request: Request, options: MultipartOptions): Promise<MultipartResult> {
  const maxBytes = options.maxBytes ?? Infinity;
  const declared = Number(request.headers.get("Content-Length") ?? "");
  // Refused before a byte is read: a client that asked `Expect: 100-continue` never sends it.
  if (Number.isFinite(declared) && declared > maxBytes) throw new MultipartError(413, "too-large");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defParamCharset: "utf8",
      // busboy reports the limit once the part that reaches it has ended: one more than the
      // parts allowed, so a form with exactly `maxParts` parts is read whole.
      limits: { parts: (options.maxParts ?? MAX_PARTS) + 1, fields: options.maxFields ?? 1_000, fieldSize: options.maxFieldBytes, fileSize: options.maxFileBytes },
    });
  } catch (error) {
    throw new MultipartError(400, "unreadable", { cause: error });
  }
  if (!request.body) throw new MultipartError(400, "unreadable");

  const reading = collect(parser, options);
  const reader = request.body.getReader();
  const sent = new ReplacementCounter();
  let size = 0;
  let turn = performance.now();
  for (;;) {
    if (reading.failure()) break;
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      reading.fail(new MultipartError(400, "unreadable", { cause: error }));
      break;
    }
    if (next.done) {
      parser.end();
      break;
    }
    size += next.value.byteLength;
    if (size > maxBytes) {
      reading.fail(new MultipartError(413, "too-large"));
      break;
    }
    reading.allowReplacements(sent.count(next.value));
    for (let at = 0; at < next.value.byteLength && !reading.failure(); at += SLICE_BYTES) {
      if (!parser.write(next.value.subarray(at, at + SLICE_BYTES))) await drained(parser);
      if (performance.now() - turn > TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turn = performance.now();
      }
    }
  }
  const failure = reading.failure();
  if (failure) {
    // The rest of the body stays unread: not awaited (the cancel of a tee'd body settles only
    // once its twin is cancelled too), and it does not close the connection before the answer.
    void reader.cancel().catch(() => undefined);
    parser.destroy();
  }
  return reading.result();
}

/** Resolves once busboy takes more bytes, or has stopped. */
function drained(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      parser.off("error", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
    parser.on("error", done);
  });
}

/** A kept file's bytes as they arrive: a `File` is made only for a body that is read whole. */
type PendingFile = { filename: string; type: string; chunks: Buffer[] };

/** Keeps what busboy reads (text fields, files) and the first reason to refuse the body. */
function collect(parser: busboy.Busboy, options: MultipartOptions) {
  // In the body's order; a refused body's parts never become Files (a Blob costs about 30 µs).
  const entries: Array<[string, string | PendingFile]> = [];
  const tooLarge: string[] = [];
  const overCount: string[] = [];
  const files: Array<Promise<void>> = [];
  let kept = 0;
  let failure: MultipartError | null = null;
  let replacementsSent = 0;
  let replacementsRead = 0;
  const fail = (error: MultipartError) => {
    failure ??= error;
  };
  /** A part's name, or null once the body is refused for it. */
  const nameOf = (name: string | undefined): string | null => {
    const value = name ?? "";
    replacementsRead += replacementsIn(value);
    if (replacementsRead > replacementsSent) fail(new MultipartError(400, "unreadable"));
    else if (options.acceptName && !options.acceptName(value)) fail(new MultipartError(400, "invalid-name"));
    return failure ? null : value;
  };

  parser.on("field", (rawName, value, info) => {
    if (failure) return;
    if (info.valueTruncated || info.nameTruncated) return fail(new MultipartError(400, "field-too-long"));
    const name = nameOf(rawName);
    if (name === null) return;
    replacementsRead += replacementsIn(value);
    if (replacementsRead > replacementsSent) return fail(new MultipartError(400, "unreadable"));
    if (options.maxFieldChars !== undefined && value.length > options.maxFieldChars) return fail(new MultipartError(400, "field-too-long"));
    entries.push([name, value]);
  });
  parser.on("partsLimit", () => fail(new MultipartError(413, "too-many-fields")));
  parser.on("fieldsLimit", () => fail(new MultipartError(413, "too-many-fields")));
  parser.on("file", (rawName, stream, info) => {
    const filename = info.filename ?? "";
    const name = failure ? null : nameOf(rawName);
    if (name === null || !options.acceptFile(name) || filename === "") return drain(stream);
    if (kept >= options.maxFiles) {
      overCount.push(filename);
      return drain(stream);
    }
    kept++;
    const file: PendingFile = { filename, type: info.mimeType, chunks: [] };
    const entry: [string, PendingFile] = [name, file];
    entries.push(entry);
    stream.on("data", (chunk: Buffer) => file.chunks.push(chunk));
    // Emitted as the file reaches its cap, while busboy reads: its place goes to the next file.
    stream.on("limit", () => {
      entries.splice(entries.indexOf(entry), 1);
      file.chunks = [];
      kept--;
      tooLarge.push(filename);
    });
    files.push(
      new Promise<void>((done) => {
        stream.on("error", (error) => {
          fail(new MultipartError(400, "unreadable", { cause: error }));
          done();
        });
        stream.on("close", done);
      }),
    );
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("error", (error) => {
      fail(new MultipartError(400, "unreadable", { cause: error }));
      resolve();
    });
    parser.on("close", resolve);
  });

  return {
    fail,
    failure: () => failure,
    allowReplacements: (count: number) => {
      replacementsSent += count;
    },
    async result(): Promise<MultipartResult> {
      await ended;
      await Promise.all(files);
      if (failure) throw failure;
      const form = new FormData();
      for (const [name, value] of entries) {
        // One buffer: a File made of a few hundred chunks copies each one apart (125 ms for 25 MB).
        form.append(name, typeof value === "string" ? value : new File([Buffer.concat(value.chunks)], value.filename, { type: value.type }));
      }
      return { form, tooLarge, overCount };
    },
  };
}

/**
 * Reads a file part to nothing. A body cut in the middle of it destroys the part's stream with
 * an error ("Unexpected end of file"): listened to here, as the body's refusal already says why.
 */
function drain(stream: NodeJS.ReadableStream): void {
  stream.on("error", () => undefined);
  stream.resume();
}

function replacementsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\uFFFD"); at !== -1; at = text.indexOf("\uFFFD", at + 1)) count++;
  return count;
}

/** Counts the UTF-8 bytes of U+FFFD (EF BF BD) in a body as it streams, across chunk edges. */
class ReplacementCounter {
  /** The last two bytes of the previous chunk. */
  private tail: number[] = [];

  count(chunk: Uint8Array): number {
    let count = 0;
    // A sequence that began in the previous chunk.
    const edge = [...this.tail, ...chunk.subarray(0, 2)];
    for (let at = 0; at + 2 < edge.length && at < this.tail.length; at++) {
      if (edge[at] === 0xef && edge[at + 1] === 0xbf && edge[at + 2] === 0xbd) count++;
    }
    for (let at = chunk.indexOf(0xef); at !== -1 && at + 2 < chunk.length; at = chunk.indexOf(0xef, at + 1)) {
      if (chunk[at + 1] === 0xbf && chunk[at + 2] === 0xbd) count++;
    }
    this.tail = [...this.tail, ...chunk.subarray(Math.max(0, chunk.length - 2))].slice(-2);
    return count;
  }
}
