import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import type { DocumentStore } from "#app/.server/store";
import { createStore } from "#app/.server/store/create-store";
import { claimsSuite } from "./claims.suite";

/** Whose a case is (visitors, signed links) on the embedded store (SQLite). */
let store: DocumentStore;
let blobs: BlobStore;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-case-claims-"));
  store = await createStore({ backend: "embedded", dataDir: dir });
  blobs = await createBlobStore({ backend: "embedded", dataDir: dir });
});
afterAll(async () => {
  await blobs?.close();
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("case claims on SQLite", () => claimsSuite(() => ({ store, blobs })));
