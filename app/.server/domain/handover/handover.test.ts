import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import type { DocumentStore } from "#app/.server/store";
import { createStore } from "#app/.server/store/create-store";
import { handoverSuite } from "./handover.suite";

/** Check-in and check-out on the embedded store (SQLite) and blobs on disk. */
let dir: string;
let store: DocumentStore;
let blobs: BlobStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-handover-"));
  store = await createStore({ backend: "embedded", dataDir: dir });
  blobs = await createBlobStore({ backend: "embedded", dataDir: dir });
});
afterAll(async () => {
  await blobs?.close();
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("check-in and check-out on SQLite", () => handoverSuite(() => ({ store, blobs })));
