import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { licencesSuite } from "./licences.suite";

/** Renters' licences on the embedded store (SQLite) and blobs on disk. */
const stores = embeddedStoreAndBlobs("licences");

describe("renters' licences on SQLite", () => licencesSuite(stores));
