import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPageCache, visitorPageHeaders } from "./page-cache";
import { createPageCacheInvalidations, INVALIDATIONS } from "./page-cache-invalidations";
import { countingStore, measureStoreUse } from "./store/counting";
import { SqliteStore } from "./store/sqlite";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-invalidations-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function keepPage(cache: ReturnType<typeof createPageCache>, key: string, tags: string[]) {
  const headers = new Headers(visitorPageHeaders({ tags }));
  return cache.begin(key)!.done({ status: 200, headers, body: Buffer.from("<html></html>") }, "n");
}

describe("page-cache invalidations across servers", () => {
  it("a write on one server forgets the same pages on another within a second, each store its own connection", async () => {
    // two servers: two processes' worth of store connections on one SQLite file
    const storeA = new SqliteStore({ dataDir: dir, foreignChangePollMs: 50 });
    const storeB = new SqliteStore({ dataDir: dir, foreignChangePollMs: 50 });
    const cacheA = createPageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const cacheB = createPageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const a = createPageCacheInvalidations({ store: storeA, cache: cacheA, serverId: "a" });
    const b = createPageCacheInvalidations({ store: storeB, cache: cacheB, serverId: "b" });
    try {
      for (const cache of [cacheA, cacheB]) {
        expect(keepPage(cache, "/boat/x", ["listing:x", "user:u"])).toBe(true);
        expect(keepPage(cache, "/docks", ["search:dock"])).toBe(true);
      }
      a.publish(["listing:x"]);
      // at once on the server that wrote
      expect(cacheA.lookup("/boat/x")).toBeUndefined();
      await a.settled();
      const started = performance.now();
      while (cacheB.lookup("/boat/x") !== undefined && performance.now() - started < 1_000) await new Promise((r) => setTimeout(r, 20));
      expect(cacheB.lookup("/boat/x")).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(cacheB.lookup("/docks")).toBeDefined();
      expect(cacheA.lookup("/docks")).toBeDefined();
    } finally {
      a.close();
      b.close();
      await storeA.close();
      await storeB.close();
    }
  });

  it("a write adds its invalidation and prunes nothing; the background pass prunes the old ones", async () => {
    const store = new SqliteStore({ dataDir: ":memory:" });
    let now = 1_000_000;
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const invalidations = createPageCacheInvalidations({ store: countingStore(store), cache, now: () => now, keepMs: 1_000 });
    const tags = async () => (await store.query<{ tags: string[]; at: number }>({ collection: INVALIDATIONS, orderBy: [["at", "asc"]] })).map((doc) => doc.tags);
    try {
      invalidations.publish(["listing:a"]);
      await invalidations.settled();
      now += 5_000;
      const { counts } = await measureStoreUse(async () => {
        invalidations.publish(["listing:b"]);
        await invalidations.settled();
      });
      // the write a minute later: its own document only, the old one still there
      expect(counts).toMatchObject({ reads: 0, writes: 1, queries: 0 });
      expect(await tags()).toEqual([["listing:a"], ["listing:b"]]);
      expect(await invalidations.prune()).toBe(1);
      expect(await tags()).toEqual([["listing:b"]]);
    } finally {
      invalidations.close();
      await store.close();
    }
  });
});
