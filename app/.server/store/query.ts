/** Query normalisation, shared by both adapters so they accept and order exactly the same; cursors. */
import { canonicalValue, describe, isPlainObject } from "./documents";
import { invalid } from "./errors";
import { compareSegments, parseFieldPath, validateCollectionName, validateDocumentId } from "./names";
import type { JsonValue, OrderDirection, Query, ScalarValue, StoredDoc, WhereOp } from "./index";


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

/** The most values an `in` filter takes (Firestore's limit). */
export const MAX_IN_VALUES = 30;

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
