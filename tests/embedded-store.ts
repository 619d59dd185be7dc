import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import type { DocumentStore } from "#app/.server/store";
import { createStore } from "#app/.server/store/create-store";

/** What a domain's contract suite runs on (`blogSuite(() => ({ store, blobs }))` and the others). */
export type StoreAndBlobs = { store: DocumentStore; blobs: BlobStore };

/**
 * The embedded backend (SQLite, blobs on disk) for the test file that calls this at its top: made
 * in a temporary folder named after `name` before the file's tests, closed and removed after.
 * Returns the getter a suite takes (the store exists only once the tests run).
 */
export function embeddedStoreAndBlobs(name: string): () => StoreAndBlobs {
  let dir: string;
  let store: DocumentStore;
  let blobs: BlobStore;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `amarre-${name}-`));
    store = await createStore({ backend: "embedded", dataDir: dir });
    blobs = await createBlobStore({ backend: "embedded", dataDir: dir });
  });
  afterAll(async () => {
    await blobs?.close();
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => ({ store, blobs });
}
