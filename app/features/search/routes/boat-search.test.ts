import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner, fakePhoto } from "#tests/listing-fixtures";
import { createTestServices, loadContext, pageRequest, settle } from "#tests/test-services";
import { loader as aliasLoader } from "./boat-search-alias";
import { loader, meta } from "./boat-search";
import { loader as dockLoader } from "#app/features/search/routes/dock-search";
import { mapPointsOf } from "#app/features/listings/view";
import { withCursors } from "#app/features/search/components/search-results";

type Page = Awaited<ReturnType<typeof search>>;

let services: Services;
const ids: Record<string, string> = {};
let ownerUid = "";

beforeAll(async () => {
  services = await createTestServices();
  const owner = await createOwner(services, { displayName: "Javier Prueba" });
  ownerUid = owner.uid;
  const pro = await createOwner(services, { displayName: "Náutica Prueba", kind: "professional" });
  ids.palmaMotor = (await createBoat(services, owner.uid, { type: "motor", title: "Lancha Flyer en Palma", capacity: 6, dayPriceCents: 300_00, licence: "pnb" })).id;
  ids.palmaSail = (
    await createBoat(services, pro.uid, {
      type: "sail",
      title: "Velero Oceanis en Palma",
      capacity: 8,
      dayPriceCents: 450_00,
      licence: "per",
      skipper: { mode: "optional", dailyPriceCents: 150_00 },
      instantBooking: true,
    })
  ).id;
  ids.ibizaJetski = (
    await createBoat(services, owner.uid, { type: "jetski", title: "Moto de agua en Ibiza", portSlug: "marina-ibiza", capacity: 2, dayPriceCents: 120_00, licence: "none", instantBooking: true })
  ).id;
  ids.barcelonaMotor = (
    await createBoat(services, pro.uid, {
      type: "motor",
      title: "Yate Princess en Barcelona",
      portSlug: "port-vell-barcelona",
      capacity: 10,
      dayPriceCents: 800_00,
      licence: "patron-yate",
      skipper: { mode: "mandatory", dailyPriceCents: 200_00 },
    })
  ).id;
  ids.cambrilsFishing = (
    await createBoat(services, owner.uid, { type: "fishing", title: "Barco de pesca en Cambrils", city: { city: "Cambrils", lat: 41.066, lng: 1.06 }, capacity: 4, dayPriceCents: 200_00, licence: "licencia-navegacion" })
  ).id;
  ids.draft = (await createBoat(services, owner.uid, { title: "Borrador que nadie ve", status: "draft" })).id;
  ids.paused = (await createBoat(services, owner.uid, { title: "Barco en pausa que nadie ve", status: "paused" })).id;

  // 26 boats in Vigo, for paging (24 a page).
  await services.listings.importPublished(
    owner.uid,
    Array.from({ length: 26 }, (_, i) => ({
      kind: "boat" as const,
      photos: [fakePhoto(`vigo${i}`)],
      data: {
        type: "fishing",
        title: `Barco de pesca ${String(i + 1).padStart(2, "0")} en Vigo`,
        description: { es: "Barco de pesca en las Rías Baixas." },
        make: "Rodman",
        model: "Fisher 8",
        year: 2015,
        lengthM: 8,
        capacity: 5,
        cabins: 0,
        berths: 0,
        enginePowerHp: 150,
        fuel: "diesel",
        equipment: ["fish-finder"],
        homePort: { portSlug: "marina-rias-baixas-vigo" },
        dayPriceCents: 250_00 + i * 100,
        depositCents: 300_00,
        skipper: { mode: "none" },
        licence: "pnb",
        fuelPolicy: "included",
        instantBooking: false,
        cancellationPolicy: "flexible",
      },
    })),
  );
});
afterAll(() => services.close());

type Thrown = { init: ResponseInit; data: unknown };

async function search(path: string, context = loadContext(services)) {
  const result = (await loader({ request: pageRequest(path), params: {}, context })) as unknown as {
    data: Awaited<ReturnType<typeof loader>> extends { data: infer D } ? D : never;
    init: ResponseInit | null;
  };
  return { ...result.data, status: result.init?.status ?? 200 };
}

const titles = (page: Page) => page.results.cards.map((card) => card.title);
const idsOf = (page: Page) => page.results.cards.map((card) => card.id).sort();
const outsideVigo = (page: Page) => page.results.cards.filter((card) => !card.title?.includes("Vigo")).map((card) => card.id).sort();

describe("/alquiler-barco", () => {
  it("lists published boats only, as cards with photo, place, capacity, price and badges", async () => {
    const page = await search("/alquiler-barco");
    expect(page.status).toBe(200);
    expect(page.results.total).toBe(31);
    expect(page.results.totalLabel).toBe("31 barcos");
    expect(page.results.pageCount).toBe(2);
    const all = [...(await search("/alquiler-barco")).results.cards, ...(await search("/alquiler-barco?page=2")).results.cards];
    const allIds = all.map((card) => card.id);
    expect(allIds).not.toContain(ids.draft);
    expect(allIds).not.toContain(ids.paused);

    const sail = all.find((card) => card.id === ids.palmaSail)!;
    expect(sail).toMatchObject({
      kind: "boat",
      href: `/boat/${ids.palmaSail}`,
      title: "Velero Oceanis en Palma",
      boatType: "sail",
      capacity: 8,
      price: { cents: 450_00, unit: "day" },
      instantBooking: true,
      professional: true,
      place: { label: "Club de Mar, Palma" },
    });
    // A card carries what it draws (issue 47): the place's label and the map's coordinates, the
    // photo's folder and the widths a card offers (none past 1280), the placeholder on the first
    // row only.
    expect(Object.keys(sail.place).sort()).toEqual(["label", "lat", "lng"]);
    expect(sail.photo).toMatchObject({ folder: expect.stringMatching(/^fixtures\/photo\d+$/), widths: [320, 640, 1280], width: 1600, height: 1200 });
    expect(page.results.cards.map((card) => card.photo?.placeholder !== null)).toEqual(page.results.cards.map((_, i) => i < 3));
    expect(all.find((card) => card.id === ids.palmaMotor)).toMatchObject({ professional: false, instantBooking: false });
    // a boat based at a city of its own keeps its coordinates for the map
    expect(all.find((card) => card.id === ids.cambrilsFishing)?.place).toMatchObject({ label: "Cambrils", lat: 41.066, lng: 1.06 });
    // The map's markers are drawn from the cards: the page does not send them twice.
    expect(page).not.toHaveProperty("points");
    // the browser never receives the owner's uid
    expect(JSON.stringify(page)).not.toMatch(/ownerUid/);
  });

  it("changes the results with each filter", async () => {
    expect(outsideVigo(await search("/alquiler-barco?type=sail"))).toEqual([ids.palmaSail]);
    expect(outsideVigo(await search("/alquiler-barco?place=Palma"))).toEqual([ids.palmaMotor, ids.palmaSail].sort());
    expect(idsOf(await search("/alquiler-barco?place=Islas%20Baleares"))).toEqual([ids.palmaMotor, ids.palmaSail, ids.ibizaJetski].sort());
    expect(outsideVigo(await search("/alquiler-barco?people=8"))).toEqual([ids.palmaSail, ids.barcelonaMotor].sort());
    expect(outsideVigo(await search("/alquiler-barco?minPrice=400&maxPrice=900"))).toEqual([ids.palmaSail, ids.barcelonaMotor].sort());
    expect(idsOf(await search("/alquiler-barco?maxPrice=150"))).toEqual([ids.ibizaJetski]);
    // A water scooter always needs a licence (issue 49): the Licencia de Navegación takes it and the 6 m fishing boat.
    expect(idsOf(await search("/alquiler-barco?licence=none"))).toEqual([]);
    expect(idsOf(await search("/alquiler-barco?licence=licencia-navegacion"))).toEqual([ids.ibizaJetski, ids.cambrilsFishing].sort());
    expect(outsideVigo(await search("/alquiler-barco?skipper=with"))).toEqual([ids.palmaSail, ids.barcelonaMotor].sort());
    expect(idsOf(await search("/alquiler-barco?instantBooking=on"))).toEqual([ids.palmaSail, ids.ibizaJetski].sort());
    expect(idsOf(await search("/alquiler-barco?place=Palma&type=motor&people=4"))).toEqual([ids.palmaMotor]);

    const cheapest = await search("/alquiler-barco?sort=price-asc");
    expect(cheapest.results.cards.slice(0, 3).map((card) => card.price?.cents)).toEqual([120_00, 200_00, 250_00]);
    const dearest = await search("/alquiler-barco?sort=price-desc");
    expect(titles(dearest)[0]).toBe("Yate Princess en Barcelona");
  });

  it("searches by dates: a boat held on any chosen day is left out", async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const path = `/alquiler-barco?from=${day(40)}&to=${day(47)}&place=Palma`;
    const before = await search(path);
    expect(before.status).toBe(200);
    expect(idsOf(before)).toEqual([ids.palmaMotor, ids.palmaSail].sort());
    const block = await services.bookings.block(ownerUid, ids.palmaMotor, day(47), day(48));
    expect(idsOf(await search(path))).toEqual([ids.palmaSail]);
    // Days either side of the hold are free.
    expect(idsOf(await search(`/alquiler-barco?from=${day(49)}&place=Palma`))).toEqual([ids.palmaMotor, ids.palmaSail].sort());
    await services.bookings.unblock(ownerUid, block.id);
    expect(idsOf(await search(path))).toEqual([ids.palmaMotor, ids.palmaSail].sort());
  });

  it("pages through the results: 24 a page, with the total and the page count", async () => {
    const first = await search("/alquiler-barco?place=Vigo");
    expect(first.results).toMatchObject({ total: 26, page: 1, pageCount: 2 });
    expect(first.results.cards).toHaveLength(24);
    const second = await search("/alquiler-barco?place=Vigo&page=2&sort=price-asc");
    expect(second.results).toMatchObject({ total: 26, page: 2, pageCount: 2 });
    expect(titles(second)).toEqual(["Barco de pesca 25 en Vigo", "Barco de pesca 26 en Vigo"]);
    const beyond = await search("/alquiler-barco?place=Vigo&page=3");
    expect(beyond.status).toBe(200);
    expect(beyond.results).toMatchObject({ total: 26, page: 3, pageCount: 2 });
    expect(beyond.results.cards).toEqual([]);
    expect((await search("/en/alquiler-barco?place=Vigo&page=2")).meta.title).toBe("Boat rental in Spain and the Balearic Islands | Amarre · Page 2");
  });

  it("reads the owners of a page in one batch", async () => {
    const getMany = vi.spyOn(services.users, "getMany");
    const get = vi.spyOn(services.users, "get");
    const page = await search("/alquiler-barco", loadContext(services));
    expect(page.results.cards).toHaveLength(24);
    expect(getMany).toHaveBeenCalledTimes(1);
    expect(get).not.toHaveBeenCalled();
    getMany.mockRestore();
    get.mockRestore();
  });

  it("answers malformed queries with a translated 400 page, never a 500, searching with what is valid", async () => {
    const malformed = [
      "people=abc",
      "people=0",
      "people=2&people=3",
      "minPrice=-5",
      "minPrice=500&maxPrice=100",
      "type=yacht",
      "type[0]=motor",
      "sort=cheapest",
      "page=0",
      "page=999",
      "from=2026-13-45",
      "to=2026-07-01",
      "instantBooking=maybe",
      "licence=master",
      `place=${"x".repeat(200)}`,
      "__proto__[polluted]=1&people=x",
      "constructor.prototype.polluted=1&type=x",
    ];
    for (const query of malformed) {
      const page = await search(`/alquiler-barco?${query}`);
      expect(page.status, query).toBe(400);
      expect(page.invalid.length, query).toBeGreaterThan(0);
      expect(page.meta.noindex, query).toBe(true);
      expect(page.results.total, query).toBeGreaterThan(0);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const spanish = await search("/alquiler-barco?type=sail&people=abc");
    expect(idsOf(spanish)).toEqual([ids.palmaSail]);
    expect(spanish.invalid).toEqual([{ field: "people", label: "Personas", message: expect.any(String) }]);
    const english = await search("/en/alquiler-barco?type=sail&minPrice=500&maxPrice=100");
    expect(english.invalid).toEqual([{ field: "maxPrice", label: "Maximum price", message: "The minimum price cannot be higher than the maximum" }]);
    expect(idsOf(english)).toEqual([]);
    expect(spanish.invalid[0].message).not.toBe(english.invalid[0].message);
    // the form shows the same messages beside its fields
    expect(spanish.lastResult?.error).toMatchObject({ people: [spanish.invalid[0].message] });

    // tags: noindex on the 400 page
    const tags = meta({ data: spanish } as unknown as Parameters<typeof meta>[0]) ?? [];
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("has translated titles and descriptions per language", async () => {
    const [es, en, fr, de] = await Promise.all(["", "/en", "/fr", "/de"].map((prefix) => search(`${prefix}/alquiler-barco`)));
    expect(new Set([es.meta.title, en.meta.title, fr.meta.title, de.meta.title]).size).toBe(4);
    expect(en.results.totalLabel).toBe("31 boats");
    expect(de.results.totalLabel).toBe("31 Boote");
    const tags = meta({ data: en } as unknown as Parameters<typeof meta>[0]) ?? [];
    expect(tags).toContainEqual({ title: "Boat rental in Spain and the Balearic Islands | Amarre" });
    expect(tags).toContainEqual({ property: "og:title", content: "Boat rental in Spain and the Balearic Islands | Amarre" });
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });
});

describe("blank parameters", () => {
  it("redirect permanently to the same search without them, in its language, on every search page", async () => {
    const cases: Array<[string, string]> = [
      ["/alquiler-barco?type=&place=&from=&to=&people=", "/alquiler-barco"],
      ["/en/alquiler-barco?type=sail&place=&from=&to=&people=4", "/en/alquiler-barco?type=sail&people=4"],
      ["/alquiler-barco?place=Palma&type=motor&people=4&instantBooking=", "/alquiler-barco?place=Palma&type=motor&people=4"],
      ["/fr/alquiler-barco/barco-a-motor?place=Palma&from=", "/fr/alquiler-barco/barco-a-motor?place=Palma"],
      ["/motos-de-agua/seadoo?place=%20", "/motos-de-agua/seadoo"],
    ];
    for (const [from, to] of cases) {
      const response = (await settle(() => loader({ request: pageRequest(from), params: {}, context: loadContext(services) }))) as Response;
      expect(response.status, from).toBe(301);
      expect(response.headers.get("Location"), from).toBe(to);
    }
    const docks = (await settle(() => dockLoader({ request: pageRequest("/de/docks?kind=rent&place=&minLengthM="), params: {}, context: loadContext(services) }))) as Response;
    expect(docks.status).toBe(301);
    expect(docks.headers.get("Location")).toBe("/de/docks?kind=rent");
  });
});

describe("the chosen days and people", () => {
  it("follow into each boat's page: the cards and the map's markers link with them", async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const page = await search(`/alquiler-barco?place=Palma&from=${day(60)}&to=${day(62)}&people=4&sort=price-asc`);
    expect(page.results.cards.length).toBeGreaterThan(0);
    for (const card of page.results.cards) expect(card.href).toBe(`/boat/${card.id}?from=${day(60)}&to=${day(62)}&people=4`);
    for (const point of mapPointsOf(page.results.cards, () => "")) expect(point.href).toMatch(new RegExp(`^/boat/${point.id}\\?from=${day(60)}&to=${day(62)}&people=4$`));
    // Only what the search understood travels: not the place, the order, nor an invalid day.
    const invalid = await search(`/alquiler-barco?place=Palma&from=2026-13-45&people=2`);
    for (const card of invalid.results.cards) expect(card.href).toBe(`/boat/${card.id}?people=2`);
  });
});

describe("search pages with a preset type", () => {
  it("show only their type, with their own heading, text, title and description", async () => {
    const canonical = await search("/alquiler-barco");
    const motor = await search("/alquiler-barco/barco-a-motor");
    expect(motor.preset).toBe("motor");
    expect(motor.query.type).toBe("motor");
    expect(motor.pagePath).toBe("/alquiler-barco/barco-a-motor");
    expect(idsOf(motor)).toEqual([ids.palmaMotor, ids.barcelonaMotor].sort());
    expect(motor.copy.heading).toBe("Alquiler de barcos a motor");
    expect(motor.meta.title).not.toBe(canonical.meta.title);
    expect(motor.meta.description).not.toBe(canonical.meta.description);

    const sail = await search("/en/alquiler-barco/barco-a-vela?place=Palma");
    expect(idsOf(sail)).toEqual([ids.palmaSail]);
    expect(sail.copy.heading).toBe("Sailing boat rental");

    const jetski = await search("/fr/motos-de-agua/seadoo");
    expect(idsOf(jetski)).toEqual([ids.ibizaJetski]);
    expect(jetski.meta.title).toBe("Location de jet-skis | Amarre");
    // the preset type as a query parameter changes nothing
    expect(idsOf(await search("/motos-de-agua/seadoo?type=jetski"))).toEqual([ids.ibizaJetski]);
  });

  it("send another type (or any type) to the canonical search, keeping the other filters", async () => {
    const other = (await settle(() => loader({ request: pageRequest("/alquiler-barco/barco-a-vela?type=motor&people=4&page=2"), params: {}, context: loadContext(services) }))) as Response;
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toBe("/alquiler-barco?type=motor&people=4");
    const any = (await settle(() => loader({ request: pageRequest("/de/motos-de-agua/seadoo?type=&place=Ibiza"), params: {}, context: loadContext(services) }))) as Response;
    expect(any.headers.get("Location")).toBe("/de/alquiler-barco?place=Ibiza");
  });
});

describe("/boat, /boats and /BoatsRent", () => {
  it("redirect permanently to the canonical search in the same language, with the query", async () => {
    const cases: Array<[string, string]> = [
      ["/boat", "/alquiler-barco"],
      ["/boats?type=sail&people=4", "/alquiler-barco?type=sail&people=4"],
      ["/BoatsRent?place=Palma%20de%20Mallorca", "/alquiler-barco?place=Palma%20de%20Mallorca"],
      ["/en/boats?sort=price-asc", "/en/alquiler-barco?sort=price-asc"],
      ["/fr/BoatsRent", "/fr/alquiler-barco"],
      ["/de/boat?page=2", "/de/alquiler-barco?page=2"],
    ];
    for (const [from, to] of cases) {
      const response = await aliasLoader({ request: pageRequest(from), params: {}, context: loadContext(services) });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("Location"), from).toBe(to);
    }
  });
});

describe("the thrown shape", () => {
  it("is never a thrown error for any query", async () => {
    const result = await settle(() => loader({ request: pageRequest("/alquiler-barco?%zz=1&people=%E0%A4%A"), params: {}, context: loadContext(services) }));
    expect((result as unknown as Thrown).init?.status ?? 200).toBeLessThan(500);
  });
});

describe("page links' cursors (c=)", () => {
  it("opens page 2 from page 1's link as without it; a changed, foreign or huge token is ignored, never a 500", async () => {
    const first = await search("/alquiler-barco");
    const token = first.results.cursors?.next;
    expect(token).toMatch(/^1[A-Za-z0-9_-]+$/);
    // The link the pagination draws: the neighbour carries it, a page further or page 1 would not.
    const linkFor = withCursors((page) => `/alquiler-barco${page > 1 ? `?page=${page}` : ""}`, first.results);
    expect(linkFor(2)).toBe(`/alquiler-barco?page=2&c=${token}`);
    expect(withCursors((page) => `/x?page=${page}`, { page: 3, cursors: { previous: "1p", next: "1n" } })(5)).toBe("/x?page=5");
    const expected = idsOf(await search("/alquiler-barco?page=2"));
    const changed = token!.slice(0, -3) + (token!.endsWith("AAA") ? "BBB" : "AAA");
    const other = (await search("/alquiler-barco?sort=newest")).results.cursors!.next!;
    for (const c of [token!, changed, other, "x".repeat(5_000), "%00", "1"]) {
      services.listings.forgetSearch();
      const page = await search(`/alquiler-barco?page=2&c=${encodeURIComponent(c)}`);
      expect(page.status, c.slice(0, 20)).toBe(200);
      expect(idsOf(page), c.slice(0, 20)).toEqual(expected);
      expect(page.results.cursors?.previous ?? null).toBeNull();
    }
  });
});
