import { afterAll, beforeAll, describe } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import { moneySuite } from "./money.contract";

/** Every money path of a booking on the embedded store (SQLite). */
let services: Services;
let ownerUid = "";

beforeAll(async () => {
  services = await createTestServices();
  ownerUid = (await createOwner(services, { displayName: "Armador Dinero" })).uid;
});
afterAll(() => services.close());

describe("booking money on SQLite", () => {
  moneySuite(() => ({
    store: services.store,
    listings: services.listings,
    ownerUid,
    boat: ({ instant }) => createBoat(services, ownerUid, { instantBooking: instant, dayPriceCents: 450_00 }),
  }));
});
