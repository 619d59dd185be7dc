import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { seasonsSuite } from "./seasons.suite";

/** The same seasons and weekends on Firestore (Google's emulator where the machine has it, else the in-process one). */
const { emulator, stores } = firestoreStoreAndBlobs("seasons");

describe(`seasons and weekends on Firestore (${emulator})`, () => seasonsSuite(stores));
