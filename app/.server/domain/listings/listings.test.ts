import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import type { BoatTypeId, ListingPhoto } from "#app/utils/listings/schemas";
import { seedDemoData } from "#app/.server/seed";
import { seedBenchListings } from "#app/.server/seed/bench";
import { listingsSeedStep, seedDemoListings } from "#app/.server/seed/listings";
import type { Services } from "#app/.server/services";
import { normalizeQuery, type DocumentStore, type Query } from "#app/.server/store";
import { indexFields, storeIndexes } from "#app/.server/store/indexes";
import type { SqliteStore } from "#app/.server/store/sqlite";
import {
  createListingsService,
  isListingError,
  ListingError,
  placeKeysFor,
  SEARCH_CANDIDATE_LIMIT,
  SEARCH_COUNT_TTL_MS,
  type Listing,
  type ListingErrorCode,
  type ListingsService,
} from "#app/.server/domain/listings";

type TestServices = Services & { dataDir: string };

const photo = (id: string): ListingPhoto => ({ id, width: 1600, height: 1067, placeholder: "data:image/webp;base64,UklGRg", widths: [480, 960, 1600], folder: `listings/test/${id.toLowerCase()}` });
const photos = (prefix: string, n = 3) => Array.from({ length: n }, (_, i) => photo(`${prefix}-${i}`));

/** The store, recording every query and count the service sends. */
function recordingStore(store: DocumentStore) {
  const queries: Query[] = [];
  const proxy = new Proxy(store, {
    get(target, property) {
      if (property === "query" || property === "count") {
        return (query: Query) => {
          queries.push(query);
          return target[property](query);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: proxy, queries };
}

async function ownerUid(services: TestServices, email: string) {
  return (await services.identity.getUserByEmail(email))!.uid;
}

/** A complete boat's data, by step (a motorboat in Palma unless told otherwise). */
function boat(overrides: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = {
    type: "motor",
    title: "Lancha Quicksilver en Palma",
    description: { es: "Lancha cómoda para un día de calas por la bahía.", en: "A comfortable boat for a day of coves around the bay." },
    make: "Quicksilver",
    model: "Activ 605 Open",
    year: 2021,
    lengthM: 6,
    capacity: 7,
    cabins: 0,
    berths: 0,
    enginePowerHp: 115,
    fuel: "gasoline",
    equipment: ["bimini", "swim-ladder"],
    homePort: { portSlug: "club-de-mar-palma" },
    dayPriceCents: 26_000,
    halfDayPriceCents: 17_000,
    depositCents: 40_000,
    skipper: { mode: "optional", dailyPriceCents: 15_000 },
    licence: "licencia-navegacion",
    fuelPolicy: "not-included-return-full",
    instantBooking: true,
    cancellationPolicy: "flexible",
    ...overrides,
  };
  if (data.type === "jetski") Object.assign(data, { hourPriceCents: 9_000, minimumAge: 18, guidedWithoutLicence: true }, overrides);
  return {
    basics: { type: data.type, title: data.title, description: data.description },
    specs: pickFields(data, ["make", "model", "year", "lengthM", "capacity", "cabins", "berths", "enginePowerHp", "fuel", "equipment"]),
    location: { homePort: data.homePort },
    pricing: pickFields(data, ["dayPriceCents", "halfDayPriceCents", "weekPriceCents", "depositCents", "skipper", "hourPriceCents"]),
    conditions: pickFields(data, ["licence", "fuelPolicy", "instantBooking", "cancellationPolicy", "minimumAge", "guidedWithoutLicence"]),
  };
}

function dock(overrides: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = {
    kind: "sale",
    portSlug: "puerto-banus-marbella",
    berthNumber: "R-62",
    description: { es: "Amarre en primera línea de Puerto Banús." },
    berthType: "pontoon",
    maxLengthM: 12,
    maxBeamM: 4.5,
    depthM: 4,
    services: { water: true, electricity: true, electricityAmps: 32, security: true },
    priceCents: 29_000_000,
    concessionYearsLeft: 9,
    annualFeeCents: 870_000,
    marinaApprovalRequired: true,
    ...overrides,
  };
  return {
    basics: pickFields(data, ["kind", "portSlug", "berthNumber", "description"]),
    features: pickFields(data, ["berthType", "maxLengthM", "maxBeamM", "depthM", "services"]),
    pricing: pickFields(data, ["priceCents", "concessionYearsLeft", "annualFeeCents", "marinaApprovalRequired", "dailyPriceCents", "monthlyPriceCents", "availableFrom", "availableTo"]),
  };
}

function pickFields(data: Record<string, unknown>, fields: string[]) {
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
}

/** Publishes a boat the way an owner does: draft, every step, photos, publish. */
async function publishBoat(listings: ListingsService, owner: string, overrides: Record<string, unknown> = {}, photoSet = photos("p")) {
  const steps = boat(overrides);
  const draft = await listings.createDraft(owner, "boat", steps.basics.type as BoatTypeId);
  for (const [step, input] of Object.entries(steps)) await listings.saveStep(owner, draft.id, step as "basics", input);
  await listings.setPhotos(owner, draft.id, photoSet);
  return listings.publish(owner, draft.id);
}

async function publishDock(listings: ListingsService, owner: string, overrides: Record<string, unknown> = {}) {
  const steps = dock(overrides);
  const draft = await listings.createDraft(owner, "dock", steps.basics.kind as "sale" | "rent");
  for (const [step, input] of Object.entries(steps)) await listings.saveStep(owner, draft.id, step as "basics", input);
  await listings.setPhotos(owner, draft.id, photos("d", 1));
  return listings.publish(owner, draft.id);
}

/** Resolves with the error's code (and the error), or fails when the call succeeds. */
async function failure(promise: Promise<unknown>): Promise<ListingError> {
  try {
    await promise;
  } catch (error) {
    if (isListingError(error)) return error;
    throw error;
  }
  throw new Error("expected a ListingError");
}

/** Lets the clock move on, so that timestamps written next are later. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

const expectCode = async (promise: Promise<unknown>, code: ListingErrorCode) => expect((await failure(promise)).code).toBe(code);
const issuePaths = (error: ListingError) => error.issues.map((issue) => issue.path.join(".")).sort();

/**
 * Checks each query as Firestore would: equality fields plus an ordering need a composite index
 * whose fields are the equality fields (any order) followed by the ordering. And the embedded
 * adapter must run it on one of its expression indexes.
 */
function expectIndexed(queries: Query[], sqlite: SqliteStore) {
  for (const query of queries) {
    const q = normalizeQuery(query);
    const equality = q.filters.filter((f) => f.op === "==" || f.op === "in").map((f) => f.path);
    const order = q.orderBy.map((o) => `${o.path} ${o.direction}`);
    if (equality.length + order.length < 2 || order.length === 0) continue; // single-field indexes or index merging serve it
    const served = storeIndexes.some((index) => {
      if (index.collection !== q.collection) return false;
      const fields = indexFields(index).map((f) => `${f.path} ${f.order}`);
      const prefix = fields.slice(0, equality.length).map((f) => f.replace(/ asc$/, ""));
      return (
        fields.length === equality.length + order.length &&
        [...prefix].sort().join() === [...equality].sort().join() &&
        fields.slice(equality.length).join() === order.join()
      );
    });
    expect(served, JSON.stringify(query)).toBe(true);
    expect(sqlite.explainQueryPlan(query).join(" "), JSON.stringify(query)).toMatch(/USING INDEX doc_idx_/);
  }
}

// ---------------------------------------------------------------------------------------------

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

  it("accepts and validates dates, which do not filter until bookings exist", async () => {
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

describe("listings: demo and bench data", () => {
  let services: TestServices;
  let listings: ListingsService;
  const requested: string[] = [];
  const provider = async (kind: string, type: string, index: number) => {
    requested.push(`${kind}:${type}:${index}`);
    return [photo(`${kind}-${type}-${index}`), photo(`${kind}-${type}-${index}-b`)];
  };

  beforeAll(async () => {
    services = await createTestServices();
    ({ listings } = services);
  });
  afterAll(async () => services.close());

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
    requested.length = 0;
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
