import { licenceAllowed, requiredLicence } from "#app/features/licences/.server";
import type { Licence } from "#app/features/search";
import { expect } from "vitest";
import type { Services } from "#app/.server/services";
import { normalizeQuery, type DocumentStore, type Query } from "#app/.server/store";
import { indexFields, storeIndexes } from "#app/.server/store/indexes";
import type { SqliteStore } from "#app/.server/store/sqlite";
import type { BoatTypeId, ListingPhoto } from "#app/features/listings/schemas";
import { isListingError, type ListingError, type ListingErrorCode, type ListingsService } from "#app/features/listings/.server";

/** Helpers of the listings service's tests (`lifecycle.test.ts`, `search.test.ts`). */

export type TestServices = Services & { dataDir: string };

export const photo = (id: string): ListingPhoto => ({ id, width: 1600, height: 1067, placeholder: "data:image/webp;base64,UklGRg", widths: [480, 960, 1600], folder: `listings/test/${id.toLowerCase()}` });
export const photos = (prefix: string, n = 3) => Array.from({ length: n }, (_, i) => photo(`${prefix}-${i}`));

/** The store, recording every query and count the service sends. */
export function recordingStore(store: DocumentStore) {
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

export async function ownerUid(services: TestServices, email: string) {
  return (await services.identity.getUserByEmail(email))!.uid;
}

/** A complete boat's data, by step (a motorboat in Palma unless told otherwise). */
export function boat(overrides: Record<string, unknown> = {}) {
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
  fitTheLaw(data, overrides);
  return {
    basics: { type: data.type, title: data.title, description: data.description },
    specs: pickFields(data, ["make", "model", "year", "lengthM", "capacity", "cabins", "berths", "enginePowerHp", "fuel", "equipment"]),
    location: { homePort: data.homePort },
    pricing: pickFields(data, ["dayPriceCents", "halfDayPriceCents", "weekPriceCents", "depositCents", "skipper", "hourPriceCents"]),
    conditions: pickFields(data, ["licence", "fuelPolicy", "instantBooking", "cancellationPolicy", "minimumAge", "guidedWithoutLicence"]),
  };
}

/** The longest boat each licence lets an owner ask it for, and the power of a boat that needs none. */
const REACH: Record<string, number> = { none: 4.9, "licencia-navegacion": 6, pnb: 8, per: 15, "patron-yate": 24 };

/**
 * A fixture boat within the law (issue 49): a licence chosen below what the boat's length and power
 * ask makes the boat as long as that licence reaches (and a licence-free one of 15 CV) unless the
 * test chose those too; a length or power chosen alone raises the licence to the law's minimum.
 */
function fitTheLaw(data: Record<string, unknown>, overrides: Record<string, unknown>): void {
  const chosen = data.licence as Licence;
  if (licenceAllowed(data, chosen)) return;
  if ("licence" in overrides && !("lengthM" in overrides) && REACH[chosen] !== undefined) {
    data.lengthM = Math.min(data.lengthM as number, REACH[chosen]!);
    if (chosen === "none" && !("enginePowerHp" in overrides)) data.enginePowerHp = Math.min(data.enginePowerHp as number, 15);
  }
  if (!licenceAllowed(data, chosen)) data.licence = requiredLicence({ ...data, licence: chosen });
}

export function dock(overrides: Record<string, unknown> = {}) {
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

export function pickFields(data: Record<string, unknown>, fields: string[]) {
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
}

/** Publishes a boat the way an owner does: draft, every step, photos, publish. */
export async function publishBoat(listings: ListingsService, owner: string, overrides: Record<string, unknown> = {}, photoSet = photos("p")) {
  const steps = boat(overrides);
  const draft = await listings.createDraft(owner, "boat", steps.basics.type as BoatTypeId);
  for (const [step, input] of Object.entries(steps)) await listings.saveStep(owner, draft.id, step as "basics", input);
  await listings.setPhotos(owner, draft.id, photoSet);
  return listings.publish(owner, draft.id);
}

export async function publishDock(listings: ListingsService, owner: string, overrides: Record<string, unknown> = {}) {
  const steps = dock(overrides);
  const draft = await listings.createDraft(owner, "dock", steps.basics.kind as "sale" | "rent");
  for (const [step, input] of Object.entries(steps)) await listings.saveStep(owner, draft.id, step as "basics", input);
  await listings.setPhotos(owner, draft.id, photos("d", 1));
  return listings.publish(owner, draft.id);
}

/** Resolves with the error's code (and the error), or fails when the call succeeds. */
export async function failure(promise: Promise<unknown>): Promise<ListingError> {
  try {
    await promise;
  } catch (error) {
    if (isListingError(error)) return error;
    throw error;
  }
  throw new Error("expected a ListingError");
}

/** Lets the clock move on, so that timestamps written next are later. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

export const expectCode = async (promise: Promise<unknown>, code: ListingErrorCode) => expect((await failure(promise)).code).toBe(code);
export const issuePaths = (error: ListingError) => error.issues.map((issue) => issue.path.join(".")).sort();

/**
 * Checks each query as Firestore would: equality fields plus an ordering need a composite index
 * whose fields are the equality fields (any order) followed by the ordering. And the embedded
 * adapter must run it on one of its expression indexes.
 */
export function expectIndexed(queries: Query[], sqlite: SqliteStore) {
  for (const query of queries) {
    const q = normalizeQuery(query);
    // Equality and array-contains fields (any order) lead the index, then the ordering.
    const equality = q.filters.filter((f) => f.op === "==" || f.op === "in" || f.op === "array-contains").map((f) => (f.op === "array-contains" ? `${f.path} contains` : f.path));
    const order = q.orderBy.map((o) => `${o.path} ${o.direction}`);
    if (equality.length + order.length < 2 || order.length === 0) continue; // single-field indexes or index merging serve it
    const served = storeIndexes.some((index) => {
      if (index.collection !== q.collection) return false;
      const fields = indexFields(index).map((f) => (f.arrayContains ? `${f.path} contains` : `${f.path} ${f.order}`));
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
