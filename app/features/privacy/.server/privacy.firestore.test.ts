import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { privacySuite } from "./privacy.suite";

/** The same deletions on Firestore (Google's emulator where the machine has it, else the in-process one). */
const { emulator, stores } = firestoreStoreAndBlobs("privacy");

describe(`deleting an account on Firestore (${emulator})`, () => privacySuite(stores));
