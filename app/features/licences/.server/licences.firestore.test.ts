import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { licencesSuite } from "./licences.suite";

/** The same licences on Firestore (Google's emulator where the machine has it, else the in-process one). */
const { emulator, stores } = firestoreStoreAndBlobs("licences");

describe(`renters' licences on Firestore (${emulator})`, () => licencesSuite(stores));
