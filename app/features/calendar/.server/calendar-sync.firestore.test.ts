import { afterAll } from "vitest";
import { startFirestoreEmulator, type FirestoreEmulator } from "#tests/firestore-emulator";
import { FirestoreStore } from "#app/.server/store/firestore";
import { calendarSyncContract } from "./calendar-sync.contract";

/** The imported calendars' rule on Firestore (the in-process emulator). */
let emulator: FirestoreEmulator | undefined;
const stores: FirestoreStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  await emulator?.stop();
});

calendarSyncContract("Firestore", async () => {
  if (!emulator) {
    emulator = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  }
  const store = new FirestoreStore({ projectId: `demo-amarre-calsync-${Date.now()}-${stores.length}` });
  stores.push(store);
  return store;
});
