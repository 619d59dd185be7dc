import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { blogSuite } from "./blog.suite";

/** The blog on the embedded store (SQLite) and blobs on disk. */
const stores = embeddedStoreAndBlobs("blog");

describe("blog on SQLite", () => blogSuite(stores));
