/** Names, ids and field paths: what both adapters accept as a collection, a document id or a field. */
import { randomBytes } from "node:crypto";
import { invalid } from "./errors";


const FORBIDDEN_NAME_CHARS = /[/~*[\]]/;
const RESERVED_NAME = /^__.*__$/;
const MAX_NAME_BYTES = 1500;

function validateName(kind: string, name: unknown): string {
  if (typeof name !== "string" || name.length === 0) invalid(`${kind} must be a non-empty string`);
  if (FORBIDDEN_NAME_CHARS.test(name)) invalid(`${kind} "${name}" must not contain / ~ * [ or ]`);
  if (name.startsWith(".") || name.endsWith(".") || name.includes("..")) {
    invalid(`${kind} "${name}" must not begin or end with a dot or contain consecutive dots`);
  }
  if (RESERVED_NAME.test(name)) invalid(`${kind} "${name}" is reserved (__name__ style)`);
  if (Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES) invalid(`${kind} is longer than ${MAX_NAME_BYTES} bytes`);
  return name;
}

/** Collection names are flat top-level names: "ports", "users", "meta". */
export function validateCollectionName(name: unknown): string {
  return validateName("Collection name", name);
}

export function validateDocumentId(id: unknown): string {
  return validateName("Document id", id);
}

const FORBIDDEN_FIELD_CHARS = /[.~*/[\]"\\`]/;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

/** One field name (a map key): non-empty, not `__x__`, none of . ~ * / [ ] " \ ` or controls. */
export function validateFieldName(name: string): string {
  if (name.length === 0) invalid("Field names must be non-empty");
  if (FORBIDDEN_FIELD_CHARS.test(name) || hasControlCharacter(name)) {
    invalid(`Field name "${name}" must not contain . ~ * / [ ] " \\ \` or control characters`);
  }
  if (RESERVED_NAME.test(name)) invalid(`Field name "${name}" must not begin and end with "__"`);
  return name;
}

/** Splits and validates a dotted field path ("stats.views") into its segments. */
export function parseFieldPath(path: unknown): string[] {
  if (typeof path !== "string" || path.length === 0) invalid("A field path must be a non-empty string");
  if (path.startsWith(".") || path.endsWith(".") || path.includes("..")) {
    invalid(`Field path "${path}" must not begin or end with a dot or contain consecutive dots`);
  }
  const segments = path.split(".");
  for (const segment of segments) validateFieldName(segment);
  return segments;
}

/** Orders field paths segment by segment (a path before the paths inside it). */
export function compareSegments(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random 20-character alphanumeric id, as Firestore's `add()` makes. */
export function newDocumentId(): string {
  let id = "";
  while (id.length < 20) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 * 62: reject the tail so every character is equally likely.
      if (byte < 248 && id.length < 20) id += ID_ALPHABET[byte % 62];
    }
  }
  return id;
}
