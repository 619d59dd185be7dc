import { data } from "@remix-run/node";
import { MAX_PARTS, MultipartError, readMultipart } from "./multipart";

/**
 * Reads a form body the way our forms send it (urlencoded or multipart), and nothing else: a
 * body no browser form of ours would send is the sender's fault, answered with a translated 400
 * (415 for another content type, 413 for a body cut before its end: too many bytes or fields),
 * never a 500, and never parsed at a cost the sender chooses:
 * - the body is read as a stream and refused once it passes its cap (Content-Length first);
 * - its fields are counted as they stream in (a urlencoded body's `&`, a multipart body's parts
 *   and fields as busboy reads them, `multipart.ts`): the first one past `fields` cuts the body
 *   there with a 413, so 230,879 empty parts cost the reading of about 1,000;
 * - urlencoded bodies are decoded strictly: invalid UTF-8 is refused, not silently replaced;
 * - text fields of at most `textFieldChars` characters;
 * - field names are plain or conform's paths with small list indexes (`photos[3]`,
 *   `skipper.mode`): `x[999999999]` would make a reply of a billion empty slots, and
 *   `__proto__`/`constructor`/`prototype` segments have no business in a form.
 */
export const BODY_LIMITS = {
  urlencodedBytes: 1024 * 1024,
  multipartBytes: 25 * 1024 * 1024,
  fields: MAX_PARTS,
  textFieldChars: 100_000,
  nameChars: 200,
  listIndex: 1_000,
  nameDepth: 6,
};

/** Each reason is a message of `errors:body.*` in every language. */
export type BodyErrorReason = "unsupported-type" | "unreadable" | "too-large" | "too-many-fields" | "field-too-long" | "invalid-name";

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly reason: BodyErrorReason,
  ) {
    super(`form body refused: ${reason}`);
    this.name = "BodyError";
  }
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/**
 * Reads at most `cap` bytes of the body; more is a BodyError (413). `check` sees each chunk as it
 * arrives and may refuse the body there (a BodyError).
 */
async function readCapped(request: Request, cap: number, check: (chunk: Uint8Array) => void = () => undefined): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > cap) throw new BodyError(413, "too-large");
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw new BodyError(400, "unreadable");
    }
    if (next.done) break;
    size += next.value.byteLength;
    try {
      if (size > cap) throw new BodyError(413, "too-large");
      check(next.value);
    } catch (error) {
      // Not awaited: the cancel of a cloned (tee'd) body settles only once its twin is cancelled
      // too. The rest stays unread; the server closes the connection after the answer.
      void reader.cancel().catch(() => undefined);
      throw error;
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Counts a urlencoded body's fields as it streams: its `&` separators, refused past `fields`. */
function fieldCounter(): (chunk: Uint8Array) => void {
  let separators = 0;
  return (chunk) => {
    for (let at = chunk.indexOf(0x26); at !== -1; at = chunk.indexOf(0x26, at + 1)) {
      if (++separators >= BODY_LIMITS.fields) throw new BodyError(413, "too-many-fields");
    }
  };
}

const ascii = new TextDecoder("utf-8");

/**
 * `b%C3%A9` → "bé"; invalid percent-escapes or UTF-8 are a BodyError. `decodeURIComponent` is
 * strict (a broken escape, bytes that are not UTF-8, an overlong form or a lone surrogate throw)
 * and native: a 1 MiB field takes a few milliseconds.
 */
function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new BodyError(400, "unreadable");
  }
}

/**
 * One pass over the bytes first: a urlencoded body is ASCII, and `+` is a space (before the
 * escapes are decoded, so `%2B` stays a plus). Per character in JavaScript strings, the same work
 * took 130–160 ms for a 1 MiB field, and replacing a million `+` 200–500 ms.
 */
function parseUrlencoded(bytes: Uint8Array): FormData {
  const form = new FormData();
  const plain = new Uint8Array(bytes.byteLength);
  for (let i = 0; i < bytes.byteLength; i++) {
    const byte = bytes[i];
    if (byte >= 0x80) throw new BodyError(400, "unreadable");
    plain[i] = byte === 0x2b ? 0x20 : byte;
  }
  const text = ascii.decode(plain);
  if (text.length === 0) return form;
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const name = decodeComponent(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? "" : decodeComponent(pair.slice(at + 1));
    form.append(name, value);
  }
  return form;
}

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** A field name as our forms write them: `email`, `skipper.mode`, `photos[3]`, `languages[]`. */
export function isAcceptableFieldName(name: string): boolean {
  if (name.length === 0 || name.length > BODY_LIMITS.nameChars) return false;
  const segments = name.split(/\.|\[|\]/).filter((s) => s !== "");
  if (segments.length > BODY_LIMITS.nameDepth) return false;
  for (const segment of segments) {
    if (FORBIDDEN_SEGMENTS.has(segment)) return false;
  }
  for (const match of name.matchAll(/\[(\d*)\]/g)) {
    if (match[1] !== "" && Number(match[1]) > BODY_LIMITS.listIndex) return false;
  }
  return true;
}

/** Checks the fields' names and lengths (their number was counted as the body streamed in). */
function checkFields(form: FormData): void {
  for (const [name, value] of form) {
    if (!isAcceptableFieldName(name)) throw new BodyError(400, "invalid-name");
    if (typeof value === "string" && value.length > BODY_LIMITS.textFieldChars) throw new BodyError(400, "field-too-long");
  }
}

async function parse(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === URLENCODED) {
    const form = parseUrlencoded(await readCapped(request, BODY_LIMITS.urlencodedBytes, fieldCounter()));
    checkFields(form);
    return form;
  }
  if (type === MULTIPART) {
    try {
      const { form } = await readMultipart(request, {
        maxBytes: BODY_LIMITS.multipartBytes,
        maxParts: BODY_LIMITS.fields,
        maxFields: BODY_LIMITS.fields,
        // A character is at most 4 bytes of UTF-8; its count is checked once decoded.
        maxFieldBytes: BODY_LIMITS.textFieldChars * 4,
        maxFieldChars: BODY_LIMITS.textFieldChars,
        acceptName: isAcceptableFieldName,
        // Files (a check-out's photos) are kept whole: the body's cap is theirs.
        maxFileBytes: BODY_LIMITS.multipartBytes,
        maxFiles: BODY_LIMITS.fields,
        acceptFile: () => true,
      });
      return form;
    } catch (error) {
      if (error instanceof MultipartError) throw new BodyError(error.status, error.reason);
      throw error;
    }
  }
  throw new BodyError(415, "unsupported-type");
}

export async function readFormData(request: Request, message: (reason: BodyErrorReason) => string): Promise<FormData> {
  try {
    return await parse(request);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    const text = message(error.reason);
    throw data({ message: text, formErrors: [text] }, { status: error.status });
  }
}
