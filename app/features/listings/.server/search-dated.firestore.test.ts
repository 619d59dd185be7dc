import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { datedSearchSuite } from "./search-dated.suite";

/** The same dated searches by price on Firestore (Google's emulator where the machine has it, else the in-process one). */
const { emulator, stores } = firestoreStoreAndBlobs("search-dated");

describe(`dated searches by price on Firestore (${emulator})`, () => datedSearchSuite(stores));
