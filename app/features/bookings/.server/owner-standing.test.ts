import { afterAll, beforeAll, describe } from "vitest";
import type { Services } from "#app/.server/services";
import { createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { ownerStandingSuite } from "./owner-standing.contract";

/** The owner's standing through the booking actions on the embedded store (SQLite). */
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe("bookings: the owner's standing (SQLite)", () => {
  ownerStandingSuite(
    () => ({
      store: services.store,
      listings: services.listings,
      owner: async () => (await createOwner(services)).uid,
      boat: (ownerUid, instant) => publishBoat(services.listings, ownerUid, { instantBooking: instant }),
    }),
    { parallel: 12 },
  );
});
