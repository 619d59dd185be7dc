import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { closingStopsSuite } from "./closing-stops.suite";
import { closeUntilStopped } from "./closing-stops.world";

/**
 * On Firestore the closing stops in this process: at its step it awaits a promise that never
 * settles — the operation abandoned where it stood, nothing after it runs, as if the server died
 * (killing a process against the emulator would leave this one's connection to it as well) —
 * and a server made afresh runs the scheduler's pass.
 */
const { emulator, stores } = firestoreStoreAndBlobs("closing-stops");
let dir: string;
beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-closing-stops-fs-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe(`a deposit claim's closing stopped after each step, finished by the scheduler, on Firestore (${emulator})`, () =>
  closingStopsSuite({
    open: async () => stores(),
    close: async () => undefined,
    journal: () => path.join(dir, "provider.json"),
    async stopAt(scenarios, at) {
      for (const scenario of scenarios) await closeUntilStopped({ ...stores(), journal: path.join(dir, "provider.json") }, scenario, at);
    },
  }));
