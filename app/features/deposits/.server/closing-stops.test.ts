import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import type { DocumentStore } from "#app/.server/store";
import { createStore } from "#app/.server/store/create-store";
import { closingStopsSuite } from "./closing-stops.suite";

/**
 * On SQLite the process really dies: each closing runs in a child process (node with tsx's
 * loader, `closing-stops.child.ts`) on the same data folder, which SIGKILLs itself right after its step;
 * this process opens the folder after and runs the scheduler's pass.
 */
let dir: string;
let open: { store: DocumentStore; blobs: BlobStore } | null = null;
beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-closing-stops-"))));
afterAll(async () => {
  await open?.blobs.close();
  await open?.store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const child = path.resolve("app/features/deposits/.server/closing-stops.child.ts");

describe("a deposit claim's closing killed after each step, finished by the scheduler, on SQLite", () =>
  closingStopsSuite({
    async open() {
      open = { store: await createStore({ backend: "embedded", dataDir: dir }), blobs: await createBlobStore({ backend: "embedded", dataDir: dir }) };
      return open;
    },
    async close() {
      await open?.blobs.close();
      await open?.store.close();
      open = null;
    },
    journal: () => path.join(dir, "provider.json"),
    async stopAt(scenarios, at) {
      const order = { dataDir: dir, journal: path.join(dir, "provider.json"), scenarios, now: at.toISOString() };
      const result = spawnSync(process.execPath, ["--import", "tsx", child, JSON.stringify(order)], { encoding: "utf8" });
      if (result.signal !== "SIGKILL") throw new Error(`the child stopping at ${scenarios[0]?.stop} was not killed (status ${result.status}): ${result.stderr}`);
    },
  }));
