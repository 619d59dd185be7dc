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
 *
 * This file holds the port's types and is its only door; beside it: `errors.ts` (StoreError),
 * `field-transforms.ts` (increment, deleteField), `names.ts` (collection names, ids, field
 * paths), `documents.ts` (canonical data, update patches) and `query.ts` (query normalisation
 * and cursors), all re-exported here.
 */

import type { StoreError } from "./errors";

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

export { isStoreError, StoreError, type StoreErrorCode } from "./errors";
export { deleteField, increment, isFieldTransform } from "./field-transforms";
export { newDocumentId, parseFieldPath, validateCollectionName, validateDocumentId, validateFieldName } from "./names";
export { assertDocumentSize, toDocumentData, toPatchEntries, type PatchEntry, type PatchValue } from "./documents";
export { scanQuery } from "./scan";
export { cursorAfter, MAX_IN_VALUES, normalizeQuery, readField, type FieldFilter, type FieldOrder, type NormalizedQuery } from "./query";
