import { randomBytes } from "node:crypto";
import type { PageCache } from "./page-cache";
import type { DocumentStore, StoredDoc } from "./store";

/**
 * A write forgets the visitors' pages that show it on every server, not only the one that made
 * it: each invalidation is applied here at once and written to the store, and every server
 * watches the store's recent invalidations (SQLite: in-process notifications plus the data
 * version poll for other processes; Firestore: `onSnapshot`), so another server forgets the same
 * pages within about a second instead of serving them until they expire. A server skips its own.
 * Invalidations older than `keepMs` are pruned by the server's background work (`prune`, every
 * `INVALIDATIONS_PRUNE_MS`), never inside a request: a write only adds its own.
 */
export const INVALIDATIONS = "page-cache-invalidations";
/** How often the background work prunes the old invalidations (at most `PRUNE_BATCH` a pass). */
export const INVALIDATIONS_PRUNE_MS = 60_000;
const PRUNE_BATCH = 200;

type Invalidation = { tags: string[]; at: number; server: string };

export type PageCacheInvalidations = {
  /** Forgets the pages with any of `tags` here, and tells the other servers. */
  publish(tags: readonly string[]): void;
  /** Resolves once every write started so far has reached the store (tests, shutdown). */
  settled(): Promise<void>;
  /** Deletes up to 200 invalidations older than `keepMs` (the background work, each minute); resolves with how many. */
  prune(): Promise<number>;
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

  return {
    publish(tags) {
      const unique = [...new Set(tags)];
      if (unique.length === 0) return;
      cache.invalidate(unique);
      const write = store.add(INVALIDATIONS, { tags: unique, at: now(), server: serverId } satisfies Invalidation);
      pending = Promise.all([pending, write]).catch((error: unknown) =>
        console.warn("[page cache] an invalidation did not reach the other servers:", error),
      );
    },
    async settled() {
      await pending;
    },
    async prune() {
      const old = await store.query({ collection: INVALIDATIONS, where: [["at", "<", now() - keepMs]], limit: PRUNE_BATCH });
      await Promise.all(old.map((doc) => store.delete(INVALIDATIONS, doc.id)));
      return old.length;
    },
    close() {
      stop();
    },
  };
}
