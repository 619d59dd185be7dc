import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { StoreError } from "./index";
import { storeIndexes, type StoreIndex } from "./indexes";
import { DATABASE_FILE, SqliteStore } from "./sqlite";
import { toStoreError } from "./sqlite-errors";
import { describeStoreContract } from "./store.contract";

const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-store-"));
  tempDirs.push(dir);
  return dir;
}

function sqliteError(code: string): Error {
  return Object.assign(new Error(code.toLowerCase()), { code });
}

describeStoreContract("sqlite", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-store-contract-"));
  const open = () => new SqliteStore({ dataDir, indexes: storeIndexes, foreignChangePollMs: 20 });
  const store = open();
  return {
    store,
    openSecondStore: async () => open(),
    cleanup: async () => {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe("sqlite adapter", () => {
  const open: SqliteStore[] = [];
  const openStore = (options: ConstructorParameters<typeof SqliteStore>[0]) => {
    const store = new SqliteStore(options);
    open.push(store);
    return store;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });

  it("keeps its data in <dataDir>/amarre.sqlite, in WAL mode, across reopening", async () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const first = openStore({ dataDir });
    await first.set("ports", "vigo", { name: "Vigo" });
    await first.close();
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("user_version", { simple: true })).toBe(1);
    } finally {
      db.close();
    }
    const second = openStore({ dataDir });
    expect(await second.get("ports", "vigo")).toEqual({ id: "vigo", name: "Vigo" });
  });

  it("refuses a database whose schema is newer than the code", () => {
    const dataDir = tempDir();
    const db = new Database(path.join(dataDir, DATABASE_FILE));
    db.pragma("user_version = 99");
    db.close();
    expect(() => new SqliteStore({ dataDir })).toThrowError(
      expect.objectContaining({ code: "failed-precondition" }) as unknown as Error,
    );
  });

  it("re-runs only the watches whose equality filter a write touches (one person's mailbox, not everyone's)", async () => {
    const store = new SqliteStore({ dataDir: tempDir() });
    try {
      const calls = new Map<string, number>();
      const stops = Array.from({ length: 200 }, (_, i) =>
        store.watch({ collection: "emails", where: [["uid", "==", `u${i}`]] }, () => calls.set(`u${i}`, (calls.get(`u${i}`) ?? 0) + 1)),
      );
      const everything = { count: 0 };
      stops.push(store.watch({ collection: "emails" }, () => everything.count++));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect([...calls.values()].every((n) => n === 1)).toBe(true);
      const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
      // count the queries the watches run: the work a write costs
      const internals = store as unknown as { querySync: (...args: unknown[]) => unknown };
      const querySync = internals.querySync.bind(store);
      let queries = 0;
      internals.querySync = (...args: unknown[]) => {
        queries++;
        return querySync(...args);
      };
      await store.set("emails", "e1", { uid: "u7", subject: "hola" });
      await store.runTransaction(async (tx) => tx.set("emails", "e2", { uid: "u9", subject: "hello" }));
      await settle();
      // moving a document from one person to another wakes both; a deletion wakes its owner
      await store.update("emails", "e1", { uid: "u8" });
      await store.delete("emails", "e2");
      await settle();
      expect(Object.fromEntries([...calls].filter(([, n]) => n > 1))).toEqual({ u7: 3, u8: 2, u9: 3 });
      // two rounds: u7, u9 and the unfiltered watch, then u7, u8, u9 and the unfiltered one — not 201 each
      expect(queries).toBe(7);
      // a watch without an equality filter still sees every write
      expect(everything.count).toBeGreaterThan(1);
      for (const stop of stops) stop();
    } finally {
      await store.close();
    }
  });

  it("works in memory", async () => {
    const store = openStore({ dataDir: ":memory:" });
    await store.set("meta", "seed", { applied: ["ports-v1"] });
    expect(await store.query({ collection: "meta" })).toEqual([{ id: "seed", applied: ["ports-v1"] }]);
  });

  it("creates the declared partial expression indexes, drops stale ones, and uses them", () => {
    const dataDir = tempDir();
    const declared: StoreIndex[] = [
      { collection: "ports", fields: ["region", "name"] },
      { collection: "boats", fields: ["portId", { path: "price", order: "desc" }] },
    ];
    openStore({ dataDir, indexes: declared }).close();
    const store = openStore({ dataDir, indexes: declared.slice(0, 1) });
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    let indexes: Array<{ name: string; sql: string }>;
    try {
      indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'doc_idx_%'").all() as typeof indexes;
    } finally {
      db.close();
    }
    expect(indexes).toHaveLength(1);
    expect(indexes[0].sql).toContain(`json_extract(data, '$."region"') ASC, json_extract(data, '$."name"') ASC, id ASC`);
    expect(indexes[0].sql).toContain("WHERE collection = 'ports'");
    const plan = store.explainQueryPlan({ collection: "ports", where: [["region", "==", "Galicia"]], orderBy: [["name", "asc"]] });
    expect(plan.join("\n")).toContain(`USING INDEX ${indexes[0].name}`);
    expect(plan.join("\n")).not.toContain("TEMP B-TREE");
  });

  it("walks the declared index of an unfiltered ordered query instead of sorting the collection", async () => {
    const store = openStore({ dataDir: tempDir(), indexes: [{ collection: "cases", fields: [{ path: "createdAt", order: "desc" }] }] });
    for (let i = 0; i < 30; i++) await store.set("cases", `c${i}`, { createdAt: `2026-01-${String(i + 1).padStart(2, "0")}` });
    await store.set("other", "x", { createdAt: "2027-01-01" });
    const query = { collection: "cases", orderBy: [["createdAt", "desc"]] as Array<[string, "desc"]> };
    const plan = store.explainQueryPlan(query).join("\n");
    expect(plan).toContain("USING INDEX doc_idx_cases_");
    expect(plan).not.toContain("TEMP B-TREE");
    expect((await store.query({ ...query, limit: 3 })).map((doc) => doc.id)).toEqual(["c29", "c28", "c27"]);
    expect(await store.count(query)).toBe(30);
    // An ordering no index declares still works (sorted by SQLite).
    expect((await store.query({ collection: "cases", orderBy: [["createdAt", "asc"]], limit: 1 })).map((doc) => doc.id)).toEqual(["c0"]);
    store.close();
  });

  it("fails with deadline-exceeded when another connection holds the write lock too long", async () => {
    const dataDir = tempDir();
    const store = openStore({ dataDir, busyTimeoutMs: 50 });
    const other = new Database(path.join(dataDir, DATABASE_FILE));
    try {
      other.exec("BEGIN IMMEDIATE");
      await expect(store.set("ports", "a", { v: 1 })).rejects.toMatchObject({ code: "deadline-exceeded" });
      await expect(store.runTransaction(async () => 1)).rejects.toMatchObject({ code: "deadline-exceeded" });
      other.exec("ROLLBACK");
      await store.set("ports", "a", { v: 1 });
    } finally {
      other.close();
    }
  });

  it("maps SQLite error codes to store error codes", () => {
    expect(toStoreError(sqliteError("SQLITE_BUSY")).code).toBe("deadline-exceeded");
    expect(toStoreError(sqliteError("SQLITE_CONSTRAINT_PRIMARYKEY")).code).toBe("already-exists");
    expect(toStoreError(sqliteError("SQLITE_FULL")).code).toBe("resource-exhausted");
    expect(toStoreError(sqliteError("SQLITE_CANTOPEN")).code).toBe("unavailable");
    expect(toStoreError(sqliteError("SQLITE_IOERR_WRITE")).code).toBe("unavailable");
    expect(toStoreError(new TypeError("The database connection is not open")).code).toBe("unavailable");
    expect(toStoreError(sqliteError("SQLITE_MISUSE")).code).toBe("internal");
    const original = new StoreError("not-found", "gone");
    expect(toStoreError(original)).toBe(original);
  });
});

afterEach(() => {
  for (const dir of tempDirs.splice(0)) if (fs.existsSync(dir)) fs.rmSync(dir, { recursive: true, force: true });
});
