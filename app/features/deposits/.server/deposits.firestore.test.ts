import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { depositOrdersSuite } from "./deposit-orders.suite";
import { depositsSuite } from "./deposits.suite";

/**
 * The same deposit claims on Firestore (Google's emulator where the machine has it, else the
 * in-process one); of the orders of a return and its claim, the four around a clean check-out
 * confirmed with a claim open (all 88 run on SQLite: the emulator is slower).
 */
const { emulator, google, stores } = firestoreStoreAndBlobs("deposits");

describe(`deposit claims on Firestore (${emulator})`, () => depositsSuite(stores));
describe(`a return and its deposit claim in several orders, on Firestore (${emulator})`, () => depositOrdersSuite(stores, { orders: "sample", serialisesTransactions: google }));
