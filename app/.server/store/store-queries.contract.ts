/**
 * The document store contract, queries: filters, orders, cursors, limits, counts.
 */
import { beforeAll, describe, expect } from "vitest";
import { type ContractTest, ids, sortedIds } from "./store-helpers.contract";
import { cursorAfter, MAX_IN_VALUES, type Query } from "./index";

export function describeQueriesContract(t: ContractTest): void {
  describe("queries", () => {
    // One document per kind of value in field "v", and one without it.
    const mixed = t.col("mixed");
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
    const boats = t.col("boats");
    const boatDocs = {
      b1: { name: "Alpha", price: 300, length: 10, port: "vigo", tags: ["sail", "family"] },
      b2: { name: "Bravo", price: 100, length: 8, port: "vigo", tags: ["motor"] },
      b3: { name: "Charlie", price: 300, length: 12, port: "malaga", tags: ["sail"] },
      b4: { name: "Delta", price: 200, port: "malaga", tags: [] },
      b5: { name: "Echo", price: 300, length: 9.5, port: "vigo", tags: ["sail", "racing"] },
      b6: { name: "alpha lower", price: 50.5, length: 7, port: "vigo", tags: "sail" },
    };
    const where = (...clauses: Query["where"] & object) => t.store.query({ collection: mixed, where: clauses });

    beforeAll(async () => {
      await t.seed(mixed, mixedDocs);
      await t.seed(boats, boatDocs);
    });

    t.spec("== matches equal values of the same type, arrays and maps by content", [], async () => {
      expect(sortedIds(await where(["v", "==", 1]))).toEqual(["a"]);
      expect(sortedIds(await where(["v", "==", "x"]))).toEqual(["b"]);
      expect(sortedIds(await where(["v", "==", true]))).toEqual(["e"]);
      expect(sortedIds(await where(["v", "==", false]))).toEqual(["i"]);
      expect(sortedIds(await where(["v", "==", [1, 2]]))).toEqual(["f"]);
      expect(sortedIds(await where(["v", "==", { k: 1 }]))).toEqual(["g"]);
      expect(sortedIds(await where(["v", "==", [2, 1]]))).toEqual([]);
      expect(sortedIds(await where(["v", "==", "1"]))).toEqual([]);
    });

    t.spec("a string never equals a number, a boolean, an array or a map, even one written the same", [], async () => {
      expect(sortedIds(await where(["v", "==", "[1,2]"]))).toEqual([]);
      expect(sortedIds(await where(["v", "==", '{"k":1}']))).toEqual([]);
      expect(sortedIds(await where(["v", "==", "true"]))).toEqual([]);
      expect(sortedIds(await where(["v", "in", ["[1,2]", '{"k":1}', "true", "1", "x"]]))).toEqual(["b"]);
    });

    t.spec("maps compare equal whatever the order of their keys", [], async () => {
      const c = t.col("map-eq");
      await t.store.set(c, "a", { spec: { beam: 3, length: 10 } });
      const found = await t.store.query({ collection: c, where: [["spec", "==", { length: 10, beam: 3 }]] });
      expect(ids(found)).toEqual(["a"]);
    });

    t.spec("== null matches null values only", ["null-filters"], async () => {
      expect(sortedIds(await where(["v", "==", null]))).toEqual(["c"]);
    });

    t.spec("!= excludes documents without the field and with null", ["null-filters"], async () => {
      expect(sortedIds(await where(["v", "!=", "x"]))).toEqual(["a", "e", "f", "g", "h", "i", "j", "k", "l", "m"]);
      expect(sortedIds(await where(["v", "!=", null]))).toEqual(["a", "b", "e", "f", "g", "h", "i", "j", "k", "l", "m"]);
      expect(sortedIds(await where(["v", "!=", 1]))).toEqual(["b", "e", "f", "g", "h", "i", "j", "k", "l", "m"]);
    });

    t.spec("range filters only match values of their operand's type", ["int-double-compare"], async () => {
      expect(sortedIds(await where(["v", ">", 0]))).toEqual(["a", "h"]);
      expect(sortedIds(await where(["v", ">", 2]))).toEqual(["h"]);
      expect(sortedIds(await where(["v", "<=", 1]))).toEqual(["a", "k"]);
      expect(sortedIds(await where(["v", ">=", false]))).toEqual(["e", "i"]);
      expect(sortedIds(await where(["v", ">", false]))).toEqual(["e"]);
      expect(sortedIds(await where(["v", "<", "b"]))).toEqual(["j"]);
      expect(sortedIds(await where(["v", ">=", "a"], ["v", "<=", "x"]))).toEqual(["b", "j"]);
    });

    t.spec("in matches any of its values, of any type", [], async () => {
      expect(sortedIds(await where(["v", "in", [1, "x", [1, 2], { k: 1 }, true]]))).toEqual(["a", "b", "e", "f", "g"]);
      const thirty = Array.from({ length: MAX_IN_VALUES }, (_, i) => `s${i}`);
      expect(sortedIds(await where(["v", "in", [...thirty.slice(1), "a"]]))).toEqual(["j"]);
    });

    t.spec("array-contains matches arrays holding the value", [], async () => {
      const found = await t.store.query({ collection: boats, where: [["tags", "array-contains", "sail"]] });
      expect(sortedIds(found)).toEqual(["b1", "b3", "b5"]);
      expect(sortedIds(await where(["v", "array-contains", 2]))).toEqual(["f"]);
      const c = t.col("contains-map");
      await t.seed(c, { a: { items: [{ k: 1 }, { k: 2 }] }, b: { items: [{ k: 3 }] } });
      expect(ids(await t.store.query({ collection: c, where: [["items", "array-contains", { k: 2 }]] }))).toEqual(["a"]);
    });

    t.spec("filters combine with AND", [], async () => {
      const query = (clauses: Query["where"]) => t.store.query({ collection: boats, where: clauses });
      expect(sortedIds(await query([["port", "==", "vigo"], ["price", "==", 300]]))).toEqual(["b1", "b5"]);
      expect(sortedIds(await query([["port", "in", ["malaga", "nowhere"]], ["tags", "array-contains", "sail"]]))).toEqual(["b3"]);
      expect(sortedIds(await query([["port", "==", "vigo"], ["name", ">=", "B"]]))).toEqual(["b2", "b5", "b6"]);
    });

    t.spec("range filters on two fields", ["int-double-compare"], async () => {
      const found = await t.store.query({ collection: boats, where: [["price", ">=", 200], ["length", ">", 9]] });
      expect(sortedIds(found)).toEqual(["b1", "b3", "b5"]);
    });

    t.spec("orderBy sorts ascending and descending, strings by code point", [], async () => {
      const asc = await t.store.query({ collection: boats, orderBy: [["name", "asc"]] });
      expect(ids(asc)).toEqual(["b1", "b2", "b3", "b4", "b5", "b6"]);
      const desc = await t.store.query({ collection: boats, orderBy: [["name", "desc"]] });
      expect(ids(desc)).toEqual(["b6", "b5", "b4", "b3", "b2", "b1"]);
    });

    t.spec("orderBy leaves out documents without the field", ["order-excludes-missing"], async () => {
      const found = await t.store.query({ collection: boats, orderBy: [["length", "asc"]] });
      expect(ids(found)).toEqual(["b6", "b2", "b5", "b1", "b3"]);
      expect(await t.store.count({ collection: boats, orderBy: [["length", "asc"]] })).toBe(5);
    });

    t.spec("numbers order numerically, integers and fractions alike", ["int-double-compare"], async () => {
      const found = await t.store.query({ collection: boats, where: [["length", ">", 0]], orderBy: [["length", "desc"]] });
      expect(ids(found)).toEqual(["b3", "b1", "b5", "b2", "b6"]);
    });

    t.spec("ties are broken by document id, in the direction of the last orderBy", ["id-tie-break", "int-double-compare"], async () => {
      const asc = await t.store.query({ collection: boats, orderBy: [["price", "asc"]] });
      expect(ids(asc)).toEqual(["b6", "b2", "b4", "b1", "b3", "b5"]);
      const desc = await t.store.query({ collection: boats, orderBy: [["price", "desc"]] });
      expect(ids(desc)).toEqual(["b5", "b3", "b1", "b4", "b2", "b6"]);
      const twoFields = await t.store.query({ collection: boats, orderBy: [["port", "asc"], ["price", "desc"]] });
      expect(ids(twoFields)).toEqual(["b3", "b4", "b5", "b1", "b2", "b6"]);
    });

    t.spec("null sorts before numbers, and numbers before strings", ["mixed-type-order", "id-tie-break"], async () => {
      const c = t.col("type-order");
      await t.seed(c, { n1: { v: null }, n2: { v: 3 }, n3: { v: "z" }, n4: { v: -1.5 }, n5: { v: "A" }, n6: { v: null } });
      expect(ids(await t.store.query({ collection: c, orderBy: [["v", "asc"]] }))).toEqual(["n1", "n6", "n4", "n2", "n5", "n3"]);
      expect(ids(await t.store.query({ collection: c, orderBy: [["v", "desc"]] }))).toEqual(["n3", "n5", "n2", "n4", "n6", "n1"]);
    });

    t.spec("inequality filters order by their fields when orderBy does not name them", ["id-tie-break"], async () => {
      const found = await t.store.query({ collection: boats, where: [["price", ">", 100]] });
      expect(ids(found)).toEqual(["b4", "b1", "b3", "b5"]);
      const byPort = await t.store.query({ collection: boats, where: [["price", ">=", 200]], orderBy: [["port", "desc"]] });
      expect(ids(byPort)).toEqual(["b5", "b1", "b3", "b4"]);
    });

    t.spec("nested fields can be filtered and ordered with dotted paths", ["nested-field-queries"], async () => {
      const c = t.col("nested");
      await t.seed(c, { a: { stats: { views: 5 } }, b: { stats: { views: 50 } }, c: { stats: { likes: 1 } }, d: { stats: { views: 20 } } });
      const found = await t.store.query({ collection: c, where: [["stats.views", ">=", 10]], orderBy: [["stats.views", "desc"]] });
      expect(ids(found)).toEqual(["b", "d"]);
      expect(ids(await t.store.query({ collection: c, orderBy: [["stats.views", "asc"]] }))).toEqual(["a", "d", "b"]);
    });

    t.spec("limit caps the results", [], async () => {
      const found = await t.store.query({ collection: boats, orderBy: [["name", "asc"]], limit: 2 });
      expect(ids(found)).toEqual(["b1", "b2"]);
    });

    t.spec("count counts what the query returns", [], async () => {
      expect(await t.store.count({ collection: boats })).toBe(6);
      expect(await t.store.count({ collection: boats, where: [["price", "==", 300]] })).toBe(3);
      expect(await t.store.count({ collection: boats, where: [["tags", "array-contains", "sail"]], limit: 2 })).toBe(2);
      expect(await t.store.count({ collection: t.col("empty") })).toBe(0);
    });

    t.spec("cursorAfter pages through every document once, ties included", ["cursors", "id-tie-break", "int-double-compare"], async () => {
      const query: Query = { collection: boats, orderBy: [["price", "asc"]], limit: 2 };
      const pages: Array<Array<string | null>> = [];
      let page = await t.store.query(query);
      while (page.length > 0) {
        pages.push(ids(page));
        page = await t.store.query({ ...query, startAfter: cursorAfter(query, page[page.length - 1]) });
      }
      expect(pages).toEqual([["b6", "b2"], ["b4", "b1"], ["b3", "b5"]]);
    });

    t.spec("startAfter with field values skips every document tied on them", ["cursors", "id-tie-break"], async () => {
      const after = (values: unknown[], direction: "asc" | "desc" = "asc") =>
        t.store.query({ collection: boats, orderBy: [["price", direction]], startAfter: values });
      expect(ids(await after([200]))).toEqual(["b1", "b3", "b5"]);
      expect(ids(await after([300]))).toEqual([]);
      expect(ids(await after([300], "desc"))).toEqual(["b4", "b2", "b6"]);
      expect(ids(await after([300, "b3"], "desc"))).toEqual(["b1", "b4", "b2", "b6"]);
    });

    t.spec("startAfter takes a prefix of several orderBy fields", ["cursors"], async () => {
      const found = await t.store.query({ collection: boats, orderBy: [["port", "asc"], ["name", "asc"]], startAfter: ["malaga"] });
      expect(ids(found)).toEqual(["b1", "b2", "b5", "b6"]);
    });

    t.spec("startAfter with only an id pages in id order", ["cursors"], async () => {
      expect(ids(await t.store.query({ collection: boats, startAfter: ["b3"], limit: 2 }))).toEqual(["b4", "b5"]);
    });

    t.spec("cursors combine with filters, implicit ordering and count", ["cursors", "id-tie-break"], async () => {
      const query: Query = { collection: boats, where: [["price", ">", 100]], limit: 3 };
      const first = await t.store.query(query);
      expect(ids(first)).toEqual(["b4", "b1", "b3"]);
      const rest = { ...query, startAfter: cursorAfter(query, first[2]) };
      expect(ids(await t.store.query(rest))).toEqual(["b5"]);
      expect(await t.store.count(rest)).toBe(1);
    });
  });

}
