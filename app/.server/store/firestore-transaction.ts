/**
 * The Firestore adapter's transactions: the port's transaction on a Firestore transaction (reads
 * before writes; caller errors rethrown as they are, driver errors mapped, contention retried).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { DocumentReference, Firestore, Query as FirestoreQuery, Transaction as FirestoreTransaction } from "firebase-admin/firestore";
import { toStoreError } from "./firestore-errors";
import { toDoc, toUpdateData } from "./firestore-values";
import {
  normalizeQuery,
  StoreError,
  toDocumentData,
  type DocumentData,
  type NormalizedQuery,
  type Query,
  type StoredDoc,
  type Transaction,
  type UpdatePatch,
} from "./index";

/** What a transaction needs of its store: the client, references and queries. */
export interface FirestoreStoreParts {
  readonly db: Firestore;
  ref(collection: string, id: string): DocumentReference;
  refs(collection: string, ids: readonly string[]): DocumentReference[];
  buildQuery(q: NormalizedQuery): FirestoreQuery;
}

/** The store whose `runTransaction` function is running in the current async context. */
export const transactionScope = new AsyncLocalStorage<FirestoreStoreParts>();

/** Attempts of a contended transaction before its ABORTED error reaches the caller (the SDK default is 5). */
const TRANSACTION_ATTEMPTS = 25;

/**
 * A transaction the backend closed under us (it expired while it waited its turn): nothing of it
 * was written. The SDK retries Firestore's wording of it ("transaction has expired") but not the
 * emulator's ("Transaction is invalid or closed", seen when twenty transactions meet on one
 * document on a loaded machine), so the whole transaction runs again, as the SDK would.
 */
const EXPIRED = /transaction has expired|transaction is invalid or closed/i;
const EXPIRED_RUNS = 3;

function expired(error: unknown): boolean {
  return error !== null && typeof error === "object" && (error as { code?: unknown }).code === 3 && EXPIRED.test(String((error as { message?: unknown }).message));
}

/** Runs `fn` in a Firestore transaction of `store` (the store checks it is open and not already in one). */
export async function runFirestoreTransaction<R>(store: FirestoreStoreParts, fn: (tx: Transaction) => Promise<R>): Promise<R> {
  for (let run = 1; ; run++) {
    try {
      return await runOnce(store, fn);
    } catch (error) {
      if (run >= EXPIRED_RUNS || !(error instanceof StoreError) || !expired(error.cause)) throw error;
    }
  }
}

async function runOnce<R>(store: FirestoreStoreParts, fn: (tx: Transaction) => Promise<R>): Promise<R> {
  // Errors thrown by the caller's code are rethrown as they are; only driver errors are mapped.
  // Driver errors from reads pass through `fn` unmapped, so the SDK can retry on contention.
  const driverErrors = new WeakSet<object>();
  const callerErrors = new WeakSet<object>();
  try {
    return await store.db.runTransaction(
      async (firestoreTx) => {
        const tx = new FirestoreStoreTransaction(store, firestoreTx, driverErrors);
        try {
          return await transactionScope.run(store, () => fn(tx));
        } catch (error) {
          if (error !== null && typeof error === "object" && !driverErrors.has(error)) callerErrors.add(error);
          throw error;
        } finally {
          tx.finish();
        }
      },
      // Our transactions meet on one document when they contend (a conversation's or a series'
      // counter, a day's booking): twenty at once means up to twenty turns for the last one, more
      // than the SDK's default five (seen as "ABORTED: Transaction lock timeout" on a busy machine).
      { maxAttempts: TRANSACTION_ATTEMPTS },
    );
  } catch (error) {
    if (error === null || typeof error !== "object" || callerErrors.has(error)) throw error;
    throw toStoreError(error);
  }
}

class FirestoreStoreTransaction implements Transaction {
  private wrote = false;
  private done = false;

  constructor(
    private readonly store: FirestoreStoreParts,
    private readonly tx: FirestoreTransaction,
    private readonly driverErrors: WeakSet<object>,
  ) {}

  finish(): void {
    this.done = true;
  }

  private assertActive(): void {
    if (this.done) throw new StoreError("invalid-argument", "The transaction is over");
  }

  private async read<R>(run: () => Promise<R>): Promise<R> {
    this.assertActive();
    if (this.wrote) throw new StoreError("invalid-argument", "Transactions must do all their reads before their writes");
    try {
      return await run();
    } catch (error) {
      if (error !== null && typeof error === "object") this.driverErrors.add(error);
      throw error;
    }
  }

  get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    const ref = this.store.ref(collection, id);
    return this.read(async () => {
      const snapshot = await this.tx.get(ref);
      return snapshot.exists ? toDoc<T>(snapshot) : null;
    });
  }

  getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]): Promise<Array<StoredDoc<T> | null>> {
    const refs = this.store.refs(collection, ids);
    return this.read(async () => {
      if (refs.length === 0) return [];
      const snapshots = await this.tx.getAll(...refs);
      return snapshots.map((snapshot) => (snapshot.exists ? toDoc<T>(snapshot) : null));
    });
  }

  query<T extends object = DocumentData>(query: Query): Promise<StoredDoc<T>[]> {
    const firestoreQuery = this.store.buildQuery(normalizeQuery(query));
    return this.read(async () => (await this.tx.get(firestoreQuery)).docs.map((snapshot) => toDoc<T>(snapshot)));
  }

  private beforeWrite(): void {
    this.assertActive();
    this.wrote = true;
  }

  set(collection: string, id: string, data: object): void {
    const ref = this.store.ref(collection, id);
    const stored = toDocumentData(data, id);
    this.beforeWrite();
    this.tx.set(ref, stored);
  }

  create(collection: string, id: string, data: object): void {
    const ref = this.store.ref(collection, id);
    const stored = toDocumentData(data, id);
    this.beforeWrite();
    this.tx.create(ref, stored);
  }

  update(collection: string, id: string, patch: UpdatePatch): void {
    const ref = this.store.ref(collection, id);
    const data = toUpdateData(patch);
    this.beforeWrite();
    this.tx.update(ref, data);
  }

  delete(collection: string, id: string): void {
    const ref = this.store.ref(collection, id);
    this.beforeWrite();
    this.tx.delete(ref);
  }
}
