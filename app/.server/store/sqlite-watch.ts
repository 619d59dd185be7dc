/**
 * The embedded adapter's watches. A write announces the documents it changed (before and after)
 * per collection; each watch of that collection re-runs its query once on the next turn and calls
 * its listener only when the results differ. Commits made by other connections (another process,
 * or another store on the same file) raise `PRAGMA data_version`: while watches exist it is polled,
 * and every watch re-runs when it moves.
 */
import { EventEmitter } from "node:events";
import { StoreError, type DocumentData, type NormalizedQuery, type StoredDoc, type Unsubscribe } from "./index";
import { toStoreError } from "./sqlite-errors";

/** A written document, before and after (null where it did not or no longer exists). */
export type Change = { collection: string; before: DocumentData | null; after: DocumentData | null };

interface Watcher {
  collection: string;
  /** `changed`: the written documents before and after the write; absent for foreign commits. */
  schedule(changed?: readonly (DocumentData | null)[]): void;
}

/**
 * The first `==` filter on a scalar, if the query has one: a write whose documents match it
 * neither before nor after cannot change the query's results, so the watch is not re-run (a
 * mailbox write wakes only its owner's streams, not every subscriber's).
 */
function equalityFilterOf(q: NormalizedQuery): ((doc: DocumentData) => boolean) | null {
  const filter = q.filters.find(({ op, value }) => op === "==" && (typeof value === "string" || typeof value === "boolean"));
  if (!filter) return null;
  const { segments: path, value } = filter;
  return (doc) => {
    let current: unknown = doc;
    for (const key of path) {
      if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return false;
      current = (current as Record<string, unknown>)[key];
    }
    return current === value;
  };
}

export function reportWatchError(error: StoreError): void {
  console.error("[store] watch failed:", error);
}

export interface WatchHubOptions {
  /** No other connection can write to an in-memory database: no polling. */
  inMemory: boolean;
  pollMs: number;
  /** Reads `PRAGMA data_version` (may throw once the connection is closed). */
  readDataVersion: () => number;
}

export class WatchHub {
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private readonly watchers = new Set<Watcher>();
  /** How many watches each collection has: writes to unwatched collections read nothing extra. */
  private readonly watchedCollections = new Map<string, number>();
  private pollTimer: NodeJS.Timeout | undefined;
  private dataVersion = 0;
  private closed = false;

  constructor(private readonly options: WatchHubOptions) {}

  isWatched(collection: string): boolean {
    return this.watchedCollections.has(collection);
  }

  /** Wakes the watches of the collections a commit changed. */
  notify(changes: readonly Change[]): void {
    const byCollection = new Map<string, (DocumentData | null)[]>();
    for (const change of changes) {
      const docs = byCollection.get(change.collection) ?? [];
      docs.push(change.before, change.after);
      byCollection.set(change.collection, docs);
    }
    for (const [collection, docs] of byCollection) this.changes.emit(collection, docs);
  }

  /** Runs `query` now and after each relevant change; `onChange` sees only results that differ. */
  watch<T extends object>(
    q: NormalizedQuery,
    query: () => StoredDoc<T>[],
    onChange: (docs: StoredDoc<T>[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    let active = true;
    let scheduled = false;
    let last: string | undefined;
    const run = () => {
      scheduled = false;
      if (!active || this.closed) return;
      let docs: StoredDoc<T>[];
      try {
        docs = query();
      } catch (error) {
        onError(toStoreError(error));
        return;
      }
      const key = JSON.stringify(docs);
      if (key === last) return;
      last = key;
      try {
        onChange(docs);
      } catch (error) {
        onError(new StoreError("internal", "A watch listener threw", { cause: error }));
      }
    };
    const matches = equalityFilterOf(q);
    const watcher: Watcher = {
      collection: q.collection,
      schedule: (changed) => {
        if (scheduled || !active) return;
        if (changed && matches && !changed.some((doc) => doc !== null && matches(doc))) return;
        scheduled = true;
        setImmediate(run);
      },
    };
    this.add(watcher);
    watcher.schedule();
    return () => {
      if (!active) return;
      active = false;
      this.remove(watcher);
    };
  }

  private add(watcher: Watcher): void {
    this.watchers.add(watcher);
    this.watchedCollections.set(watcher.collection, (this.watchedCollections.get(watcher.collection) ?? 0) + 1);
    this.changes.on(watcher.collection, watcher.schedule);
    this.startForeignChangePolling();
  }

  private remove(watcher: Watcher): void {
    this.watchers.delete(watcher);
    const left = (this.watchedCollections.get(watcher.collection) ?? 1) - 1;
    if (left > 0) this.watchedCollections.set(watcher.collection, left);
    else this.watchedCollections.delete(watcher.collection);
    this.changes.off(watcher.collection, watcher.schedule);
    if (this.watchers.size === 0) this.stopForeignChangePolling();
  }

  /**
   * Commits by other connections (another process, or another store on the same file) raise
   * `PRAGMA data_version`; while watches exist, poll it and re-run them all when it moves.
   */
  private startForeignChangePolling(): void {
    if (this.options.inMemory || this.pollTimer) return;
    this.dataVersion = this.options.readDataVersion();
    this.pollTimer = setInterval(() => {
      if (this.closed) return;
      let version: number;
      try {
        version = this.options.readDataVersion();
      } catch {
        return;
      }
      if (version === this.dataVersion) return;
      this.dataVersion = version;
      for (const watcher of this.watchers) watcher.schedule();
    }, this.options.pollMs);
    this.pollTimer.unref();
  }

  private stopForeignChangePolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** Stops every watch (their listeners are not called again). */
  close(): void {
    this.closed = true;
    this.stopForeignChangePolling();
    for (const watcher of this.watchers) this.changes.off(watcher.collection, watcher.schedule);
    this.watchers.clear();
  }
}
