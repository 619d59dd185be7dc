/**
 * The embedded adapter's transactions and write operations. A transaction buffers its writes;
 * the store applies them when the transaction's function returns (see `SqliteStore.runTransaction`).
 */
import {
  normalizeQuery,
  StoreError,
  toDocumentData,
  toPatchEntries,
  validateCollectionName,
  validateDocumentId,
  type DocumentData,
  type NormalizedQuery,
  type PatchEntry,
  type Query,
  type StoredDoc,
  type Transaction,
  type UpdatePatch,
} from "./index";
import { toStoreError } from "./sqlite-errors";

/** One write, validated, waiting to be applied. */
export type WriteOp =
  | { kind: "set" | "create"; collection: string; id: string; data: DocumentData }
  | { kind: "update"; collection: string; id: string; patch: PatchEntry[] }
  | { kind: "delete"; collection: string; id: string };

/** The synchronous reads a transaction makes on the connection that holds its lock. */
export interface SyncReads {
  getSync<T extends object>(collection: string, id: string): StoredDoc<T> | null;
  getManySync<T extends object>(collection: string, ids: readonly string[]): Array<StoredDoc<T> | null>;
  querySync<T extends object>(q: NormalizedQuery): StoredDoc<T>[];
}

export function writeOp(kind: "set" | "create", collection: string, id: string, data: object): WriteOp {
  validateCollectionName(collection);
  validateDocumentId(id);
  return { kind, collection, id, data: toDocumentData(data, id) };
}

export function updateOp(collection: string, id: string, patch: UpdatePatch): WriteOp {
  validateCollectionName(collection);
  validateDocumentId(id);
  return { kind: "update", collection, id, patch: toPatchEntries(patch) };
}

export function deleteOp(collection: string, id: string): WriteOp {
  validateCollectionName(collection);
  validateDocumentId(id);
  return { kind: "delete", collection, id };
}

/**
 * Reads go straight to the connection, which holds `BEGIN IMMEDIATE` and has no uncommitted
 * writes (they are buffered), so they see committed data that no one else can change.
 */
export class SqliteTransaction implements Transaction {
  private readonly writes: WriteOp[] = [];
  private done = false;

  constructor(private readonly store: SyncReads) {}

  finish(): WriteOp[] {
    this.done = true;
    return this.writes;
  }

  private beforeRead(): void {
    if (this.done) throw new StoreError("invalid-argument", "The transaction is over");
    if (this.writes.length > 0) {
      throw new StoreError("invalid-argument", "Transactions must do all their reads before their writes");
    }
  }

  private async read<R>(fn: () => R): Promise<R> {
    this.beforeRead();
    try {
      return fn();
    } catch (error) {
      throw toStoreError(error);
    }
  }

  get<T extends object = DocumentData>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    return this.read(() => this.store.getSync<T>(collection, id));
  }

  getMany<T extends object = DocumentData>(collection: string, ids: readonly string[]): Promise<Array<StoredDoc<T> | null>> {
    return this.read(() => this.store.getManySync<T>(collection, ids));
  }

  query<T extends object = DocumentData>(query: Query): Promise<StoredDoc<T>[]> {
    return this.read(() => this.store.querySync<T>(normalizeQuery(query)));
  }

  private push(op: WriteOp): void {
    if (this.done) throw new StoreError("invalid-argument", "The transaction is over");
    this.writes.push(op);
  }

  set(collection: string, id: string, data: object): void {
    this.push(writeOp("set", collection, id, data));
  }

  create(collection: string, id: string, data: object): void {
    this.push(writeOp("create", collection, id, data));
  }

  update(collection: string, id: string, patch: UpdatePatch): void {
    this.push(updateOp(collection, id, patch));
  }

  delete(collection: string, id: string): void {
    this.push(deleteOp(collection, id));
  }
}
