import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { claimsSuite } from "./claims.suite";

/**
 * The same rule on Firestore (Google's emulator where the machine has it, else the in-process
 * one): the attaching is decided inside the case's transaction.
 */
const { emulator, stores } = firestoreStoreAndBlobs("case-claims");

describe(`case claims on Firestore (${emulator})`, () => claimsSuite(stores));
