/**
 * The document store contract: one suite that every adapter of the port must pass.
 * `sqlite.test.ts` and `firestore.test.ts` run it; an adapter is done when all of it passes.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import type { DocumentStore } from "./index";
import { describeDocumentsContract } from "./store-documents.contract";
import type { ContractCapability, ContractOptions, ContractTest, StoreHarness } from "./store-helpers.contract";
import { describeQueriesContract } from "./store-queries.contract";
import { describeTransactionsContract } from "./store-transactions.contract";
import { describeWatchContract } from "./store-watch.contract";

export type { ContractCapability, ContractOptions, StoreHarness } from "./store-helpers.contract";

export function describeStoreContract(name: string, makeStore: () => Promise<StoreHarness>, options: ContractOptions = {}): void {
  describe(`document store contract: ${name}`, () => {
    let harness: StoreHarness;
    let store: DocumentStore;
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let counter = 0;
    /** A fresh collection name, so tests never see each other's documents. */
    const col = (label: string) => `c${run}_${label}_${++counter}`;

    /** `it`, or `it.skip` naming what the backend lacks. */
    function spec(title: string, needs: ContractCapability[], fn: () => Promise<void>): void {
      const missing = needs.filter((capability) => options.unsupported?.[capability]);
      if (missing.length > 0) it.skip(`${title} (unsupported: ${missing.join(", ")})`, fn);
      else it(title, fn);
    }

    async function seed(collection: string, docs: Record<string, object>): Promise<void> {
      await Promise.all(Object.entries(docs).map(([id, data]) => store.set(collection, id, data)));
    }

    beforeAll(async () => {
      harness = await makeStore();
      store = harness.store;
    });

    afterAll(async () => {
      await harness?.cleanup();
    });

    const t: ContractTest = {
      get store() {
        return store;
      },
      get harness() {
        return harness;
      },
      col,
      spec,
      seed,
    };

    describeDocumentsContract(t);
    describeQueriesContract(t);
    describeTransactionsContract(t);
    describeWatchContract(t);
  });
}
