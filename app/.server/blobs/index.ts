/**
 * The blob port: named byte strings (photos, documents) with a content type. Two adapters
 * implement it — `disk.ts` (embedded: files under `<dataDir>/blobs/`) and `cloud-storage.ts`
 * (firebase: Cloud Storage for Firebase) — and `blobs.contract.ts` holds the one test suite both
 * pass. `images.ts` builds the photo pipeline on top of it.
 *
 * Keys are relative paths of lowercase segments: `photos/boats/abc/k3j9/640.webp`.
 * - Only `a-z 0-9 / . _ -`; no leading or trailing `/`, no empty segment (`a//b`), no segment
 *   that begins with a dot (which rules out `.` and `..` and keeps the disk adapter's own
 *   hidden files out of reach); at most 1024 characters, 200 per segment.
 *   Lowercase only, so keys mean the same on case-insensitive file systems; `keySegment()`
 *   turns a mixed-case id into a valid segment.
 * - Keys are paths: do not use one key as the folder of another (`a/b` and `a/b/c`). Cloud
 *   Storage allows it, the disk cannot hold both and refuses the second with
 *   `failed-precondition`.
 * - `put` replaces the whole blob atomically: a reader sees the old bytes or the new ones,
 *   never a mix.
 */

export interface PutOptions {
  /** A MIME type, for example `image/webp` or `application/pdf; charset=binary`. */
  contentType: string;
  /** Kept with the blob (Cloud Storage serves it when the object is read directly). */
  cacheControl?: string;
}

export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
  /** Present when the blob was stored with one. */
  cacheControl?: string;
}

export interface BlobStore {
  /** Which adapter this is, for logs and diagnostics. */
  readonly backend: "embedded" | "firebase";
  /** Creates or replaces the blob at `key`. */
  put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
  /** The blob at `key`, or `null` when there is none. */
  get(key: string): Promise<StoredBlob | null>;
  /** Deletes the blob at `key`; succeeds when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Deletes every blob under the folder `prefix` (whole segments: `photos/u1` removes
   * `photos/u1/…` but not `photos/u10/…`; a trailing `/` is optional). Succeeds when there are
   * none. Not atomic on Cloud Storage: a failure part-way leaves the rest, and repeating it
   * finishes the job.
   */
  deletePrefix(prefix: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases the store; later calls fail with `unavailable`. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Errors

export type BlobErrorCode =
  | "invalid-argument"
  | "failed-precondition"
  | "permission-denied"
  | "resource-exhausted"
  | "deadline-exceeded"
  | "unavailable"
  | "internal";

export class BlobError extends Error {
  override readonly name = "BlobError";
  constructor(
    readonly code: BlobErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isBlobError(error: unknown, code?: BlobErrorCode): error is BlobError {
  return error instanceof BlobError && (code === undefined || error.code === code);
}

function invalid(message: string): never {
  throw new BlobError("invalid-argument", message);
}

// ---------------------------------------------------------------------------------------------
// Validation, shared by both adapters so they accept and refuse exactly the same input

export const MAX_KEY_LENGTH = 1024;
export const MAX_SEGMENT_LENGTH = 200;
const SEGMENT = /^[a-z0-9_-][a-z0-9._-]*$/;

function validatePath(kind: string, value: unknown): string {
  if (typeof value !== "string" || value.length === 0) invalid(`A blob ${kind} must be a non-empty string`);
  if (value.length > MAX_KEY_LENGTH) invalid(`A blob ${kind} is at most ${MAX_KEY_LENGTH} characters`);
  if (value.startsWith("/")) invalid(`Blob ${kind} "${value}" must be relative (no leading /)`);
  for (const segment of value.split("/")) {
    if (segment.length === 0) invalid(`Blob ${kind} "${value}" has an empty segment`);
    if (segment.length > MAX_SEGMENT_LENGTH) invalid(`Blob ${kind} "${value}" has a segment over ${MAX_SEGMENT_LENGTH} characters`);
    if (!SEGMENT.test(segment)) {
      invalid(`Blob ${kind} "${value}" may only hold a-z 0-9 . _ - in segments that do not begin with a dot`);
    }
  }
  return value;
}

/** Checks a key and returns it. Throws a BlobError `invalid-argument`. */
export function validateBlobKey(key: unknown): string {
  return validatePath("key", key);
}

/** True when `key` is a valid blob key. */
export function isValidBlobKey(key: unknown): key is string {
  try {
    validateBlobKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Checks a folder prefix (trailing `/` optional) and returns it without the trailing `/`. */
export function validateBlobPrefix(prefix: unknown): string {
  if (typeof prefix === "string" && prefix.endsWith("/")) return validatePath("prefix", prefix.slice(0, -1));
  return validatePath("prefix", prefix);
}

const TOKEN = "[A-Za-z0-9!#$&^_.+-]+";
const CONTENT_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"\\\\\\r\\n]*"))*$`);
const HEADER_VALUE = /^[\x20-\x7e]+$/;

export function validatePutOptions(options: unknown): PutOptions {
  if (options === null || typeof options !== "object") invalid("put() needs options with a contentType");
  const { contentType, cacheControl } = options as Record<string, unknown>;
  if (typeof contentType !== "string" || contentType.length > 255 || !CONTENT_TYPE.test(contentType)) {
    invalid(`"${String(contentType)}" is not a content type (type/subtype, optional parameters)`);
  }
  if (cacheControl !== undefined && (typeof cacheControl !== "string" || cacheControl.length > 255 || !HEADER_VALUE.test(cacheControl))) {
    invalid("cacheControl must be printable ASCII, at most 255 characters");
  }
  return cacheControl === undefined ? { contentType } : { contentType, cacheControl };
}

export function validateBytes(bytes: unknown): Uint8Array {
  if (!(bytes instanceof Uint8Array)) invalid("A blob's bytes must be a Uint8Array (or a Buffer)");
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * Turns any string (a mixed-case Firestore id, an email) into one valid key segment: lowercase
 * base32 of its UTF-8 bytes, so different strings never share a segment.
 * `keySegment("AbC")` → `"ifreg"`.
 */
export function keySegment(text: string): string {
  if (text.length === 0) invalid("keySegment() needs a non-empty string");
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of Buffer.from(text, "utf8")) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  if (out.length > MAX_SEGMENT_LENGTH) invalid("keySegment(): the text is too long for one key segment");
  return out;
}

/** The string `keySegment` made `segment` from, or null when no string gives that segment. */
export function textOfKeySegment(segment: string): string | null {
  if (segment.length === 0 || segment.length > MAX_SEGMENT_LENGTH) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of segment) {
    const value = BASE32.indexOf(char);
    if (value === -1) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
  // Padding bits and lengths that no encoding produces are not segments of any text.
  return text.length > 0 && keySegment(text) === segment ? text : null;
}

const EXTENSION_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** The content type a key's extension suggests, or `application/octet-stream`. */
export function contentTypeFromKey(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return (dot > 0 && EXTENSION_TYPES[name.slice(dot + 1)]) || "application/octet-stream";
}
