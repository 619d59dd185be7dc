import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import { FirestoreStore } from "#app/.server/store/firestore";
import { findCloudFirestoreEmulator, startCloudFirestoreEmulator, startFirestoreEmulator, type FirestoreEmulator } from "#tests/firestore-emulator";
import { handoverSuite } from "./handover.suite";

/** The same check-in and check-out on Firestore (Google's emulator where the machine has it, else the in-process one). */
const cloud = findCloudFirestoreEmulator();
let emulator: FirestoreEmulator;
let store: FirestoreStore;
let blobs: BlobStore;
let dir: string;

beforeAll(async () => {
  emulator = cloud ? await startCloudFirestoreEmulator() : await startFirestoreEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  store = new FirestoreStore({ projectId: `demo-amarre-handover-${Date.now()}` });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-handover-fs-"));
  blobs = await createBlobStore({ backend: "embedded", dataDir: dir });
}, 120_000);
afterAll(async () => {
  await blobs?.close();
  await store?.close();
  await emulator?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`check-in and check-out on Firestore (${cloud ? "Google's emulator" : "in-process emulator"})`, () => handoverSuite(() => ({ store, blobs })));
