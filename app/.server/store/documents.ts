/** Document data: JSON values checked and made canonical, the size limit, and `update` patches validated. */
import { invalid } from "./errors";
import { isFieldTransform } from "./field-transforms";
import type { DocumentData, FieldTransform, JsonValue } from "./index";
import { compareSegments, parseFieldPath, validateFieldName } from "./names";


const MAX_DEPTH = 20;
const MAX_DOCUMENT_BYTES = 1_000_000;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return (value as object).constructor?.name ?? "object";
}

/**
 * Checks one value and returns a canonical copy: map keys sorted (so equal maps have equal
 * JSON), `undefined` map entries dropped.
 */
export function canonicalValue(value: unknown, path: string, depth: number, inArray: boolean): JsonValue {
  if (depth > MAX_DEPTH) invalid(`"${path}" is nested more than ${MAX_DEPTH} levels deep`);
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) invalid(`"${path}" must be a finite number`);
      return Object.is(value, -0) ? 0 : value;
    case "object": {
      if (value === null) return null;
      if (Array.isArray(value)) {
        if (inArray) invalid(`"${path}" is an array directly inside an array, which Firestore does not allow`);
        return value.map((item, i) => {
          if (item === undefined) invalid(`"${path}[${i}]" is undefined`);
          return canonicalValue(item, `${path}[${i}]`, depth + 1, true);
        });
      }
      if (isFieldTransform(value)) invalid(`"${path}": increment() and deleteField() are only allowed as update() values`);
      if (value instanceof Date) invalid(`"${path}" is a Date: store dates as ISO strings (date.toISOString())`);
      if (!isPlainObject(value)) invalid(`"${path}" is a ${describe(value)}; only plain objects, arrays and primitives can be stored`);
      const out: { [key: string]: JsonValue } = {};
      for (const key of Object.keys(value).sort()) {
        const item = value[key];
        if (item === undefined) continue;
        validateFieldName(key);
        out[key] = canonicalValue(item, `${path}.${key}`, depth + 1, false);
      }
      return out;
    }
    default:
      return invalid(`"${path}" is a ${typeof value}, which cannot be stored`);
  }
}

/** Firestore limits a document to about 1 MiB; the port enforces 1,000,000 bytes of JSON on both adapters. */
export function assertDocumentSize(data: DocumentData): void {
  if (Buffer.byteLength(JSON.stringify(data), "utf8") > MAX_DOCUMENT_BYTES) {
    invalid(`Documents are limited to ${MAX_DOCUMENT_BYTES} bytes of JSON`);
  }
}

/**
 * Validates document data for `set`/`create`/`add` and returns its canonical form. A top-level
 * `id` is dropped when it equals `id` (so a read document can be written back) and rejected
 * otherwise.
 */
export function toDocumentData(data: unknown, id: string | undefined): DocumentData {
  if (!isPlainObject(data)) invalid(`Document data must be a plain object, got ${describe(data)}`);
  let source = data;
  if (data.id !== undefined) {
    if (id === undefined || data.id !== id) invalid(`Document data must not hold an "id" field other than the document id`);
    source = { ...data };
    delete source.id;
  }
  const out = canonicalValue(source, "data", 0, false) as DocumentData;
  assertDocumentSize(out);
  return out;
}

export type PatchValue = JsonValue | FieldTransform;
export interface PatchEntry {
  readonly path: string;
  readonly segments: readonly string[];
  readonly value: PatchValue;
}

/** Validates an `update` patch: field paths, values, no path twice or inside another. */
export function toPatchEntries(patch: unknown): PatchEntry[] {
  if (!isPlainObject(patch)) invalid(`An update patch must be a plain object, got ${describe(patch)}`);
  const entries: PatchEntry[] = [];
  for (const [path, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const segments = parseFieldPath(path);
    if (segments.length === 1 && segments[0] === "id") invalid(`The document id cannot be updated`);
    const canonical = isFieldTransform(value) ? value : canonicalValue(value, path, segments.length, false);
    entries.push({ path: segments.join("."), segments, value: canonical });
  }
  if (entries.length === 0) invalid("An update needs at least one field");
  const sorted = [...entries].sort((a, b) => compareSegments(a.segments, b.segments));
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1].segments;
    const current = sorted[i].segments;
    if (previous.length <= current.length && previous.every((s, j) => s === current[j])) {
      invalid(`Field "${sorted[i - 1].path}" is updated together with "${sorted[i].path}", which it contains`);
    }
  }
  return entries;
}
