import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { handoverSuite } from "./handover.suite";

/** Check-in and check-out on the embedded store (SQLite) and blobs on disk. */
const stores = embeddedStoreAndBlobs("handover");

describe("check-in and check-out on SQLite", () => handoverSuite(stores));
