import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { privacySuite } from "./privacy.suite";

/** Deleting an account on the embedded store (SQLite) and blobs on disk. */
const stores = embeddedStoreAndBlobs("privacy");

describe("deleting an account on SQLite", () => privacySuite(stores));
