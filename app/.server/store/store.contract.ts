/**
 * The document store contract: one suite that every adapter of the port must pass.
 * `sqlite.test.ts` and `firestore.test.ts` run it; an adapter is done when all of it passes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cursorAfter,
  deleteField,
  increment,
  MAX_IN_VALUES,
  StoreError,
  type DocumentStore,
  type Query,
  type StoredDoc,
  type StoreErrorCode,
  type Transaction,
} from "./index";

export interface StoreHarness {
  store: DocumentStore;
  /** Opens another store on the same backend and data, as a second server would. */
  openSecondStore: () => Promise<DocumentStore>;
  /** Closes `store` and releases whatever the harness started. */
  cleanup: () => Promise<void>;
}

/**
 * Behaviour a backend may lack. Only for test doubles that cannot do better (the in-process
 * emulator); a real adapter declares none.
 */
export type ContractCapability =
  | "null-filters"
  | "int-double-compare"
  | "mixed-type-order"
  | "order-excludes-missing"
  | "id-tie-break"
  | "cursors"
  | "nested-field-queries"
  | "set-replaces"
  | "nested-updates"
  | "field-transforms"
  | "transactions";

export interface ContractOptions {
  /** Capabilities the backend lacks, each with the reason; the tests that need them are skipped. */
  unsupported?: Partial<Record<ContractCapability, string>>;
}

type Doc = StoredDoc<Record<string, unknown>>;

const WATCH_TIMEOUT_MS = 10_000;

function ids(docs: ReadonlyArray<{ id: string } | null>): Array<string | null> {
  return docs.map((doc) => doc?.id ?? null);
}

function sortedIds(docs: ReadonlyArray<{ id: string }>): string[] {
  return docs.map((doc) => doc.id).sort();
}

async function caught(action: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof action === "function" ? action() : action);
  } catch (error) {
    return error;
  }
  return undefined;
}

async function expectStoreError(action: Promise<unknown> | (() => unknown), code: StoreErrorCode): Promise<StoreError> {
  const error = await caught(action);
  expect(error, `expected a StoreError "${code}"`).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
  return error as StoreError;
}

/**
 * Collects watch deliveries. `next(predicate)` waits for the first delivery after the one the
 * previous `next` returned that satisfies `predicate`.
 */
function watchRecorder() {
  const deliveries: Doc[][] = [];
  const errors: StoreError[] = [];
  let consumed = 0;
  let waiter: { predicate: (docs: Doc[]) => boolean; resolve: (docs: Doc[]) => void } | undefined;
  const check = () => {
    if (!waiter) return;
    for (let i = consumed; i < deliveries.length; i++) {
      if (waiter.predicate(deliveries[i])) {
        const { resolve } = waiter;
        waiter = undefined;
        consumed = i + 1;
        resolve(deliveries[i]);
        return;
      }
    }
  };
  return {
    deliveries,
    errors,
    onChange: (docs: Doc[]) => {
      deliveries.push(docs);
      check();
    },
    onError: (error: StoreError) => {
      errors.push(error);
    },
    next(predicate: (docs: Doc[]) => boolean = () => true): Promise<Doc[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          reject(new Error(`No matching watch delivery; got ${JSON.stringify(deliveries.map(ids))}`));
        }, WATCH_TIMEOUT_MS);
        waiter = {
          predicate,
          resolve: (docs) => {
            clearTimeout(timer);
            resolve(docs);
          },
        };
        check();
      });
    },
  };
}

class CallerError extends Error {}

export function describeStoreContract(name: string, makeStore: () => Promise<StoreHarness>, options: ContractOptions = {}): void {
  describe(`document store contract: ${name}`, () => {
    let harness: StoreHarness;
    let store: DocumentStore;
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let counter = 0;
    /** A fresh collection name, so tests never see each other's documents. */
    const col = (label: string) => `c${run}_${label}_${++counter}`;

    /** `it`, or `it.skip` naming what the backend lacks. */
    function spec(title: string, needs: ContractCapability[], fn: () => Promise<void>): void {
      const missing = needs.filter((capability) => options.unsupported?.[capability]);
      if (missing.length > 0) it.skip(`${title} (unsupported: ${missing.join(", ")})`, fn);
      else it(title, fn);
    }

    async function seed(collection: string, docs: Record<string, object>): Promise<void> {
      await Promise.all(Object.entries(docs).map(([id, data]) => store.set(collection, id, data)));
    }

    beforeAll(async () => {
      harness = await makeStore();
      store = harness.store;
    });

    afterAll(async () => {
      await harness?.cleanup();
    });

    describe("documents", () => {
      spec("get returns null for a missing document", [], async () => {
        expect(await store.get(col("missing"), "nope")).toBeNull();
      });

      spec("set then get returns the data with its id, every JSON type intact", [], async () => {
        const c = col("roundtrip");
        const data = {
          text: "héllo ⛵ 🚤 \"quoted\" \\ back'slash",
          int: 42,
          float: 3.25,
          negative: -7,
          yes: true,
          no: false,
          nothing: null,
          list: [1, "two", { three: 3 }, null, false],
          nested: { a: { b: "c", d: [1, 2] } },
          emptyList: [],
          emptyMap: {},
          createdAt: "2026-05-01T10:00:00.000Z",
          "key with spaces-and-dashes": 1,
        };
        await store.set(c, "doc-1", data);
        expect(await store.get(c, "doc-1")).toEqual({ ...data, id: "doc-1" });
      });

      spec("set replaces the whole document", ["set-replaces"], async () => {
        const c = col("replace");
        await store.set(c, "a", { one: 1, two: 2 });
        await store.set(c, "a", { three: 3 });
        expect(await store.get(c, "a")).toEqual({ id: "a", three: 3 });
      });

      spec("set accepts a document as read back, with its own id", [], async () => {
        const c = col("writeback");
        await store.set(c, "a", { name: "Port Vell" });
        const doc = await store.get<{ name: string }>(c, "a");
        await store.set(c, "a", { ...doc!, name: "Port Vell Barcelona" });
        expect(await store.get(c, "a")).toEqual({ id: "a", name: "Port Vell Barcelona" });
      });

      spec("undefined fields are dropped", [], async () => {
        const c = col("undefined");
        await store.set(c, "a", { kept: 1, dropped: undefined, inner: { kept: 2, dropped: undefined } });
        expect(await store.get(c, "a")).toEqual({ id: "a", kept: 1, inner: { kept: 2 } });
      });

      spec("create fails with already-exists and leaves the document as it was", [], async () => {
        const c = col("create");
        await store.create(c, "a", { v: 1 });
        await expectStoreError(store.create(c, "a", { v: 2 }), "already-exists");
        expect(await store.get(c, "a")).toEqual({ id: "a", v: 1 });
      });

      spec("add stores under new random 20-character alphanumeric ids", [], async () => {
        const c = col("add");
        const first = await store.add(c, { n: 1 });
        const second = await store.add(c, { n: 2 });
        expect(first).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(second).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(first).not.toBe(second);
        expect(await store.get(c, first)).toEqual({ id: first, n: 1 });
      });

      spec("update merges top-level fields and keeps the others", [], async () => {
        const c = col("update");
        await store.set(c, "a", { name: "Boat", price: 100, specs: { length: 10, beam: 3 } });
        await store.update(c, "a", { price: 120, status: "listed" });
        expect(await store.get(c, "a")).toEqual({ id: "a", name: "Boat", price: 120, status: "listed", specs: { length: 10, beam: 3 } });
        await store.update(c, "a", { specs: { draft: 1.5 } });
        expect(await store.get(c, "a")).toMatchObject({ specs: { draft: 1.5 } });
        expect((await store.get<{ specs: object }>(c, "a"))!.specs).toEqual({ draft: 1.5 });
      });

      spec("update reaches into nested maps with dotted paths, creating missing ones", [], async () => {
        const c = col("update-nested");
        await store.set(c, "a", { stats: { views: 1, likes: 2 } });
        await store.update(c, "a", { "stats.views": 5, "extra.deep.flag": true });
        expect(await store.get(c, "a")).toEqual({ id: "a", stats: { views: 5, likes: 2 }, extra: { deep: { flag: true } } });
      });

      spec("a dotted update replaces a non-map value on its way", ["nested-updates"], async () => {
        const c = col("update-over");
        await store.set(c, "a", { stats: "none" });
        await store.update(c, "a", { "stats.views": 1 });
        expect(await store.get(c, "a")).toEqual({ id: "a", stats: { views: 1 } });
      });

      spec("update fails with not-found for a missing document", [], async () => {
        const c = col("update-missing");
        await expectStoreError(store.update(c, "nope", { v: 1 }), "not-found");
        expect(await store.get(c, "nope")).toBeNull();
      });

      spec("increment adds to numbers and sets missing or non-numeric fields", ["field-transforms"], async () => {
        const c = col("increment");
        await store.set(c, "a", { views: 10, rating: 4.5, label: "x" });
        await store.update(c, "a", { views: increment(1), rating: increment(-0.5), label: increment(3), fresh: increment(2) });
        expect(await store.get(c, "a")).toEqual({ id: "a", views: 11, rating: 4, label: 3, fresh: 2 });
      });

      spec("increment and deleteField reach nested fields", ["field-transforms", "nested-updates"], async () => {
        const c = col("increment-nested");
        await store.set(c, "a", { stats: { views: 1, likes: 2 } });
        await store.update(c, "a", { "stats.views": increment(2), "stats.likes": deleteField(), "stats.gone.deeper": deleteField() });
        expect(await store.get(c, "a")).toEqual({ id: "a", stats: { views: 3 } });
      });

      spec("deleteField removes a top-level field", ["field-transforms"], async () => {
        const c = col("delete-field");
        await store.set(c, "a", { keep: 1, drop: 2 });
        await store.update(c, "a", { drop: deleteField(), absent: deleteField() });
        expect(await store.get(c, "a")).toEqual({ id: "a", keep: 1 });
      });

      spec("delete removes a document and succeeds when it is missing", [], async () => {
        const c = col("delete");
        await store.set(c, "a", { v: 1 });
        await store.delete(c, "a");
        expect(await store.get(c, "a")).toBeNull();
        await store.delete(c, "a");
        await store.delete(c, "never-was");
      });

      spec("getMany keeps the order of the ids and gives null for missing documents", [], async () => {
        const c = col("get-many");
        await seed(c, { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } });
        const docs = await store.getMany(c, ["c", "missing", "a", "c"]);
        expect(ids(docs)).toEqual(["c", null, "a", "c"]);
        expect(docs[0]).toEqual({ id: "c", n: 3 });
        expect(await store.getMany(c, [])).toEqual([]);
      });
    });

    describe("validation", () => {
      const badNames = ["", "a/b", "a~b", "a*b", "a[0]", "b]", ".", "..", ".a", "a.", "a..b", "__reserved__"];

      spec("rejects invalid collection names", [], async () => {
        for (const bad of badNames) {
          await expectStoreError(store.get(bad, "x"), "invalid-argument");
          await expectStoreError(store.set(bad, "x", { v: 1 }), "invalid-argument");
          await expectStoreError(store.query({ collection: bad }), "invalid-argument");
        }
      });

      spec("rejects invalid document ids and accepts unusual valid ones", [], async () => {
        const c = col("ids");
        for (const bad of badNames) {
          await expectStoreError(store.get(c, bad), "invalid-argument");
          await expectStoreError(store.set(c, bad, { v: 1 }), "invalid-argument");
          await expectStoreError(store.update(c, bad, { v: 1 }), "invalid-argument");
          await expectStoreError(store.delete(c, bad), "invalid-argument");
        }
        await expectStoreError(store.getMany(c, ["ok", "a/b"]), "invalid-argument");
        for (const good of ["a.b", "with space", "ñandú-2", "__x", "x__", "UPPER_lower-09"]) {
          await store.set(c, good, { v: good });
          expect(await store.get(c, good)).toEqual({ id: good, v: good });
        }
      });

      spec("rejects invalid field paths", [], async () => {
        const c = col("fields");
        await store.set(c, "a", { v: 1 });
        for (const bad of ["", ".v", "v.", "v..w", "__v__", "v.__w__", "v~", "v*", "v/w", "v[0]"]) {
          await expectStoreError(store.update(c, "a", { [bad]: 1 }), "invalid-argument");
          await expectStoreError(store.query({ collection: c, where: [[bad, "==", 1]] }), "invalid-argument");
          await expectStoreError(store.query({ collection: c, orderBy: [[bad, "asc"]] }), "invalid-argument");
        }
        await expectStoreError(store.update(c, "a", { "stats.views": 1, stats: {} }), "invalid-argument");
        await expectStoreError(store.update(c, "a", {}), "invalid-argument");
        await expectStoreError(store.update(c, "a", { id: "other" }), "invalid-argument");
      });

      spec("rejects data that is not plain JSON", [], async () => {
        const c = col("data");
        const bad: object[] = [
          { at: new Date() },
          { n: Number.NaN },
          { n: Number.POSITIVE_INFINITY },
          { list: [[1, 2]] },
          { map: new Map() },
          { fn: () => 1 },
          { big: BigInt(1) },
          { "dotted.key": 1 },
          { __reserved__: 1 },
          { nested: { "": 1 } },
          { id: "someone-else" },
          { counter: increment(1) },
        ];
        for (const data of bad) {
          await expectStoreError(store.set(c, "a", data), "invalid-argument");
          await expectStoreError(store.create(c, "b", data), "invalid-argument");
        }
        await expectStoreError(store.add(c, { id: "chosen", v: 1 }), "invalid-argument");
        await expectStoreError(store.set(c, "a", [1, 2]), "invalid-argument");
        expect(await store.count({ collection: c })).toBe(0);
      });

      spec("rejects queries Firestore would reject", [], async () => {
        const c = col("bad-queries");
        const tooMany = Array.from({ length: MAX_IN_VALUES + 1 }, (_, i) => i);
        const bad: Query[] = [
          { collection: c, where: [["v", "in", tooMany]] },
          { collection: c, where: [["v", "in", []]] },
          { collection: c, where: [["v", "in", [1, null]]] },
          { collection: c, where: [["v", "<", null]] },
          { collection: c, where: [["v", ">", [1]]] },
          { collection: c, where: [["v", "array-contains", null]] },
          { collection: c, where: [["v", "array-contains", 1], ["w", "array-contains", 2]] },
          { collection: c, where: [["v", "~=" as "==", 1]] },
          { collection: c, where: [["id", "==", "a"]] },
          { collection: c, orderBy: [["v", "asc"], ["v", "desc"]] },
          { collection: c, orderBy: [["v", "up" as "asc"]] },
          { collection: c, limit: 0 },
          { collection: c, limit: 1.5 },
          { collection: c, orderBy: [["v", "asc"]], startAfter: [1, "id", "extra"] },
          { collection: c, orderBy: [["v", "asc"]], startAfter: [{ k: 1 }] },
          { collection: c, orderBy: [["v", "asc"]], startAfter: [1, 2] },
          { collection: c, startAfter: [] },
        ];
        for (const query of bad) {
          await expectStoreError(store.query(query), "invalid-argument");
          await expectStoreError(store.count(query), "invalid-argument");
        }
        await store.query({ collection: c, where: [["v", "in", tooMany.slice(1)]] });
      });
    });

    describe("queries", () => {
      // One document per kind of value in field "v", and one without it.
      const mixed = col("mixed");
      const mixedDocs = {
        a: { v: 1 },
        b: { v: "x" },
        c: { v: null },
        d: { w: 1 },
        e: { v: true },
        f: { v: [1, 2] },
        g: { v: { k: 1 } },
        h: { v: 2.5 },
        i: { v: false },
        j: { v: "a" },
        k: { v: 0 },
        l: { v: [] },
        m: { v: {} },
      };
      const boats = col("boats");
      const boatDocs = {
        b1: { name: "Alpha", price: 300, length: 10, port: "vigo", tags: ["sail", "family"] },
        b2: { name: "Bravo", price: 100, length: 8, port: "vigo", tags: ["motor"] },
        b3: { name: "Charlie", price: 300, length: 12, port: "malaga", tags: ["sail"] },
        b4: { name: "Delta", price: 200, port: "malaga", tags: [] },
        b5: { name: "Echo", price: 300, length: 9.5, port: "vigo", tags: ["sail", "racing"] },
        b6: { name: "alpha lower", price: 50.5, length: 7, port: "vigo", tags: "sail" },
      };
      const where = (...clauses: Query["where"] & object) => store.query({ collection: mixed, where: clauses });

      beforeAll(async () => {
        await seed(mixed, mixedDocs);
        await seed(boats, boatDocs);
      });

      spec("== matches equal values of the same type, arrays and maps by content", [], async () => {
        expect(sortedIds(await where(["v", "==", 1]))).toEqual(["a"]);
        expect(sortedIds(await where(["v", "==", "x"]))).toEqual(["b"]);
        expect(sortedIds(await where(["v", "==", true]))).toEqual(["e"]);
        expect(sortedIds(await where(["v", "==", false]))).toEqual(["i"]);
        expect(sortedIds(await where(["v", "==", [1, 2]]))).toEqual(["f"]);
        expect(sortedIds(await where(["v", "==", { k: 1 }]))).toEqual(["g"]);
        expect(sortedIds(await where(["v", "==", [2, 1]]))).toEqual([]);
        expect(sortedIds(await where(["v", "==", "1"]))).toEqual([]);
      });

      spec("a string never equals a number, a boolean, an array or a map, even one written the same", [], async () => {
        expect(sortedIds(await where(["v", "==", "[1,2]"]))).toEqual([]);
        expect(sortedIds(await where(["v", "==", '{"k":1}']))).toEqual([]);
        expect(sortedIds(await where(["v", "==", "true"]))).toEqual([]);
        expect(sortedIds(await where(["v", "in", ["[1,2]", '{"k":1}', "true", "1", "x"]]))).toEqual(["b"]);
      });

      spec("maps compare equal whatever the order of their keys", [], async () => {
        const c = col("map-eq");
        await store.set(c, "a", { spec: { beam: 3, length: 10 } });
        const found = await store.query({ collection: c, where: [["spec", "==", { length: 10, beam: 3 }]] });
        expect(ids(found)).toEqual(["a"]);
      });

      spec("== null matches null values only", ["null-filters"], async () => {
        expect(sortedIds(await where(["v", "==", null]))).toEqual(["c"]);
      });

      spec("!= excludes documents without the field and with null", ["null-filters"], async () => {
        expect(sortedIds(await where(["v", "!=", "x"]))).toEqual(["a", "e", "f", "g", "h", "i", "j", "k", "l", "m"]);
        expect(sortedIds(await where(["v", "!=", null]))).toEqual(["a", "b", "e", "f", "g", "h", "i", "j", "k", "l", "m"]);
        expect(sortedIds(await where(["v", "!=", 1]))).toEqual(["b", "e", "f", "g", "h", "i", "j", "k", "l", "m"]);
      });

      spec("range filters only match values of their operand's type", ["int-double-compare"], async () => {
        expect(sortedIds(await where(["v", ">", 0]))).toEqual(["a", "h"]);
        expect(sortedIds(await where(["v", ">", 2]))).toEqual(["h"]);
        expect(sortedIds(await where(["v", "<=", 1]))).toEqual(["a", "k"]);
        expect(sortedIds(await where(["v", ">=", false]))).toEqual(["e", "i"]);
        expect(sortedIds(await where(["v", ">", false]))).toEqual(["e"]);
        expect(sortedIds(await where(["v", "<", "b"]))).toEqual(["j"]);
        expect(sortedIds(await where(["v", ">=", "a"], ["v", "<=", "x"]))).toEqual(["b", "j"]);
      });

      spec("in matches any of its values, of any type", [], async () => {
        expect(sortedIds(await where(["v", "in", [1, "x", [1, 2], { k: 1 }, true]]))).toEqual(["a", "b", "e", "f", "g"]);
        const thirty = Array.from({ length: MAX_IN_VALUES }, (_, i) => `s${i}`);
        expect(sortedIds(await where(["v", "in", [...thirty.slice(1), "a"]]))).toEqual(["j"]);
      });

      spec("array-contains matches arrays holding the value", [], async () => {
        const found = await store.query({ collection: boats, where: [["tags", "array-contains", "sail"]] });
        expect(sortedIds(found)).toEqual(["b1", "b3", "b5"]);
        expect(sortedIds(await where(["v", "array-contains", 2]))).toEqual(["f"]);
        const c = col("contains-map");
        await seed(c, { a: { items: [{ k: 1 }, { k: 2 }] }, b: { items: [{ k: 3 }] } });
        expect(ids(await store.query({ collection: c, where: [["items", "array-contains", { k: 2 }]] }))).toEqual(["a"]);
      });

      spec("filters combine with AND", [], async () => {
        const query = (clauses: Query["where"]) => store.query({ collection: boats, where: clauses });
        expect(sortedIds(await query([["port", "==", "vigo"], ["price", "==", 300]]))).toEqual(["b1", "b5"]);
        expect(sortedIds(await query([["port", "in", ["malaga", "nowhere"]], ["tags", "array-contains", "sail"]]))).toEqual(["b3"]);
        expect(sortedIds(await query([["port", "==", "vigo"], ["name", ">=", "B"]]))).toEqual(["b2", "b5", "b6"]);
      });

      spec("range filters on two fields", ["int-double-compare"], async () => {
        const found = await store.query({ collection: boats, where: [["price", ">=", 200], ["length", ">", 9]] });
        expect(sortedIds(found)).toEqual(["b1", "b3", "b5"]);
      });

      spec("orderBy sorts ascending and descending, strings by code point", [], async () => {
        const asc = await store.query({ collection: boats, orderBy: [["name", "asc"]] });
        expect(ids(asc)).toEqual(["b1", "b2", "b3", "b4", "b5", "b6"]);
        const desc = await store.query({ collection: boats, orderBy: [["name", "desc"]] });
        expect(ids(desc)).toEqual(["b6", "b5", "b4", "b3", "b2", "b1"]);
      });

      spec("orderBy leaves out documents without the field", ["order-excludes-missing"], async () => {
        const found = await store.query({ collection: boats, orderBy: [["length", "asc"]] });
        expect(ids(found)).toEqual(["b6", "b2", "b5", "b1", "b3"]);
        expect(await store.count({ collection: boats, orderBy: [["length", "asc"]] })).toBe(5);
      });

      spec("numbers order numerically, integers and fractions alike", ["int-double-compare"], async () => {
        const found = await store.query({ collection: boats, where: [["length", ">", 0]], orderBy: [["length", "desc"]] });
        expect(ids(found)).toEqual(["b3", "b1", "b5", "b2", "b6"]);
      });

      spec("ties are broken by document id, in the direction of the last orderBy", ["id-tie-break", "int-double-compare"], async () => {
        const asc = await store.query({ collection: boats, orderBy: [["price", "asc"]] });
        expect(ids(asc)).toEqual(["b6", "b2", "b4", "b1", "b3", "b5"]);
        const desc = await store.query({ collection: boats, orderBy: [["price", "desc"]] });
        expect(ids(desc)).toEqual(["b5", "b3", "b1", "b4", "b2", "b6"]);
        const twoFields = await store.query({ collection: boats, orderBy: [["port", "asc"], ["price", "desc"]] });
        expect(ids(twoFields)).toEqual(["b3", "b4", "b5", "b1", "b2", "b6"]);
      });

      spec("null sorts before numbers, and numbers before strings", ["mixed-type-order", "id-tie-break"], async () => {
        const c = col("type-order");
        await seed(c, { n1: { v: null }, n2: { v: 3 }, n3: { v: "z" }, n4: { v: -1.5 }, n5: { v: "A" }, n6: { v: null } });
        expect(ids(await store.query({ collection: c, orderBy: [["v", "asc"]] }))).toEqual(["n1", "n6", "n4", "n2", "n5", "n3"]);
        expect(ids(await store.query({ collection: c, orderBy: [["v", "desc"]] }))).toEqual(["n3", "n5", "n2", "n4", "n6", "n1"]);
      });

      spec("inequality filters order by their fields when orderBy does not name them", ["id-tie-break"], async () => {
        const found = await store.query({ collection: boats, where: [["price", ">", 100]] });
        expect(ids(found)).toEqual(["b4", "b1", "b3", "b5"]);
        const byPort = await store.query({ collection: boats, where: [["price", ">=", 200]], orderBy: [["port", "desc"]] });
        expect(ids(byPort)).toEqual(["b5", "b1", "b3", "b4"]);
      });

      spec("nested fields can be filtered and ordered with dotted paths", ["nested-field-queries"], async () => {
        const c = col("nested");
        await seed(c, { a: { stats: { views: 5 } }, b: { stats: { views: 50 } }, c: { stats: { likes: 1 } }, d: { stats: { views: 20 } } });
        const found = await store.query({ collection: c, where: [["stats.views", ">=", 10]], orderBy: [["stats.views", "desc"]] });
        expect(ids(found)).toEqual(["b", "d"]);
        expect(ids(await store.query({ collection: c, orderBy: [["stats.views", "asc"]] }))).toEqual(["a", "d", "b"]);
      });

      spec("limit caps the results", [], async () => {
        const found = await store.query({ collection: boats, orderBy: [["name", "asc"]], limit: 2 });
        expect(ids(found)).toEqual(["b1", "b2"]);
      });

      spec("count counts what the query returns", [], async () => {
        expect(await store.count({ collection: boats })).toBe(6);
        expect(await store.count({ collection: boats, where: [["price", "==", 300]] })).toBe(3);
        expect(await store.count({ collection: boats, where: [["tags", "array-contains", "sail"]], limit: 2 })).toBe(2);
        expect(await store.count({ collection: col("empty") })).toBe(0);
      });

      spec("cursorAfter pages through every document once, ties included", ["cursors", "id-tie-break", "int-double-compare"], async () => {
        const query: Query = { collection: boats, orderBy: [["price", "asc"]], limit: 2 };
        const pages: Array<Array<string | null>> = [];
        let page = await store.query(query);
        while (page.length > 0) {
          pages.push(ids(page));
          page = await store.query({ ...query, startAfter: cursorAfter(query, page[page.length - 1]) });
        }
        expect(pages).toEqual([["b6", "b2"], ["b4", "b1"], ["b3", "b5"]]);
      });

      spec("startAfter with field values skips every document tied on them", ["cursors", "id-tie-break"], async () => {
        const after = (values: unknown[], direction: "asc" | "desc" = "asc") =>
          store.query({ collection: boats, orderBy: [["price", direction]], startAfter: values });
        expect(ids(await after([200]))).toEqual(["b1", "b3", "b5"]);
        expect(ids(await after([300]))).toEqual([]);
        expect(ids(await after([300], "desc"))).toEqual(["b4", "b2", "b6"]);
        expect(ids(await after([300, "b3"], "desc"))).toEqual(["b1", "b4", "b2", "b6"]);
      });

      spec("startAfter takes a prefix of several orderBy fields", ["cursors"], async () => {
        const found = await store.query({ collection: boats, orderBy: [["port", "asc"], ["name", "asc"]], startAfter: ["malaga"] });
        expect(ids(found)).toEqual(["b1", "b2", "b5", "b6"]);
      });

      spec("startAfter with only an id pages in id order", ["cursors"], async () => {
        expect(ids(await store.query({ collection: boats, startAfter: ["b3"], limit: 2 }))).toEqual(["b4", "b5"]);
      });

      spec("cursors combine with filters, implicit ordering and count", ["cursors", "id-tie-break"], async () => {
        const query: Query = { collection: boats, where: [["price", ">", 100]], limit: 3 };
        const first = await store.query(query);
        expect(ids(first)).toEqual(["b4", "b1", "b3"]);
        const rest = { ...query, startAfter: cursorAfter(query, first[2]) };
        expect(ids(await store.query(rest))).toEqual(["b5"]);
        expect(await store.count(rest)).toBe(1);
      });
    });

    describe("transactions", () => {
      spec("reads, then writes, and returns the function's result", [], async () => {
        const c = col("tx");
        await store.set(c, "counter", { n: 1 });
        const result = await store.runTransaction(async (tx) => {
          const counter = await tx.get<{ n: number }>(c, "counter");
          const missing = await tx.getMany(c, ["counter", "nope"]);
          tx.update(c, "counter", { n: counter!.n + 1 });
          tx.create(c, "log", { from: counter!.n, seen: ids(missing) });
          tx.set(c, "other", { ok: true });
          return counter!.n;
        });
        expect(result).toBe(1);
        expect(await store.getMany(c, ["counter", "log", "other"])).toEqual([
          { id: "counter", n: 2 },
          { id: "log", from: 1, seen: ["counter", null] },
          { id: "other", ok: true },
        ]);
      });

      spec("rolls back and rethrows the caller's error unchanged", [], async () => {
        const c = col("tx-rollback");
        await store.set(c, "a", { v: 1 });
        const failure = new CallerError("no dock free");
        const error = await caught(
          store.runTransaction(async (tx) => {
            await tx.get(c, "a");
            tx.set(c, "a", { v: 2 });
            tx.set(c, "b", { v: 2 });
            throw failure;
          }),
        );
        expect(error).toBe(failure);
        expect(await store.getMany(c, ["a", "b"])).toEqual([{ id: "a", v: 1 }, null]);
      });

      spec("a failing write fails the whole transaction with its code", ["transactions"], async () => {
        const c = col("tx-fail");
        await store.set(c, "taken", { v: 1 });
        await expectStoreError(
          store.runTransaction(async (tx) => {
            tx.set(c, "first", { v: 1 });
            tx.create(c, "taken", { v: 2 });
          }),
          "already-exists",
        );
        await expectStoreError(
          store.runTransaction(async (tx) => {
            tx.set(c, "second", { v: 1 });
            tx.update(c, "missing", { v: 2 });
          }),
          "not-found",
        );
        expect(await store.getMany(c, ["taken", "first", "second"])).toEqual([{ id: "taken", v: 1 }, null, null]);
      });

      spec("rejects reads after writes, and the store's own writes inside the function", [], async () => {
        const c = col("tx-misuse");
        await expectStoreError(
          store.runTransaction(async (tx) => {
            tx.set(c, "a", { v: 1 });
            await tx.get(c, "a");
          }),
          "invalid-argument",
        );
        await expectStoreError(
          store.runTransaction(async () => {
            await store.set(c, "b", { v: 1 });
          }),
          "invalid-argument",
        );
        await expectStoreError(store.runTransaction(() => store.runTransaction(async () => 1)), "invalid-argument");
        let leaked: Transaction | undefined;
        await store.runTransaction(async (tx) => {
          leaked = tx;
        });
        await expectStoreError(() => leaked!.set(c, "c", { v: 1 }), "invalid-argument");
        expect(await store.getMany(c, ["a", "b", "c"])).toEqual([null, null, null]);
      });

      spec("queries inside transactions; concurrent claims never take the same slot", ["transactions"], async () => {
        const c = col("tx-claims");
        await seed(c, { s1: { free: true, n: 1 }, s2: { free: true, n: 2 }, s3: { free: true, n: 3 } });
        const claim = (who: string) =>
          store.runTransaction(async (tx) => {
            const [slot] = await tx.query<{ n: number }>({ collection: c, where: [["free", "==", true]], orderBy: [["n", "asc"]], limit: 1 });
            if (!slot) return null;
            tx.update(c, slot.id, { free: false, by: who });
            return slot.id;
          });
        const claimed = await Promise.all(["w1", "w2", "w3", "w4"].map(claim));
        expect(claimed.filter((id) => id !== null).sort()).toEqual(["s1", "s2", "s3"]);
        expect(claimed.filter((id) => id === null)).toHaveLength(1);
        expect(await store.count({ collection: c, where: [["free", "==", true]] })).toBe(0);
      });

      spec("two concurrent read-modify-write loops never lose an increment", ["transactions"], async () => {
        const c = col("tx-counter");
        await store.set(c, "counter", { n: 0 });
        const loop = async () => {
          for (let i = 0; i < 20; i++) {
            await store.runTransaction(async (tx) => {
              const doc = await tx.get<{ n: number }>(c, "counter");
              // Yield between read and write so the two loops interleave.
              await new Promise((resolve) => setTimeout(resolve, 1));
              tx.update(c, "counter", { n: doc!.n + 1 });
            });
          }
        };
        await Promise.all([loop(), loop()]);
        expect(await store.get(c, "counter")).toEqual({ id: "counter", n: 40 });
      });
    });

    describe("watch", () => {
      spec("delivers the current results asynchronously, then each change", [], async () => {
        const c = col("watch");
        await seed(c, { a: { status: "open", n: 1 } });
        const recorder = watchRecorder();
        const stop = store.watch({ collection: c, where: [["status", "==", "open"]] }, recorder.onChange, recorder.onError);
        try {
          expect(recorder.deliveries).toHaveLength(0);
          expect(ids(await recorder.next())).toEqual(["a"]);
          await store.set(c, "b", { status: "open", n: 2 });
          expect(sortedIds(await recorder.next((docs) => docs.length === 2))).toEqual(["a", "b"]);
          await store.update(c, "a", { n: 10 });
          const changed = await recorder.next((docs) => docs.some((d) => d.id === "a" && d.n === 10));
          expect(changed.find((d) => d.id === "a")).toEqual({ id: "a", status: "open", n: 10 });
          await store.update(c, "a", { status: "closed" });
          expect(ids(await recorder.next((docs) => docs.length === 1))).toEqual(["b"]);
          await store.delete(c, "b");
          await recorder.next((docs) => docs.length === 0);
          expect(recorder.errors).toEqual([]);
        } finally {
          stop();
        }
      });

      spec("does not deliver when a write leaves the results unchanged", [], async () => {
        const c = col("watch-quiet");
        await seed(c, { a: { status: "open" } });
        const recorder = watchRecorder();
        const stop = store.watch({ collection: c, where: [["status", "==", "open"]] }, recorder.onChange, recorder.onError);
        try {
          await recorder.next();
          const before = recorder.deliveries.length;
          await store.set(c, "other", { status: "closed" });
          await store.set(c, "marker", { status: "open" });
          await recorder.next((docs) => docs.some((d) => d.id === "marker"));
          expect(recorder.deliveries.slice(before).map((docs) => sortedIds(docs))).toEqual([["a", "marker"]]);
        } finally {
          stop();
        }
      });

      spec("stops delivering once unsubscribed", [], async () => {
        const c = col("watch-stop");
        const stopped = watchRecorder();
        const control = watchRecorder();
        const stopFirst = store.watch({ collection: c }, stopped.onChange, stopped.onError);
        const stopControl = store.watch({ collection: c }, control.onChange, control.onError);
        try {
          await stopped.next();
          await control.next();
          stopFirst();
          stopFirst();
          const before = stopped.deliveries.length;
          await store.set(c, "a", { v: 1 });
          await control.next((docs) => docs.length === 1);
          await store.set(c, "b", { v: 2 });
          await control.next((docs) => docs.length === 2);
          expect(stopped.deliveries.length).toBe(before);
        } finally {
          stopControl();
        }
      });

      spec("keeps order and limit, and sees documents move in and out", [], async () => {
        const c = col("watch-order");
        await seed(c, { a: { rank: 3 }, b: { rank: 2 }, c: { rank: 5 } });
        const recorder = watchRecorder();
        const stop = store.watch({ collection: c, orderBy: [["rank", "asc"]], limit: 2 }, recorder.onChange, recorder.onError);
        try {
          expect(ids(await recorder.next())).toEqual(["b", "a"]);
          await store.set(c, "d", { rank: 1 });
          expect(ids(await recorder.next((docs) => docs[0]?.id === "d"))).toEqual(["d", "b"]);
        } finally {
          stop();
        }
      });

      spec("sees writes made through a second store on the same backend", [], async () => {
        const c = col("watch-peer");
        const peer = await harness.openSecondStore();
        const recorder = watchRecorder();
        const stop = store.watch({ collection: c }, recorder.onChange, recorder.onError);
        try {
          await recorder.next();
          await peer.set(c, "from-peer", { hello: "world" });
          expect(await recorder.next((docs) => docs.length === 1)).toEqual([{ id: "from-peer", hello: "world" }]);
          expect(await peer.get(c, "from-peer")).toEqual({ id: "from-peer", hello: "world" });
          await store.set(c, "from-store", { v: 1 });
          expect(await peer.get(c, "from-store")).toEqual({ id: "from-store", v: 1 });
        } finally {
          stop();
          await peer.close();
        }
      });

      spec("rejects an invalid query at once", [], async () => {
        await expectStoreError(() => store.watch({ collection: "a/b" }, () => undefined), "invalid-argument");
        await expectStoreError(() => store.watch({ collection: col("w"), limit: -1 }, () => undefined), "invalid-argument");
      });
    });

    describe("closing", () => {
      spec("a closed store fails with unavailable, and closing twice is fine", [], async () => {
        const other = await harness.openSecondStore();
        const c = col("closed");
        await other.set(c, "a", { v: 1 });
        await other.close();
        await other.close();
        await expectStoreError(other.get(c, "a"), "unavailable");
        await expectStoreError(other.set(c, "a", { v: 2 }), "unavailable");
        await expectStoreError(other.runTransaction(async () => 1), "unavailable");
        expect(await store.get(c, "a")).toEqual({ id: "a", v: 1 });
      });
    });
  });
}
