import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { createTestServices, loadContext, pageRequest } from "#tests/test-services";
import { loader, meta } from "./dock-search";

let services: Services;
const ids: Record<string, string> = {};

beforeAll(async () => {
  services = await createTestServices();
  const owner = await createOwner(services, { displayName: "Amarres de Prueba" });
  const marina = await createOwner(services, { displayName: "Marina Profesional", kind: "professional" });
  ids.bcnSale = (await createDock(services, owner.uid, { kind: "sale", portSlug: "port-vell-barcelona", maxLengthM: 12, maxBeamM: 4, depthM: 3, priceCents: 90_000_00 })).id;
  ids.bcnRent = (await createDock(services, marina.uid, { kind: "rent", portSlug: "port-olimpic-barcelona", maxLengthM: 15, maxBeamM: 5, depthM: 4, monthlyPriceCents: 1_200_00 })).id;
  ids.banusSale = (await createDock(services, owner.uid, { kind: "sale", portSlug: "puerto-banus-marbella", maxLengthM: 25, maxBeamM: 7, depthM: 5, priceCents: 450_000_00 })).id;
  ids.palmaRent = (await createDock(services, marina.uid, { kind: "rent", portSlug: "club-de-mar-palma", maxLengthM: 8, maxBeamM: 3, depthM: 2.5, monthlyPriceCents: 600_00 })).id;
  ids.draft = (await createDock(services, owner.uid, { status: "draft" })).id;
  ids.paused = (await createDock(services, owner.uid, { status: "paused" })).id;
  await createBoat(services, owner.uid, { title: "Un barco, no un amarre" });
});
afterAll(() => services.close());

async function search(path: string) {
  const result = (await loader({ request: pageRequest(path), params: {}, context: loadContext(services) })) as unknown as {
    data: Awaited<ReturnType<typeof loader>> extends { data: infer D } ? D : never;
    init: ResponseInit | null;
  };
  return { ...result.data, status: result.init?.status ?? 200 };
}
const idsOf = (page: Awaited<ReturnType<typeof search>>) => page.results.cards.map((card) => card.id).sort();

describe("/docks", () => {
  it("lists published docks only, as cards", async () => {
    const page = await search("/docks");
    expect(page.status).toBe(200);
    expect(idsOf(page)).toEqual([ids.bcnSale, ids.bcnRent, ids.banusSale, ids.palmaRent].sort());
    expect(page.results.totalLabel).toBe("4 amarres");
    const rent = page.results.cards.find((card) => card.id === ids.bcnRent)!;
    expect(rent).toMatchObject({
      kind: "dock",
      href: `/dock/${ids.bcnRent}`,
      dockKind: "rent",
      berthType: "finger",
      maxLengthM: 15,
      maxBeamM: 5,
      depthM: 4,
      price: { cents: 1_200_00, unit: "month" },
      professional: true,
      place: { label: "Port Olímpic, Barcelona", portName: "Port Olímpic" },
    });
    expect(rent.photo).toMatchObject({ folder: expect.stringMatching(/^fixtures\/photo\d+$/), widths: expect.arrayContaining([320]) });
    expect(page.results.cards.find((card) => card.id === ids.banusSale)?.price).toEqual({ cents: 450_000_00, unit: "total" });
    expect(page.points).toHaveLength(4);
    expect(page.points.find((point) => point.id === ids.bcnRent)?.title).toMatch(/^Amarre con finger en Port Olímpic · n\.º B-\d+$/);
  });

  it("filters by sale or rent, place, minimum length, beam and depth, and price; and sorts", async () => {
    expect(idsOf(await search("/docks?kind=sale"))).toEqual([ids.bcnSale, ids.banusSale].sort());
    expect(idsOf(await search("/docks?kind=rent"))).toEqual([ids.bcnRent, ids.palmaRent].sort());
    expect(idsOf(await search("/docks?place=Barcelona"))).toEqual([ids.bcnSale, ids.bcnRent].sort());
    expect(idsOf(await search("/docks?minLengthM=14"))).toEqual([ids.bcnRent, ids.banusSale].sort());
    expect(idsOf(await search("/docks?minBeamM=4.5"))).toEqual([ids.bcnRent, ids.banusSale].sort());
    expect(idsOf(await search("/docks?minDepthM=4.5"))).toEqual([ids.banusSale]);
    expect(idsOf(await search("/docks?kind=rent&maxPrice=1000"))).toEqual([ids.palmaRent]);
    expect(idsOf(await search("/docks?kind=sale&minPrice=100000"))).toEqual([ids.banusSale]);
    const cheapest = await search("/docks?sort=price-asc");
    expect(cheapest.results.cards.map((card) => card.id)).toEqual([ids.palmaRent, ids.bcnRent, ids.bcnSale, ids.banusSale]);
    const rentTitle = await search("/en/docks?kind=rent");
    expect(rentTitle.copy.heading).toBe("Berth rental");
    expect(rentTitle.meta.title).toBe("Berth rental | Amarre");
  });

  it("answers malformed queries with a translated 400 page, never a 500", async () => {
    for (const query of ["kind=buy", "minLengthM=long", "minDepthM=-1", "minBeamM=1000", "minPrice=9&maxPrice=1", "sort=oldest", "page=abc", "kind.x=sale"]) {
      const page = await search(`/docks?${query}`);
      expect(page.status, query).toBe(400);
      expect(page.invalid.length, query).toBeGreaterThan(0);
      expect(page.results.total, query).toBeGreaterThan(0);
    }
    const french = await search("/fr/docks?kind=sale&minLengthM=long");
    expect(idsOf(french)).toEqual([ids.bcnSale, ids.banusSale].sort());
    expect(french.invalid).toEqual([{ field: "minLengthM", label: "Longueur minimale", message: expect.any(String) }]);
    const tags = meta({ data: french } as unknown as Parameters<typeof meta>[0]) ?? [];
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});
