/**
 * The Firestore adapter: the document store port on Cloud Firestore through firebase-admin.
 *
 * A thin translation: the port already speaks Firestore's semantics, and `normalizeQuery`
 * makes the implicit ordering explicit (inequality fields, then the document id when a cursor
 * names one), so queries mean the same here as in the embedded adapter. Each store owns a
 * named firebase-admin app, so several stores (several "servers" in a test) coexist in one
 * process. `FIRESTORE_EMULATOR_HOST` is honoured by the SDK when the store is created.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from "firebase-admin/app";
import {
  FieldPath,
  FieldValue,
  getFirestore,
  Timestamp,
  type DocumentData as FirestoreDocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query as FirestoreQuery,
  type Transaction as FirestoreTransaction,
  type UpdateData,
} from "firebase-admin/firestore";
import {
  isFieldTransform,
  newDocumentId,
  normalizeQuery,
  StoreError,
  toDocumentData,
  toPatchEntries,
  validateCollectionName,
  validateDocumentId,
  type DocumentData,
  type DocumentStore,
  type NormalizedQuery,
  type Query,
  type StoreErrorCode,
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

// ---------------------------------------------------------------------------------------------
// Errors

/** gRPC status codes (google.rpc.Code) to the port's codes. */
const GRPC_CODES: Readonly<Record<number, StoreErrorCode>> = {
  1: "unavailable", // CANCELLED: the client was shut down under the call
  2: "internal", // UNKNOWN
  3: "invalid-argument",
  4: "deadline-exceeded",
  5: "not-found",
  6: "already-exists",
  7: "permission-denied",
  8: "resource-exhausted",
  9: "failed-precondition", // e.g. a query that needs a composite index
  10: "aborted",
  11: "invalid-argument", // OUT_OF_RANGE
  12: "internal", // UNIMPLEMENTED
  13: "internal",
  14: "unavailable",
  15: "internal", // DATA_LOSS
  16: "permission-denied", // UNAUTHENTICATED
};

/** Maps a firebase-admin / gRPC error to the port's error codes (StoreErrors pass through). */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = error !== null && typeof error === "object" && "code" in error ? error.code : undefined;
  const mapped = typeof code === "number" ? GRPC_CODES[code] : undefined;
  return new StoreError(mapped ?? "internal", `Firestore: ${message}`, { cause: error });
}

// ---------------------------------------------------------------------------------------------
// Values

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Timestamps written by other tools (console, server timestamps) read as ISO strings. */
function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fromFirestore(item);
    return out;
  }
  return value;
}

function toDoc<T extends object>(snapshot: DocumentSnapshot): StoredDoc<T> {
  const doc = fromFirestore(snapshot.data() ?? {}) as StoredDoc<T>;
  doc.id = snapshot.id;
  return doc;
}

function toUpdateData(patch: UpdatePatch): UpdateData<FirestoreDocumentData> {
  const data: Record<string, unknown> = {};
  for (const entry of toPatchEntries(patch)) {
    const value = entry.value;
    if (isFieldTransform(value)) {
      data[entry.path] = value.kind === "increment" ? FieldValue.increment(value.operand) : FieldValue.delete();
    } else {
      data[entry.path] = value;
    }
  }
  return data;
}

function reportWatchError(error: StoreError): void {
  console.error("[store] watch failed:", error);
}

/** The store whose `runTransaction` function is running in the current async context. */
const transactionScope = new AsyncLocalStorage<FirestoreStore>();

/** Attempts of a contended transaction before its ABORTED error reaches the caller (the SDK default is 5). */
const TRANSACTION_ATTEMPTS = 25;

// ---------------------------------------------------------------------------------------------
// The store

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
    let query: FirestoreQuery = this.db.collection(q.collection);
    for (const filter of q.filters) query = query.where(new FieldPath(...filter.segments), filter.op, filter.value);
    for (const order of q.orderBy) query = query.orderBy(new FieldPath(...order.segments), order.direction);
    if (q.cursor) {
      if (q.cursor.id !== undefined) {
        query = query.orderBy(FieldPath.documentId(), q.idDirection).startAfter(...q.cursor.values, q.cursor.id);
      } else {
        query = query.startAfter(...q.cursor.values);
      }
    }
    if (q.limit !== undefined) query = query.limit(q.limit);
    return query;
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
    // Errors thrown by the caller's code are rethrown as they are; only driver errors are mapped.
    // Driver errors from reads pass through `fn` unmapped, so the SDK can retry on contention.
    const driverErrors = new WeakSet<object>();
    const callerErrors = new WeakSet<object>();
    try {
      return await this.db.runTransaction(
        async (firestoreTx) => {
          const tx = new FirestoreStoreTransaction(this, firestoreTx, driverErrors);
          try {
            return await transactionScope.run(this, () => fn(tx));
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

  watch<T extends object = DocumentData>(
    query: Query,
    onChange: (docs: StoredDoc<T>[]) => void,
    onError: (error: StoreError) => void = reportWatchError,
  ): Unsubscribe {
    this.assertOpen();
    const firestoreQuery = this.buildQuery(normalizeQuery(query));
    let active = true;
    let last: string | undefined;
    const unsubscribe = firestoreQuery.onSnapshot(
      (snapshot) => {
        if (!active) return;
        const docs = snapshot.docs.map((doc) => toDoc<T>(doc));
        const key = JSON.stringify(docs);
        if (key === last) return;
        last = key;
        try {
          onChange(docs);
        } catch (error) {
          onError(new StoreError("internal", "A watch listener threw", { cause: error }));
        }
      },
      (error) => {
        if (active) onError(toStoreError(error));
      },
    );
    const stop = () => {
      if (!active) return;
      active = false;
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

class FirestoreStoreTransaction implements Transaction {
  private wrote = false;
  private done = false;

  constructor(
    private readonly store: FirestoreStore,
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

export function createFirestoreStore(options: FirestoreStoreOptions): FirestoreStore {
  return new FirestoreStore(options);
}
