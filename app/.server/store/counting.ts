import { AsyncLocalStorage } from "node:async_hooks";
import type { DocumentData, DocumentStore, Query, StoredDoc, Transaction, UpdatePatch } from "./index";

/**
 * What a piece of work asked of the document store, counted the way Firestore bills it (tests and
 * `npm run bench` only: `STORE_COUNTING=true`; production never wraps its store):
 * - `reads`: one per document a get, a batch get or a query returns, at least one per get and per
 *   query (a missing document and an empty query are billed one read each), and one per 1,000
 *   index entries a `count` matches (at least one);
 * - `writes`: one per document set, created, updated or deleted (inside a transaction too);
 * - `queries`: queries and counts sent (transactions' included);
 * - `transactions`: transactions run (each attempt: Firestore retries on contention).
 * The adapters share the domain's calls, so the figures are the same on SQLite and Firestore for
 * the same data; a watch's snapshots are not counted (the event stream's listeners).
 */
export type StoreCounts = { reads: number; writes: number; queries: number; transactions: number };

export const emptyCounts = (): StoreCounts => ({ reads: 0, writes: 0, queries: 0, transactions: 0 });

const scope = new AsyncLocalStorage<StoreCounts>();

/** Runs `fn` with its own counts: everything it (and what it awaits) asks of a counting store. */
export function countStoreUse<T>(counts: StoreCounts, fn: () => T): T {
  return scope.run(counts, fn);
}

/** Runs `fn` and answers its result with what it asked of the store. */
export async function measureStoreUse<T>(fn: () => Promise<T>): Promise<{ result: T; counts: StoreCounts }> {
  const counts = emptyCounts();
  const result = await scope.run(counts, fn);
  return { result, counts };
}

/** `reads=12 writes=0 queries=3 transactions=0`: the response header's value. */
export function formatCounts(counts: StoreCounts): string {
  return `reads=${counts.reads} writes=${counts.writes} queries=${counts.queries} transactions=${counts.transactions}`;
}

/** Reads `formatCounts`' text back, or null. */
export function parseCounts(text: string | null | undefined): StoreCounts | null {
  const match = /^reads=(\d+) writes=(\d+) queries=(\d+) transactions=(\d+)$/.exec(text ?? "");
  return match ? { reads: Number(match[1]), writes: Number(match[2]), queries: Number(match[3]), transactions: Number(match[4]) } : null;
}

function add(field: keyof StoreCounts, n: number) {
  const counts = scope.getStore();
  if (counts) counts[field] += n;
}
const docsRead = (n: number) => add("reads", Math.max(1, n));
const countRead = (n: number) => add("reads", Math.max(1, Math.ceil(n / 1000)));

function countingTransaction(tx: Transaction): Transaction {
  return {
    async get<T extends object = DocumentData>(collection: string, id: string) {
      docsRead(1);
      return tx.get<T>(collection, id);
    },
    async getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]) {
      if (ids.length > 0) add("reads", ids.length);
      return tx.getMany<T>(collection, ids);
    },
    async query<T extends object = DocumentData>(query: Query) {
      add("queries", 1);
      const docs = await tx.query<T>(query);
      docsRead(docs.length);
      return docs;
    },
    set(collection: string, id: string, data: object) {
      add("writes", 1);
      tx.set(collection, id, data);
    },
    create(collection: string, id: string, data: object) {
      add("writes", 1);
      tx.create(collection, id, data);
    },
    update(collection: string, id: string, patch: UpdatePatch) {
      add("writes", 1);
      tx.update(collection, id, patch);
    },
    delete(collection: string, id: string) {
      add("writes", 1);
      tx.delete(collection, id);
    },
  };
}

/** The same store, counting what each scope (`countStoreUse`) asks of it; outside a scope nothing is counted. */
export function countingStore(inner: DocumentStore): DocumentStore {
  return {
    backend: inner.backend,
    async get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null> {
      docsRead(1);
      return inner.get<T>(collection, id);
    },
    async getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]) {
      if (ids.length > 0) add("reads", ids.length);
      return inner.getMany<T>(collection, ids);
    },
    async set(collection, id, data) {
      add("writes", 1);
      return inner.set(collection, id, data);
    },
    async create(collection, id, data) {
      add("writes", 1);
      return inner.create(collection, id, data);
    },
    async add(collection, data) {
      add("writes", 1);
      return inner.add(collection, data);
    },
    async update(collection, id, patch) {
      add("writes", 1);
      return inner.update(collection, id, patch);
    },
    async delete(collection, id) {
      add("writes", 1);
      return inner.delete(collection, id);
    },
    async query<T extends object = DocumentData>(query: Query) {
      add("queries", 1);
      const docs = await inner.query<T>(query);
      docsRead(docs.length);
      return docs;
    },
    async count(query) {
      add("queries", 1);
      const n = await inner.count(query);
      countRead(n);
      return n;
    },
    runTransaction<R>(fn: (tx: Transaction) => Promise<R>) {
      return inner.runTransaction((tx) => {
        add("transactions", 1);
        return fn(countingTransaction(tx));
      });
    },
    watch: (query, onChange, onError) => inner.watch(query, onChange, onError),
    close: () => inner.close(),
  };
}
