import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingStore, measureStoreUse } from "./counting";
import { createStore } from "./create-store";
import type { DocumentStore } from "./index";

/**
 * The counting wrapper bills what Firestore bills: a document per read (a missing one and an
 * empty query cost one), a read per 1,000 entries a count matches, a write per document, and
 * nothing outside a measured scope.
 */
let store: DocumentStore;
beforeAll(async () => {
  store = countingStore(await createStore({ backend: "embedded", dataDir: ":memory:" }));
  for (let i = 0; i < 5; i++) await store.set("boats", `b${i}`, { n: i });
});
afterAll(() => store.close());

describe("countingStore", () => {
  it("counts reads as Firestore bills them", async () => {
    const { counts } = await measureStoreUse(async () => {
      await store.get("boats", "b1");
      await store.get("boats", "missing");
      await store.getMany("boats", ["b1", "b2", "nope"]);
      await store.query({ collection: "boats", where: [["n", ">=", 2]] });
      await store.query({ collection: "boats", where: [["n", ">=", 99]] });
      expect(await store.count({ collection: "boats" })).toBe(5);
    });
    expect(counts).toEqual({ reads: 1 + 1 + 3 + 3 + 1 + 1, writes: 0, queries: 3, transactions: 0 });
  });

  it("counts writes, inside transactions too, and each scope apart", async () => {
    const [a, b] = await Promise.all([
      measureStoreUse(async () => {
        await store.update("boats", "b1", { n: 10 });
        await store.runTransaction(async (tx) => {
          const doc = await tx.get<{ n: number }>("boats", "b2");
          tx.update("boats", "b2", { n: (doc?.n ?? 0) + 1 });
          tx.set("boats", "b9", { n: 9 });
        });
      }),
      measureStoreUse(async () => {
        await store.add("boats", { n: 0 });
        await store.delete("boats", "b0");
      }),
    ]);
    expect(a.counts).toEqual({ reads: 1, writes: 3, queries: 0, transactions: 1 });
    expect(b.counts).toEqual({ reads: 0, writes: 2, queries: 0, transactions: 0 });
  });

  it("counts nothing outside a scope", async () => {
    await store.get("boats", "b1");
    const { counts } = await measureStoreUse(async () => undefined);
    expect(counts).toEqual({ reads: 0, writes: 0, queries: 0, transactions: 0 });
  });
});
