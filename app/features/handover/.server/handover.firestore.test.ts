import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { handoverSuite } from "./handover.suite";

/** The same check-in and check-out on Firestore (Google's emulator where the machine has it, else the in-process one). */
const { emulator, stores } = firestoreStoreAndBlobs("handover");

describe(`check-in and check-out on Firestore (${emulator})`, () => handoverSuite(stores));
