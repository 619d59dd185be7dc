/**
 * The document store port: a small, Firestore-shaped API that the domain uses for all
 * persistence. Two adapters implement it — `sqlite.ts` (embedded, better-sqlite3) and
 * `firestore.ts` (firebase-admin) — and `store.contract.ts` holds the one test suite both pass.
 *
 * Conventions:
 * - Documents are JSON: strings, finite numbers, booleans, null, arrays and plain objects.
 *   Dates are stored as ISO-8601 strings (`new Date().toISOString()`), which sort correctly as
 *   strings; Date and Timestamp objects are rejected.
 * - A document's id is not part of its data: reads return `{ ...data, id }`, and a top-level
 *   `id` field may only be written if it equals the document id (it is then dropped).
 * - Query semantics follow Firestore's (see `Query`). Everything here works on both adapters.
 */
import { randomBytes } from "node:crypto";

// ---------------------------------------------------------------------------------------------
// Values and documents

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type DocumentData = { [field: string]: JsonValue };

/** A document as read back: its data plus its id. */
export type StoredDoc<T extends object = DocumentData> = T & { id: string };

/** Values allowed as filter and cursor operands of range comparisons and cursors. */
export type ScalarValue = string | number | boolean | null;

declare const fieldTransformBrand: unique symbol;

/** A special value for `update` patches: `increment(n)` or `deleteField()`. */
export interface FieldTransform {
  readonly [fieldTransformBrand]: true;
  readonly kind: "increment" | "delete";
  readonly operand: number;
}

class FieldTransformValue {
  constructor(
    readonly kind: "increment" | "delete",
    readonly operand: number,
  ) {
    Object.freeze(this);
  }
}

/**
 * Adds `n` to a numeric field in an `update` patch, atomically (Firestore's
 * `FieldValue.increment`). A missing or non-numeric field is set to `n`.
 */
export function increment(n: number): FieldTransform {
  if (typeof n !== "number" || !Number.isFinite(n)) {
    throw new StoreError("invalid-argument", "increment() needs a finite number");
  }
  return new FieldTransformValue("increment", n) as unknown as FieldTransform;
}

/** Removes a field in an `update` patch (Firestore's `FieldValue.delete`). */
export function deleteField(): FieldTransform {
  return new FieldTransformValue("delete", 0) as unknown as FieldTransform;
}

export function isFieldTransform(value: unknown): value is FieldTransform {
  return value instanceof FieldTransformValue;
}

/** An `update` patch: top-level field names or dotted field paths ("stats.views") to values. */
export type UpdatePatch = { readonly [fieldPath: string]: unknown };

// ---------------------------------------------------------------------------------------------
// Queries

export type WhereOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "array-contains";
export type OrderDirection = "asc" | "desc";
export type WhereClause = readonly [fieldPath: string, op: WhereOp, value: unknown];
export type OrderByClause = readonly [fieldPath: string, direction: OrderDirection];

/**
 * A query over one collection, with Firestore's semantics:
 * - `==`, `in`: equal values (numbers compare numerically; arrays and maps by content).
 *   `in` takes 1 to 30 values, none of them null (use `== null`).
 * - `<`, `<=`, `>`, `>=`: only values of the operand's type match (a string bound never matches
 *   numbers). Operands are strings, numbers or booleans.
 * - `!=`: the field exists and is neither null nor equal to the value (`!= null`: exists, not null).
 * - `array-contains`: the field is an array holding the value (at most one per query).
 * - A document lacking a field named in `orderBy` or in an inequality (`< <= > >= !=`) is excluded.
 * - Results are ordered by `orderBy`, then by inequality fields not in `orderBy` (by field path),
 *   in the direction of the last `orderBy` (ascending if none), then by document id in that
 *   same direction. Across types: null < booleans < numbers < strings < arrays < maps.
 * - `startAfter` holds the values of that effective ordering for the last document of the
 *   previous page, optionally followed by its id for exact tie-breaking; a shorter prefix is
 *   allowed. Use `cursorAfter(query, lastDoc)` to build it.
 */
export interface Query {
  readonly collection: string;
  readonly where?: readonly WhereClause[];
  readonly orderBy?: readonly OrderByClause[];
  readonly limit?: number;
  readonly startAfter?: readonly unknown[];
}

export const MAX_IN_VALUES = 30;

export type Unsubscribe = () => void;

// ---------------------------------------------------------------------------------------------
// The port

export interface Transaction {
  get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null>;
  getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]): Promise<Array<StoredDoc<T> | null>>;
  query<T extends object = DocumentData>(query: Query): Promise<StoredDoc<T>[]>;
  /** Writes are buffered and applied at commit; all reads must come before the first write. */
  set(collection: string, id: string, data: object): void;
  create(collection: string, id: string, data: object): void;
  update(collection: string, id: string, patch: UpdatePatch): void;
  delete(collection: string, id: string): void;
}

export interface DocumentStore {
  /** Which adapter this is, for logs and diagnostics. */
  readonly backend: "embedded" | "firebase";
  get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null>;
  /** Batch get: results in the order of `ids`, `null` for missing documents. */
  getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]): Promise<Array<StoredDoc<T> | null>>;
  /** Creates or replaces a document. */
  set(collection: string, id: string, data: object): Promise<void>;
  /** Creates a document; fails with `already-exists` if it is there. */
  create(collection: string, id: string, data: object): Promise<void>;
  /** Creates a document under a new random id (20 url-safe characters) and returns the id. */
  add(collection: string, data: object): Promise<string>;
  /**
   * Changes the given fields: top-level names replace whole fields, dotted paths reach into
   * nested maps (creating them). Values may be `increment(n)` or `deleteField()`.
   * Fails with `not-found` if the document does not exist.
   */
  update(collection: string, id: string, patch: UpdatePatch): Promise<void>;
  /** Deletes a document; succeeds when it does not exist. */
  delete(collection: string, id: string): Promise<void>;
  query<T extends object = DocumentData>(query: Query): Promise<StoredDoc<T>[]>;
  /** How many documents the query returns (limit and cursor included). */
  count(query: Query): Promise<number>;
  /**
   * Runs `fn` as one serializable read-then-write transaction and returns its result. If `fn`
   * throws, nothing is written and the error is rethrown unchanged. `fn` may be run more than
   * once (Firestore retries on contention), so it must have no other side effects. Inside `fn`,
   * read and write only through `tx`: the store's own write methods throw `invalid-argument`.
   */
  runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R>;
  /**
   * Live results: `onChange` gets the current results soon after the call (never synchronously)
   * and again whenever they change. Returns a function that stops the watch.
   */
  watch<T extends object = DocumentData>(
    query: Query,
    onChange: (docs: StoredDoc<T>[]) => void,
    onError?: (error: StoreError) => void,
  ): Unsubscribe;
  /** Stops all watches and releases the connection; later calls fail with `unavailable`. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Errors

export type StoreErrorCode =
  | "invalid-argument"
  | "not-found"
  | "already-exists"
  | "failed-precondition"
  | "aborted"
  | "resource-exhausted"
  | "permission-denied"
  | "deadline-exceeded"
  | "unavailable"
  | "internal";

export class StoreError extends Error {
  override readonly name = "StoreError";
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isStoreError(error: unknown, code?: StoreErrorCode): error is StoreError {
  return error instanceof StoreError && (code === undefined || error.code === code);
}

function invalid(message: string): never {
  throw new StoreError("invalid-argument", message);
}

// ---------------------------------------------------------------------------------------------
// Names, ids and field paths

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

function compareSegments(a: readonly string[], b: readonly string[]): number {
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

// ---------------------------------------------------------------------------------------------
// Document data

const MAX_DEPTH = 20;
const MAX_DOCUMENT_BYTES = 1_000_000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return (value as object).constructor?.name ?? "object";
}

/**
 * Checks one value and returns a canonical copy: map keys sorted (so equal maps have equal
 * JSON), `undefined` map entries dropped.
 */
function canonicalValue(value: unknown, path: string, depth: number, inArray: boolean): JsonValue {
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

// ---------------------------------------------------------------------------------------------
// Query normalisation (shared by both adapters so they accept and order exactly the same)

export interface FieldFilter {
  readonly path: string;
  readonly segments: readonly string[];
  readonly op: WhereOp;
  /** For `in`: the array of values; otherwise the operand. Canonical JSON values. */
  readonly value: JsonValue;
}

export interface FieldOrder {
  readonly path: string;
  readonly segments: readonly string[];
  readonly direction: OrderDirection;
}

export interface NormalizedQuery {
  readonly collection: string;
  readonly filters: readonly FieldFilter[];
  /** The effective ordering: explicit orderBy, then implicit inequality fields (document id excluded). */
  readonly orderBy: readonly FieldOrder[];
  /** Direction of the final tie-break by document id. */
  readonly idDirection: OrderDirection;
  readonly cursor?: { readonly values: readonly ScalarValue[]; readonly id?: string };
  readonly limit?: number;
}

const OPS = new Set<WhereOp>(["==", "!=", "<", "<=", ">", ">=", "in", "array-contains"]);
const RANGE_OPS = new Set<WhereOp>(["<", "<=", ">", ">="]);
const INEQUALITY_OPS = new Set<WhereOp>(["<", "<=", ">", ">=", "!="]);

function queryFieldPath(path: unknown): { path: string; segments: string[] } {
  const segments = parseFieldPath(path);
  if (segments.length === 1 && segments[0] === "id") {
    invalid(`"id" is the document id, not a field: use get/getMany to read by id`);
  }
  return { path: segments.join("."), segments };
}

function isScalar(value: unknown): value is ScalarValue {
  return value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

/** Validates a query against the port's rules and computes its effective ordering. */
export function normalizeQuery(query: Query): NormalizedQuery {
  if (!isPlainObject(query)) invalid("A query must be a plain object");
  const collection = validateCollectionName(query.collection);
  const filters: FieldFilter[] = [];
  let arrayContains = 0;
  for (const clause of query.where ?? []) {
    if (!Array.isArray(clause) || clause.length !== 3) invalid("A where clause is [fieldPath, op, value]");
    const [rawPath, op, rawValue] = clause as unknown as [unknown, WhereOp, unknown];
    const { path, segments } = queryFieldPath(rawPath);
    if (!OPS.has(op)) invalid(`Unknown where operator "${String(op)}"`);
    let value: JsonValue;
    if (op === "in") {
      if (!Array.isArray(rawValue) || rawValue.length === 0 || rawValue.length > MAX_IN_VALUES) {
        invalid(`"in" needs an array of 1 to ${MAX_IN_VALUES} values`);
      }
      if (rawValue.some((v) => v === null || v === undefined)) invalid(`"in" values must not be null; use "== null"`);
      value = rawValue.map((v, i) => canonicalValue(v, `${path} in[${i}]`, 1, false));
    } else if (RANGE_OPS.has(op)) {
      if (typeof rawValue !== "string" && typeof rawValue !== "boolean" && typeof rawValue !== "number") {
        invalid(`"${op}" compares strings, numbers or booleans, not ${describe(rawValue)}`);
      }
      value = canonicalValue(rawValue, path, 1, false);
    } else if (op === "array-contains") {
      if (++arrayContains > 1) invalid(`At most one "array-contains" filter per query`);
      if (rawValue === null || rawValue === undefined || Array.isArray(rawValue)) {
        invalid(`"array-contains" needs a non-null, non-array value`);
      }
      value = canonicalValue(rawValue, path, 1, true);
    } else {
      if (rawValue === undefined) invalid(`"${op}" needs a value for "${path}"`);
      value = canonicalValue(rawValue, path, 1, false);
    }
    filters.push({ path, segments, op, value });
  }

  const orderBy: FieldOrder[] = [];
  const ordered = new Set<string>();
  for (const clause of query.orderBy ?? []) {
    if (!Array.isArray(clause) || clause.length !== 2) invalid("An orderBy clause is [fieldPath, 'asc' | 'desc']");
    const [rawPath, direction] = clause as unknown as [unknown, OrderDirection];
    const { path, segments } = queryFieldPath(rawPath);
    if (direction !== "asc" && direction !== "desc") invalid(`Order direction must be "asc" or "desc"`);
    if (ordered.has(path)) invalid(`"${path}" is ordered twice`);
    ordered.add(path);
    orderBy.push({ path, segments, direction });
  }
  const lastDirection: OrderDirection = orderBy.length > 0 ? orderBy[orderBy.length - 1].direction : "asc";
  const implicit = filters
    .filter((f) => INEQUALITY_OPS.has(f.op) && !ordered.has(f.path))
    .sort((a, b) => compareSegments(a.segments, b.segments));
  for (const filter of implicit) {
    if (ordered.has(filter.path)) continue;
    ordered.add(filter.path);
    orderBy.push({ path: filter.path, segments: filter.segments, direction: lastDirection });
  }

  let limit: number | undefined;
  if (query.limit !== undefined) {
    if (!Number.isSafeInteger(query.limit) || query.limit < 1) invalid("limit must be a positive integer");
    limit = query.limit;
  }

  let cursor: NormalizedQuery["cursor"];
  if (query.startAfter !== undefined) {
    const values = query.startAfter;
    if (!Array.isArray(values) || values.length === 0) invalid("startAfter must be a non-empty array");
    if (values.length > orderBy.length + 1) {
      invalid(`startAfter has ${values.length} values but the query orders by ${orderBy.length} fields (plus the id)`);
    }
    if (values.length === orderBy.length + 1) {
      const id = values[values.length - 1];
      if (typeof id !== "string") invalid("The last startAfter value, after the ordered fields, must be a document id");
      validateDocumentId(id);
      cursor = { values: checkCursorValues(values.slice(0, -1)), id };
    } else {
      cursor = { values: checkCursorValues(values) };
    }
  }

  return { collection, filters, orderBy, idDirection: lastDirection, cursor, limit };
}

function checkCursorValues(values: readonly unknown[]): ScalarValue[] {
  return values.map((value) => {
    if (!isScalar(value)) invalid(`startAfter values must be strings, numbers, booleans or null, not ${describe(value)}`);
    return Object.is(value, -0) ? 0 : value;
  });
}

/** Reads a (possibly nested) field of document data; `undefined` when absent. */
export function readField(data: unknown, segments: readonly string[]): unknown {
  let current: unknown = data;
  for (const segment of segments) {
    if (!isPlainObject(current) || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/**
 * The `startAfter` value list that continues `query` after `doc` (the last document of a page):
 * the document's values for the effective ordering followed by its id.
 */
export function cursorAfter(query: Query, doc: StoredDoc<object>): unknown[] {
  const { orderBy } = normalizeQuery({ ...query, startAfter: undefined });
  const values = orderBy.map((order) => {
    const value = readField(doc, order.segments);
    if (!isScalar(value)) {
      invalid(`Cannot page on "${order.path}": the document's value is ${value === undefined ? "missing" : describe(value)}`);
    }
    return value;
  });
  return [...values, doc.id];
}
