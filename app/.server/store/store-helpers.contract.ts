/**
 * The document store contract's shared helpers: the harness and options types, what each area
 * gets (`ContractTest`), and the assertions and watch recorder the areas use.
 */
import { expect } from "vitest";
import { StoreError, type DocumentStore, type StoredDoc, type StoreErrorCode } from "./index";

export interface StoreHarness {
  store: DocumentStore;
  /** Opens another store on the same backend and data, as a second server would. */
  openSecondStore: () => Promise<DocumentStore>;
  /** Closes `store` and releases whatever the harness started. */
  cleanup: () => Promise<void>;
}

/**
 * Behaviour a backend may lack. Only for test doubles that cannot do better (the in-process
 * emulator); a real adapter declares none.
 */
export type ContractCapability =
  | "null-filters"
  | "int-double-compare"
  | "mixed-type-order"
  | "order-excludes-missing"
  | "id-tie-break"
  | "cursors"
  | "nested-field-queries"
  | "set-replaces"
  | "nested-updates"
  | "field-transforms"
  | "transactions";

export interface ContractOptions {
  /** Capabilities the backend lacks, each with the reason; the tests that need them are skipped. */
  unsupported?: Partial<Record<ContractCapability, string>>;
}

export type Doc = StoredDoc<Record<string, unknown>>;

const WATCH_TIMEOUT_MS = 10_000;

/** What every area of the contract gets from `describeStoreContract`: the store under test and its helpers. */
export interface ContractTest {
  /** The store (set in the suite's `beforeAll`; read it inside tests). */
  readonly store: DocumentStore;
  readonly harness: StoreHarness;
  /** A fresh collection name, so tests never see each other's documents. */
  col(label: string): string;
  /** `it`, or `it.skip` naming what the backend lacks. */
  spec(title: string, needs: ContractCapability[], fn: () => Promise<void>): void;
  seed(collection: string, docs: Record<string, object>): Promise<void>;
}

export function ids(docs: ReadonlyArray<{ id: string } | null>): Array<string | null> {
  return docs.map((doc) => doc?.id ?? null);
}

export function sortedIds(docs: ReadonlyArray<{ id: string }>): string[] {
  return docs.map((doc) => doc.id).sort();
}

export async function caught(action: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof action === "function" ? action() : action);
  } catch (error) {
    return error;
  }
  return undefined;
}

export async function expectStoreError(action: Promise<unknown> | (() => unknown), code: StoreErrorCode): Promise<StoreError> {
  const error = await caught(action);
  expect(error, `expected a StoreError "${code}"`).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
  return error as StoreError;
}

/**
 * Collects watch deliveries. `next(predicate)` waits for the first delivery after the one the
 * previous `next` returned that satisfies `predicate`.
 */
export function watchRecorder() {
  const deliveries: Doc[][] = [];
  const errors: StoreError[] = [];
  let consumed = 0;
  let waiter: { predicate: (docs: Doc[]) => boolean; resolve: (docs: Doc[]) => void } | undefined;
  const check = () => {
    if (!waiter) return;
    for (let i = consumed; i < deliveries.length; i++) {
      if (waiter.predicate(deliveries[i])) {
        const { resolve } = waiter;
        waiter = undefined;
        consumed = i + 1;
        resolve(deliveries[i]);
        return;
      }
    }
  };
  return {
    deliveries,
    errors,
    onChange: (docs: Doc[]) => {
      deliveries.push(docs);
      check();
    },
    onError: (error: StoreError) => {
      errors.push(error);
    },
    next(predicate: (docs: Doc[]) => boolean = () => true): Promise<Doc[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          reject(new Error(`No matching watch delivery; got ${JSON.stringify(deliveries.map(ids))}`));
        }, WATCH_TIMEOUT_MS);
        waiter = {
          predicate,
          resolve: (docs) => {
            clearTimeout(timer);
            resolve(docs);
          },
        };
        check();
      });
    },
  };
}

export class CallerError extends Error {}
