import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoatTypeId } from "#app/features/search/boat-search";
import { createBoat, createDock } from "#tests/listing-fixtures";
import { findCloudFirestoreEmulator, startCloudFirestoreEmulator, type FirestoreEmulator } from "#tests/firestore-emulator";
import type { Services } from "#app/.server/services";
import { demoPorts } from "#app/.server/seed/ports";
import type { DocumentStore } from "#app/.server/store";
import { createStore } from "#app/.server/store/create-store";
import { createListingsService, type ListingsService } from "#app/features/listings/.server";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";

/**
 * The same listings in both stores — SQLite and Firestore (Google's emulator) — must give the
 * same search results: filters, place, sorting, pagination and totals. The in-process
 * emulator ignores cursors and mis-orders mixed numbers, so this runs only where Google's
 * emulator is installed (it is on this project's machines).
 */
const cloud = findCloudFirestoreEmulator();

type Backend = { name: string; store: DocumentStore; listings: ListingsService };

async function prepare(name: string, store: DocumentStore): Promise<Backend> {
  const users = createUsersService(store);
  const ports = createPortsService(store);
  const listings = createListingsService({ store, users, ports });
  for (const port of demoPorts) await ports.save(port);
  const owners = ["owner-a", "owner-b"];
  for (const uid of owners) {
    await users.create({ uid, email: `${uid}@amarre.test`, displayName: `Armadora ${uid}`, kind: "person" });
    await users.setLessor(uid, {
      legalName: `Armadora ${uid}`,
      idDocument: "12345678Z",
      phone: "+34 600 000 000",
      address: "Passeig Marítim 1, 07014 Palma",
      iban: "ES9121000418450200051332",
    });
  }
  const services = { listings } as unknown as Services;
  const types: BoatTypeId[] = ["motor", "sail", "fishing", "jetski"];
  const portSlugs = ["club-de-mar-palma", "marina-ibiza", "port-vell-barcelona", "puerto-banus-marbella", "marina-denia"];
  // Boats taken on the searched days (the booking engine's answer, the same boats in both stores).
  const taken = new Set<string>();
  listings.useAvailability({ busy: async () => taken });
  for (let i = 0; i < 40; i++) {
    const boat = await createBoat(services, owners[i % 2]!, {
      type: types[i % 4],
      title: `Barco de paridad ${String(i).padStart(2, "0")}`,
      portSlug: portSlugs[i % portSlugs.length],
      capacity: 2 + (i % 9),
      dayPriceCents: 100_00 + ((i * 37) % 20) * 25_00,
      instantBooking: i % 3 === 0,
      licence: (["none", "licencia-navegacion", "pnb", "per"] as const)[i % 4],
      skipper: i % 5 === 0 ? { mode: "optional", dailyPriceCents: 150_00 } : { mode: "none" },
      status: i % 13 === 7 ? "paused" : "published",
    });
    if (i % 6 === 1) taken.add(boat.id);
  }
  for (let i = 0; i < 8; i++) {
    await createDock(services, owners[i % 2]!, { kind: i % 2 === 0 ? "sale" : "rent", portSlug: portSlugs[i % portSlugs.length] });
  }
  return { name, store, listings };
}

describe.skipIf(!cloud)("listings search: the same results on SQLite and Firestore", () => {
  let emulator: FirestoreEmulator;
  let dataDir: string;
  let sqlite: Backend;
  let firestore: Backend;

  beforeAll(async () => {
    emulator = await startCloudFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-parity-"));
    [sqlite, firestore] = await Promise.all([
      createStore({ backend: "embedded", dataDir }).then((store) => prepare("sqlite", store)),
      createStore({ backend: "firebase", projectId: "demo-amarre-parity" }).then((store) => prepare("firestore", store)),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([sqlite?.store.close(), firestore?.store.close()]);
    await emulator?.stop();
    delete process.env.FIRESTORE_EMULATOR_HOST;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const boatQueries: Array<Record<string, unknown>> = [
    {},
    { page: 2 },
    { type: "sail" },
    { place: "Palma" },
    { place: "Islas Baleares", sort: "price-asc" },
    { people: 6, sort: "price-desc" },
    { minPrice: 150, maxPrice: 400, sort: "price-asc" },
    { licence: "pnb", skipper: "without" },
    { instantBooking: true, sort: "newest" },
    { type: "motor", place: "Barcelona", people: 3 },
    { skipper: "with", sort: "rating" },
    // People in every order, a region and a city as one query, dates leaving out taken boats,
    // the next page read on from the last (decision 056).
    { people: 4 },
    { people: 4, page: 2 },
    { people: 5, sort: "newest" },
    { place: "Islas Baleares", people: 3, sort: "rating" },
    { place: "Barcelona", type: "sail", sort: "price-desc" },
    { from: "2027-07-01", to: "2027-07-02" },
    { from: "2027-07-01", to: "2027-07-02", page: 2 },
    { from: "2027-07-01", place: "Palma", people: 4, sort: "price-asc" },
    { from: "2027-07-01", licence: "pnb" },
  ];

  it.each(boatQueries)("boats %j", async (query) => {
    const [a, b] = await Promise.all([sqlite.listings.search(query), firestore.listings.search(query)]);
    const titles = (page: typeof a) => page.items.map((item) => item.data.title);
    if (typeof query.sort === "string" && query.sort.startsWith("price")) {
      // Equal prices tie-break on document ids, which each store draws at random: compare the
      // order of prices and the set of boats.
      const prices = (page: typeof a) => page.items.map((item) => item.data.dayPriceCents);
      expect(prices(b)).toEqual(prices(a));
      expect(titles(b).sort()).toEqual(titles(a).sort());
    } else {
      expect(titles(b)).toEqual(titles(a));
    }
    expect({ total: b.total, exact: b.totalIsExact, pages: b.pageCount }).toEqual({ total: a.total, exact: a.totalIsExact, pages: a.pageCount });
    expect(a.items.every((item) => item.status === "published")).toBe(true);
  });

  it.each([{}, { kind: "rent" }, { kind: "sale", sort: "price-desc" }, { place: "Palma" }])("docks %j", async (query) => {
    const [a, b] = await Promise.all([sqlite.listings.searchDocks(query), firestore.listings.searchDocks(query)]);
    expect(b.items.map((item) => item.id.length > 0 && item.data.kind)).toEqual(a.items.map((item) => item.id.length > 0 && item.data.kind));
    expect(b.total).toBe(a.total);
  });

  it("lists the same published refs for the sitemap", async () => {
    const [a, b] = await Promise.all([sqlite.listings.publishedRefs(), firestore.listings.publishedRefs()]);
    expect(b.length).toBe(a.length);
    expect(a.length).toBe(40 - 3 + 8); // three boats are paused
  });
});
