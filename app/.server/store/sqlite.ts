/**
 * The embedded adapter: the document store port on one SQLite file (better-sqlite3).
 *
 * Documents live in one table, `documents(collection, id, data JSON)`. Queries become SQL over
 * `json_extract`/`json_type`, with every value bound as a parameter; field paths are validated by
 * the port and rendered as quoted JSON-path literals, so that expression indexes declared in
 * `indexes.ts` match them. better-sqlite3 is synchronous: each call runs to completion on the
 * one connection, and a promise-based mutex serialises writes and `runTransaction` (which holds
 * `BEGIN IMMEDIATE` while its function awaits, so other processes wait too).
 *
 * Known differences from Firestore, by design: within one field, booleans sort among numbers
 * (as 0 and 1) and arrays and maps sort among strings (by their JSON text), because ordering on
 * SQLite's native value order is what lets an index serve ORDER BY. Null < numbers < strings holds.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  assertDocumentSize,
  isFieldTransform,
  newDocumentId,
  normalizeQuery,
  parseFieldPath,
  StoreError,
  toDocumentData,
  toPatchEntries,
  validateCollectionName,
  validateDocumentId,
  type DocumentData,
  type DocumentStore,
  type JsonValue,
  type NormalizedQuery,
  type PatchEntry,
  type Query,
  type StoredDoc,
  type Transaction,
  type Unsubscribe,
  type UpdatePatch,
} from "./index";
import { indexFields, type StoreIndex } from "./indexes";

export interface SqliteStoreOptions {
  /** Directory for `amarre.sqlite` (created if missing), or ":memory:" for a private in-memory database. */
  dataDir: string;
  /** Expression indexes to create (and stale ones to drop); see `indexes.ts`. */
  indexes?: readonly StoreIndex[];
  /** How long a write waits for another process's lock before failing with `deadline-exceeded`. */
  busyTimeoutMs?: number;
  /** How often watches look for commits made by other connections or processes. */
  foreignChangePollMs?: number;
  /**
   * FULL (the default): a commit is on the disk before it is acknowledged, so it survives an OS
   * crash or a power loss. NORMAL survives a crashed process only; the bench compares the two.
   */
  synchronous?: "FULL" | "NORMAL";
}

export const DATABASE_FILE = "amarre.sqlite";

// ---------------------------------------------------------------------------------------------
// Schema

/** Ordered schema migrations; the database's `PRAGMA user_version` counts those applied. */
const MIGRATIONS: ReadonlyArray<(db: Database.Database) => void> = [
  (db) =>
    db.exec(`CREATE TABLE documents (
      collection TEXT NOT NULL,
      id TEXT NOT NULL,
      data TEXT NOT NULL,
      PRIMARY KEY (collection, id)
    ) WITHOUT ROWID`),
];

function migrate(db: Database.Database): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new StoreError(
      "failed-precondition",
      `The database schema (version ${current}) is newer than this code knows (${MIGRATIONS.length})`,
    );
  }
  if (current === MIGRATIONS.length) return;
  db.transaction(() => {
    for (let version = current; version < MIGRATIONS.length; version++) MIGRATIONS[version](db);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

// ---------------------------------------------------------------------------------------------
// SQL fragments

function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** `$."a"."b"` as an SQL literal. Segments were validated: no quotes, backslashes or controls. */
function jsonPathLiteral(segments: readonly string[]): string {
  return sqlString("$" + segments.map((s) => `."${s}"`).join(""));
}

function valueExpr(segments: readonly string[]): string {
  return `json_extract(data, ${jsonPathLiteral(segments)})`;
}

function typeExpr(segments: readonly string[]): string {
  return `json_type(data, ${jsonPathLiteral(segments)})`;
}

const NUMBER_TYPES = "('integer','real')";

/** Firestore equality of the JSON value (`value`, `type` SQL expressions) with `operand`. */
function equalsSql(value: string, type: string, operand: JsonValue, params: unknown[]): string {
  if (operand === null) return `${type} = 'null'`;
  if (typeof operand === "boolean") return `${type} = '${operand ? "true" : "false"}'`;
  if (typeof operand === "number") {
    params.push(operand);
    return `(${value} = ? AND ${type} IN ${NUMBER_TYPES})`;
  }
  if (typeof operand === "string") {
    params.push(operand);
    return `(${value} = ? AND ${type} = 'text')`;
  }
  // Arrays and maps: stored data is canonical (sorted keys), so equal values have equal JSON.
  params.push(JSON.stringify(operand));
  return `(${type} = '${Array.isArray(operand) ? "array" : "object"}' AND ${value} = json(?))`;
}

function inSql(value: string, type: string, operands: JsonValue[], params: unknown[]): string {
  const strings = operands.filter((o): o is string => typeof o === "string");
  const numbers = operands.filter((o): o is number => typeof o === "number");
  const terms: string[] = [];
  if (strings.length > 0) {
    params.push(...strings);
    terms.push(`(${value} IN (${strings.map(() => "?").join(",")}) AND ${type} = 'text')`);
  }
  if (numbers.length > 0) {
    params.push(...numbers);
    terms.push(`(${value} IN (${numbers.map(() => "?").join(",")}) AND ${type} IN ${NUMBER_TYPES})`);
  }
  for (const operand of operands) {
    if (typeof operand !== "string" && typeof operand !== "number") terms.push(equalsSql(value, type, operand, params));
  }
  return `(${terms.join(" OR ")})`;
}

function rangeSql(value: string, type: string, op: string, operand: JsonValue, params: unknown[]): string {
  if (typeof operand === "number") {
    params.push(operand);
    return `(${value} ${op} ? AND ${type} IN ${NUMBER_TYPES})`;
  }
  if (typeof operand === "string") {
    params.push(operand);
    return `(${value} ${op} ? AND ${type} = 'text')`;
  }
  params.push(operand ? 1 : 0);
  return `(${value} ${op} ? AND ${type} IN ('true','false'))`;
}

function sqlParam(value: string | number | boolean): string | number {
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}

interface QuerySql {
  /** `FROM documents WHERE …` */
  from: string;
  orderBy: string;
  params: unknown[];
}

function orderKey(collection: string, orderBy: ReadonlyArray<{ segments: readonly string[]; direction: string }>): string {
  return JSON.stringify([collection, orderBy.map((order) => [order.segments, order.direction])]);
}

function buildQuerySql(q: NormalizedQuery): QuerySql {
  const params: unknown[] = [];
  // The collection is inlined (validated, quoted) so partial indexes `WHERE collection = '…'` apply.
  const where = [`collection = ${sqlString(q.collection)}`];
  for (const filter of q.filters) {
    const value = valueExpr(filter.segments);
    const type = typeExpr(filter.segments);
    switch (filter.op) {
      case "==":
        where.push(equalsSql(value, type, filter.value, params));
        break;
      case "!=":
        where.push(
          filter.value === null
            ? `${type} != 'null'`
            : `(${type} != 'null' AND NOT ${equalsSql(value, type, filter.value, params)})`,
        );
        break;
      case "<":
      case "<=":
      case ">":
      case ">=":
        where.push(rangeSql(value, type, filter.op, filter.value, params));
        break;
      case "in":
        where.push(inSql(value, type, filter.value as JsonValue[], params));
        break;
      case "array-contains": {
        const element = equalsSql("je.value", "je.type", filter.value, params);
        where.push(
          `(${type} = 'array' AND EXISTS (SELECT 1 FROM json_each(data, ${jsonPathLiteral(filter.segments)}) AS je WHERE ${element}))`,
        );
        break;
      }
    }
  }
  // Ordered fields must exist (JSON null counts as present).
  for (const order of q.orderBy) where.push(`${typeExpr(order.segments)} IS NOT NULL`);

  if (q.cursor) {
    // Lexicographic "strictly after" over the ordering: (a > v1) OR (a = v1 AND b > v2) OR …
    const terms: string[] = [];
    const equalPrefix: string[] = [];
    const equalParams: unknown[] = [];
    const addTerm = (after: string, afterParams: unknown[]) => {
      terms.push([...equalPrefix, after].join(" AND "));
      params.push(...equalParams, ...afterParams);
    };
    q.cursor.values.forEach((operand, i) => {
      const order = q.orderBy[i];
      const value = valueExpr(order.segments);
      if (operand === null) {
        if (order.direction === "asc") addTerm(`${value} IS NOT NULL`, []);
        equalPrefix.push(`${value} IS NULL`);
      } else {
        addTerm(`${value} ${order.direction === "asc" ? ">" : "<"} ?`, [sqlParam(operand)]);
        equalPrefix.push(`${value} = ?`);
        equalParams.push(sqlParam(operand));
      }
    });
    if (q.cursor.id !== undefined) addTerm(`id ${q.idDirection === "asc" ? ">" : "<"} ?`, [q.cursor.id]);
    where.push(terms.length > 0 ? `(${terms.map((t) => `(${t})`).join(" OR ")})` : "0");
  }

  const orderBy = [
    ...q.orderBy.map((order) => `${valueExpr(order.segments)} ${order.direction.toUpperCase()}`),
    `id ${q.idDirection.toUpperCase()}`,
  ].join(", ");
  return { from: `FROM documents WHERE ${where.join(" AND ")}`, orderBy, params };
}

// ---------------------------------------------------------------------------------------------
// Patches

function isMap(value: unknown): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sortKeysDeep(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (!isMap(value)) return value;
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep(value[key]);
  return out;
}

/** Applies an update patch with Firestore's semantics; returns canonical data. */
export function applyPatch(data: DocumentData, patch: readonly PatchEntry[]): DocumentData {
  for (const entry of patch) {
    const parents = entry.segments.slice(0, -1);
    const leaf = entry.segments[entry.segments.length - 1];
    const value = entry.value;
    if (isFieldTransform(value) && value.kind === "delete") {
      let map: JsonValue | undefined = data;
      for (const segment of parents) map = isMap(map) ? map[segment] : undefined;
      if (isMap(map)) delete map[leaf];
      continue;
    }
    let map: { [key: string]: JsonValue } = data;
    for (const segment of parents) {
      const next = map[segment];
      if (isMap(next)) map = next;
      else map = map[segment] = {};
    }
    if (isFieldTransform(value)) {
      const current = map[leaf];
      map[leaf] = typeof current === "number" ? current + value.operand : value.operand;
    } else {
      map[leaf] = value;
    }
  }
  return sortKeysDeep(data) as DocumentData;
}

// ---------------------------------------------------------------------------------------------
// Errors

const SQLITE_TIMEOUT_CODES = new Set(["SQLITE_BUSY", "SQLITE_LOCKED"]);
const SQLITE_UNAVAILABLE = /^SQLITE_(CANTOPEN|IOERR|NOTADB|CORRUPT|READONLY|PERM|AUTH|NOLFS)/;

/** Maps a better-sqlite3 error to the port's error codes (StoreErrors pass through). */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code !== undefined && SQLITE_TIMEOUT_CODES.has(code)) {
    return new StoreError("deadline-exceeded", `The database stayed locked: ${message}`, { cause: error });
  }
  if (code?.startsWith("SQLITE_CONSTRAINT_PRIMARYKEY")) {
    return new StoreError("already-exists", "The document already exists", { cause: error });
  }
  if (code === "SQLITE_FULL") return new StoreError("resource-exhausted", `The disk is full: ${message}`, { cause: error });
  if ((code !== undefined && SQLITE_UNAVAILABLE.test(code)) || /connection is not open/.test(message)) {
    return new StoreError("unavailable", `The database is unavailable: ${message}`, { cause: error });
  }
  return new StoreError("internal", `Database error: ${message}`, { cause: error });
}

// ---------------------------------------------------------------------------------------------
// The store

type WriteOp =
  | { kind: "set" | "create"; collection: string; id: string; data: DocumentData }
  | { kind: "update"; collection: string; id: string; patch: PatchEntry[] }
  | { kind: "delete"; collection: string; id: string };

interface Row {
  id: string;
  data: string;
}

/** Serialises async critical sections in arrival order. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

interface Watcher {
  collection: string;
  /** `changed`: the written documents before and after the write; absent for foreign commits. */
  schedule(changed?: readonly (DocumentData | null)[]): void;
}

/** A written document, before and after (null where it did not or no longer exists). */
type Change = { collection: string; before: DocumentData | null; after: DocumentData | null };

/**
 * The first `==` filter on a scalar, if the query has one: a write whose documents match it
 * neither before nor after cannot change the query's results, so the watch is not re-run (a
 * mailbox write wakes only its owner's streams, not every subscriber's).
 */
function equalityFilterOf(q: NormalizedQuery): ((doc: DocumentData) => boolean) | null {
  const filter = q.filters.find(({ op, value }) => op === "==" && (typeof value === "string" || typeof value === "boolean"));
  if (!filter) return null;
  const { segments: path, value } = filter;
  return (doc) => {
    let current: unknown = doc;
    for (const key of path) {
      if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return false;
      current = (current as Record<string, unknown>)[key];
    }
    return current === value;
  };
}

/** The store whose `runTransaction` function is running in the current async context. */
const transactionScope = new AsyncLocalStorage<SqliteStore>();

const STATEMENT_CACHE_SIZE = 256;

function toDoc<T extends object>(row: Row): StoredDoc<T> {
  const doc = JSON.parse(row.data) as StoredDoc<T>;
  doc.id = row.id;
  return doc;
}

function reportWatchError(error: StoreError): void {
  console.error("[store] watch failed:", error);
}

export class SqliteStore implements DocumentStore {
  readonly backend = "embedded" as const;
  private readonly db: Database.Database;
  private readonly mutex = new Mutex();
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private readonly watchers = new Set<Watcher>();
  /** How many watches each collection has: writes to unwatched collections read nothing extra. */
  private readonly watchedCollections = new Map<string, number>();
  private readonly statements = new Map<string, Database.Statement>();
  /**
   * Declared indexes by collection and ordering (`orderKey`). A query with no filter but an
   * ordering names its index (`INDEXED BY`): without statistics SQLite otherwise prefers the
   * primary key's `collection = …` and sorts the whole collection, even with a LIMIT.
   */
  private readonly orderIndexes = new Map<string, string>();
  private readonly inMemory: boolean;
  private readonly pollMs: number;
  private pollTimer: NodeJS.Timeout | undefined;
  private dataVersion = 0;
  private closed = false;

  private readonly stmt: {
    get: Database.Statement<[string, string], { data: string }>;
    getMany: Database.Statement<[string, string], Row>;
    upsert: Database.Statement<[string, string, string]>;
    insert: Database.Statement<[string, string, string]>;
    replace: Database.Statement<[string, string, string]>;
    delete: Database.Statement<[string, string]>;
    dataVersion: Database.Statement<[], number>;
  };

  constructor(options: SqliteStoreOptions) {
    this.inMemory = options.dataDir === ":memory:";
    this.pollMs = options.foreignChangePollMs ?? 250;
    try {
      let file = ":memory:";
      if (!this.inMemory) {
        fs.mkdirSync(options.dataDir, { recursive: true });
        file = path.join(options.dataDir, DATABASE_FILE);
      }
      this.db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
      if (!this.inMemory) this.db.pragma("journal_mode = WAL");
      // Every commit reaches the disk before it is acknowledged: bookings and invoice numbers must
      // survive an OS crash or a power loss, not only a crashed process (decision record 008).
      this.db.pragma(`synchronous = ${options.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
      this.db.pragma("foreign_keys = ON");
      migrate(this.db);
      this.syncIndexes(options.indexes ?? []);
    } catch (error) {
      throw toStoreError(error);
    }
    this.stmt = {
      get: this.db.prepare<[string, string], { data: string }>("SELECT data FROM documents WHERE collection = ? AND id = ?"),
      getMany: this.db.prepare<[string, string], Row>(
        "SELECT id, data FROM documents WHERE collection = ? AND id IN (SELECT value FROM json_each(?))",
      ),
      upsert: this.db.prepare<[string, string, string]>(
        "INSERT INTO documents (collection, id, data) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data",
      ),
      insert: this.db.prepare<[string, string, string]>("INSERT INTO documents (collection, id, data) VALUES (?, ?, ?)"),
      replace: this.db.prepare<[string, string, string]>("UPDATE documents SET data = ? WHERE collection = ? AND id = ?"),
      delete: this.db.prepare<[string, string]>("DELETE FROM documents WHERE collection = ? AND id = ?"),
      dataVersion: this.db.prepare<[], number>("PRAGMA data_version").pluck(),
    };
  }

  /** Creates the declared expression indexes and drops ones no longer declared. */
  private syncIndexes(indexes: readonly StoreIndex[]): void {
    const wanted = new Map<string, string>();
    for (const index of indexes) {
      const collection = validateCollectionName(index.collection);
      const fields = indexFields(index).filter((field) => !field.arrayContains);
      if (fields.length === 0) throw new StoreError("invalid-argument", `Index on "${collection}" has no fields`);
      // Ending the ordering with the id lets the index serve the final tie-break of ORDER BY as
      // well. The JSON types of the fields follow it: the id is unique within the collection, so
      // they do not change the order, but they let SQLite evaluate the type checks of
      // `buildQuerySql` from the index instead of parsing each row's JSON. (The table row is still
      // looked up per index entry: SQLite does that for WITHOUT ROWID tables even when indexed
      // expressions cover the query.)
      const columns = [
        ...fields.map((field) => `${valueExpr(parseFieldPath(field.path))} ${field.order.toUpperCase()}`),
        `id ${fields[fields.length - 1].order.toUpperCase()}`,
        ...fields.map((field) => typeExpr(parseFieldPath(field.path))),
      ].join(", ");
      const body = `ON documents (${columns}) WHERE collection = ${sqlString(collection)}`;
      const slug = collection.replace(/[^A-Za-z0-9_]/g, "_");
      const name = `doc_idx_${slug}_${createHash("sha256").update(body).digest("hex").slice(0, 12)}`;
      wanted.set(name, `CREATE INDEX IF NOT EXISTS "${name}" ${body}`);
      this.orderIndexes.set(orderKey(collection, fields.map((field) => ({ segments: parseFieldPath(field.path), direction: field.order }))), name);
    }
    const existing = this.db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND name LIKE 'doc\\_idx\\_%' ESCAPE '\\'")
      .pluck()
      .all();
    this.db.transaction(() => {
      for (const name of existing) if (!wanted.has(name)) this.db.exec(`DROP INDEX "${name}"`);
      for (const sql of wanted.values()) this.db.exec(sql);
    }).immediate();
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Refresh its place so the cache keeps the most recently used statements.
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        this.statements.delete(this.statements.keys().next().value as string);
      }
    }
    this.statements.set(sql, statement);
    return statement;
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError("unavailable", "The store is closed");
  }

  private assertNotInTransaction(method: string): void {
    if (transactionScope.getStore() === this) {
      throw new StoreError("invalid-argument", `store.${method}() was called inside runTransaction(): use the transaction's methods`);
    }
  }

  // -- reads (synchronous cores, shared with transactions and watches) --

  getSync<T extends object>(collection: string, id: string): StoredDoc<T> | null {
    validateCollectionName(collection);
    validateDocumentId(id);
    const row = this.stmt.get.get(collection, id);
    return row ? toDoc<T>({ id, data: row.data }) : null;
  }

  getManySync<T extends object>(collection: string, ids: readonly string[]): Array<StoredDoc<T> | null> {
    validateCollectionName(collection);
    if (!Array.isArray(ids)) throw new StoreError("invalid-argument", "getMany needs an array of ids");
    ids.forEach(validateDocumentId);
    if (ids.length === 0) return [];
    const found = new Map<string, StoredDoc<T>>();
    for (const row of this.stmt.getMany.all(collection, JSON.stringify(ids))) found.set(row.id, toDoc<T>(row));
    return ids.map((id) => found.get(id) ?? null);
  }

  /** The FROM clause, naming the index of an unfiltered ordered query (see `orderIndexes`). */
  private withIndexHint(q: NormalizedQuery, from: string): string {
    if (q.filters.length > 0 || q.orderBy.length === 0) return from;
    const name = this.orderIndexes.get(orderKey(q.collection, q.orderBy));
    return name ? from.replace("FROM documents", `FROM documents INDEXED BY "${name}"`) : from;
  }

  querySync<T extends object>(q: NormalizedQuery): StoredDoc<T>[] {
    const built = buildQuerySql(q);
    const { orderBy, params } = built;
    const from = this.withIndexHint(q, built.from);
    let sql = `SELECT id, data ${from} ORDER BY ${orderBy}`;
    if (q.limit !== undefined) {
      sql += " LIMIT ?";
      params.push(q.limit);
    }
    return (this.statement(sql).all(...params) as Row[]).map((row) => toDoc<T>(row));
  }

  countSync(q: NormalizedQuery): number {
    const built = buildQuerySql(q);
    const { orderBy, params } = built;
    const from = this.withIndexHint(q, built.from);
    let sql: string;
    if (q.limit !== undefined) {
      sql = `SELECT COUNT(*) FROM (SELECT 1 ${from} ORDER BY ${orderBy} LIMIT ?)`;
      params.push(q.limit);
    } else {
      sql = `SELECT COUNT(*) ${from}`;
    }
    return this.statement(sql).pluck().get(...params) as number;
  }

  /** The SQLite query plan for a query (used by tests to check that indexes are used). */
  explainQueryPlan(query: Query): string[] {
    const q = normalizeQuery(query);
    const { from, orderBy, params } = buildQuerySql(q);
    const rows = this.db.prepare(`EXPLAIN QUERY PLAN SELECT id, data ${this.withIndexHint(q, from)} ORDER BY ${orderBy}`).all(...params) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  }

  private async read<R>(fn: () => R): Promise<R> {
    this.assertOpen();
    try {
      return fn();
    } catch (error) {
      throw toStoreError(error);
    }
  }

  get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    return this.read(() => this.getSync<T>(collection, id));
  }

  getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]): Promise<Array<StoredDoc<T> | null>> {
    return this.read(() => this.getManySync<T>(collection, ids));
  }

  query<T extends object = DocumentData>(query: Query): Promise<StoredDoc<T>[]> {
    return this.read(() => this.querySync<T>(normalizeQuery(query)));
  }

  count(query: Query): Promise<number> {
    return this.read(() => this.countSync(normalizeQuery(query)));
  }

  // -- writes --

  /** The stored version of a document, only where a watch may need it. */
  private beforeOf(collection: string, id: string): DocumentData | null {
    if (!this.watchedCollections.has(collection)) return null;
    const row = this.stmt.get.get(collection, id);
    return row ? (JSON.parse(row.data) as DocumentData) : null;
  }

  /** Applies one write; must run inside a database transaction. Returns what it changed. */
  private applyWrite(op: WriteOp): Change {
    switch (op.kind) {
      case "set": {
        const before = this.beforeOf(op.collection, op.id);
        this.stmt.upsert.run(op.collection, op.id, JSON.stringify(op.data));
        return { collection: op.collection, before, after: op.data as DocumentData };
      }
      case "create":
        try {
          this.stmt.insert.run(op.collection, op.id, JSON.stringify(op.data));
        } catch (error) {
          const mapped = toStoreError(error);
          if (mapped.code === "already-exists") {
            throw new StoreError("already-exists", `Document ${op.collection}/${op.id} already exists`, { cause: error });
          }
          throw mapped;
        }
        return { collection: op.collection, before: null, after: op.data as DocumentData };
      case "update": {
        const row = this.stmt.get.get(op.collection, op.id);
        if (!row) throw new StoreError("not-found", `No document ${op.collection}/${op.id} to update`);
        const before = JSON.parse(row.data) as DocumentData;
        const data = applyPatch(JSON.parse(row.data) as DocumentData, op.patch);
        assertDocumentSize(data);
        this.stmt.replace.run(JSON.stringify(data), op.collection, op.id);
        return { collection: op.collection, before, after: data };
      }
      case "delete": {
        const before = this.beforeOf(op.collection, op.id);
        this.stmt.delete.run(op.collection, op.id);
        return { collection: op.collection, before, after: null };
      }
    }
  }

  private notify(changes: readonly Change[]): void {
    const byCollection = new Map<string, (DocumentData | null)[]>();
    for (const change of changes) {
      const docs = byCollection.get(change.collection) ?? [];
      docs.push(change.before, change.after);
      byCollection.set(change.collection, docs);
    }
    for (const [collection, docs] of byCollection) this.changes.emit(collection, docs);
  }

  private async write(method: string, op: () => WriteOp): Promise<void> {
    this.assertOpen();
    this.assertNotInTransaction(method);
    const write = op();
    const change = await this.mutex.run(() => {
      this.assertOpen();
      try {
        if (write.kind === "update" || this.watchedCollections.has(write.collection)) {
          return this.db.transaction(() => this.applyWrite(write)).immediate();
        }
        return this.applyWrite(write);
      } catch (error) {
        throw toStoreError(error);
      }
    });
    this.notify([change]);
  }

  set(collection: string, id: string, data: object): Promise<void> {
    return this.write("set", () => writeOp("set", collection, id, data));
  }

  create(collection: string, id: string, data: object): Promise<void> {
    return this.write("create", () => writeOp("create", collection, id, data));
  }

  async add(collection: string, data: object): Promise<string> {
    const id = newDocumentId();
    // A caller cannot know the new id, so any "id" field in `data` is rejected by the check.
    await this.write("add", () => writeOp("create", collection, id, data));
    return id;
  }

  update(collection: string, id: string, patch: UpdatePatch): Promise<void> {
    return this.write("update", () => updateOp(collection, id, patch));
  }

  delete(collection: string, id: string): Promise<void> {
    return this.write("delete", () => deleteOp(collection, id));
  }

  // -- transactions --

  async runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    this.assertOpen();
    this.assertNotInTransaction("runTransaction");
    return this.mutex.run(async () => {
      this.assertOpen();
      try {
        this.db.exec("BEGIN IMMEDIATE");
      } catch (error) {
        throw toStoreError(error);
      }
      const tx = new SqliteTransaction(this);
      try {
        const result = await transactionScope.run(this, () => fn(tx));
        const writes = tx.finish();
        const changes: Change[] = [];
        try {
          for (const write of writes) changes.push(this.applyWrite(write));
          this.db.exec("COMMIT");
        } catch (error) {
          throw toStoreError(error);
        }
        this.notify(changes);
        return result;
      } catch (error) {
        tx.finish();
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  // -- watches --

  watch<T extends object = DocumentData>(
    query: Query,
    onChange: (docs: StoredDoc<T>[]) => void,
    onError: (error: StoreError) => void = reportWatchError,
  ): Unsubscribe {
    this.assertOpen();
    const q = normalizeQuery(query);
    let active = true;
    let scheduled = false;
    let last: string | undefined;
    const run = () => {
      scheduled = false;
      if (!active || this.closed) return;
      let docs: StoredDoc<T>[];
      try {
        docs = this.querySync<T>(q);
      } catch (error) {
        onError(toStoreError(error));
        return;
      }
      const key = JSON.stringify(docs);
      if (key === last) return;
      last = key;
      try {
        onChange(docs);
      } catch (error) {
        onError(new StoreError("internal", "A watch listener threw", { cause: error }));
      }
    };
    const matches = equalityFilterOf(q);
    const watcher: Watcher = {
      collection: q.collection,
      schedule: (changed) => {
        if (scheduled || !active) return;
        if (changed && matches && !changed.some((doc) => doc !== null && matches(doc))) return;
        scheduled = true;
        setImmediate(run);
      },
    };
    this.watchers.add(watcher);
    this.watchedCollections.set(q.collection, (this.watchedCollections.get(q.collection) ?? 0) + 1);
    this.changes.on(q.collection, watcher.schedule);
    this.startForeignChangePolling();
    watcher.schedule();
    return () => {
      if (!active) return;
      active = false;
      this.watchers.delete(watcher);
      const left = (this.watchedCollections.get(q.collection) ?? 1) - 1;
      if (left > 0) this.watchedCollections.set(q.collection, left);
      else this.watchedCollections.delete(q.collection);
      this.changes.off(q.collection, watcher.schedule);
      if (this.watchers.size === 0) this.stopForeignChangePolling();
    };
  }

  /**
   * Commits by other connections (another process, or another store on the same file) raise
   * `PRAGMA data_version`; while watches exist, poll it and re-run them all when it moves.
   */
  private startForeignChangePolling(): void {
    if (this.inMemory || this.pollTimer) return;
    this.dataVersion = this.stmt.dataVersion.get() as number;
    this.pollTimer = setInterval(() => {
      if (this.closed) return;
      let version: number;
      try {
        version = this.stmt.dataVersion.get() as number;
      } catch {
        return;
      }
      if (version === this.dataVersion) return;
      this.dataVersion = version;
      for (const watcher of this.watchers) watcher.schedule();
    }, this.pollMs);
    this.pollTimer.unref();
  }

  private stopForeignChangePolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopForeignChangePolling();
    for (const watcher of this.watchers) this.changes.off(watcher.collection, watcher.schedule);
    this.watchers.clear();
    await this.mutex.run(() => this.db.close());
  }
}

function writeOp(kind: "set" | "create", collection: string, id: string, data: object): WriteOp {
  validateCollectionName(collection);
  validateDocumentId(id);
  return { kind, collection, id, data: toDocumentData(data, id) };
}

function updateOp(collection: string, id: string, patch: UpdatePatch): WriteOp {
  validateCollectionName(collection);
  validateDocumentId(id);
  return { kind: "update", collection, id, patch: toPatchEntries(patch) };
}

function deleteOp(collection: string, id: string): WriteOp {
  validateCollectionName(collection);
  validateDocumentId(id);
  return { kind: "delete", collection, id };
}

/**
 * Reads go straight to the connection, which holds `BEGIN IMMEDIATE` and has no uncommitted
 * writes (they are buffered), so they see committed data that no one else can change.
 */
class SqliteTransaction implements Transaction {
  private readonly writes: WriteOp[] = [];
  private done = false;

  constructor(private readonly store: SqliteStore) {}

  finish(): WriteOp[] {
    this.done = true;
    return this.writes;
  }

  private beforeRead(): void {
    if (this.done) throw new StoreError("invalid-argument", "The transaction is over");
    if (this.writes.length > 0) {
      throw new StoreError("invalid-argument", "Transactions must do all their reads before their writes");
    }
  }

  private async read<R>(fn: () => R): Promise<R> {
    this.beforeRead();
    try {
      return fn();
    } catch (error) {
      throw toStoreError(error);
    }
  }

  get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    return this.read(() => this.store.getSync<T>(collection, id));
  }

  getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]): Promise<Array<StoredDoc<T> | null>> {
    return this.read(() => this.store.getManySync<T>(collection, ids));
  }

  query<T extends object = DocumentData>(query: Query): Promise<StoredDoc<T>[]> {
    return this.read(() => this.store.querySync<T>(normalizeQuery(query)));
  }

  private push(op: WriteOp): void {
    if (this.done) throw new StoreError("invalid-argument", "The transaction is over");
    this.writes.push(op);
  }

  set(collection: string, id: string, data: object): void {
    this.push(writeOp("set", collection, id, data));
  }

  create(collection: string, id: string, data: object): void {
    this.push(writeOp("create", collection, id, data));
  }

  update(collection: string, id: string, patch: UpdatePatch): void {
    this.push(updateOp(collection, id, patch));
  }

  delete(collection: string, id: string): void {
    this.push(deleteOp(collection, id));
  }
}

export function createSqliteStore(options: SqliteStoreOptions): SqliteStore {
  return new SqliteStore(options);
}
