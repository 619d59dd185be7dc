import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import { FirestoreStore } from "#app/.server/store/firestore";
import { findCloudFirestoreEmulator, startCloudFirestoreEmulator, startFirestoreEmulator, type FirestoreEmulator } from "#tests/firestore-emulator";
import { claimsSuite } from "./claims.suite";

/**
 * The same rule on Firestore (Google's emulator where the machine has it, else the in-process
 * one): the attaching is decided inside the case's transaction.
 */
const cloud = findCloudFirestoreEmulator();
let emulator: FirestoreEmulator;
let store: FirestoreStore;
let blobs: BlobStore;
let dir: string;

beforeAll(async () => {
  emulator = cloud ? await startCloudFirestoreEmulator() : await startFirestoreEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  store = new FirestoreStore({ projectId: `demo-amarre-case-claims-${Date.now()}` });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-case-claims-fs-"));
  blobs = await createBlobStore({ backend: "embedded", dataDir: dir });
}, 120_000);
afterAll(async () => {
  await blobs?.close();
  await store?.close();
  await emulator?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`case claims on Firestore (${cloud ? "Google's emulator" : "in-process emulator"})`, () => claimsSuite(() => ({ store, blobs })));
