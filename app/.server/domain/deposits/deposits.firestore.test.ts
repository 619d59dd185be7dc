import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { depositsSuite } from "./deposits.suite";

/** The same deposit claims on Firestore (Google's emulator where the machine has it, else the in-process one). */
const { emulator, stores } = firestoreStoreAndBlobs("deposits");

describe(`deposit claims on Firestore (${emulator})`, () => depositsSuite(stores));
