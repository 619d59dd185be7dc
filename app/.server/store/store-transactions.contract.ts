/**
 * The document store contract, transactions: reads before writes, caller errors, contention, a second store.
 */
import { describe, expect } from "vitest";
import { CallerError, caught, type ContractTest, expectStoreError, ids } from "./store-helpers.contract";
import type { Transaction } from "./index";

export function describeTransactionsContract(t: ContractTest): void {
  describe("transactions", () => {
    t.spec("reads, then writes, and returns the function's result", [], async () => {
      const c = t.col("tx");
      await t.store.set(c, "counter", { n: 1 });
      const result = await t.store.runTransaction(async (tx) => {
        const counter = await tx.get<{ n: number }>(c, "counter");
        const missing = await tx.getMany(c, ["counter", "nope"]);
        tx.update(c, "counter", { n: counter!.n + 1 });
        tx.create(c, "log", { from: counter!.n, seen: ids(missing) });
        tx.set(c, "other", { ok: true });
        return counter!.n;
      });
      expect(result).toBe(1);
      expect(await t.store.getMany(c, ["counter", "log", "other"])).toEqual([
        { id: "counter", n: 2 },
        { id: "log", from: 1, seen: ["counter", null] },
        { id: "other", ok: true },
      ]);
    });

    t.spec("rolls back and rethrows the caller's error unchanged", [], async () => {
      const c = t.col("tx-rollback");
      await t.store.set(c, "a", { v: 1 });
      const failure = new CallerError("no dock free");
      const error = await caught(
        t.store.runTransaction(async (tx) => {
          await tx.get(c, "a");
          tx.set(c, "a", { v: 2 });
          tx.set(c, "b", { v: 2 });
          throw failure;
        }),
      );
      expect(error).toBe(failure);
      expect(await t.store.getMany(c, ["a", "b"])).toEqual([{ id: "a", v: 1 }, null]);
    });

    t.spec("a failing write fails the whole transaction with its code", ["transactions"], async () => {
      const c = t.col("tx-fail");
      await t.store.set(c, "taken", { v: 1 });
      await expectStoreError(
        t.store.runTransaction(async (tx) => {
          tx.set(c, "first", { v: 1 });
          tx.create(c, "taken", { v: 2 });
        }),
        "already-exists",
      );
      await expectStoreError(
        t.store.runTransaction(async (tx) => {
          tx.set(c, "second", { v: 1 });
          tx.update(c, "missing", { v: 2 });
        }),
        "not-found",
      );
      expect(await t.store.getMany(c, ["taken", "first", "second"])).toEqual([{ id: "taken", v: 1 }, null, null]);
    });

    t.spec("rejects reads after writes, and the store's own writes inside the function", [], async () => {
      const c = t.col("tx-misuse");
      await expectStoreError(
        t.store.runTransaction(async (tx) => {
          tx.set(c, "a", { v: 1 });
          await tx.get(c, "a");
        }),
        "invalid-argument",
      );
      await expectStoreError(
        t.store.runTransaction(async () => {
          await t.store.set(c, "b", { v: 1 });
        }),
        "invalid-argument",
      );
      await expectStoreError(t.store.runTransaction(() => t.store.runTransaction(async () => 1)), "invalid-argument");
      let leaked: Transaction | undefined;
      await t.store.runTransaction(async (tx) => {
        leaked = tx;
      });
      await expectStoreError(() => leaked!.set(c, "c", { v: 1 }), "invalid-argument");
      expect(await t.store.getMany(c, ["a", "b", "c"])).toEqual([null, null, null]);
    });

    t.spec("queries inside transactions; concurrent claims never take the same slot", ["transactions"], async () => {
      const c = t.col("tx-claims");
      await t.seed(c, { s1: { free: true, n: 1 }, s2: { free: true, n: 2 }, s3: { free: true, n: 3 } });
      const claim = (who: string) =>
        t.store.runTransaction(async (tx) => {
          const [slot] = await tx.query<{ n: number }>({ collection: c, where: [["free", "==", true]], orderBy: [["n", "asc"]], limit: 1 });
          if (!slot) return null;
          tx.update(c, slot.id, { free: false, by: who });
          return slot.id;
        });
      const claimed = await Promise.all(["w1", "w2", "w3", "w4"].map(claim));
      expect(claimed.filter((id) => id !== null).sort()).toEqual(["s1", "s2", "s3"]);
      expect(claimed.filter((id) => id === null)).toHaveLength(1);
      expect(await t.store.count({ collection: c, where: [["free", "==", true]] })).toBe(0);
    });

    t.spec("two concurrent read-modify-write loops never lose an increment", ["transactions"], async () => {
      const c = t.col("tx-counter");
      await t.store.set(c, "counter", { n: 0 });
      const loop = async () => {
        for (let i = 0; i < 20; i++) {
          await t.store.runTransaction(async (tx) => {
            const doc = await tx.get<{ n: number }>(c, "counter");
            // Yield between read and write so the two loops interleave.
            await new Promise((resolve) => setTimeout(resolve, 1));
            tx.update(c, "counter", { n: doc!.n + 1 });
          });
        }
      };
      await Promise.all([loop(), loop()]);
      expect(await t.store.get(c, "counter")).toEqual({ id: "counter", n: 40 });
    });
  });

}
