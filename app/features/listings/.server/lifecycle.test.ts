import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, createTestUser } from "#tests/test-services";
import { seedDemoData } from "#app/.server/seed";
import { seedBenchListings } from "#app/.server/seed/bench";
import { listingsSeedStep, seedDemoListings } from "#app/.server/seed/listings";
import type { Query } from "#app/.server/store";
import type { SqliteStore } from "#app/.server/store/sqlite";
import { createListingsService, type Listing, type ListingsService } from "#app/features/listings/.server";
import { photo, photos, recordingStore, ownerUid, boat, dock, publishBoat, failure, tick, expectCode, issuePaths, expectIndexed, type TestServices } from "./test-fixtures";

describe("listings: drafts, steps, ownership and publishing", () => {
  let services: TestServices;
  let listings: ListingsService;
  let owner: string;
  let stranger: string;

  let recorded: Query[];

  beforeAll(async () => {
    services = await createTestServices();
    const recording = recordingStore(services.store);
    recorded = recording.queries;
    listings = createListingsService({ store: recording.store, users: services.users, ports: services.ports });
    owner = await ownerUid(services, "owner@amarre.test");
    stranger = (await createTestUser(services, { displayName: "Sin Perfil" })).uid;
  });
  afterAll(async () => services.close());

  it("creates drafts of boats (with or without a type) and docks", async () => {
    const motor = await listings.createDraft(owner, "boat", "motor");
    expect(motor).toMatchObject({ kind: "boat", ownerUid: owner, status: "draft", data: { type: "motor" }, photos: [], type: "motor", publishedAt: null, rating: null });
    expect(motor.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await listings.get(motor.id)).toEqual(motor);
    expect((await listings.createDraft(owner, "boat")).data).toEqual({});
    expect(await listings.createDraft(owner, "dock", "rent")).toMatchObject({ kind: "dock", data: { kind: "rent" }, docKind: "rent", type: null });
    await expectCode(listings.createDraft(owner, "boat", "rent"), "invalid-input");
    await expectCode(listings.createDraft(owner, "dock", "motor"), "invalid-input");
  });

  it("validates each boat step: empty and malformed input are refused, good input is saved", async () => {
    const draft = await listings.createDraft(owner, "boat", "motor");
    const good = boat();
    const cases: Array<{ step: keyof typeof good; malformed: unknown; emptyPaths: string[]; badPaths: string[] }> = [
      { step: "basics", malformed: { type: "submarine", title: "x", description: { es: " " } }, emptyPaths: ["description", "title", "type"], badPaths: ["description", "title", "type"] },
      {
        step: "specs",
        malformed: { ...good.specs, year: 1800, capacity: 0, fuel: "coal" },
        emptyPaths: ["berths", "cabins", "capacity", "enginePowerHp", "fuel", "lengthM", "make", "model", "year"],
        badPaths: ["capacity", "fuel", "year"],
      },
      { step: "location", malformed: { homePort: { city: "Sóller" } }, emptyPaths: ["homePort"], badPaths: ["homePort.lat", "homePort.lng"] },
      {
        step: "pricing",
        malformed: { ...good.pricing, halfDayPriceCents: 30_000 },
        emptyPaths: ["dayPriceCents", "depositCents", "skipper"],
        badPaths: ["halfDayPriceCents"],
      },
      { step: "conditions", malformed: { ...good.conditions, licence: "car" }, emptyPaths: ["cancellationPolicy", "fuelPolicy", "licence"], badPaths: ["licence"] },
    ];
    for (const { step, malformed, emptyPaths, badPaths } of cases) {
      const empty = await failure(listings.saveStep(owner, draft.id, step, {}));
      expect(empty.code, step).toBe("invalid-input");
      expect(issuePaths(empty), step).toEqual(emptyPaths);
      expect(issuePaths(await failure(listings.saveStep(owner, draft.id, step, malformed))), step).toEqual(badPaths);
      await listings.saveStep(owner, draft.id, step, good[step]);
    }
    const saved = (await listings.get(draft.id))!;
    expect(saved.data).toEqual({ ...good.basics, ...good.specs, ...good.location, ...good.pricing, ...good.conditions, equipment: ["bimini", "swim-ladder"] });
    expect(saved).toMatchObject({
      type: "motor",
      portSlug: "club-de-mar-palma",
      city: "Palma",
      region: "Islas Baleares",
      placeKey: "port:club-de-mar-palma",
      lat: 39.5593,
      capacity: 7,
      dayPriceCents: 26_000,
      licence: "licencia-navegacion",
      skipperMode: "optional",
      instantBooking: true,
      docKind: null,
      priceCents: null,
    });
    expect(saved.updatedAt >= saved.createdAt).toBe(true);
    await expectCode(listings.saveStep(owner, draft.id, "features" as "basics", good.basics), "invalid-input");
  });

  it("refuses an unknown port and places a boat at a city with coordinates", async () => {
    const draft = await listings.createDraft(owner, "boat", "sail");
    const unknown = await failure(listings.saveStep(owner, draft.id, "location", { homePort: { portSlug: "puerto-de-atlantida" } }));
    expect(unknown.code).toBe("invalid-input");
    expect(unknown.issues).toEqual([expect.objectContaining({ path: ["homePort", "portSlug"], params: { i18n: "listing.unknownPort" } })]);
    const soller = await listings.saveStep(owner, draft.id, "location", { homePort: { city: "Sóller", lat: 39.7958, lng: 2.6913 } });
    expect(soller).toMatchObject({ portSlug: null, city: "Sóller", region: null, placeKey: "city:soller", lat: 39.7958, lng: 2.6913 });
    // A custom place in a port's city takes that port's region.
    const palma = await listings.saveStep(owner, draft.id, "location", { homePort: { city: "Palma", lat: 39.57, lng: 2.65 } });
    expect(palma).toMatchObject({ portSlug: null, city: "Palma", region: "Islas Baleares", placeKey: "city:palma" });
  });

  it("replaces a step's fields as a whole and drops fields of another boat type", async () => {
    const steps = boat({ type: "jetski", weekPriceCents: 150_000 });
    const draft = await listings.createDraft(owner, "boat", "jetski");
    await listings.saveStep(owner, draft.id, "basics", steps.basics);
    const missingHour = await failure(listings.saveStep(owner, draft.id, "pricing", { ...steps.pricing, hourPriceCents: undefined }));
    expect(issuePaths(missingHour)).toEqual(["hourPriceCents"]);
    await listings.saveStep(owner, draft.id, "pricing", steps.pricing);
    await listings.saveStep(owner, draft.id, "conditions", steps.conditions);
    const { halfDayPriceCents: _half, weekPriceCents: _week, ...fewer } = steps.pricing;
    const replaced = await listings.saveStep(owner, draft.id, "pricing", fewer);
    expect(replaced.data).not.toHaveProperty("halfDayPriceCents");
    expect(replaced.data).not.toHaveProperty("weekPriceCents");
    expect(replaced.data).toMatchObject({ hourPriceCents: 9_000, minimumAge: 18 });
    const motor = await listings.saveStep(owner, draft.id, "basics", { ...steps.basics, type: "motor" });
    expect(motor.type).toBe("motor");
    expect(motor.data).not.toHaveProperty("hourPriceCents");
    expect(motor.data).not.toHaveProperty("minimumAge");
    expect(motor.data).not.toHaveProperty("guidedWithoutLicence");
    expect(motor.data).toMatchObject({ dayPriceCents: 26_000, licence: "licencia-navegacion" });
  });

  it("asks for the type before type-dependent steps", async () => {
    const untyped = await listings.createDraft(owner, "boat");
    const error = await failure(listings.saveStep(owner, untyped.id, "pricing", boat().pricing));
    expect(error.issues).toEqual([expect.objectContaining({ path: ["type"], params: { i18n: "listing.chooseTypeFirst" } })]);
    expect(missingKeys(await listings.saveStep(owner, untyped.id, "specs", boat().specs))[0]).toBe("type");
    const dockDraft = await listings.createDraft(owner, "dock");
    await expectCode(listings.saveStep(owner, dockDraft.id, "pricing", dock().pricing), "invalid-input");
  });

  it("validates each dock step", async () => {
    const draft = await listings.createDraft(owner, "dock", "rent");
    expect(issuePaths(await failure(listings.saveStep(owner, draft.id, "basics", {})))).toEqual(["description", "kind", "portSlug"]);
    expect(issuePaths(await failure(listings.saveStep(owner, draft.id, "basics", { ...dock().basics, portSlug: "no-such-port" })))).toEqual(["portSlug"]);
    expect(issuePaths(await failure(listings.saveStep(owner, draft.id, "features", {})))).toEqual(["berthType", "depthM", "maxBeamM", "maxLengthM", "services"]);
    expect(issuePaths(await failure(listings.saveStep(owner, draft.id, "features", { ...dock().features, services: { electricity: true } })))).toEqual([
      "services.electricityAmps",
    ]);
    expect(issuePaths(await failure(listings.saveStep(owner, draft.id, "pricing", { availableFrom: "2027-05-01" })))).toEqual(["dailyPriceCents"]);
    const rent = dock({ kind: "rent", portSlug: "puerto-malaga", dailyPriceCents: 2_800, availableFrom: "2027-05-01", availableTo: "2027-10-31" });
    await listings.saveStep(owner, draft.id, "basics", rent.basics);
    await listings.saveStep(owner, draft.id, "features", rent.features);
    const saved = await listings.saveStep(owner, draft.id, "pricing", rent.pricing);
    expect(saved).toMatchObject({ docKind: "rent", portSlug: "puerto-malaga", region: "Andalucía", maxLengthM: 12, maxBeamM: 4.5, depthM: 4, priceCents: 2_800 * 30 });
    expect(saved.data).toMatchObject({ services: { water: true, electricity: true, electricityAmps: 32, wifi: false }, dailyPriceCents: 2_800 });
    // Switching to sale drops the rent prices.
    const sale = await listings.saveStep(owner, draft.id, "basics", { ...rent.basics, kind: "sale" });
    expect(sale.data).not.toHaveProperty("dailyPriceCents");
    expect(sale.data).not.toHaveProperty("availableFrom");
    expect(missingKeys(sale)).toEqual(["priceCents", "concessionYearsLeft", "annualFeeCents", "photos"]);
  });

  it("lists each owner's drafts and listings, last changed first", async () => {
    const ana = (await createTestUser(services, { displayName: "Ana" })).uid;
    const bea = (await createTestUser(services, { displayName: "Bea" })).uid;
    const first = await listings.createDraft(ana, "boat", "sail");
    await tick();
    const second = await listings.createDraft(ana, "dock", "sale");
    const beas = await listings.createDraft(bea, "boat", "motor");
    await tick();
    await listings.saveStep(ana, first.id, "basics", boat({ type: "sail", title: "Velero de Ana en Valencia" }).basics);
    expect((await listings.drafts(ana)).map((l) => l.id)).toEqual([first.id, second.id]);
    expect((await listings.drafts(bea)).map((l) => l.id)).toEqual([beas.id]);
    await tick();
    await listings.archive(ana, second.id);
    expect((await listings.drafts(ana)).map((l) => l.id)).toEqual([first.id]);
    expect((await listings.listByOwner(ana)).map((l) => [l.id, l.status])).toEqual([
      [second.id, "archived"],
      [first.id, "draft"],
    ]);
  });

  it("never shows or changes another person's listing: it does not exist for them", async () => {
    const draft = await listings.createDraft(owner, "boat", "motor");
    await expectCode(listings.saveStep(stranger, draft.id, "basics", boat().basics), "not-found");
    await expectCode(listings.setPhotos(stranger, draft.id, photos("x")), "not-found");
    for (const action of ["publish", "pause", "resume", "archive"] as const) await expectCode(listings[action](stranger, draft.id), "not-found");
    expect(await listings.getForViewer(draft.id, stranger)).toBeNull();
    expect(await listings.getForViewer(draft.id, null)).toBeNull();
    expect((await listings.getForViewer(draft.id, owner))?.id).toBe(draft.id);
    expect((await listings.drafts(stranger)).map((l) => l.id)).not.toContain(draft.id);
    // Unknown and malformed ids are just as absent.
    await expectCode(listings.saveStep(owner, "AAAAAAAAAAAAAAAAAAAA", "basics", boat().basics), "not-found");
    await expectCode(listings.publish(owner, "../profiles/x"), "not-found");
    expect(await listings.get("a/b")).toBeNull();
    expect(await listings.getForViewer("", owner)).toBeNull();
    expect((await listings.get(draft.id))!.data).toEqual({ type: "motor" });
  });

  it("lists exactly what is missing to publish, including photos and the lessor profile", async () => {
    const draft = await listings.createDraft(stranger, "boat", "motor");
    const strangerProfile = await services.users.get(stranger);
    const expected = [
      "title",
      "description",
      "make",
      "model",
      "year",
      "lengthM",
      "capacity",
      "cabins",
      "berths",
      "enginePowerHp",
      "fuel",
      "homePort",
      "dayPriceCents",
      "depositCents",
      "skipper",
      "licence",
      "fuelPolicy",
      "cancellationPolicy",
      "photos",
      "lessorProfile",
    ];
    expect(listings.missingForPublish(draft, strangerProfile)).toEqual(expected);
    const refused = await failure(listings.publish(stranger, draft.id));
    expect(refused.code).toBe("incomplete");
    expect(refused.missing).toEqual(expected);

    for (const [step, input] of Object.entries(boat())) await listings.saveStep(stranger, draft.id, step as "basics", input);
    expect((await failure(listings.publish(stranger, draft.id))).missing).toEqual(["photos", "lessorProfile"]);
    await listings.setPhotos(stranger, draft.id, photos("s", 1));
    expect((await failure(listings.publish(stranger, draft.id))).missing).toEqual(["lessorProfile"]);
    await services.users.setLessor(stranger, {
      legalName: "Sin Perfil Pérez",
      idDocument: "12345678Z",
      phone: "+34 600 000 001",
      address: "Calle Mayor 1, 28013 Madrid",
      iban: "ES9121000418450200051332",
    });
    expect(listings.missingForPublish((await listings.get(draft.id))!, await services.users.get(stranger))).toEqual([]);
    expect((await listings.publish(stranger, draft.id)).status).toBe("published");
  });

  it("asks water scooters for their extras before publishing", async () => {
    const draft = await listings.createDraft(owner, "boat", "motor");
    for (const [step, input] of Object.entries(boat())) await listings.saveStep(owner, draft.id, step as "basics", input);
    await listings.setPhotos(owner, draft.id, photos("j", 1));
    const jetski = await listings.saveStep(owner, draft.id, "basics", { ...boat().basics, type: "jetski" });
    expect(listings.missingForPublish(jetski, await services.users.get(owner))).toEqual(["hourPriceCents", "minimumAge"]);
  });

  it("moves through the legal transitions only", async () => {
    const listing = await publishBoat(listings, owner, { title: "Lancha para probar los estados" });
    expect(listing.status).toBe("published");
    expect(listing.publishedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    await expectCode(listings.publish(owner, listing.id), "invalid-transition");
    await expectCode(listings.resume(owner, listing.id), "invalid-transition");
    expect(await listings.getForViewer(listing.id, null)).not.toBeNull();

    const paused = await listings.pause(owner, listing.id);
    expect(paused.status).toBe("paused");
    expect(await listings.getForViewer(listing.id, null)).toBeNull();
    expect(await listings.getForViewer(listing.id, stranger)).toBeNull();
    expect((await listings.getForViewer(listing.id, owner))?.status).toBe("paused");
    await expectCode(listings.pause(owner, listing.id), "invalid-transition");
    await expectCode(listings.publish(owner, listing.id), "invalid-transition");

    const resumed = await listings.resume(owner, listing.id);
    expect(resumed).toMatchObject({ status: "published", publishedAt: listing.publishedAt });

    const archived = await listings.archive(owner, listing.id);
    expect(archived.status).toBe("archived");
    for (const action of ["publish", "pause", "resume", "archive"] as const) await expectCode(listings[action](owner, listing.id), "invalid-transition");
    await expectCode(listings.saveStep(owner, listing.id, "basics", boat().basics), "archived");
    await expectCode(listings.setPhotos(owner, listing.id, photos("z")), "archived");
    expect(await listings.getForViewer(listing.id, null)).toBeNull();
    expect((await listings.getForViewer(listing.id, owner))?.status).toBe("archived");

    const draft = await listings.createDraft(owner, "boat", "sail");
    await expectCode(listings.pause(owner, draft.id), "invalid-transition");
    await expectCode(listings.resume(owner, draft.id), "invalid-transition");
    expect((await listings.archive(owner, draft.id)).status).toBe("archived");
  });

  it("keeps a published listing publishable while it is edited", async () => {
    const listing = await publishBoat(listings, owner, { title: "Lancha publicada que se edita" });
    const edited = await listings.saveStep(owner, listing.id, "pricing", { ...boat().pricing, dayPriceCents: 30_000 });
    expect(edited).toMatchObject({ status: "published", dayPriceCents: 30_000 });
    const toJetski = await failure(listings.saveStep(owner, listing.id, "basics", { ...boat().basics, type: "jetski" }));
    expect(toJetski.code).toBe("incomplete");
    expect(toJetski.missing).toEqual(["hourPriceCents", "minimumAge"]);
    await expectCode(listings.setPhotos(owner, listing.id, []), "incomplete");
    expect((await listings.get(listing.id))!).toMatchObject({ type: "motor", photos: photos("p") });
  });

  it("keeps photos in display order, at most 20, each once", async () => {
    const draft = await listings.createDraft(owner, "boat", "motor");
    const twenty = photos("ph", 20);
    const saved = await listings.setPhotos(owner, draft.id, [...twenty].reverse());
    expect(saved.photos.map((p) => p.id)).toEqual(twenty.map((p) => p.id).reverse());
    expect(saved.relevance).toBe(30);
    const tooMany = await failure(listings.setPhotos(owner, draft.id, photos("ph", 21)));
    expect(tooMany.code).toBe("invalid-input");
    expect(tooMany.issues).toEqual([expect.objectContaining({ code: "custom", params: { i18n: { key: "listing.photoCount", values: { min: 1, max: 20 } } } })]);
    await expectCode(listings.setPhotos(owner, draft.id, [photo("a"), photo("a")]), "invalid-input");
    await expectCode(listings.setPhotos(owner, draft.id, [{ ...photo("a"), width: 0 }]), "invalid-input");
    expect((await listings.setPhotos(owner, draft.id, [])).photos).toEqual([]);
  });

  it("imports complete listings as published, under the same rules", async () => {
    const complete = { ...boat().basics, ...boat().specs, ...boat().location, ...boat().pricing, ...boat().conditions };
    const [id] = await listings.importPublished(owner, [{ kind: "boat", data: complete, photos: photos("i", 2) }]);
    expect(await listings.get(id)).toMatchObject({ status: "published", ownerUid: owner, placeKey: "port:club-de-mar-palma", photos: photos("i", 2) });
    await expectCode(listings.importPublished(stranger + "-nobody", [{ kind: "boat", data: complete, photos: photos("i", 1) }]), "incomplete");
    await expectCode(listings.importPublished(owner, [{ kind: "boat", data: complete, photos: [] }]), "incomplete");
    const bad = await failure(listings.importPublished(owner, [{ kind: "boat", data: complete, photos: photos("i", 1) }, { kind: "boat", data: { ...complete, capacity: 0 }, photos: photos("i", 1) }]));
    expect(bad.issues.map((i) => i.path)).toEqual([[1, "capacity"]]);
    await expectCode(listings.importPublished(owner, [{ kind: "dock", data: { ...dock().basics, ...dock().features, ...dock().pricing, portSlug: "nowhere" }, photos: photos("i", 1) }]), "invalid-input");
  });

  it("lists owners' listings and drafts with declared indexes", async () => {
    await listings.listByOwner(owner);
    await listings.drafts(owner);
    expect(recorded.filter((q) => q.where?.some(([field]) => field === "ownerUid")).length).toBeGreaterThanOrEqual(2);
    expectIndexed(recorded, services.store as SqliteStore);
  });

  function missingKeys(listing: Listing) {
    return listings.missingForPublish(listing, { lessor: null }).filter((key) => key !== "lessorProfile");
  }
});

// ---------------------------------------------------------------------------------------------

describe("listings: demo and bench data", () => {
  let services: TestServices;
  let listings: ListingsService;
  const requested: string[] = [];
  const provider = async (kind: string, type: string, index: number) => {
    requested.push(`${kind}:${type}:${index}`);
    return [photo(`${kind}-${type}-${index}`), photo(`${kind}-${type}-${index}-b`)];
  };

  // Fresh data for each test, so that a retry (vite.config.ts) starts where the first try did.
  beforeEach(async () => {
    requested.length = 0;
    services = await createTestServices();
    ({ listings } = services);
  });
  afterEach(async () => services.close());

  it("publishes the demo boats and docks through the forms, once", async () => {
    const step = listingsSeedStep(provider);
    expect(step.id).toBe("listings-v1");
    expect(await seedDemoData(services, [step])).toEqual({ applied: ["listings-v1"] });
    const boats = await listings.search({});
    expect(boats).toMatchObject({ total: 65, totalIsExact: true, pageCount: 3 });
    const docks = await listings.searchDocks({});
    expect(docks.total).toBe(13);
    for (const type of ["motor", "sail", "fishing", "jetski"] as const) expect((await listings.search({ type })).total).toBeGreaterThanOrEqual(9);
    const everyBoat = [1, 2, 3].map((page) => listings.search({ page }));
    const all = (await Promise.all(everyBoat)).flatMap((p) => p.items);
    expect(new Set(all.map((item) => item.portSlug ?? item.city)).size).toBeGreaterThanOrEqual(16);
    expect(all.filter((item) => item.data.description?.en).length).toBeGreaterThan(all.length * 0.8);
    expect(all.every((item) => item.status === "published" && item.photos.length === 2)).toBe(true);
    expect(requested).toHaveLength(65 + 13);
    expect(new Set(requested).size).toBe(requested.length);

    const owner = await ownerUid(services, "owner@amarre.test");
    const pro = await ownerUid(services, "pro@amarre.test");
    expect((await listings.listByOwner(owner)).length).toBeGreaterThanOrEqual(3);
    expect((await listings.listByOwner(pro)).length).toBeGreaterThanOrEqual(10);
    const balear = await services.users.get(await ownerUid(services, "balear@amarre.test"));
    expect(balear).toMatchObject({ kind: "professional", company: { name: "Nàutica Balear Charter S.L." } });
    expect(listings.missingForPublish(all[0], balear)).toEqual([]);

    // Again: nothing new (the step is recorded; and the listings themselves are recognised).
    expect(await seedDemoData(services, [step])).toEqual({ applied: [] });
    expect(await seedDemoListings(services, provider)).toEqual({ boats: 0, docks: 0 });
  });

  it("creates bench boats in batches, reusing a few photo sets", async () => {
    const before = (await listings.search({ place: "Sotogrande" })).total;
    const result = await seedBenchListings(services, 700, provider);
    expect(result.created).toBe(700);
    expect(result.ms).toBeGreaterThan(0);
    expect(requested).toHaveLength(12);
    const after = await listings.search({ place: "Sotogrande" });
    expect(after.total).toBeGreaterThan(before);
    expect(after.items.every((item) => item.status === "published" && item.photos.length === 2)).toBe(true);
    await expect(seedBenchListings(services, -1, provider)).rejects.toThrow(/count/);
  });
});

