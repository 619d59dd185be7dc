import { randomBytes } from "node:crypto";
import type { PageCache } from "./page-cache";
import type { DocumentStore, StoredDoc } from "./store";

/**
 * A write forgets the visitors' pages that show it on every server, not only the one that made
 * it: each invalidation is applied here at once and written to the store, and every server
 * watches the store's recent invalidations (SQLite: in-process notifications plus the data
 * version poll for other processes; Firestore: `onSnapshot`), so another server forgets the same
 * pages within about a second instead of serving them until they expire. A server skips its own.
 * Invalidations older than `keepMs` are pruned.
 */
export const INVALIDATIONS = "page-cache-invalidations";

type Invalidation = { tags: string[]; at: number; server: string };

export type PageCacheInvalidations = {
  /** Forgets the pages with any of `tags` here, and tells the other servers. */
  publish(tags: readonly string[]): void;
  /** Resolves once every write started so far has reached the store (tests, shutdown). */
  settled(): Promise<void>;
  close(): void;
};

export function createPageCacheInvalidations(deps: {
  store: DocumentStore;
  cache: PageCache;
  serverId?: string;
  now?: () => number;
  keepMs?: number;
}): PageCacheInvalidations {
  const { store, cache } = deps;
  const serverId = deps.serverId ?? randomBytes(8).toString("hex");
  const now = deps.now ?? Date.now;
  const keepMs = deps.keepMs ?? 60_000;
  const startedAt = now();
  let seen = new Set<string>();
  let pending: Promise<unknown> = Promise.resolve();
  let lastPrune = startedAt;

  const stop = store.watch<Invalidation>(
    { collection: INVALIDATIONS, where: [["at", ">=", startedAt]], orderBy: [["at", "asc"]] },
    (docs: StoredDoc<Invalidation>[]) => {
      const current = new Set<string>();
      for (const doc of docs) {
        current.add(doc.id);
        if (seen.has(doc.id)) continue;
        if (doc.server !== serverId && Array.isArray(doc.tags)) cache.invalidate(doc.tags);
      }
      seen = current;
    },
    (error) => console.warn("[page cache] watching invalidations failed; pages now expire on their own:", error),
  );

  async function prune() {
    const old = await store.query({ collection: INVALIDATIONS, where: [["at", "<", now() - keepMs]], limit: 200 });
    await Promise.all(old.map((doc) => store.delete(INVALIDATIONS, doc.id)));
  }

  return {
    publish(tags) {
      const unique = [...new Set(tags)];
      if (unique.length === 0) return;
      cache.invalidate(unique);
      const write = store.add(INVALIDATIONS, { tags: unique, at: now(), server: serverId } satisfies Invalidation);
      const tidy = now() - lastPrune > keepMs ? ((lastPrune = now()), prune()) : Promise.resolve();
      pending = Promise.all([pending, write, tidy]).catch((error: unknown) =>
        console.warn("[page cache] an invalidation did not reach the other servers:", error),
      );
    },
    async settled() {
      await pending;
    },
    close() {
      stop();
    },
  };
}
