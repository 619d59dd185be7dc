import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { blogSuite } from "./blog.suite";

/**
 * The same blog behaviour on Firestore (Google's emulator where the machine has it, else the
 * in-process one): slug claims in transactions, the composite indexes of the list, drafts and
 * the `array-contains` language feed.
 */
const { emulator, stores } = firestoreStoreAndBlobs("blog");

describe(`blog on Firestore (${emulator})`, () => blogSuite(stores));
