import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecordedPayments } from "#app/.server/payments";
import { addDays, today } from "#app/utils/dates";
import { createBookingsService } from "./service";
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

describe("bookings: the owner's standing in search's relevance order (SQLite)", () => {
  it("of two boats alike, the one whose owner answers every request comes first; its owner's cancellation sends it back", async () => {
    const clock = { now: new Date("2027-09-06T08:00:00Z") };
    const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: createRecordedPayments(), now: () => clock.now });
    const [answering, silent] = [await createOwner(services), await createOwner(services)];
    // Alike but for a type no other boat of this store has (sorted by relevance, then newest: the silent owner's is newer).
    const alike = { type: "fishing", instantBooking: false };
    const first = await publishBoat(services.listings, answering.uid, alike);
    const second = await publishBoat(services.listings, silent.uid, alike);
    const order = async () => (await services.listings.search({ type: "fishing" })).items.map((l) => l.id);
    expect(await order()).toEqual([second.id, first.id]);

    for (let i = 0; i < 5; i++) {
      const request = await bookings.book({ uid: `search-renter-${i}`, lang: "es" }, first.id, { start: addDays(today(clock.now), 10 + i), end: addDays(today(clock.now), 10 + i), part: null, people: 2, withSkipper: false });
      await bookings.act(request.id, answering.uid, "owner", "accept");
    }
    expect(await order()).toEqual([first.id, second.id]);

    const confirmed = await bookings.book({ uid: "search-renter-9", lang: "es" }, first.id, { start: addDays(today(clock.now), 30), end: addDays(today(clock.now), 30), part: null, people: 2, withSkipper: false });
    await bookings.act(confirmed.id, answering.uid, "owner", "accept");
    for (const extra of [40, 41, 42]) {
      const booked = await bookings.book({ uid: `search-renter-${extra}`, lang: "es" }, first.id, { start: addDays(today(clock.now), extra), end: addDays(today(clock.now), extra), part: null, people: 2, withSkipper: false });
      await bookings.act(booked.id, answering.uid, "owner", "accept");
      await bookings.act(booked.id, answering.uid, "owner", "cancel");
    }
    expect(await order()).toEqual([second.id, first.id]);
  });
});
