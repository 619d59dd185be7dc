/**
 * The document store contract, watches, and closing the store.
 */
import { describe, expect } from "vitest";
import { type ContractTest, expectStoreError, ids, sortedIds, watchRecorder } from "./store-helpers.contract";

export function describeWatchContract(t: ContractTest): void {
  describe("watch", () => {
    t.spec("delivers the current results asynchronously, then each change", [], async () => {
      const c = t.col("watch");
      await t.seed(c, { a: { status: "open", n: 1 } });
      const recorder = watchRecorder();
      const stop = t.store.watch({ collection: c, where: [["status", "==", "open"]] }, recorder.onChange, recorder.onError);
      try {
        expect(recorder.deliveries).toHaveLength(0);
        expect(ids(await recorder.next())).toEqual(["a"]);
        await t.store.set(c, "b", { status: "open", n: 2 });
        expect(sortedIds(await recorder.next((docs) => docs.length === 2))).toEqual(["a", "b"]);
        await t.store.update(c, "a", { n: 10 });
        const changed = await recorder.next((docs) => docs.some((d) => d.id === "a" && d.n === 10));
        expect(changed.find((d) => d.id === "a")).toEqual({ id: "a", status: "open", n: 10 });
        await t.store.update(c, "a", { status: "closed" });
        expect(ids(await recorder.next((docs) => docs.length === 1))).toEqual(["b"]);
        await t.store.delete(c, "b");
        await recorder.next((docs) => docs.length === 0);
        expect(recorder.errors).toEqual([]);
      } finally {
        stop();
      }
    });

    t.spec("does not deliver when a write leaves the results unchanged", [], async () => {
      const c = t.col("watch-quiet");
      await t.seed(c, { a: { status: "open" } });
      const recorder = watchRecorder();
      const stop = t.store.watch({ collection: c, where: [["status", "==", "open"]] }, recorder.onChange, recorder.onError);
      try {
        await recorder.next();
        const before = recorder.deliveries.length;
        await t.store.set(c, "other", { status: "closed" });
        await t.store.set(c, "marker", { status: "open" });
        await recorder.next((docs) => docs.some((d) => d.id === "marker"));
        expect(recorder.deliveries.slice(before).map((docs) => sortedIds(docs))).toEqual([["a", "marker"]]);
      } finally {
        stop();
      }
    });

    t.spec("stops delivering once unsubscribed", [], async () => {
      const c = t.col("watch-stop");
      const stopped = watchRecorder();
      const control = watchRecorder();
      const stopFirst = t.store.watch({ collection: c }, stopped.onChange, stopped.onError);
      const stopControl = t.store.watch({ collection: c }, control.onChange, control.onError);
      try {
        await stopped.next();
        await control.next();
        stopFirst();
        stopFirst();
        const before = stopped.deliveries.length;
        await t.store.set(c, "a", { v: 1 });
        await control.next((docs) => docs.length === 1);
        await t.store.set(c, "b", { v: 2 });
        await control.next((docs) => docs.length === 2);
        expect(stopped.deliveries.length).toBe(before);
      } finally {
        stopControl();
      }
    });

    t.spec("keeps order and limit, and sees documents move in and out", [], async () => {
      const c = t.col("watch-order");
      await t.seed(c, { a: { rank: 3 }, b: { rank: 2 }, c: { rank: 5 } });
      const recorder = watchRecorder();
      const stop = t.store.watch({ collection: c, orderBy: [["rank", "asc"]], limit: 2 }, recorder.onChange, recorder.onError);
      try {
        expect(ids(await recorder.next())).toEqual(["b", "a"]);
        await t.store.set(c, "d", { rank: 1 });
        expect(ids(await recorder.next((docs) => docs[0]?.id === "d"))).toEqual(["d", "b"]);
      } finally {
        stop();
      }
    });

    t.spec("sees writes made through a second store on the same backend", [], async () => {
      const c = t.col("watch-peer");
      const peer = await t.harness.openSecondStore();
      const recorder = watchRecorder();
      const stop = t.store.watch({ collection: c }, recorder.onChange, recorder.onError);
      try {
        await recorder.next();
        await peer.set(c, "from-peer", { hello: "world" });
        expect(await recorder.next((docs) => docs.length === 1)).toEqual([{ id: "from-peer", hello: "world" }]);
        expect(await peer.get(c, "from-peer")).toEqual({ id: "from-peer", hello: "world" });
        await t.store.set(c, "from-store", { v: 1 });
        expect(await peer.get(c, "from-store")).toEqual({ id: "from-store", v: 1 });
      } finally {
        stop();
        await peer.close();
      }
    });

    t.spec("rejects an invalid query at once", [], async () => {
      await expectStoreError(() => t.store.watch({ collection: "a/b" }, () => undefined), "invalid-argument");
      await expectStoreError(() => t.store.watch({ collection: t.col("w"), limit: -1 }, () => undefined), "invalid-argument");
    });
  });

  describe("closing", () => {
    t.spec("a closed store fails with unavailable, and closing twice is fine", [], async () => {
      const other = await t.harness.openSecondStore();
      const c = t.col("closed");
      await other.set(c, "a", { v: 1 });
      await other.close();
      await other.close();
      await expectStoreError(other.get(c, "a"), "unavailable");
      await expectStoreError(other.set(c, "a", { v: 2 }), "unavailable");
      await expectStoreError(other.runTransaction(async () => 1), "unavailable");
      expect(await t.store.get(c, "a")).toEqual({ id: "a", v: 1 });
    });
  });
}
