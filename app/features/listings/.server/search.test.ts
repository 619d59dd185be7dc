import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import type { DocumentStore, Query } from "#app/.server/store";
import type { SqliteStore } from "#app/.server/store/sqlite";
import { createListingsService, placeKeysFor, SEARCH_CANDIDATE_LIMIT, SEARCH_COUNT_TTL_MS, type Listing, type ListingsService } from "#app/features/listings/.server";
import { photos, recordingStore, ownerUid, boat, publishBoat, publishDock, failure, tick, expectCode, issuePaths, expectIndexed, type TestServices } from "./test-fixtures";

describe("listings: search", () => {
  let services: TestServices;
  let listings: ListingsService;
  let recorded: Query[];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    services = await createTestServices();
    const recording = recordingStore(services.store);
    recorded = recording.queries;
    listings = createListingsService({ store: recording.store, users: services.users, ports: services.ports });
    const owner = await ownerUid(services, "owner@amarre.test");
    const pro = await ownerUid(services, "pro@amarre.test");
    const boats: Array<[string, string, Record<string, unknown>]> = [
      ["palmaMotor", owner, { type: "motor", capacity: 8, dayPriceCents: 45_000, halfDayPriceCents: 30_000, licence: "pnb", skipper: { mode: "optional", dailyPriceCents: 15_000 }, instantBooking: true }],
      ["palmaSail", owner, { type: "sail", title: "Velero en el Club de Mar", capacity: 10, dayPriceCents: 60_000, licence: "per", skipper: { mode: "mandatory", dailyPriceCents: 18_000 }, instantBooking: false }],
      ["ibizaJetski", pro, { type: "jetski", title: "Moto de agua en Ibiza", homePort: { portSlug: "marina-ibiza" }, capacity: 2, dayPriceCents: 25_000, halfDayPriceCents: 16_000, licence: "licencia-navegacion", skipper: { mode: "none" }, instantBooking: true }],
      ["mahonFishing", pro, { type: "fishing", title: "Barco de pesca en Mahón", homePort: { portSlug: "puerto-mahon" }, capacity: 5, dayPriceCents: 14_000, halfDayPriceCents: 9_000, licence: "none", skipper: { mode: "none" }, instantBooking: true }],
      ["portVellMotor", pro, { type: "motor", title: "Yate con patrón en Port Vell", homePort: { portSlug: "port-vell-barcelona" }, capacity: 12, dayPriceCents: 150_000, halfDayPriceCents: undefined, licence: "per", skipper: { mode: "mandatory", dailyPriceCents: 22_000 }, instantBooking: false }],
      ["sollerSail", owner, { type: "sail", title: "Velero en Sóller", homePort: { city: "Sóller", lat: 39.7958, lng: 2.6913 }, capacity: 6, dayPriceCents: 38_000, licence: "pnb", skipper: { mode: "optional", dailyPriceCents: 16_000 }, instantBooking: false }],
      ["malagaMotor", pro, { type: "motor", title: "Barco sin licencia en Málaga", homePort: { portSlug: "puerto-malaga" }, capacity: 4, dayPriceCents: 20_000, halfDayPriceCents: 12_000, licence: "none", skipper: { mode: "none" }, instantBooking: true }],
      ["olimpicSail", pro, { type: "sail", title: "Velero en Port Olímpic", homePort: { portSlug: "port-olimpic-barcelona" }, capacity: 8, dayPriceCents: 52_000, licence: "per", skipper: { mode: "optional", dailyPriceCents: 17_000 }, instantBooking: true }],
    ];
    for (const [key, uid, overrides] of boats) {
      ids[key] = (await publishBoat(listings, uid, overrides, photos(key, key === "palmaSail" ? 10 : 2))).id;
      await tick();
    }
    // Not in search: a paused boat, a draft and an archived boat, all in Palma.
    ids.paused = (await publishBoat(listings, owner, { title: "Lancha en pausa en Palma" })).id;
    await listings.pause(owner, ids.paused);
    ids.draft = (await listings.createDraft(owner, "boat", "motor")).id;
    await listings.saveStep(owner, ids.draft, "location", { homePort: { portSlug: "club-de-mar-palma" } });
    ids.archived = (await publishBoat(listings, owner, { title: "Lancha archivada en Palma" })).id;
    await listings.archive(owner, ids.archived);
    // Docks.
    ids.banusSale = (await publishDock(listings, pro)).id;
    await tick();
    ids.valenciaRent = (await publishDock(listings, pro, { kind: "rent", portSlug: "marina-valencia", berthNumber: "V-112", maxLengthM: 8, maxBeamM: 3, depthM: 3, monthlyPriceCents: 45_000, availableFrom: "2027-01-01" })).id;
    await tick();
    ids.malagaRent = (await publishDock(listings, pro, { kind: "rent", portSlug: "puerto-malaga", berthNumber: "M1-33", maxLengthM: 9, maxBeamM: 3.2, depthM: 3.5, dailyPriceCents: 2_800, availableFrom: "2027-01-01" })).id;
    await tick();
    ids.cadizDry = (await publishDock(listings, pro, { kind: "rent", portSlug: "puerto-america-cadiz", berthNumber: "Varadero 7", berthType: "dry", maxLengthM: 7, maxBeamM: 2.6, depthM: 0, monthlyPriceCents: 21_000, availableFrom: "2027-01-01" })).id;
  });
  afterAll(async () => services.close());

  const names = (items: Listing[]) => items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? item.id);
  const found = async (query: Record<string, unknown>) => names((await listings.search(query)).items).sort();
  const foundDocks = async (query: Record<string, unknown>) => names((await listings.searchDocks(query)).items);

  it("finds every published boat, and only those", async () => {
    const all = await listings.search();
    expect(all).toMatchObject({ total: 8, totalIsExact: true, page: 1, pageCount: 1, pageSize: 24 });
    expect(names(all.items).sort()).toEqual(["ibizaJetski", "mahonFishing", "malagaMotor", "olimpicSail", "palmaMotor", "palmaSail", "portVellMotor", "sollerSail"]);
  });

  it("filters by type", async () => {
    expect(await found({ type: "sail" })).toEqual(["olimpicSail", "palmaSail", "sollerSail"]);
    expect(await found({ type: "jetski" })).toEqual(["ibizaJetski"]);
  });

  it("filters by place: a port (slug or name), a city, a region, a custom city", async () => {
    expect(await found({ place: "port-vell-barcelona" })).toEqual(["portVellMotor"]);
    expect(await found({ place: "Port Vell" })).toEqual(["portVellMotor"]);
    expect(await found({ place: "barcelona" })).toEqual(["olimpicSail", "portVellMotor"]);
    expect(await found({ place: "Palma" })).toEqual(["palmaMotor", "palmaSail"]);
    expect(await found({ place: "Islas Baleares" })).toEqual(["ibizaJetski", "mahonFishing", "palmaMotor", "palmaSail"]);
    expect(await found({ place: "Baleares" })).toEqual(["ibizaJetski", "mahonFishing", "palmaMotor", "palmaSail"]);
    expect(await found({ place: "Mahon" })).toEqual(["mahonFishing"]);
    expect(await found({ place: "Soller" })).toEqual(["sollerSail"]);
    expect(await found({ place: "Andalucía" })).toEqual(["malagaMotor"]);
    // A region as each language names it.
    expect(await found({ place: "Balearic Islands" })).toEqual(["ibizaJetski", "mahonFishing", "palmaMotor", "palmaSail"]);
    expect(await found({ place: "Îles Baléares" })).toEqual(["ibizaJetski", "mahonFishing", "palmaMotor", "palmaSail"]);
    expect(await found({ place: "Balearen" })).toEqual(["ibizaJetski", "mahonFishing", "palmaMotor", "palmaSail"]);
    expect(await found({ place: "Katalonien" })).toEqual(["olimpicSail", "portVellMotor"]);
    expect(await found({ place: "Andalousie" })).toEqual(["malagaMotor"]);
    expect(await found({ place: "Atlántida" })).toEqual([]);
    expect(await found({ place: "  " })).toHaveLength(8);
  });

  it("filters by people, price range, licence, skipper and instant booking", async () => {
    expect(await found({ people: 10 })).toEqual(["palmaSail", "portVellMotor"]);
    expect(await found({ people: 13 })).toEqual([]);
    expect(await found({ minPrice: 300, maxPrice: 600 })).toEqual(["olimpicSail", "palmaMotor", "palmaSail", "sollerSail"]);
    expect(await found({ minPrice: 1000 })).toEqual(["portVellMotor"]);
    expect(await found({ maxPrice: 200 })).toEqual(["mahonFishing", "malagaMotor"]);
    expect(await found({ licence: "none" })).toEqual(["mahonFishing", "malagaMotor"]);
    expect(await found({ licence: "pnb" })).toEqual(["ibizaJetski", "mahonFishing", "malagaMotor", "palmaMotor", "sollerSail"]);
    expect(await found({ licence: "capitan-yate" })).toHaveLength(8);
    expect(await found({ skipper: "with" })).toEqual(["olimpicSail", "palmaMotor", "palmaSail", "portVellMotor", "sollerSail"]);
    expect(await found({ skipper: "without" })).toEqual(["ibizaJetski", "mahonFishing", "malagaMotor", "olimpicSail", "palmaMotor", "sollerSail"]);
    expect(await found({ instantBooking: true })).toEqual(["ibizaJetski", "mahonFishing", "malagaMotor", "olimpicSail", "palmaMotor"]);
    expect(await found({ instantBooking: false })).toHaveLength(8);
  });

  it("combines filters", async () => {
    const result = await listings.search({ type: "motor", people: 4, licence: "pnb", instantBooking: true, sort: "price-asc" });
    expect(names(result.items)).toEqual(["malagaMotor", "palmaMotor"]);
    expect(result).toMatchObject({ total: 2, totalIsExact: true });
    expect(await found({ place: "Islas Baleares", people: 5, skipper: "without", maxPrice: 500 })).toEqual(["mahonFishing", "palmaMotor"]);
    expect(await found({ place: "Barcelona", type: "sail", minPrice: 500, licence: "per" })).toEqual(["olimpicSail"]);
    expect(await found({ type: "jetski", people: 3 })).toEqual([]);
  });

  it("validates dates (without a booking engine attached, every boat is free)", async () => {
    expect(await found({ from: "2027-07-01", to: "2027-07-08", people: 10 })).toEqual(["palmaSail", "portVellMotor"]);
    const bad = await failure(listings.search({ from: "2027-07-08", to: "2027-07-01" }));
    expect(bad.code).toBe("invalid-input");
    expect(bad.issues).toEqual([expect.objectContaining({ path: ["to"], params: { i18n: "dateRange" } })]);
    expect(issuePaths(await failure(listings.search({ to: "2027-07-01" })))).toEqual(["from"]);
    expect(issuePaths(await failure(listings.search({ people: 0, sort: "cheapest", page: 0 })))).toEqual(["page", "people", "sort"]);
  });

  it("sorts by price, newest, rating (newest while there are no reviews) and relevance", async () => {
    const prices = async (sort: string) => (await listings.search({ sort })).items.map((item) => item.dayPriceCents);
    expect(await prices("price-asc")).toEqual([14_000, 20_000, 25_000, 38_000, 45_000, 52_000, 60_000, 150_000]);
    expect(await prices("price-desc")).toEqual([150_000, 60_000, 52_000, 45_000, 38_000, 25_000, 20_000, 14_000]);
    const newest = names((await listings.search({ sort: "newest" })).items);
    expect(newest).toEqual(["olimpicSail", "malagaMotor", "sollerSail", "portVellMotor", "mahonFishing", "ibizaJetski", "palmaSail", "palmaMotor"]);
    expect(names((await listings.search({ sort: "rating" })).items)).toEqual(newest);
    const relevance = (await listings.search({})).items;
    expect(names(relevance)[0]).toBe("palmaSail"); // ten photos
    for (let i = 1; i < relevance.length; i++) {
      const [a, b] = [relevance[i - 1], relevance[i]];
      expect(a.relevance > b.relevance || (a.relevance === b.relevance && a.publishedAt! >= b.publishedAt!)).toBe(true);
    }
    // With an in-memory filter, the order is the same.
    expect((await listings.search({ people: 5, sort: "price-desc" })).items.map((item) => item.dayPriceCents)).toEqual([150_000, 60_000, 52_000, 45_000, 38_000, 14_000]);
    expect(names((await listings.search({ people: 5, sort: "newest" })).items)).toEqual(newest.filter((name) => !["malagaMotor", "ibizaJetski"].includes(name)));
  });

  it("searches docks: sale or rent, place, minimum length, beam and depth, price, sorted", async () => {
    expect(await foundDocks({})).toEqual(["cadizDry", "malagaRent", "valenciaRent", "banusSale"]);
    expect(await foundDocks({ kind: "rent" })).toEqual(["cadizDry", "malagaRent", "valenciaRent"]);
    expect(await foundDocks({ kind: "sale" })).toEqual(["banusSale"]);
    expect(await foundDocks({ place: "Andalucía" })).toEqual(["cadizDry", "malagaRent", "banusSale"]);
    expect(await foundDocks({ place: "puerto-malaga" })).toEqual(["malagaRent"]);
    expect(await foundDocks({ minLengthM: 9 })).toEqual(["malagaRent", "banusSale"]);
    expect(await foundDocks({ minBeamM: 3.1 })).toEqual(["malagaRent", "banusSale"]);
    expect(await foundDocks({ minDepthM: 3.5 })).toEqual(["malagaRent", "banusSale"]);
    expect(await foundDocks({ minDepthM: 0.5, kind: "rent" })).toEqual(["malagaRent", "valenciaRent"]);
    // Rent is compared by the month (28 €/day counts as 840 €/month).
    expect(await foundDocks({ kind: "rent", maxPrice: 500 })).toEqual(["cadizDry", "valenciaRent"]);
    expect(await foundDocks({ sort: "price-asc" })).toEqual(["cadizDry", "valenciaRent", "malagaRent", "banusSale"]);
    expect(await foundDocks({ sort: "price-desc", kind: "rent", minLengthM: 8 })).toEqual(["malagaRent", "valenciaRent"]);
    expect(await foundDocks({ minPrice: 100_000 })).toEqual(["banusSale"]);
    expect(await listings.searchDocks({ kind: "rent" })).toMatchObject({ total: 3, totalIsExact: true, pageCount: 1 });
    expect((await listings.search({})).items.every((item) => item.kind === "boat")).toBe(true);
    await expectCode(listings.searchDocks({ kind: "swap" }), "invalid-input");
  });

  it("sends only queries that a declared composite index serves, on both adapters", () => {
    expect(recorded.filter((q) => q.collection === "listings").length).toBeGreaterThan(50);
    expectIndexed(recorded, services.store as SqliteStore);
  });

  it("resolves places to keys", async () => {
    const ports = await services.ports.list();
    expect(placeKeysFor("Barcelona", ports).sort()).toEqual(["city:barcelona", "port:port-olimpic-barcelona", "port:port-vell-barcelona"]);
    expect(placeKeysFor("Puerto Banús", ports)).toEqual(["port:puerto-banus-marbella"]);
    expect(placeKeysFor("galicia", ports).sort()).toEqual(["city:vigo", "port:marina-rias-baixas-vigo"]);
    expect(placeKeysFor("Estepona", ports)).toEqual(["city:estepona"]);
    expect(placeKeysFor("!!", ports)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe("listings: pagination", () => {
  let services: TestServices;
  let listings: ListingsService;
  const BIG = SEARCH_CANDIDATE_LIMIT + 92; // 1,100 boats in Vigo

  beforeAll(async () => {
    services = await createTestServices();
    ({ listings } = services);
    const owner = await ownerUid(services, "owner@amarre.test");
    const complete = (overrides: Record<string, unknown>) => Object.assign({}, ...Object.values(boat(overrides))) as Record<string, unknown>;
    // 60 boats in Cádiz with distinct prices.
    await listings.importPublished(
      owner,
      Array.from({ length: 60 }, (_, i) => ({
        kind: "boat" as const,
        data: complete({ title: `Lancha de prueba en Cádiz ${i}`, homePort: { portSlug: "puerto-america-cadiz" }, dayPriceCents: 10_000 + i * 500, halfDayPriceCents: undefined, capacity: 2 + (i % 10) }),
        photos: photos(`c${i}`, 1),
      })),
    );
    // 1,100 in Vigo: more than a search reads; 30 of them take 12 people, one in ten is instant.
    for (let batch = 0; batch < BIG; batch += 500) {
      await listings.importPublished(
        owner,
        Array.from({ length: Math.min(500, BIG - batch) }, (_, j) => {
          const i = batch + j;
          return {
            kind: "boat" as const,
            data: complete({
              title: `Lancha de prueba en Vigo ${i}`,
              homePort: { portSlug: "marina-rias-baixas-vigo" },
              dayPriceCents: 10_000 + i * 100,
              halfDayPriceCents: undefined,
              capacity: i % 37 === 0 ? 12 : 2 + (i % 8),
              instantBooking: i % 10 === 0,
            }),
            photos: photos(`v${i}`, 1),
          };
        }),
      );
    }
  });
  afterAll(async () => services.close());

  it("pages 24 at a time with a count-based total, every result once and in order", async () => {
    const first = await listings.search({ place: "Cádiz", sort: "price-asc" });
    expect(first).toMatchObject({ total: 60, totalIsExact: true, page: 1, pageCount: 3 });
    const pages = [first, await listings.search({ place: "Cádiz", sort: "price-asc", page: 2 }), await listings.search({ place: "Cádiz", sort: "price-asc", page: 3 })];
    expect(pages.map((p) => p.items.length)).toEqual([24, 24, 12]);
    const prices = pages.flatMap((p) => p.items.map((item) => item.dayPriceCents));
    expect(prices).toEqual(Array.from({ length: 60 }, (_, i) => 10_000 + i * 500));
    const past = await listings.search({ place: "Cádiz", sort: "price-asc", page: 4 });
    expect(past).toMatchObject({ items: [], total: 60, pageCount: 3, page: 4 });
  });

  it("pages the same way when filters run in memory", async () => {
    const query = { place: "Cádiz", people: 7, sort: "price-desc" } as const;
    const first = await listings.search(query);
    expect(first).toMatchObject({ total: 30, totalIsExact: true, pageCount: 2 });
    const second = await listings.search({ ...query, page: 2 });
    const all = [...first.items, ...second.items];
    expect(all).toHaveLength(30);
    expect(new Set(all.map((item) => item.id)).size).toBe(30);
    expect(all.every((item) => item.capacity! >= 7)).toBe(true);
    const prices = all.map((item) => item.dayPriceCents!);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("stops paging at 42 pages and says when the total is bounded", async () => {
    const vigo = await listings.search({ place: "Vigo", sort: "price-asc" });
    expect(vigo).toMatchObject({ total: SEARCH_CANDIDATE_LIMIT, totalIsExact: false, pageCount: 42 });
    const last = await listings.search({ place: "Vigo", sort: "price-asc", page: 42 });
    expect(last.items.map((item) => item.dayPriceCents)).toEqual(Array.from({ length: 24 }, (_, i) => 10_000 + (41 * 24 + i) * 100));
    await expectCode(listings.search({ place: "Vigo", page: 43 }), "invalid-input");
    // An in-memory filter over a broad place: right order, bounded total.
    const instant = await listings.search({ place: "Vigo", instantBooking: true, sort: "price-asc" });
    expect(instant.totalIsExact).toBe(false);
    expect(instant.items.every((item) => item.instantBooking)).toBe(true);
    expect(instant.items[0].dayPriceCents).toBe(10_000);
  });

  it("runs the most selective filter in the store when the requested order is too broad", async () => {
    // Capacity 12 is rare: the capacity-ordered query is small, so the result is exact.
    const large = await listings.search({ place: "Vigo", people: 12, sort: "price-desc" });
    const expected = Array.from({ length: BIG }, (_, i) => i)
      .filter((i) => i % 37 === 0)
      .map((i) => 10_000 + i * 100)
      .reverse();
    expect(large).toMatchObject({ total: expected.length, totalIsExact: true, pageCount: 2 });
    const second = await listings.search({ place: "Vigo", people: 12, sort: "price-desc", page: 2 });
    expect([...large.items, ...second.items].map((item) => item.dayPriceCents)).toEqual(expected);
    // A narrow price range too.
    const band = await listings.search({ place: "Vigo", minPrice: 200, maxPrice: 210, people: 3, sort: "newest" });
    expect(band.totalIsExact).toBe(true);
    expect(band.items.every((item) => item.dayPriceCents! >= 20_000 && item.dayPriceCents! <= 21_000 && item.capacity! >= 3)).toBe(true);
    expect(band.total).toBe(Array.from({ length: 11 }, (_, k) => 100 + k).filter((i) => (i % 37 === 0 ? 12 : 2 + (i % 8)) >= 3).length);
  });
});

// ---------------------------------------------------------------------------------------------

describe("listings: search totals", () => {
  it("reuses a count for a while, and forgets it when a listing is written through the service", async () => {
    let clock = 1_000_000;
    const services = await createTestServices();
    try {
      const counting = { count: 0 };
      const store = new Proxy(services.store, {
        get(target, property) {
          if (property === "count") counting.count++;
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }) as DocumentStore;
      const listings = createListingsService({ store, users: services.users, ports: services.ports, now: () => clock });
      await listings.search({});
      await listings.search({});
      expect(counting.count).toBe(1);
      clock += SEARCH_COUNT_TTL_MS + 1;
      await listings.search({});
      expect(counting.count).toBe(2);
      await listings.createDraft("someone", "boat", "motor");
      await listings.search({});
      expect(counting.count).toBe(3);
    } finally {
      await services.close();
    }
  });

  it("leaves out taken boats in the store's order: exact totals, full pages, the next page read on", async () => {
    const services = await createTestServices();
    try {
      const owner = await createOwner(services);
      const boats = [];
      // In two ports whose names say "Marina": a partial name, one query per place key, merged.
      const ports = ["puerto-alicante", "marina-valencia"];
      for (let i = 0; i < 30; i++) boats.push(await createBoat(services, owner.uid, { title: `Libre o no ${i}`, portSlug: ports[i % 2], dayPriceCents: 10_000 + i * 100 }));
      const elsewhere = await createBoat(services, owner.uid, { title: "Ocupada en otro puerto", portSlug: "puerto-malaga" });
      const taken = new Set([boats[0].id, boats[5].id, boats[24].id, elsewhere.id]);
      services.listings.useAvailability({ busy: async () => taken });
      const query = { place: "Marina", from: "2027-07-01", sort: "price-asc" } as const;
      const first = await services.listings.search(query);
      expect(first).toMatchObject({ total: 27, totalIsExact: true, pageCount: 2 });
      const second = await services.listings.search({ ...query, page: 2 });
      const shown = [...first.items, ...second.items].map((item) => item.id);
      expect(shown).toEqual(boats.filter((boat) => !taken.has(boat.id)).map((boat) => boat.id));
      expect(second.items).toHaveLength(3);
    } finally {
      await services.close();
    }
  });

  it("remembers what a filtered search found, reads each page's listings fresh and forgets on writes", async () => {
    let clock = 1_000_000;
    const services = await createTestServices();
    try {
      const reads = { query: 0, getMany: 0 };
      const store = new Proxy(services.store, {
        get(target, property) {
          if (property === "query") reads.query++;
          if (property === "getMany") reads.getMany++;
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }) as DocumentStore;
      const listings = createListingsService({ store, users: services.users, ports: services.ports, now: () => clock });
      const owner = await createOwner(services);
      const boats = [];
      for (let i = 0; i < 30; i++) boats.push(await createBoat(services, owner.uid, { title: `Con patrón ${i}`, skipper: { mode: "mandatory", dailyPriceCents: 100_00 }, dayPriceCents: 10_000 + i * 100 }));
      await createBoat(services, owner.uid, { title: "Sin patrón", skipper: { mode: "none" } });
      const query = { skipper: "with", sort: "price-asc" } as const;

      const first = await listings.search(query);
      expect(first.total).toBe(30);
      const queriesForFirst = reads.query;
      const second = await listings.search({ ...query, page: 2 });
      expect(reads.query).toBe(queriesForFirst); // the matches were remembered: no candidate scan
      expect(second.items.map((boat) => boat.data.title)).toEqual(boats.slice(24).map((boat) => boat.data.title));
      expect(second.total).toBe(30);

      // Another server unpublished one: it is not shown, even from the remembered matches.
      await services.store.update("listings", boats[25].id, { status: "paused" });
      expect((await listings.search({ ...query, page: 2 })).items.map((boat) => boat.id)).not.toContain(boats[25].id);

      // A write through this service forgets them, and so does time.
      await listings.pause(owner.uid, boats[0].id);
      expect((await listings.search(query)).total).toBe(28);
      const before = reads.query;
      clock += SEARCH_COUNT_TTL_MS + 1;
      await listings.search(query);
      expect(reads.query).toBeGreaterThan(before);
    } finally {
      await services.close();
    }
  });
});

