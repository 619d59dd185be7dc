import { beforeAll, expect, it } from "vitest";
import { demoPorts } from "#app/.server/seed/ports";
import type { DocumentStore } from "#app/.server/store";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { isListingError, type Listing } from "./model";
import { isSeasonError, type SeasonInput } from "./seasons";
import { createListingsService, type ListingsService } from "./service";
import { publishBoat } from "./test-fixtures";

/**
 * A boat's seasons and weekend rule on one store (run on SQLite and on Firestore): kept on the
 * listing and read back as written; an overlap refused naming the other season, also when two
 * owners' tabs add overlapping seasons at the same moment (one transaction wins, the other is
 * refused); kept when the owner edits the listing's prices; someone else's boat is not found;
 * and a dated search filters and orders by the stay's price per day, an undated one by the base.
 */
export function seasonsSuite(ports: () => { store: DocumentStore }) {
  let listings: ListingsService;
  let boat: Listing;
  let cheap: Listing;
  let dear: Listing;
  const high: SeasonInput = { name: "Temporada alta", start: "2027-07-01", end: "2027-08-31", dayPriceCents: null, percent: 50 };

  beforeAll(async () => {
    const { store } = ports();
    const users = createUsersService(store);
    const portsService = createPortsService(store);
    listings = createListingsService({ store, users, ports: portsService });
    for (const port of demoPorts) await portsService.save(port);
    await users.create({ uid: "owner-s", email: "owner-s@amarre.test", displayName: "Armadora Temporadas", kind: "person" });
    await users.setLessor("owner-s", { legalName: "Armadora Temporadas", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    boat = await publishBoat(listings, "owner-s", { dayPriceCents: 90_00, halfDayPriceCents: 60_00, title: "Llaüt de temporada" });
    cheap = await publishBoat(listings, "owner-s", { dayPriceCents: 100_00, halfDayPriceCents: 60_00, title: "Lancha sin temporadas" });
    dear = await publishBoat(listings, "owner-s", { dayPriceCents: 130_00, halfDayPriceCents: 60_00, title: "Lancha cara" });
  }, 120_000);

  it("keeps the seasons on the listing as written; edits, removes and the weekend rule read back the same", async () => {
    await listings.seasons.add("owner-s", boat.id, high);
    await listings.seasons.add("owner-s", boat.id, { name: "Baja", start: "2027-01-10", end: "2027-03-31", dayPriceCents: 70_00, percent: null });
    await listings.seasons.setWeekend("owner-s", boat.id, { days: [7, 6, 5], dayPriceCents: null, percent: 20 });
    let stored = await listings.get(boat.id);
    expect(stored?.pricing).toEqual({
      seasons: [
        { id: "s2", name: "Baja", start: "2027-01-10", end: "2027-03-31", dayPriceCents: 70_00, percent: null },
        { id: "s1", name: "Temporada alta", start: "2027-07-01", end: "2027-08-31", dayPriceCents: null, percent: 50 },
      ],
      weekend: { days: [5, 6, 7], dayPriceCents: null, percent: 20 },
    });
    await listings.seasons.edit("owner-s", boat.id, "s2", { name: "Baja", start: "2027-01-10", end: "2027-04-15", dayPriceCents: 75_00, percent: null });
    // The owner's listing form changes the base price: the seasons stay.
    await listings.saveStep("owner-s", boat.id, "pricing", { dayPriceCents: 90_00, halfDayPriceCents: 60_00, depositCents: 400_00, skipper: { mode: "none" } });
    stored = await listings.get(boat.id);
    expect(stored?.pricing?.seasons.map((s) => [s.id, s.end, s.dayPriceCents])).toEqual([["s2", "2027-04-15", 75_00], ["s1", "2027-08-31", null]]);
    await listings.seasons.remove("owner-s", boat.id, "s2");
    expect((await listings.get(boat.id))?.pricing?.seasons.map((s) => s.id)).toEqual(["s1"]);
  }, 60_000);

  it("refuses an overlap naming the other season, and someone else's boat as not found", async () => {
    const clash = await listings.seasons.add("owner-s", boat.id, { ...high, name: "Agosto", start: "2027-08-31", end: "2027-09-10" }).catch((e: unknown) => e);
    expect(isSeasonError(clash) && clash.code === "overlap" && clash.clash).toBe("Temporada alta");
    const stranger = await listings.seasons.add("someone-else", boat.id, { ...high, start: "2028-07-01", end: "2028-07-31" }).catch((e: unknown) => e);
    expect(isListingError(stranger, "not-found")).toBe(true);
    const invalid = await listings.seasons.add("owner-s", boat.id, { ...high, start: "2028-07-31", end: "2028-07-01", dayPriceCents: 100_00 }).catch((e: unknown) => e);
    expect(isSeasonError(invalid) && invalid.fields).toEqual({ end: "before-start", price: "both" });
  });

  it("two overlapping seasons added at the same moment: one is kept, the other refused", async () => {
    const results = await Promise.allSettled([
      listings.seasons.add("owner-s", cheap.id, { ...high, name: "Julio" }),
      listings.seasons.add("owner-s", cheap.id, { ...high, name: "Verano", start: "2027-07-15", end: "2027-09-15" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(isSeasonError(refused.reason) && refused.reason.code).toBe("overlap");
    expect((await listings.get(cheap.id))?.pricing?.seasons).toHaveLength(1);
    await listings.seasons.remove("owner-s", cheap.id, (await listings.get(cheap.id))!.pricing!.seasons[0]!.id);
  }, 60_000);

  it("a dated search filters and orders by the stay's price per day; an undated one by the base", async () => {
    listings.forgetSearch();
    const titles = async (query: Record<string, unknown>) => (await listings.search(query)).items.filter((l) => [boat.id, cheap.id, dear.id].includes(l.id)).map((l) => l.id);
    // Without dates: 90, 100, 130 €.
    expect(await titles({ sort: "price-asc" })).toEqual([boat.id, cheap.id, dear.id]);
    // A Monday to Wednesday in July: the season's +50 % makes the first one 135 € a day.
    const july = { from: "2027-07-05", to: "2027-07-07" };
    expect(await titles({ ...july, sort: "price-asc" })).toEqual([cheap.id, dear.id, boat.id]);
    expect(await titles({ ...july, sort: "price-desc" })).toEqual([boat.id, dear.id, cheap.id]);
    expect(await titles({ ...july, minPrice: 131 })).toEqual([boat.id]);
    expect(await titles({ ...july, maxPrice: 120, sort: "price-asc" })).toEqual([cheap.id]);
    // Across the season's last day (Tue 31 Aug at 135 €, Wed 1 Sep at 90 €): 112.50 € a day.
    expect(await titles({ from: "2027-08-31", to: "2027-09-01", minPrice: 112, maxPrice: 113 })).toEqual([boat.id]);
    expect(await titles({ minPrice: 131 })).toEqual([]);
  }, 60_000);
}
