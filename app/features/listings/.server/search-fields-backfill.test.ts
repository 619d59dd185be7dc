import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import type { TestServices } from "./test-fixtures";

describe("listings: the search fields added after listings were stored (decisions 056, 062)", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => services.close());

  it("are stored once on the listings without them, which people, city and region searches then find", async () => {
    const owner = await createOwner(services);
    const boat = await createBoat(services, owner.uid, { title: "Velero guardado antes de los asientos", portSlug: "marina-ibiza", capacity: 9 });
    // As stored before: no seats, city key nor region key.
    const { id, seats, cityKey, regionKey, ...before } = (await services.store.get<Record<string, unknown>>("listings", boat.id))!;
    expect({ seats, cityKey, regionKey }).toEqual({ seats: [1, 2, 3, 4, 5, 6, 7, 8, 9], cityKey: "city:ibiza", regionKey: "islas-baleares" });
    await services.store.set("listings", id, before);
    services.listings.forgetSearch();
    const found = async (query: Record<string, unknown>) => (await services.listings.search(query)).items.some((item) => item.id === boat.id);
    expect(await found({ people: 9 })).toBe(false);
    expect(await found({ place: "Islas Baleares" })).toBe(false);

    expect(await services.listings.backfillSearchFields()).toBe(1);
    expect(await found({ people: 9 })).toBe(true);
    expect(await found({ people: 10 })).toBe(false);
    expect(await found({ place: "Ibiza" })).toBe(true);
    expect(await found({ place: "Islas Baleares" })).toBe(true);
    // Done once per store: a second start reads the marker and stops.
    await services.store.set("listings", id, before);
    expect(await services.listings.backfillSearchFields()).toBe(0);
  });

  it("store which stays a boat prices at its day price (flatDays) on boats stored before, which dated searches by price then find", async () => {
    const owner = await createOwner(services);
    const boat = await createBoat(services, owner.uid, { title: "Lancha con temporada guardada antes", dayPriceCents: 95_00 });
    await services.listings.seasons.add(owner.uid, boat.id, { name: "Agosto", start: "2027-08-01", end: "2027-08-31", dayPriceCents: 700_00, percent: null });
    const { id, flatDays, ...before } = (await services.store.get<Record<string, unknown>>("listings", boat.id))!;
    expect(flatDays).toBe(0);
    await services.store.delete("migrations", "listing-search-fields-v2");
    await services.store.set("listings", id, before);
    services.listings.forgetSearch();
    const first = async () => (await services.listings.search({ from: "2027-08-03", to: "2027-08-04", sort: "price-desc" })).items[0]?.id;
    expect(await first()).not.toBe(boat.id);

    expect(await services.listings.backfillSearchFields()).toBe(1);
    expect(await first()).toBe(boat.id);
    expect(await services.listings.backfillSearchFields()).toBe(0);
  });
});
