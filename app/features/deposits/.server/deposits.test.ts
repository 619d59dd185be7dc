import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { depositOrdersSuite } from "./deposit-orders.suite";
import { depositsSuite } from "./deposits.suite";

/** Deposit claims on the embedded store (SQLite) and blobs on disk; every order of a return and its claim. */
const stores = embeddedStoreAndBlobs("deposits");

describe("deposit claims on SQLite", () => depositsSuite(stores));
describe("a return and its deposit claim in every order, on SQLite", () => depositOrdersSuite(stores, { orders: "all", serialisesTransactions: true }));
