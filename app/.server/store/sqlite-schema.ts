/**
 * The embedded adapter's schema: the ordered migrations of the `documents` table (counted by
 * `PRAGMA user_version`) and the expression indexes declared in `indexes.ts`, created and dropped
 * to match the declaration at each start.
 */
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { parseFieldPath, StoreError, validateCollectionName } from "./index";
import { indexFields, type StoreIndex } from "./indexes";
import { orderKey, sqlString, typeExpr, valueExpr } from "./sqlite-query";

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

/** The schema version this code writes (`PRAGMA user_version` once every migration is applied). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Applies the migrations this database has not had yet, in one immediate transaction. */
export function migrate(db: Database.Database): void {
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

/**
 * Creates the declared expression indexes and drops ones no longer declared. Returns the index
 * names by collection and ordering (`orderKey`), for the store's `INDEXED BY` hints.
 */
export function syncIndexes(db: Database.Database, indexes: readonly StoreIndex[]): Map<string, string> {
  const orderIndexes = new Map<string, string>();
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
    orderIndexes.set(orderKey(collection, fields.map((field) => ({ segments: parseFieldPath(field.path), direction: field.order }))), name);
  }
  const existing = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND name LIKE 'doc\\_idx\\_%' ESCAPE '\\'")
    .pluck()
    .all();
  db.transaction(() => {
    for (const name of existing) if (!wanted.has(name)) db.exec(`DROP INDEX "${name}"`);
    for (const sql of wanted.values()) db.exec(sql);
  }).immediate();
  return orderIndexes;
}
