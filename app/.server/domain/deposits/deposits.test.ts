import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { depositsSuite } from "./deposits.suite";

/** Deposit claims on the embedded store (SQLite) and blobs on disk. */
const stores = embeddedStoreAndBlobs("deposits");

describe("deposit claims on SQLite", () => depositsSuite(stores));
