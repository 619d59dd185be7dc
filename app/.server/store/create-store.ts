import { countingStore } from "./counting";
import type { DocumentStore } from "./index";
import { storeIndexes } from "./indexes";

export type CreateStoreOptions = (
  | {
      backend: "embedded";
      /** Directory for `amarre.sqlite` (created if missing), or ":memory:". */
      dataDir: string;
    }
  | {
      backend: "firebase";
      projectId: string;
      /** Service-account key JSON; without it, Application Default Credentials or the emulator. */
      serviceAccountJson?: string;
    }
) & {
  /** Tests and the bench only: count what each request asks of the store (`counting.ts`, STORE_COUNTING). */
  counting?: boolean;
};

/**
 * Opens the document store for the configured backend. Each adapter's driver is loaded only
 * when chosen, so the embedded backend never loads gRPC and the Firebase one never loads SQLite.
 */
export async function createStore(options: CreateStoreOptions): Promise<DocumentStore> {
  const store = await openStore(options);
  return options.counting ? countingStore(store) : store;
}

async function openStore(options: CreateStoreOptions): Promise<DocumentStore> {
  if (options.backend === "embedded") {
    const { SqliteStore } = await import("./sqlite");
    return new SqliteStore({ dataDir: options.dataDir, indexes: storeIndexes });
  }
  const { FirestoreStore } = await import("./firestore");
  return new FirestoreStore({ projectId: options.projectId, credentials: options.serviceAccountJson });
}
