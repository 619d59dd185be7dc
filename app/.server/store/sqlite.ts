/**
 * The embedded adapter: the document store port on one SQLite file (better-sqlite3).
 *
 * Documents live in one table, `documents(collection, id, data JSON)`. better-sqlite3 is
 * synchronous: each call runs to completion on the one connection, and a promise-based mutex
 * serialises writes and `runTransaction` (which holds `BEGIN IMMEDIATE` while its function awaits,
 * so other processes wait too). This file is the adapter itself (connection, statements, reads,
 * writes, transactions); beside it: `sqlite-schema.ts` (migrations, declared indexes),
 * `sqlite-query.ts` (the query compiler), `sqlite-patch.ts` (update semantics),
 * `sqlite-transaction.ts` (buffered transactions, write operations), `sqlite-watch.ts` (watches),
 * `sqlite-errors.ts` (error codes) and `mutex.ts`.
 *
 * Known differences from Firestore, by design: within one field, booleans sort among numbers
 * (as 0 and 1) and arrays and maps sort among strings (by their JSON text), because ordering on
 * SQLite's native value order is what lets an index serve ORDER BY. Null < numbers < strings holds.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  assertDocumentSize,
  newDocumentId,
  normalizeQuery,
  StoreError,
  type DocumentData,
  type DocumentStore,
  type NormalizedQuery,
  type Query,
  type StoredDoc,
  type Transaction,
  type Unsubscribe,
  type UpdatePatch,
  validateCollectionName,
  validateDocumentId,
} from "./index";
import type { StoreIndex } from "./indexes";
import { Mutex } from "./mutex";
import { toStoreError } from "./sqlite-errors";
import { applyPatch } from "./sqlite-patch";
import { buildQuerySql, orderKey } from "./sqlite-query";
import { migrate, syncIndexes } from "./sqlite-schema";
import { deleteOp, SqliteTransaction, updateOp, writeOp, type WriteOp } from "./sqlite-transaction";
import { reportWatchError, WatchHub, type Change } from "./sqlite-watch";


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

interface Row {
  id: string;
  data: string;
}

/** The store whose `runTransaction` function is running in the current async context. */
const transactionScope = new AsyncLocalStorage<SqliteStore>();

const STATEMENT_CACHE_SIZE = 256;

function toDoc<T extends object>(row: Row): StoredDoc<T> {
  const doc = JSON.parse(row.data) as StoredDoc<T>;
  doc.id = row.id;
  return doc;
}

export class SqliteStore implements DocumentStore {
  readonly backend = "embedded" as const;
  private readonly db: Database.Database;
  private readonly mutex = new Mutex();
  private readonly statements = new Map<string, Database.Statement>();
  /**
   * Declared indexes by collection and ordering (`orderKey`). A query with no filter but an
   * ordering names its index (`INDEXED BY`): without statistics SQLite otherwise prefers the
   * primary key's `collection = …` and sorts the whole collection, even with a LIMIT.
   */
  private readonly orderIndexes: Map<string, string>;
  private readonly watches: WatchHub;
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
    const inMemory = options.dataDir === ":memory:";
    try {
      let file = ":memory:";
      if (!inMemory) {
        fs.mkdirSync(options.dataDir, { recursive: true });
        file = path.join(options.dataDir, DATABASE_FILE);
      }
      this.db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
      if (!inMemory) this.db.pragma("journal_mode = WAL");
      // Every commit reaches the disk before it is acknowledged: bookings and invoice numbers must
      // survive an OS crash or a power loss, not only a crashed process (decision record 008).
      this.db.pragma(`synchronous = ${options.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
      this.db.pragma("foreign_keys = ON");
      migrate(this.db);
      this.orderIndexes = syncIndexes(this.db, options.indexes ?? []);
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
    this.watches = new WatchHub({
      inMemory,
      pollMs: options.foreignChangePollMs ?? 250,
      readDataVersion: () => this.stmt.dataVersion.get() as number,
    });
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
    // One id: the primary-key read, five times faster than the `json_each` list.
    if (ids.length === 1) return [this.getSync<T>(collection, ids[0])];
    const found = new Map<string, StoredDoc<T>>();
    for (const row of this.stmt.getMany.all(collection, JSON.stringify(ids))) found.set(row.id, toDoc<T>(row));
    return ids.map((id) => found.get(id) ?? null);
  }

  /**
   * The FROM clause, naming the index of an ordered query with no filter an index serves (none, or
   * only `array-contains`, checked row by row: walked in order, it stops at the LIMIT) — see `orderIndexes`.
   */
  private withIndexHint(q: NormalizedQuery, from: string): string {
    if (q.filters.some((filter) => filter.op !== "array-contains") || q.orderBy.length === 0) return from;
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
    if (!this.watches.isWatched(collection)) return null;
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

  private async write(method: string, op: () => WriteOp): Promise<void> {
    this.assertOpen();
    this.assertNotInTransaction(method);
    const write = op();
    const change = await this.mutex.run(() => {
      this.assertOpen();
      try {
        if (write.kind === "update" || this.watches.isWatched(write.collection)) {
          return this.db.transaction(() => this.applyWrite(write)).immediate();
        }
        return this.applyWrite(write);
      } catch (error) {
        throw toStoreError(error);
      }
    });
    this.watches.notify([change]);
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
        this.watches.notify(changes);
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
    return this.watches.watch<T>(q, () => this.querySync<T>(q), onChange, onError);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watches.close();
    await this.mutex.run(() => this.db.close());
  }
}

export function createSqliteStore(options: SqliteStoreOptions): SqliteStore {
  return new SqliteStore(options);
}
