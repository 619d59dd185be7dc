import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { claimsSuite } from "./claims.suite";

/** Whose a case is (visitors, signed links) on the embedded store (SQLite). */
const stores = embeddedStoreAndBlobs("case-claims");

describe("case claims on SQLite", () => claimsSuite(stores));
