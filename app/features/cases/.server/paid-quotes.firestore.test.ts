import { describe } from "vitest";
import { firestoreStoreAndBlobs } from "#tests/firestore-store";
import { paidQuotesSuite } from "./paid-quotes.suite";

/**
 * The same paid, refunded and expired quotes on Firestore (Google's emulator where the machine
 * has it, else the in-process one), where the double refund and the simultaneous expiry passes
 * are transactions that collide and retry.
 */
const { emulator, stores } = firestoreStoreAndBlobs("paid-quotes");

describe(`paid quotes on Firestore (${emulator})`, { timeout: 60_000 }, () => paidQuotesSuite(stores));
