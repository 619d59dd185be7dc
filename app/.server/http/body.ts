import { data } from "@remix-run/node";

/**
 * Reads a form body the way our forms send it (urlencoded or multipart), and nothing else: a
 * body no browser form of ours would send is the sender's fault, answered with a translated 400
 * (415 for another content type, 413 for an oversize body), never a 500, and never parsed at a
 * cost the sender chooses:
 * - the body is read as a stream and refused once it passes its cap (Content-Length first);
 * - urlencoded bodies are decoded strictly: invalid UTF-8 is refused, not silently replaced;
 * - at most `fields` fields, text fields of at most `textFieldChars` characters;
 * - field names are plain or conform's paths with small list indexes (`photos[3]`,
 *   `skipper.mode`): `x[999999999]` would make a reply of a billion empty slots, and
 *   `__proto__`/`constructor`/`prototype` segments have no business in a form.
 */
export const BODY_LIMITS = {
  urlencodedBytes: 1024 * 1024,
  multipartBytes: 25 * 1024 * 1024,
  fields: 1_000,
  textFieldChars: 100_000,
  nameChars: 200,
  listIndex: 1_000,
  nameDepth: 6,
};

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

/** Reads at most `cap` bytes of the body; more is a BodyError (413). */
async function readCapped(request: Request, cap: number): Promise<Uint8Array> {
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
    if (size > cap) {
      // Not awaited: the cancel of a cloned (tee'd) body settles only once its twin is cancelled too.
      void reader.cancel().catch(() => undefined);
      throw new BodyError(413, "too-large");
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

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** `a+b%C3%A9` → "a bé"; invalid percent-escapes or UTF-8 are a BodyError. */
function decodeComponent(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2b) bytes.push(0x20);
    else if (c === 0x25) {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new BodyError(400, "unreadable");
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c < 0x80) bytes.push(c);
    else throw new BodyError(400, "unreadable"); // a urlencoded body is ASCII
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    throw new BodyError(400, "unreadable");
  }
}

function parseUrlencoded(bytes: Uint8Array): FormData {
  const form = new FormData();
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new BodyError(400, "unreadable");
  }
  if (text.length === 0) return form;
  const pairs = text.split("&");
  if (pairs.length > BODY_LIMITS.fields) throw new BodyError(400, "too-many-fields");
  for (const pair of pairs) {
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

/**
 * Checks the fields' number, names and lengths. `sentReplacements`: for a multipart body, how
 * many replacement characters (U+FFFD, the bytes EF BF BD) its bytes hold. Its text parts are
 * decoded leniently, so a part that was not UTF-8 arrives with replacement characters: more of
 * them in the fields than the body sent means bytes that were not UTF-8. One the person sent
 * (text pasted from a page whose encoding was already broken) is text like any other, and so
 * is every character of a urlencoded body, which is decoded strictly.
 */
function checkFields(form: FormData, sentReplacements = Infinity): void {
  let count = 0;
  let replacements = 0;
  for (const [name, value] of form) {
    count++;
    if (count > BODY_LIMITS.fields) throw new BodyError(400, "too-many-fields");
    if (!isAcceptableFieldName(name)) throw new BodyError(400, "invalid-name");
    replacements += replacementsIn(name);
    if (typeof value === "string") {
      if (value.length > BODY_LIMITS.textFieldChars) throw new BodyError(400, "field-too-long");
      replacements += replacementsIn(value);
    }
  }
  if (replacements > sentReplacements) throw new BodyError(400, "unreadable");
}

function replacementsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\uFFFD"); at !== -1; at = text.indexOf("\uFFFD", at + 1)) count++;
  return count;
}

/** How many times the UTF-8 bytes of U+FFFD (EF BF BD) occur in `bytes`. */
function replacementBytesIn(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(0xef); at !== -1 && at + 2 < bytes.length; at = bytes.indexOf(0xef, at + 1)) {
    if (bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd) count++;
  }
  return count;
}

async function parse(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === URLENCODED) {
    const form = parseUrlencoded(await readCapped(request, BODY_LIMITS.urlencodedBytes));
    checkFields(form);
    return form;
  }
  if (type === MULTIPART) {
    if (!/;\s*boundary=/i.test(request.headers.get("Content-Type") ?? "")) throw new BodyError(400, "unreadable");
    const bytes = await readCapped(request, BODY_LIMITS.multipartBytes);
    let form: FormData;
    try {
      form = await new Request(request.url, { method: "POST", headers: { "Content-Type": request.headers.get("Content-Type")! }, body: bytes as Uint8Array<ArrayBuffer> }).formData();
    } catch {
      throw new BodyError(400, "unreadable");
    }
    checkFields(form, replacementBytesIn(bytes));
    return form;
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
