/**
 * The Firestore adapter: the document store port on Cloud Firestore through firebase-admin.
 *
 * A thin translation: the port already speaks Firestore's semantics, and `normalizeQuery`
 * makes the implicit ordering explicit (inequality fields, then the document id when a cursor
 * names one), so queries mean the same here as in the embedded adapter. Each store owns a
 * named firebase-admin app, so several stores (several "servers" in a test) coexist in one
 * process. `FIRESTORE_EMULATOR_HOST` is honoured by the SDK when the store is created.
 *
 * Its parts sit beside it: `firestore-errors.ts` (error codes), `firestore-values.ts` (documents,
 * patches), `firestore-query.ts` (query translation), `firestore-transaction.ts` (transactions),
 * `firestore-watch.ts` (watches).
 */
import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from "firebase-admin/app";
import { getFirestore, type DocumentReference, type Firestore, type Query as FirestoreQuery } from "firebase-admin/firestore";
import { toStoreError } from "./firestore-errors";
import { buildFirestoreQuery } from "./firestore-query";
import { runFirestoreTransaction, transactionScope } from "./firestore-transaction";
import { toDoc, toUpdateData } from "./firestore-values";
import { reportWatchError, watchFirestoreQuery } from "./firestore-watch";
import {
  newDocumentId,
  normalizeQuery,
  StoreError,
  toDocumentData,
  validateCollectionName,
  validateDocumentId,
  type DocumentData,
  type DocumentStore,
  type NormalizedQuery,
  type Query,
  type StoredDoc,
  type Transaction,
  type Unsubscribe,
  type UpdatePatch,
} from "./index";

export interface FirestoreStoreOptions {
  projectId: string;
  /**
   * A service-account key, as its JSON text or parsed. Without it the SDK uses Application
   * Default Credentials, or none at all against the emulator (`FIRESTORE_EMULATOR_HOST`).
   */
  credentials?: string | ServiceAccount;
  /** An existing client to use instead of creating one; `close()` then leaves it open. */
  firestore?: Firestore;
}

export class FirestoreStore implements DocumentStore {
  readonly backend = "firebase" as const;
  readonly db: Firestore;
  private readonly app: App | undefined;
  private readonly watches = new Set<() => void>();
  private closed = false;

  constructor(options: FirestoreStoreOptions) {
    if (options.firestore) {
      this.db = options.firestore;
      return;
    }
    const credentials =
      typeof options.credentials === "string" ? (JSON.parse(options.credentials) as ServiceAccount) : options.credentials;
    this.app = initializeApp(
      { projectId: options.projectId, ...(credentials ? { credential: cert(credentials) } : {}) },
      `amarre-store-${newDocumentId()}`,
    );
    this.db = getFirestore(this.app);
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError("unavailable", "The store is closed");
  }

  private assertNotInTransaction(method: string): void {
    if (transactionScope.getStore() === this) {
      throw new StoreError("invalid-argument", `store.${method}() was called inside runTransaction(): use the transaction's methods`);
    }
  }

  ref(collection: string, id: string): DocumentReference {
    return this.db.collection(validateCollectionName(collection)).doc(validateDocumentId(id));
  }

  refs(collection: string, ids: readonly string[]): DocumentReference[] {
    validateCollectionName(collection);
    if (!Array.isArray(ids)) throw new StoreError("invalid-argument", "getMany needs an array of ids");
    return ids.map((id) => this.ref(collection, id));
  }

  /** The Firestore query for a normalised port query, with its ordering spelled out. */
  buildQuery(q: NormalizedQuery): FirestoreQuery {
    return buildFirestoreQuery(this.db, q);
  }

  /** Validation runs before the call (its errors are already StoreErrors); driver errors are mapped. */
  private async call<R>(prepare: () => () => Promise<R>): Promise<R> {
    this.assertOpen();
    const run = prepare();
    try {
      return await run();
    } catch (error) {
      throw toStoreError(error);
    }
  }

  private async write(method: string, prepare: () => () => Promise<unknown>): Promise<void> {
    this.assertOpen();
    this.assertNotInTransaction(method);
    await this.call(prepare);
  }

  get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    return this.call(() => {
      const ref = this.ref(collection, id);
      return async () => {
        const snapshot = await ref.get();
        return snapshot.exists ? toDoc<T>(snapshot) : null;
      };
    });
  }

  getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]): Promise<Array<StoredDoc<T> | null>> {
    return this.call(() => {
      const refs = this.refs(collection, ids);
      return async () => {
        if (refs.length === 0) return [];
        const snapshots = await this.db.getAll(...refs);
        return snapshots.map((snapshot) => (snapshot.exists ? toDoc<T>(snapshot) : null));
      };
    });
  }

  set(collection: string, id: string, data: object): Promise<void> {
    return this.write("set", () => {
      const ref = this.ref(collection, id);
      const stored = toDocumentData(data, id);
      return () => ref.set(stored);
    });
  }

  create(collection: string, id: string, data: object): Promise<void> {
    return this.write("create", () => {
      const ref = this.ref(collection, id);
      const stored = toDocumentData(data, id);
      return () => ref.create(stored);
    });
  }

  async add(collection: string, data: object): Promise<string> {
    const id = newDocumentId();
    // A caller cannot know the new id, so any "id" field in `data` is rejected by the check.
    await this.create(collection, id, data);
    return id;
  }

  update(collection: string, id: string, patch: UpdatePatch): Promise<void> {
    return this.write("update", () => {
      const ref = this.ref(collection, id);
      const data = toUpdateData(patch);
      return () => ref.update(data);
    });
  }

  delete(collection: string, id: string): Promise<void> {
    return this.write("delete", () => {
      const ref = this.ref(collection, id);
      return () => ref.delete();
    });
  }

  query<T extends object = DocumentData>(query: Query): Promise<StoredDoc<T>[]> {
    return this.call(() => {
      const firestoreQuery = this.buildQuery(normalizeQuery(query));
      return async () => (await firestoreQuery.get()).docs.map((snapshot) => toDoc<T>(snapshot));
    });
  }

  count(query: Query): Promise<number> {
    return this.call(() => {
      const firestoreQuery = this.buildQuery(normalizeQuery(query));
      return async () => (await firestoreQuery.count().get()).data().count;
    });
  }

  async runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    this.assertOpen();
    this.assertNotInTransaction("runTransaction");
    return runFirestoreTransaction(this, fn);
  }

  watch<T extends object = DocumentData>(
    query: Query,
    onChange: (docs: StoredDoc<T>[]) => void,
    onError: (error: StoreError) => void = reportWatchError,
  ): Unsubscribe {
    this.assertOpen();
    const unsubscribe = watchFirestoreQuery<T>(this.buildQuery(normalizeQuery(query)), onChange, onError);
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      this.watches.delete(stop);
      unsubscribe();
    };
    this.watches.add(stop);
    return stop;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const stop of [...this.watches]) stop();
    if (this.app) {
      await this.db.terminate();
      await deleteApp(this.app);
    }
  }
}

export function createFirestoreStore(options: FirestoreStoreOptions): FirestoreStore {
  return new FirestoreStore(options);
}
