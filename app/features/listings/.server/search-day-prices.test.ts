import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import { DATED_PRICE_CANDIDATES } from "./search-day-prices";

/**
 * Where a dated search stops pricing by the stay (decisions 055, 056): with at most
 * DATED_PRICE_CANDIDATES boats left by the store's filters the order is the stay's price per day;
 * with more, the day price in the store, as without dates (reads stay bounded).
 */
let services: Services;
let seasonal: string;
beforeAll(async () => {
  services = await createTestServices();
  const owner = await createOwner(services);
  // One boat at 90 € that costs 135 € a day in July, and enough sail boats at 100–148 € to pass the bound.
  seasonal = (await createBoat(services, owner.uid, { type: "fishing", dayPriceCents: 90_00 })).id;
  await services.listings.seasons.add(owner.uid, seasonal, { name: "Julio", start: "2027-07-01", end: "2027-07-31", dayPriceCents: null, percent: 50 });
  for (let i = 0; i < DATED_PRICE_CANDIDATES; i++) await createBoat(services, owner.uid, { type: i < 2 ? "fishing" : "sail", dayPriceCents: 100_00 + i * 100 });
}, 120_000);
afterAll(async () => services.close());

const july = { from: "2027-07-05", to: "2027-07-07", sort: "price-asc" };

describe("a dated search's price per day, bounded", () => {
  it("few candidates: ordered by the stay's price (135 € after 100 and 101 €)", async () => {
    const found = await services.listings.search({ ...july, type: "fishing" });
    expect(found.items.map((l) => l.id).indexOf(seasonal)).toBe(2);
    expect((await services.listings.search({ ...july, type: "fishing", minPrice: 130 })).items.map((l) => l.id)).toEqual([seasonal]);
  });

  it("more than the bound: the day price in the store, as without dates", async () => {
    const found = await services.listings.search(july);
    expect(found.total).toBe(DATED_PRICE_CANDIDATES + 1);
    expect(found.items[0]?.id).toBe(seasonal);
  });
});
