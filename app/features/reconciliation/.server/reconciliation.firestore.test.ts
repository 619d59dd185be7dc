import { describe } from "vitest";
import { firestoreForFile } from "#tests/firestore-store";
import { claimsSuite } from "./claims.contract";

/** The reconciliation's claims on Firestore (Google's emulator where installed, else the in-process one): one run at a time, the day's once. */
const firestore = firestoreForFile("reconciliation");

describe(`reconciliation on Firestore (${firestore.emulator})`, { timeout: 60_000 }, () => {
  claimsSuite(() => ({ store: firestore.store(), serialisesTransactions: firestore.google }));
});
