import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { datedSearchSuite } from "./search-dated.suite";

/** A dated search by price, exact for every boat, on the embedded store (SQLite). */
const stores = embeddedStoreAndBlobs("search-dated");

describe("dated searches by price on SQLite", () => datedSearchSuite(stores));
