import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices } from "#tests/test-services";
import type { Query } from "#app/.server/store";
import type { SqliteStore } from "#app/.server/store/sqlite";
import { createListingsService, distanceKm, nearestPorts, type BoatListing, type ListingsService } from "#app/features/listings/.server";
import { expectIndexed, ownerUid, photos, publishBoat, recordingStore, tick, type TestServices } from "./test-fixtures";

describe("listings: similar boats nearby", () => {
  let services: TestServices;
  let listings: ListingsService;
  let recorded: Query[];
  const ids: Record<string, string> = {};
  const boats: Record<string, BoatListing> = {};

  beforeAll(async () => {
    services = await createTestServices();
    const recording = recordingStore(services.store);
    recorded = recording.queries;
    listings = createListingsService({ store: recording.store, users: services.users, ports: services.ports });
    const owner = await ownerUid(services, "owner@amarre.test");
    const pro = await ownerUid(services, "pro@amarre.test");
    const setup: Array<[string, string, Record<string, unknown>]> = [
      ["palma", owner, { type: "motor", title: "Lancha en Palma" }],
      ["palmaOther", pro, { type: "motor", title: "Otra lancha en Palma" }],
      ["palmaSail", pro, { type: "sail", title: "Velero en Palma" }],
      ["ibiza", pro, { type: "motor", title: "Lancha en Ibiza", homePort: { portSlug: "marina-ibiza" } }],
      ["mahon", pro, { type: "motor", title: "Lancha en Mahón", homePort: { portSlug: "puerto-mahon" } }],
      ["malaga", pro, { type: "motor", title: "Lancha en Málaga", homePort: { portSlug: "puerto-malaga" } }],
      ["barcelona", pro, { type: "motor", title: "Lancha en Port Vell", homePort: { portSlug: "port-vell-barcelona" } }],
      ["olimpic", pro, { type: "motor", title: "Lancha en Port Olímpic", homePort: { portSlug: "port-olimpic-barcelona" } }],
      ["paused", owner, { type: "motor", title: "Lancha en pausa en Palma" }],
    ];
    for (const [key, uid, overrides] of setup) {
      const listing = await publishBoat(listings, uid, overrides, photos(key, 1));
      ids[key] = listing.id;
      boats[key] = listing as BoatListing;
      await tick();
    }
    await listings.pause(owner, ids.paused);
  });
  afterAll(async () => services.close());

  const names = (items: BoatListing[]) => items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? item.id);

  it("finds the same type at the same port first, then at the nearest ports, closest first; never itself, paused boats or other types", async () => {
    recorded.length = 0;
    // Palma → Ibiza ≈ 126 km, Mahón ≈ 143 km; Barcelona (≈ 200 km) and Málaga are not nearby.
    expect(names(await listings.similarBoats(boats.palma))).toEqual(["palmaOther", "ibiza", "mahon"]);
    expectIndexed(recorded, services.store as SqliteStore);
  });

  it("stops at the limit, keeping the closest", async () => {
    expect(names(await listings.similarBoats(boats.palma, 2))).toEqual(["palmaOther", "ibiza"]);
    expect(names(await listings.similarBoats(boats.palma, 1))).toEqual(["palmaOther"]);
  });

  it("looks at the other ports of the same city as the nearest", async () => {
    expect(names(await listings.similarBoats(boats.barcelona))).toEqual(["olimpic"]);
  });

  it("has none for a boat alone of its type around", async () => {
    expect(await listings.similarBoats(boats.palmaSail)).toEqual([]);
    expect(await listings.similarBoats(boats.malaga)).toEqual([]);
  });

  it("measures distances and orders nearby ports by them", async () => {
    const ports = await services.ports.list();
    const palma = ports.find((port) => port.slug === "club-de-mar-palma")!;
    expect(distanceKm(palma, palma)).toBe(0);
    expect(Math.round(distanceKm(palma, ports.find((port) => port.slug === "marina-ibiza")!))).toBeGreaterThan(100);
    expect(nearestPorts(palma, ports, palma.slug, 3, 150).map((port) => port.slug)).toEqual(["marina-ibiza", "puerto-mahon"]);
    expect(nearestPorts(palma, ports, palma.slug, 1, 150).map((port) => port.slug)).toEqual(["marina-ibiza"]);
  });
});
