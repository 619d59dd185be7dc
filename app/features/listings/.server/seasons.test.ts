import { describe } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { seasonsSuite } from "./seasons.suite";

/** A boat's seasons and weekend rule on the embedded store (SQLite). */
const stores = embeddedStoreAndBlobs("seasons");

describe("seasons and weekends on SQLite", () => seasonsSuite(stores));
