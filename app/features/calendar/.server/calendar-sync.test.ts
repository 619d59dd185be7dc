import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { createStore } from "#app/.server/store/create-store";
import type { DocumentStore } from "#app/.server/store";
import { calendarSyncContract } from "./calendar-sync.contract";

/** The imported calendars' rule on the embedded store (SQLite). */
const opened: Array<{ store: DocumentStore; dir: string }> = [];
afterAll(async () => {
  for (const { store, dir } of opened) {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

calendarSyncContract("SQLite", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-calsync-"));
  const store = await createStore({ backend: "embedded", dataDir: dir });
  opened.push({ store, dir });
  return store;
});
