import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import { FirestoreStore } from "#app/.server/store/firestore";
import type { StoreAndBlobs } from "./embedded-store";
import { findCloudFirestoreEmulator, startCloudFirestoreEmulator, startFirestoreEmulator, type FirestoreEmulator } from "./firestore-emulator";

/**
 * A Firestore store for the tests of the file (or `describe`) that calls this: Google's emulator
 * where the machine has it, else the in-process one (tests/firestore-emulator.ts; `inProcess`
 * asks for the in-process one, for a property test's hundreds of small writes), started before
 * the tests with `FIRESTORE_EMULATOR_HOST` set for the process (such a file runs in a process of
 * its own: vite.config.ts), and a project of its own named after `name`; closed after. A
 * `beforeAll` registered after this call finds the store ready (`store()`). `emulator` names the
 * emulator, for the suite's title; `google` says whether it is Google's (real transactions).
 */
export function firestoreForFile(name: string, options: { inProcess?: boolean } = {}): { emulator: string; google: boolean; store: () => FirestoreStore } {
  const cloud = options.inProcess ? undefined : findCloudFirestoreEmulator();
  let emulator: FirestoreEmulator;
  let store: FirestoreStore;
  beforeAll(async () => {
    emulator = cloud ? await startCloudFirestoreEmulator() : await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
    store = new FirestoreStore({ projectId: `demo-amarre-${name}-${Date.now()}` });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await emulator?.stop();
  });
  return { emulator: cloud ? "Google's emulator" : "in-process emulator", google: Boolean(cloud), store: () => store };
}

/** `firestoreForFile` with blobs on disk beside it: what a domain's contract suite runs on (`google` as there). */
export function firestoreStoreAndBlobs(name: string): { emulator: string; google: boolean; stores: () => StoreAndBlobs } {
  const firestore = firestoreForFile(name);
  let blobs: BlobStore;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `amarre-${name}-fs-`));
    blobs = await createBlobStore({ backend: "embedded", dataDir: dir });
  });
  afterAll(async () => {
    await blobs?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { emulator: firestore.emulator, google: firestore.google, stores: () => ({ store: firestore.store(), blobs }) };
}
