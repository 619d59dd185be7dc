/**
 * The document store contract, documents and validation: reads, writes, patches, and the
 * names and values the store rejects.
 */
import { describe, expect } from "vitest";
import { type ContractTest, expectStoreError, ids } from "./store-helpers.contract";
import { deleteField, increment, MAX_IN_VALUES, type Query } from "./index";

export function describeDocumentsContract(t: ContractTest): void {
  describe("documents", () => {
    t.spec("get returns null for a missing document", [], async () => {
      expect(await t.store.get(t.col("missing"), "nope")).toBeNull();
    });

    t.spec("set then get returns the data with its id, every JSON type intact", [], async () => {
      const c = t.col("roundtrip");
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
      await t.store.set(c, "doc-1", data);
      expect(await t.store.get(c, "doc-1")).toEqual({ ...data, id: "doc-1" });
    });

    t.spec("set replaces the whole document", ["set-replaces"], async () => {
      const c = t.col("replace");
      await t.store.set(c, "a", { one: 1, two: 2 });
      await t.store.set(c, "a", { three: 3 });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", three: 3 });
    });

    t.spec("set accepts a document as read back, with its own id", [], async () => {
      const c = t.col("writeback");
      await t.store.set(c, "a", { name: "Port Vell" });
      const doc = await t.store.get<{ name: string }>(c, "a");
      await t.store.set(c, "a", { ...doc!, name: "Port Vell Barcelona" });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", name: "Port Vell Barcelona" });
    });

    t.spec("undefined fields are dropped", [], async () => {
      const c = t.col("undefined");
      await t.store.set(c, "a", { kept: 1, dropped: undefined, inner: { kept: 2, dropped: undefined } });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", kept: 1, inner: { kept: 2 } });
    });

    t.spec("create fails with already-exists and leaves the document as it was", [], async () => {
      const c = t.col("create");
      await t.store.create(c, "a", { v: 1 });
      await expectStoreError(t.store.create(c, "a", { v: 2 }), "already-exists");
      expect(await t.store.get(c, "a")).toEqual({ id: "a", v: 1 });
    });

    t.spec("add stores under new random 20-character alphanumeric ids", [], async () => {
      const c = t.col("add");
      const first = await t.store.add(c, { n: 1 });
      const second = await t.store.add(c, { n: 2 });
      expect(first).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(second).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(first).not.toBe(second);
      expect(await t.store.get(c, first)).toEqual({ id: first, n: 1 });
    });

    t.spec("update merges top-level fields and keeps the others", [], async () => {
      const c = t.col("update");
      await t.store.set(c, "a", { name: "Boat", price: 100, specs: { length: 10, beam: 3 } });
      await t.store.update(c, "a", { price: 120, status: "listed" });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", name: "Boat", price: 120, status: "listed", specs: { length: 10, beam: 3 } });
      await t.store.update(c, "a", { specs: { draft: 1.5 } });
      expect(await t.store.get(c, "a")).toMatchObject({ specs: { draft: 1.5 } });
      expect((await t.store.get<{ specs: object }>(c, "a"))!.specs).toEqual({ draft: 1.5 });
    });

    t.spec("update reaches into nested maps with dotted paths, creating missing ones", [], async () => {
      const c = t.col("update-nested");
      await t.store.set(c, "a", { stats: { views: 1, likes: 2 } });
      await t.store.update(c, "a", { "stats.views": 5, "extra.deep.flag": true });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", stats: { views: 5, likes: 2 }, extra: { deep: { flag: true } } });
    });

    t.spec("a dotted update replaces a non-map value on its way", ["nested-updates"], async () => {
      const c = t.col("update-over");
      await t.store.set(c, "a", { stats: "none" });
      await t.store.update(c, "a", { "stats.views": 1 });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", stats: { views: 1 } });
    });

    t.spec("update fails with not-found for a missing document", [], async () => {
      const c = t.col("update-missing");
      await expectStoreError(t.store.update(c, "nope", { v: 1 }), "not-found");
      expect(await t.store.get(c, "nope")).toBeNull();
    });

    t.spec("increment adds to numbers and sets missing or non-numeric fields", ["field-transforms"], async () => {
      const c = t.col("increment");
      await t.store.set(c, "a", { views: 10, rating: 4.5, label: "x" });
      await t.store.update(c, "a", { views: increment(1), rating: increment(-0.5), label: increment(3), fresh: increment(2) });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", views: 11, rating: 4, label: 3, fresh: 2 });
    });

    t.spec("increment and deleteField reach nested fields", ["field-transforms", "nested-updates"], async () => {
      const c = t.col("increment-nested");
      await t.store.set(c, "a", { stats: { views: 1, likes: 2 } });
      await t.store.update(c, "a", { "stats.views": increment(2), "stats.likes": deleteField(), "stats.gone.deeper": deleteField() });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", stats: { views: 3 } });
    });

    t.spec("deleteField removes a top-level field", ["field-transforms"], async () => {
      const c = t.col("delete-field");
      await t.store.set(c, "a", { keep: 1, drop: 2 });
      await t.store.update(c, "a", { drop: deleteField(), absent: deleteField() });
      expect(await t.store.get(c, "a")).toEqual({ id: "a", keep: 1 });
    });

    t.spec("delete removes a document and succeeds when it is missing", [], async () => {
      const c = t.col("delete");
      await t.store.set(c, "a", { v: 1 });
      await t.store.delete(c, "a");
      expect(await t.store.get(c, "a")).toBeNull();
      await t.store.delete(c, "a");
      await t.store.delete(c, "never-was");
    });

    t.spec("getMany keeps the order of the ids and gives null for missing documents", [], async () => {
      const c = t.col("get-many");
      await t.seed(c, { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } });
      const docs = await t.store.getMany(c, ["c", "missing", "a", "c"]);
      expect(ids(docs)).toEqual(["c", null, "a", "c"]);
      expect(docs[0]).toEqual({ id: "c", n: 3 });
      expect(await t.store.getMany(c, [])).toEqual([]);
    });
  });

  describe("validation", () => {
    const badNames = ["", "a/b", "a~b", "a*b", "a[0]", "b]", ".", "..", ".a", "a.", "a..b", "__reserved__"];

    t.spec("rejects invalid collection names", [], async () => {
      for (const bad of badNames) {
        await expectStoreError(t.store.get(bad, "x"), "invalid-argument");
        await expectStoreError(t.store.set(bad, "x", { v: 1 }), "invalid-argument");
        await expectStoreError(t.store.query({ collection: bad }), "invalid-argument");
      }
    });

    t.spec("rejects invalid document ids and accepts unusual valid ones", [], async () => {
      const c = t.col("ids");
      for (const bad of badNames) {
        await expectStoreError(t.store.get(c, bad), "invalid-argument");
        await expectStoreError(t.store.set(c, bad, { v: 1 }), "invalid-argument");
        await expectStoreError(t.store.update(c, bad, { v: 1 }), "invalid-argument");
        await expectStoreError(t.store.delete(c, bad), "invalid-argument");
      }
      await expectStoreError(t.store.getMany(c, ["ok", "a/b"]), "invalid-argument");
      for (const good of ["a.b", "with space", "ñandú-2", "__x", "x__", "UPPER_lower-09"]) {
        await t.store.set(c, good, { v: good });
        expect(await t.store.get(c, good)).toEqual({ id: good, v: good });
      }
    });

    t.spec("rejects invalid field paths", [], async () => {
      const c = t.col("fields");
      await t.store.set(c, "a", { v: 1 });
      for (const bad of ["", ".v", "v.", "v..w", "__v__", "v.__w__", "v~", "v*", "v/w", "v[0]"]) {
        await expectStoreError(t.store.update(c, "a", { [bad]: 1 }), "invalid-argument");
        await expectStoreError(t.store.query({ collection: c, where: [[bad, "==", 1]] }), "invalid-argument");
        await expectStoreError(t.store.query({ collection: c, orderBy: [[bad, "asc"]] }), "invalid-argument");
      }
      await expectStoreError(t.store.update(c, "a", { "stats.views": 1, stats: {} }), "invalid-argument");
      await expectStoreError(t.store.update(c, "a", {}), "invalid-argument");
      await expectStoreError(t.store.update(c, "a", { id: "other" }), "invalid-argument");
    });

    t.spec("rejects data that is not plain JSON", [], async () => {
      const c = t.col("data");
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
        await expectStoreError(t.store.set(c, "a", data), "invalid-argument");
        await expectStoreError(t.store.create(c, "b", data), "invalid-argument");
      }
      await expectStoreError(t.store.add(c, { id: "chosen", v: 1 }), "invalid-argument");
      await expectStoreError(t.store.set(c, "a", [1, 2]), "invalid-argument");
      expect(await t.store.count({ collection: c })).toBe(0);
    });

    t.spec("rejects queries Firestore would reject", [], async () => {
      const c = t.col("bad-queries");
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
        await expectStoreError(t.store.query(query), "invalid-argument");
        await expectStoreError(t.store.count(query), "invalid-argument");
      }
      await t.store.query({ collection: c, where: [["v", "in", tooMany.slice(1)]] });
    });
  });

}
