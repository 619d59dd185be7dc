import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { quotesSuite } from "./quotes.suite";

/**
 * The same quotes, results and completion rules on Firestore (Google's emulator where the
 * machine has it, else the in-process one), where simultaneous uploads are transactions that
 * collide and retry.
 */
const { emulator, stores } = firestoreStoreAndBlobs("case-quotes");

describe(`case quotes on Firestore (${emulator})`, () => quotesSuite(stores));
