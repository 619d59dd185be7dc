import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { demoPorts } from "#app/.server/seed/ports";
import type { DocumentStore } from "#app/.server/store";
import { countingStore, measureStoreUse } from "#app/.server/store/counting";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { LISTINGS, type Listing, type ListingRecord } from "./model";
import { stayDayAverage } from "./search-day-prices";
import { boatSortOrders, comparatorFor } from "./search-filters";
import { createListingsService, type ListingsService } from "./service";
import { boat, photos } from "./test-fixtures";

/**
 * A search with dates and a price filter or order is exact for every boat (decision 062), on one
 * store (run on SQLite and on Firestore): against 40 boats — some with a high season, a cheap
 * season, a weekend rule, a weekly price or a mandatory skipper — and two taken on some days, any search (days across
 * a season's edge, 1–9 days long, any order, a price range, a type, people, pages 1–3) finds the
 * boats a reading of every boat finds: the stay's price per day in range, ordered by it (or by the
 * search's order), the same total.
 */
const OWNER = "owner-dated";
const FIRST_DAY = Date.parse("2027-06-24T00:00:00Z");
const day = (offset: number) => new Date(FIRST_DAY + offset * 86_400_000).toISOString().slice(0, 10);

/** The i-th boat's data: prices 100–210 €, two in four with a weekly price worth 5 or 6 days, one in nine with a mandatory skipper. */
function dataOf(i: number): Record<string, unknown> {
  const dayPriceCents = 100_00 + ((i * 37) % 23) * 5_00;
  const week = i % 4 === 1 ? dayPriceCents * 5 : i % 4 === 2 ? dayPriceCents * 6 + 50 : undefined;
  const skipper = i % 9 === 7 ? { mode: "mandatory", dailyPriceCents: 120_00 } : { mode: "optional", dailyPriceCents: 150_00 };
  const steps = boat({ type: i % 3 === 0 ? "sail" : "motor", title: `Barco por días ${i}`, capacity: 4 + (i % 6), dayPriceCents, halfDayPriceCents: undefined, skipper, ...(week ? { weekPriceCents: week } : {}) });
  return Object.assign({}, ...Object.values(steps)) as Record<string, unknown>;
}

export function datedSearchSuite(ports: () => { store: DocumentStore }) {
  let listings: ListingsService;
  let store: DocumentStore;
  let boats: Listing[];
  /** Taken from 1 to 3 July: one boat with a season and one without. */
  let taken: string[];

  beforeAll(async () => {
    store = ports().store;
    const users = createUsersService(store);
    const portsService = createPortsService(store);
    // Counting reads as Firestore bills them, in the scopes that measure (`measureStoreUse`).
    listings = createListingsService({ store: countingStore(store), users, ports: portsService });
    for (const port of demoPorts) await portsService.save(port);
    await users.create({ uid: OWNER, email: "dated@amarre.test", displayName: "Armadora por días", kind: "professional" });
    await users.setLessor(OWNER, { legalName: "Armadora por días", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    const ids = await listings.importPublished(
      OWNER,
      Array.from({ length: 40 }, (_, i) => ({ kind: "boat" as const, data: dataOf(i), photos: photos(`d${i}`, 1 + (i % 3)) })),
    );
    for (const [i, id] of ids.entries()) {
      if (i % 5 === 0) await listings.seasons.add(OWNER, id, { name: "Julio", start: "2027-07-01", end: "2027-07-31", dayPriceCents: null, percent: 40 });
      if (i % 7 === 6) await listings.seasons.add(OWNER, id, { name: "Junio", start: "2027-06-20", end: "2027-06-30", dayPriceCents: 80_00, percent: null });
      if (i % 5 === 3) await listings.seasons.setWeekend(OWNER, id, { days: [5, 6, 7], dayPriceCents: null, percent: 25 });
    }
    taken = [ids[5]!, ids[4]!];
    listings.useAvailability({ busy: async (from, to) => new Set(from <= "2027-07-03" && to >= "2027-07-01" ? taken : []) });
    boats = (await store.query<ListingRecord>({ collection: LISTINGS, where: [["kind", "==", "boat"]] })) as Listing[];
  }, 120_000);

  it("stores which stays each boat prices at its day price (flatDays)", () => {
    const flat = (i: number) => boats.find((b) => (b.data as { title?: string }).title === `Barco por días ${i}`)!.flatDays;
    // A season, a weekend rule, a mandatory skipper: none; a week at 5 day prices: up to 4 days; at 6 and a bit: 6; no week: every stay.
    expect([flat(0), flat(3), flat(7), flat(1), flat(2), flat(4)]).toEqual([0, 0, 0, 4, 6, 7]);
  });

  it("finds what a reading of every boat finds, for any dated search by price", async () => {
    const query = fc.record(
      {
        start: fc.integer({ min: 0, max: 14 }),
        days: fc.integer({ min: 1, max: 9 }),
        sort: fc.constantFrom("relevance", "price-asc", "price-desc", "newest"),
        minPrice: fc.option(fc.integer({ min: 90, max: 220 }), { nil: undefined }),
        span: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
        type: fc.option(fc.constantFrom("motor", "sail"), { nil: undefined }),
        people: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
        page: fc.integer({ min: 1, max: 3 }),
      },
      { requiredKeys: ["start", "days", "sort", "page"] },
    );
    await fc.assert(
      fc.asyncProperty(query, async ({ start, days, sort, minPrice, span, type, people, page }) => {
        const maxPrice = span === undefined ? undefined : (minPrice ?? 90) + span;
        if (minPrice === undefined && maxPrice === undefined && !sort.startsWith("price")) return;
        const from = day(start);
        const to = day(start + days - 1);
        const found = await listings.search({ from, to, sort, minPrice, maxPrice, type, people, page });

        const busy = from <= "2027-07-03" && to >= "2027-07-01" ? new Set(taken) : new Set<string>();
        const average = (listing: Listing) => stayDayAverage(listing, from, days);
        const matches = boats.filter((listing) => {
          const value = average(listing);
          if (busy.has(listing.id) || (type && listing.type !== type) || (people && !listing.seats?.includes(people))) return false;
          return (minPrice === undefined || (value !== null && value >= minPrice * 100)) && (maxPrice === undefined || (value !== null && value <= maxPrice * 100));
        });
        const direction = sort === "price-desc" ? -1 : 1;
        const byStay = (a: Listing, b: Listing) => direction * (average(a)! - average(b)! || (a.id < b.id ? -1 : 1));
        matches.sort(sort.startsWith("price") ? byStay : comparatorFor(boatSortOrders[sort as "relevance"]));
        const expected = matches.slice((page - 1) * 24, page * 24).map((listing) => listing.id);
        expect({ total: found.total, exact: found.totalIsExact, ids: found.items.map((item) => item.id) }).toEqual({ total: matches.length, exact: true, ids: expected });
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it("remembers the merged order: the same page again, and the next, read their listings by id", async () => {
    listings.forgetSearch();
    const query = { from: "2027-07-02", to: "2027-07-02", sort: "price-asc" };
    const first = await measureStoreUse(() => listings.search({ ...query, page: 1 }));
    const again = await measureStoreUse(() => listings.search({ ...query, page: 1 }));
    const second = await measureStoreUse(() => listings.search({ ...query, page: 2 }));
    expect(first.result.items).toHaveLength(24);
    expect(again.result.items.map((l) => l.id)).toEqual(first.result.items.map((l) => l.id));
    expect([again.counts.reads, second.counts.reads]).toEqual([24, second.result.items.length]);
    expect(first.counts.reads).toBeGreaterThan(24);
  });

  it("a change of season moves the boat at once", async () => {
    const boat = boats.find((b) => (b.data as { title?: string }).title === "Barco por días 4")!;
    const search = async () => (await listings.search({ from: "2027-07-06", to: "2027-07-07", sort: "price-desc" })).items.map((item) => item.id);
    expect((await search())[0]).not.toBe(boat.id);
    await listings.seasons.add(OWNER, boat.id, { name: "Regata", start: "2027-07-06", end: "2027-07-08", dayPriceCents: 900_00, percent: null });
    expect((await search())[0]).toBe(boat.id);
  });
}
