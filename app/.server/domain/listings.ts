import { z } from "zod";
import {
  boatSearchSchema,
  boatTypeIds,
  licenceCovers,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  type BoatSearch,
  type BoatSort,
  type BoatTypeId,
  type Licence,
} from "#app/utils/boat-search";
import {
  boatStepFields,
  boatSteps,
  boatStepSchema,
  dockKinds,
  dockSearchSchema,
  dockStepFields,
  dockSteps,
  dockStepSchema,
  homePortSchema,
  listingPhotosSchema,
  MIN_PHOTOS,
  publishableBoatSchemaFor,
  publishableDockSchemaFor,
  RENT_DAYS_PER_MONTH,
  type BoatDraftData,
  type BoatStep,
  type DockDraftData,
  type DockKind,
  type DockSearch,
  type DockSort,
  type DockStep,
  type HomePort,
  type ListingPhoto,
  type SkipperMode,
} from "#app/utils/listing-schemas";
import { cursorAfter, newDocumentId, type DocumentStore, type OrderByClause, type Query, type WhereClause } from "../store";
import type { Port, PortsService } from "./ports";
import { isLessorComplete, type UserProfile, type UsersService } from "./users";

/**
 * Listings: the boats and docks owners offer. One document per listing in `listings`:
 *
 * - `data` holds the form's fields, partial while the listing is a draft; every step is
 *   validated with the step schema of `#app/utils/listing-schemas` before it is merged.
 * - `photos` is the photos' metadata in display order (the first is the cover); the bytes live
 *   in the blob store. 1–20 to publish.
 * - The search fields (type, place, capacity, prices, …) are copied to the top level on every
 *   write, so that searches are plain store queries; `relevance` is a quality score (see
 *   `relevanceScore`) and `rating` stays null until reviews exist.
 *
 * Status: draft → published ⇄ paused; any of them → archived (final). Only a complete listing
 * of an owner whose lessor profile is complete, with at least one photo, is published. Someone
 * else's listing is reported as not found, never as forbidden, so ids reveal nothing.
 */
export type ListingKind = "boat" | "dock";
export type ListingStatus = "draft" | "published" | "paused" | "archived";
export const listingStatuses = ["draft", "published", "paused", "archived"] as const satisfies readonly ListingStatus[];

export type ListingPlace = {
  /** The port the listing is at, or null for a boat based at a city with coordinates. */
  portSlug: string | null;
  city: string | null;
  /** The port's region; for a custom city, the region of a port in the same city, if any. */
  region: string | null;
  /** What place searches match: `port:<slug>` or `city:<city slug>`. */
  placeKey: string | null;
  lat: number | null;
  lng: number | null;
};

export type ListingSearchFields = ListingPlace & {
  type: BoatTypeId | null;
  capacity: number | null;
  dayPriceCents: number | null;
  licence: Licence | null;
  skipperMode: SkipperMode | null;
  instantBooking: boolean | null;
  docKind: DockKind | null;
  maxLengthM: number | null;
  maxBeamM: number | null;
  depthM: number | null;
  /** Docks: the sale price, or for rent the monthly price (daily × RENT_DAYS_PER_MONTH when only daily). */
  priceCents: number | null;
  /** Average review rating; null until the listing has reviews. */
  rating: number | null;
  relevance: number;
};

type ListingCommon = ListingSearchFields & {
  id: string;
  ownerUid: string;
  status: ListingStatus;
  photos: ListingPhoto[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
};
export type BoatListing = ListingCommon & { kind: "boat"; data: BoatDraftData };
export type DockListing = ListingCommon & { kind: "dock"; data: DockDraftData };
export type Listing = BoatListing | DockListing;

/** A page of search results. `total` is exact unless `totalIsExact` is false (see `search`). */
export type SearchPage<T> = {
  items: T[];
  total: number;
  totalIsExact: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
};

export type ListingErrorCode =
  /** No such listing, or not the caller's. */
  | "not-found"
  /**
   * Input failed validation: `issues` holds zod's issues, paths relative to the step's input.
   * The domain's own (unknown port, type not chosen yet) are custom issues whose `params.i18n`
   * names their key in the `validation` namespace, like the schemas' custom messages.
   */
  | "invalid-input"
  /** Publishing (or keeping published) needs more: `missing` lists the keys. */
  | "incomplete"
  /** The status change is not allowed from the listing's current status. */
  | "invalid-transition"
  /** Archived listings are kept for the record and cannot be changed. */
  | "archived";

export class ListingError extends Error {
  override readonly name = "ListingError";
  readonly issues: z.ZodIssue[];
  readonly missing: string[];
  constructor(
    readonly code: ListingErrorCode,
    details: { message?: string; issues?: z.ZodIssue[]; missing?: string[] } = {},
  ) {
    super(details.message ?? code);
    this.issues = details.issues ?? [];
    this.missing = details.missing ?? [];
  }
}

export function isListingError(error: unknown, code?: ListingErrorCode): error is ListingError {
  return error instanceof ListingError && (code === undefined || error.code === code);
}

const LISTINGS = "listings";

/** Ids come from URLs: anything that cannot be a listing id never reaches the store. */
function isListingId(id: unknown): id is string {
  // `__name__` ids are reserved by the store: no listing has one (`/boat/__proto__` is a 404).
  return typeof id === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(id) && !/^__.*__$/.test(id);
}
/** At most this many listings per `importPublished` call (Firestore's limit of writes per transaction is 500). */
export const IMPORT_BATCH_MAX = 500;
/**
 * Searches read at most this many candidate documents when some filters are applied in memory
 * (see `search`): the number of results paging reaches, so a complete candidate set fills every page.
 */
export const SEARCH_CANDIDATE_LIMIT = SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE;

type ListingRecord = Omit<BoatListing, "id"> | Omit<DockListing, "id">;
/** What completeness and search fields depend on. */
type ListingData = Pick<BoatListing, "kind" | "data"> | Pick<DockListing, "kind" | "data">;
type ListingContent = ListingData & { photos: ListingPhoto[] };

// ---------------------------------------------------------------------------------------------
// Places

/** Lower-case ASCII words joined by "-": "Mahón" → "mahon", "Islas Baleares" → "islas-baleares". */
export function placeSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const portKey = (slug: string) => `port:${slug}`;
const cityKey = (city: string) => `city:${placeSlug(city)}`;

const NO_PLACE: ListingPlace = { portSlug: null, city: null, region: null, placeKey: null, lat: null, lng: null };

function placeOfPort(port: Port): ListingPlace {
  return { portSlug: port.slug, city: port.city, region: port.region, placeKey: portKey(port.slug), lat: port.lat, lng: port.lng };
}

function placeOfCity(home: { city: string; lat: number; lng: number }, ports: readonly Port[]): ListingPlace {
  const sameCity = ports.find((port) => placeSlug(port.city) === placeSlug(home.city));
  return { portSlug: null, city: home.city, region: sameCity?.region ?? null, placeKey: cityKey(home.city), lat: home.lat, lng: home.lng };
}

/**
 * The place keys a search for `text` matches, most specific first: a port (by slug or name);
 * a city (its ports and boats based in the city itself); a region (its ports and their cities);
 * otherwise ports whose name, city or region contains the text; otherwise a city of its own
 * (boats based at a city with coordinates). Boats at a custom city count for a region only
 * when a port of that region is in the same city.
 */
export function placeKeysFor(text: string, ports: readonly Port[]): string[] {
  const wanted = placeSlug(text);
  if (!wanted) return [];
  const port = ports.find((p) => p.slug === wanted || placeSlug(p.name) === wanted);
  if (port) return [portKey(port.slug)];
  const keysOf = (matched: readonly Port[]) => [...new Set([...matched.map((p) => portKey(p.slug)), ...matched.map((p) => cityKey(p.city))])];
  const inCity = ports.filter((p) => placeSlug(p.city) === wanted);
  if (inCity.length > 0) return keysOf(inCity);
  const inRegion = ports.filter((p) => placeSlug(p.region) === wanted);
  if (inRegion.length > 0) return keysOf(inRegion);
  if (wanted.length >= 3) {
    const partial = ports.filter((p) => [p.name, p.city, p.region].some((name) => placeSlug(name).includes(wanted)));
    if (partial.length > 0) return keysOf(partial);
  }
  return [`city:${wanted}`];
}

// ---------------------------------------------------------------------------------------------
// Search fields

/**
 * How complete and attractive a listing is, 0–100, the "relevance" sort's key until bookings
 * and reviews can feed it: photos (3 each, up to 10), description languages (5 each), a long
 * description (15); boats: instant booking (15), half-day and weekly prices (5 each),
 * equipment (1 each, up to 10); docks: services (5 each) and a berth number (10).
 */
export function relevanceScore(listing: ListingContent): number {
  const description = listing.data.description ?? {};
  const texts = Object.values(description).filter((text): text is string => typeof text === "string");
  let score = Math.min(listing.photos.length, 10) * 3 + texts.length * 5 + (texts.some((text) => text.length >= 300) ? 15 : 0);
  if (listing.kind === "boat") {
    const data = listing.data;
    if (data.instantBooking) score += 15;
    if (data.halfDayPriceCents !== undefined) score += 5;
    if (data.weekPriceCents !== undefined) score += 5;
    score += Math.min(data.equipment?.length ?? 0, 10);
  } else {
    const data = listing.data;
    const services = data.services;
    if (services) {
      const { water, electricity, wifi, showers, security, fuel, parking, pumpOut } = services;
      score += [water, electricity, wifi, showers, security, fuel, parking, pumpOut].filter(Boolean).length * 5;
    }
    if (data.berthNumber) score += 10;
  }
  return Math.min(score, 100);
}

function dockPriceCents(data: DockDraftData): number | null {
  if (data.kind === "sale") return data.priceCents ?? null;
  if (data.kind === "rent") {
    if (data.monthlyPriceCents !== undefined) return data.monthlyPriceCents;
    if (data.dailyPriceCents !== undefined) return data.dailyPriceCents * RENT_DAYS_PER_MONTH;
  }
  return null;
}

function searchFieldsOf(
  listing: ListingContent,
  place: ListingPlace,
  rating: number | null,
): ListingSearchFields {
  const empty = {
    type: null,
    capacity: null,
    dayPriceCents: null,
    licence: null,
    skipperMode: null,
    instantBooking: null,
    docKind: null,
    maxLengthM: null,
    maxBeamM: null,
    depthM: null,
    priceCents: null,
  };
  const common = { ...place, rating, relevance: relevanceScore(listing) };
  if (listing.kind === "boat") {
    const data = listing.data;
    return {
      ...empty,
      ...common,
      type: data.type ?? null,
      capacity: data.capacity ?? null,
      dayPriceCents: data.dayPriceCents ?? null,
      licence: data.licence ?? null,
      skipperMode: data.skipper?.mode ?? null,
      instantBooking: data.instantBooking ?? null,
    };
  }
  const data = listing.data;
  return {
    ...empty,
    ...common,
    docKind: data.kind ?? null,
    maxLengthM: data.maxLengthM ?? null,
    maxBeamM: data.maxBeamM ?? null,
    depthM: data.depthM ?? null,
    priceCents: dockPriceCents(data),
  };
}

function placeOf(listing: ListingSearchFields): ListingPlace {
  const { portSlug, city, region, placeKey, lat, lng } = listing;
  return { portSlug, city, region, placeKey, lat, lng };
}

// ---------------------------------------------------------------------------------------------
// Completeness

/** The data's variant: the boat type or the dock kind, when chosen. */
function variantOf(listing: ListingData): string | undefined {
  return listing.kind === "boat" ? listing.data.type : listing.data.kind;
}

function fieldOrder(kind: ListingKind, variant: string): string[] {
  return kind === "boat"
    ? boatSteps.flatMap((step) => boatStepFields(step, variant as BoatTypeId))
    : dockSteps.flatMap((step) => dockStepFields(step, variant as DockKind));
}

/** The top-level data fields that keep a listing from being publishable, in form order. */
function missingDataFields(listing: ListingData): string[] {
  const chosen = variantOf(listing);
  const variant = chosen ?? (listing.kind === "boat" ? "motor" : "sale");
  const schema = listing.kind === "boat" ? publishableBoatSchemaFor(variant as BoatTypeId) : publishableDockSchemaFor(variant as DockKind);
  const result = schema.safeParse({ ...listing.data, [listing.kind === "boat" ? "type" : "kind"]: variant });
  const keys = new Set<string>(chosen === undefined ? [listing.kind === "boat" ? "type" : "kind"] : []);
  if (!result.success) for (const issue of result.error.issues) keys.add(String(issue.path[0] ?? "data"));
  const order = fieldOrder(listing.kind, variant);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

/**
 * What keeps a listing from being published: its missing (or inconsistent) data fields in form
 * order, then `photos` (fewer than MIN_PHOTOS) and `lessorProfile` (the owner has not completed
 * their lessor profile). Empty when it can be published.
 */
export function missingForPublish(listing: ListingContent, ownerProfile: Pick<UserProfile, "lessor"> | null): string[] {
  const missing = missingDataFields(listing);
  if (listing.photos.length < MIN_PHOTOS) missing.push("photos");
  if (!ownerProfile || !isLessorComplete(ownerProfile)) missing.push("lessorProfile");
  return missing;
}

/**
 * Removes fields that do not belong to the data's variant: a scooter's extras once the type is
 * another, the other kind's prices once a dock changes between sale and rent. (Without a type or
 * kind, only the steps that do not depend on it can have been saved.)
 */
function pruneToVariant(kind: ListingKind, data: Record<string, unknown>): void {
  const variant = kind === "boat" ? ((data.type as string | undefined) ?? "motor") : ((data.kind as string | undefined) ?? "sale");
  const allowed = new Set(fieldOrder(kind, variant));
  for (const key of Object.keys(data)) if (!allowed.has(key)) delete data[key];
}

// ---------------------------------------------------------------------------------------------
// Search machinery

type Comparable = string | number | boolean | null | undefined;

/** Firestore's order of values, for the types search fields hold: null < booleans < numbers < strings. */
function compareValues(a: Comparable, b: Comparable): number {
  const rank = (v: Comparable) => (v === null || v === undefined ? 0 : typeof v === "boolean" ? 1 : typeof v === "number" ? 2 : 3);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (a === b || ra === 0) return 0;
  return (a as string | number | boolean) < (b as string | number | boolean) ? -1 : 1;
}

/** The store's ordering for `orderBy` (then the id, in the last field's direction), in memory. */
function comparatorFor(orderBy: readonly OrderByClause[]) {
  const idDirection = orderBy.length > 0 ? orderBy[orderBy.length - 1][1] : "asc";
  return (a: Listing, b: Listing) => {
    for (const [field, direction] of orderBy) {
      const result = compareValues(a[field as keyof Listing] as Comparable, b[field as keyof Listing] as Comparable);
      if (result !== 0) return direction === "asc" ? result : -result;
    }
    const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return idDirection === "asc" ? byId : -byId;
  };
}

/**
 * A filter of the search. Every filter can be tested in memory; a range filter can also run in
 * the store as the query's one inequality (it must then order the query), and `indexed` says
 * whether indexes exist to run it there on its own, ordered by its field (an alternative plan).
 */
interface SearchFilter {
  test(listing: Listing): boolean;
  range?: { field: keyof ListingSearchFields; where: WhereClause[]; indexed: boolean };
}

interface Plan {
  where: WhereClause[];
  orderBy: OrderByClause[];
  residual: SearchFilter[];
  /** Whether the store already returns the plan's results in the requested order. */
  sorted: boolean;
}

function rangeFilter(field: keyof ListingSearchFields, min: number | undefined, max: number | undefined, indexed: boolean): SearchFilter | null {
  if (min === undefined && max === undefined) return null;
  const where: WhereClause[] = [];
  if (min !== undefined) where.push([field, ">=", min]);
  if (max !== undefined) where.push([field, "<=", max]);
  return {
    test: (listing) => {
      const value = listing[field];
      return typeof value === "number" && (min === undefined || value >= min) && (max === undefined || value <= max);
    },
    range: { field, where, indexed },
  };
}

const boatSortOrders: Record<BoatSort, OrderByClause[]> = {
  relevance: [
    ["relevance", "desc"],
    ["publishedAt", "desc"],
  ],
  "price-asc": [["dayPriceCents", "asc"]],
  "price-desc": [["dayPriceCents", "desc"]],
  newest: [["publishedAt", "desc"]],
  // Listings without reviews hold rating null, which sorts last in descending order on both
  // adapters; equal ratings (and, while there are no reviews, all of them) go newest first.
  rating: [
    ["rating", "desc"],
    ["publishedAt", "desc"],
  ],
};

const dockSortOrders: Record<DockSort, OrderByClause[]> = {
  newest: [["publishedAt", "desc"]],
  "price-asc": [["priceCents", "asc"]],
  "price-desc": [["priceCents", "desc"]],
};

// ---------------------------------------------------------------------------------------------
// The service

/** How long a search count may be reused when no listing was written through this server. */
export const SEARCH_COUNT_TTL_MS = 10_000;

export function createListingsService(deps: {
  store: DocumentStore;
  users: UsersService;
  ports: PortsService;
  now?: () => number;
  /** Called after every listing write through this service (the visitors' page cache forgets its pages). */
  onChange?: () => void;
}) {
  const { store, users, ports } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Search totals: a bounded `count` reads up to SEARCH_CANDIDATE_LIMIT + 1 index entries and
   * costs milliseconds, the same for every visitor of a popular search. They are reused for
   * SEARCH_COUNT_TTL_MS, and forgotten on every listing write through this service, so this
   * server's own changes show at once; another server's within the TTL (the items themselves are
   * always read fresh).
   */
  const countCache = new Map<string, { value: number; at: number }>();
  /**
   * The ordered ids a search filtered in memory found, for as long as counts are reused: the next
   * pages and visitors of the same search read just their page's listings by id (fresh, and
   * dropped if no longer published) instead of filtering up to SEARCH_CANDIDATE_LIMIT again.
   */
  const matchesCache = new Map<string, { ids: string[]; complete: boolean; at: number }>();
  const forgetCounts = () => {
    countCache.clear();
    matchesCache.clear();
    deps.onChange?.();
  };
  async function cachedCount(query: Query): Promise<number> {
    const key = JSON.stringify(query);
    const hit = countCache.get(key);
    if (hit && now() - hit.at < SEARCH_COUNT_TTL_MS) return hit.value;
    const value = await store.count(query);
    if (countCache.size >= 1_000) countCache.clear();
    countCache.set(key, { value, at: now() });
    return value;
  }

  async function read(id: string): Promise<Listing | null> {
    if (!isListingId(id)) return null;
    return (await store.get<ListingRecord>(LISTINGS, id)) as Listing | null;
  }

  async function readOwned(ownerUid: string, id: string): Promise<Listing> {
    const listing = await read(id);
    if (!listing || listing.ownerUid !== ownerUid) throw new ListingError("not-found");
    return listing;
  }

  function invalid(issues: z.ZodIssue[]): never {
    throw new ListingError("invalid-input", { message: issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "), issues });
  }

  function customIssue(path: (string | number)[], key: string): z.ZodIssue {
    return { code: z.ZodIssueCode.custom, path, message: key, params: { i18n: key } };
  }

  /** The place a step's input points at, when the step sets it (boat location, dock basics). */
  async function resolvePlace(kind: ListingKind, step: string, input: unknown): Promise<ListingPlace | undefined> {
    if (kind === "boat" && step === "location") {
      const parsed = z.object({ homePort: homePortSchema }).safeParse(input);
      if (!parsed.success) return undefined; // the step's own validation reports it
      const home: HomePort = parsed.data.homePort;
      if ("portSlug" in home) {
        const port = await ports.get(home.portSlug);
        if (!port) invalid([customIssue(["homePort", "portSlug"], "listing.unknownPort")]);
        return placeOfPort(port);
      }
      return placeOfCity(home, await ports.list());
    }
    if (kind === "dock" && step === "basics") {
      const parsed = z.object({ portSlug: z.string() }).safeParse(input);
      if (!parsed.success || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(parsed.data.portSlug)) return undefined;
      const port = await ports.get(parsed.data.portSlug);
      if (!port) invalid([customIssue(["portSlug"], "listing.unknownPort")]);
      return placeOfPort(port);
    }
    return undefined;
  }

  /** Validates one step's input for a listing; returns the fields it writes and their values. */
  function validateStep(listing: Listing, step: string, input: unknown): { fields: string[]; values: Record<string, unknown> } {
    if (listing.kind === "boat") {
      if (!(boatSteps as readonly string[]).includes(step)) invalid([customIssue(["step"], "listing.unknownStep")]);
      const boatStep = step as BoatStep;
      const type = listing.data.type;
      if (type === undefined && (boatStep === "pricing" || boatStep === "conditions")) invalid([customIssue(["type"], "listing.chooseTypeFirst")]);
      const variant = boatStep === "basics" ? "motor" : (type ?? "motor");
      const result = boatStepSchema(boatStep, variant).safeParse(input);
      if (!result.success) invalid(result.error.issues);
      return { fields: boatStepFields(boatStep, variant), values: result.data as Record<string, unknown> };
    }
    if (!(dockSteps as readonly string[]).includes(step)) invalid([customIssue(["step"], "listing.unknownStep")]);
    const dockStep = step as DockStep;
    const kind = listing.data.kind;
    if (kind === undefined && dockStep === "pricing") invalid([customIssue(["kind"], "listing.chooseTypeFirst")]);
    const variant = kind ?? "sale";
    const result = dockStepSchema(dockStep, variant).safeParse(input);
    if (!result.success) invalid(result.error.issues);
    return { fields: dockStepFields(dockStep, variant), values: result.data as Record<string, unknown> };
  }

  function withSearchFields<T extends ListingRecord>(record: T, place: ListingPlace): T {
    return { ...record, ...searchFieldsOf(record, place, record.rating) };
  }

  /** Reads, checks and rewrites one listing of `ownerUid` in a transaction. */
  async function mutate(ownerUid: string, id: string, change: (listing: Listing) => ListingRecord): Promise<Listing> {
    if (!isListingId(id)) throw new ListingError("not-found");
    const changed = await store.runTransaction(async (tx) => {
      const current = (await tx.get<ListingRecord>(LISTINGS, id)) as Listing | null;
      if (!current || current.ownerUid !== ownerUid) throw new ListingError("not-found");
      const next = change(current);
      tx.set(LISTINGS, id, next);
      return { ...next, id } as Listing;
    });
    forgetCounts();
    return changed;
  }

  type Transition = "publish" | "pause" | "resume" | "archive";
  const transitions: Record<Transition, { from: readonly ListingStatus[]; to: ListingStatus; needsComplete: boolean }> = {
    publish: { from: ["draft"], to: "published", needsComplete: true },
    pause: { from: ["published"], to: "paused", needsComplete: false },
    resume: { from: ["paused"], to: "published", needsComplete: true },
    archive: { from: ["draft", "published", "paused"], to: "archived", needsComplete: false },
  };

  async function transition(ownerUid: string, id: string, action: Transition): Promise<Listing> {
    const rule = transitions[action];
    const owner = rule.needsComplete ? await users.get(ownerUid) : null;
    return mutate(ownerUid, id, (listing) => {
      if (!rule.from.includes(listing.status)) {
        throw new ListingError("invalid-transition", { message: `Cannot ${action} a listing that is ${listing.status}` });
      }
      if (rule.needsComplete) {
        const missing = missingForPublish(listing, owner);
        if (missing.length > 0) throw new ListingError("incomplete", { message: `Missing: ${missing.join(", ")}`, missing });
      }
      const now = new Date().toISOString();
      const { id: _id, ...record } = listing;
      return { ...record, status: rule.to, updatedAt: now, publishedAt: record.publishedAt ?? (rule.to === "published" ? now : null) } as ListingRecord;
    });
  }

  /**
   * How many documents a plan returns, counting at most SEARCH_CANDIDATE_LIMIT + 1 (enough to
   * tell whether its candidates fit the window). The count carries the plan's ordering, so it
   * counts exactly what the paged query returns and runs on the same composite index.
   */
  async function countPlan(plan: Plan, branches: WhereClause[][]): Promise<number> {
    const limit = SEARCH_CANDIDATE_LIMIT + 1;
    const branchCounts = await Promise.all(
      branches.map((branch) => cachedCount({ collection: LISTINGS, where: [...plan.where, ...branch], orderBy: plan.orderBy, limit })),
    );
    return Math.min(
      branchCounts.reduce((sum, n) => sum + n, 0),
      limit,
    );
  }

  /** The first `limit` documents of a plan in its order (branches are merged in memory). */
  async function fetchPlan(plan: Plan, branches: WhereClause[][], limit: number): Promise<Listing[]> {
    const results = await Promise.all(
      branches.map((branch) => store.query<ListingRecord>({ collection: LISTINGS, where: [...plan.where, ...branch], orderBy: plan.orderBy, limit })),
    );
    if (results.length === 1) return results[0] as Listing[];
    return (results.flat() as Listing[]).sort(comparatorFor(plan.orderBy)).slice(0, limit);
  }

  /**
   * Runs a search: `equality` filters always run in the store; `placeKeys` (null: anywhere)
   * becomes one `placeKey ==` query per key, merged in memory in the same order; `filters` run
   * in the store when they can (see `search`), otherwise in memory over a bounded candidate set.
   */
  async function runSearch(input: {
    equality: WhereClause[];
    placeKeys: string[] | null;
    sortOrder: OrderByClause[];
    filters: SearchFilter[];
    page: number;
    /** The search without its page: what the in-memory matches are remembered by. */
    cacheKey: string;
  }): Promise<SearchPage<Listing>> {
    const { equality, sortOrder, filters, page, cacheKey } = input;
    const branches: WhereClause[][] = input.placeKeys === null ? [[]] : input.placeKeys.map((key) => [["placeKey", "==", key]]);
    const start = (page - 1) * SEARCH_PAGE_SIZE;
    const pageOf = (matches: Listing[], counted: number, complete: boolean): SearchPage<Listing> => {
      const total = Math.min(counted, SEARCH_CANDIDATE_LIMIT);
      return {
        items: matches.slice(start, start + SEARCH_PAGE_SIZE),
        total,
        totalIsExact: complete && counted <= SEARCH_CANDIDATE_LIMIT,
        page,
        pageCount: Math.ceil(total / SEARCH_PAGE_SIZE),
        pageSize: SEARCH_PAGE_SIZE,
      };
    };
    if (branches.length === 0) return pageOf([], 0, true);

    // Plan A: the requested order, plus the range filters on the sort's own field.
    const sortField = sortOrder[0][0];
    const withSort = filters.filter((f) => f.range?.field === sortField);
    const planA: Plan = {
      where: [...equality, ...withSort.flatMap((f) => f.range!.where)],
      orderBy: sortOrder,
      residual: filters.filter((f) => !withSort.includes(f)),
      sorted: true,
    };
    const countA = await countPlan(planA, branches);

    if (planA.residual.length === 0) {
      // Everything runs in the store: `count` is the total, a page is read up to its end.
      if (start >= Math.min(countA, SEARCH_CANDIDATE_LIMIT)) return pageOf([], countA, true);
      return pageOf(await fetchPlan(planA, branches, start + SEARCH_PAGE_SIZE), countA, true);
    }

    const remembered = matchesCache.get(cacheKey);
    if (remembered && now() - remembered.at < SEARCH_COUNT_TTL_MS) {
      const docs = await store.getMany<ListingRecord>(LISTINGS, remembered.ids.slice(start, start + SEARCH_PAGE_SIZE));
      const items = docs.filter((doc) => doc !== null && doc.status === "published") as Listing[];
      const total = Math.min(remembered.ids.length, SEARCH_CANDIDATE_LIMIT);
      return { items, total, totalIsExact: remembered.complete, page, pageCount: Math.ceil(total / SEARCH_PAGE_SIZE), pageSize: SEARCH_PAGE_SIZE };
    }
    const remember = (matches: Listing[], complete: boolean) => {
      if (matchesCache.size >= 200) matchesCache.clear();
      matchesCache.set(cacheKey, { ids: matches.map((listing) => listing.id), complete: complete && matches.length <= SEARCH_CANDIDATE_LIMIT, at: now() });
      return pageOf(matches, matches.length, complete);
    };

    // Alternatives: each indexed range filter on its own, ordered by its field.
    const alternatives: Plan[] = filters
      .filter((f) => f.range && f.range.indexed && f.range.field !== sortField)
      .map((f) => ({ where: [...equality, ...f.range!.where], orderBy: [[f.range!.field, "asc"]], residual: filters.filter((g) => g !== f), sorted: false }));
    const plans = [planA, ...alternatives];
    const counts = [countA, ...(await Promise.all(alternatives.map((plan) => countPlan(plan, branches))))];
    const best = counts.indexOf(Math.min(...counts));
    const keep = (plan: Plan) => (listing: Listing) => plan.residual.every((f) => f.test(listing));

    if (counts[best] <= SEARCH_CANDIDATE_LIMIT) {
      // The most selective plan's candidates all fit: filter and sort them in memory, exactly.
      const plan = plans[best];
      const candidates = counts[best] === 0 ? [] : await fetchPlan(plan, branches, SEARCH_CANDIDATE_LIMIT);
      const matches = candidates.filter(keep(plan));
      if (!plan.sorted) matches.sort(comparatorFor(sortOrder));
      return remember(matches, true);
    }
    // Every plan is broad: the first candidates in the requested order, filtered. The pages are
    // in the right order but stop early, and the total counts only the matches among them.
    const candidates = await fetchPlan(planA, branches, SEARCH_CANDIDATE_LIMIT);
    const matches = candidates.filter(keep(planA));
    return remember(matches, false);
  }

  async function placeKeys(place: string | undefined): Promise<string[] | null> {
    if (place === undefined || placeSlug(place) === "") return null;
    return placeKeysFor(place, await ports.list());
  }

  function parseQuery<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, query: unknown): T {
    const result = schema.safeParse(query ?? {});
    if (!result.success) invalid(result.error.issues);
    return result.data;
  }

  return {
    /** Starts a listing; boats may name their type and docks sale or rent from the start. */
    async createDraft(ownerUid: string, kind: ListingKind, variant?: BoatTypeId | DockKind): Promise<Listing> {
      let data: BoatDraftData | DockDraftData;
      if (kind === "boat") {
        if (variant !== undefined && !(boatTypeIds as readonly string[]).includes(variant)) invalid([customIssue(["type"], "listing.chooseTypeFirst")]);
        data = variant === undefined ? {} : { type: variant as BoatTypeId };
      } else if (kind === "dock") {
        if (variant !== undefined && !(dockKinds as readonly string[]).includes(variant)) invalid([customIssue(["kind"], "listing.chooseTypeFirst")]);
        data = variant === undefined ? {} : { kind: variant as DockKind };
      } else {
        invalid([customIssue(["kind"], "listing.chooseTypeFirst")]);
      }
      const now = new Date().toISOString();
      const record = withSearchFields(
        { kind, ownerUid, status: "draft", data, photos: [], createdAt: now, updatedAt: now, publishedAt: null, rating: null } as unknown as ListingRecord,
        NO_PLACE,
      );
      const id = await store.add(LISTINGS, record);
      forgetCounts();
      return { ...record, id } as Listing;
    },

    /**
     * Validates one step of the form and merges it: the step's fields are replaced as a whole
     * (a field left out is removed). A published or paused listing must stay publishable.
     * Another person's listing fails with `not-found`.
     */
    async saveStep(ownerUid: string, id: string, step: BoatStep | DockStep, input: unknown): Promise<Listing> {
      const before = await readOwned(ownerUid, id);
      if (before.status === "archived") throw new ListingError("archived");
      validateStep(before, step, input);
      const place = await resolvePlace(before.kind, step, input);
      return mutate(ownerUid, id, (listing) => {
        if (listing.status === "archived") throw new ListingError("archived");
        const { fields, values } = validateStep(listing, step, input);
        const data: Record<string, unknown> = { ...listing.data };
        for (const field of fields) delete data[field];
        for (const [field, value] of Object.entries(values)) if (value !== undefined) data[field] = value;
        pruneToVariant(listing.kind, data);
        const { id: _id, ...record } = listing;
        const next = { ...record, data, updatedAt: new Date().toISOString() } as ListingRecord;
        if (listing.status !== "draft") {
          const missing = missingDataFields(next);
          if (missing.length > 0) throw new ListingError("incomplete", { message: `Missing: ${missing.join(", ")}`, missing });
        }
        return withSearchFields(next, place ?? placeOf(listing));
      });
    },

    /** Any listing by id, whatever its status (for the owner's pages and internal use). */
    get: read,

    /** What a visitor may see: published listings for everyone; the others only for their owner. */
    async getForViewer(id: string, viewerUid: string | null): Promise<Listing | null> {
      const listing = await read(id);
      if (!listing) return null;
      if (listing.status === "published" || (viewerUid !== null && listing.ownerUid === viewerUid)) return listing;
      return null;
    },

    /** All of a person's listings, whatever their status, last changed first. */
    async listByOwner(ownerUid: string): Promise<Listing[]> {
      return (await store.query<ListingRecord>({ collection: LISTINGS, where: [["ownerUid", "==", ownerUid]], orderBy: [["updatedAt", "desc"]] })) as Listing[];
    },

    /** A person's drafts, last changed first (to resume them). */
    async drafts(ownerUid: string): Promise<Listing[]> {
      return (await store.query<ListingRecord>({
        collection: LISTINGS,
        where: [
          ["ownerUid", "==", ownerUid],
          ["status", "==", "draft"],
        ],
        orderBy: [["updatedAt", "desc"]],
      })) as Listing[];
    },

    missingForPublish,

    /** draft → published, when nothing is missing (else `incomplete` with the keys). */
    publish: (ownerUid: string, id: string) => transition(ownerUid, id, "publish"),
    /** published → paused: hidden from search and visitors until resumed. */
    pause: (ownerUid: string, id: string) => transition(ownerUid, id, "pause"),
    /** paused → published. */
    resume: (ownerUid: string, id: string) => transition(ownerUid, id, "resume"),
    /** draft, published or paused → archived, for good. */
    archive: (ownerUid: string, id: string) => transition(ownerUid, id, "archive"),

    /**
     * Deletes one of the owner's drafts for good (it was never public, so nothing links to it).
     * Returns it, so the caller can remove its photos. Anything but a draft is refused.
     */
    async discardDraft(ownerUid: string, id: string): Promise<Listing> {
      if (!isListingId(id)) throw new ListingError("not-found");
      const discarded = await store.runTransaction(async (tx) => {
        const current = (await tx.get<ListingRecord>(LISTINGS, id)) as Listing | null;
        if (!current || current.ownerUid !== ownerUid) throw new ListingError("not-found");
        if (current.status !== "draft") throw new ListingError("invalid-transition", { message: `Cannot discard a listing that is ${current.status}` });
        tx.delete(LISTINGS, id);
        return current;
      });
      forgetCounts();
      return discarded;
    },

    /**
     * Replaces the photos' metadata: the order is the display order, the first is the cover; at
     * most MAX_PHOTOS. A published or paused listing keeps at least one.
     */
    async setPhotos(ownerUid: string, id: string, photos: ListingPhoto[]): Promise<Listing> {
      const parsed = listingPhotosSchema.safeParse(photos);
      if (!parsed.success) invalid(parsed.error.issues);
      return mutate(ownerUid, id, (listing) => {
        if (listing.status === "archived") throw new ListingError("archived");
        if (listing.status !== "draft" && parsed.data.length < MIN_PHOTOS) throw new ListingError("incomplete", { missing: ["photos"] });
        const { id: _id, ...record } = listing;
        return withSearchFields({ ...record, photos: parsed.data, updatedAt: new Date().toISOString() } as ListingRecord, placeOf(listing));
      });
    },

    /**
     * Writes complete listings of one owner as published, in one transaction (bulk imports and
     * bench data): each must pass the same checks as `publish` — the publishable schema, 1–20
     * photos, an existing port, the owner's complete lessor profile. Returns the new ids.
     */
    async importPublished(ownerUid: string, items: ReadonlyArray<{ kind: ListingKind; data: unknown; photos: ListingPhoto[] }>): Promise<string[]> {
      if (items.length > IMPORT_BATCH_MAX) throw new ListingError("invalid-input", { message: `At most ${IMPORT_BATCH_MAX} listings per import` });
      const owner = await users.get(ownerUid);
      if (!owner || !isLessorComplete(owner)) throw new ListingError("incomplete", { missing: ["lessorProfile"] });
      const portList = await ports.list();
      const portBySlug = new Map(portList.map((port) => [port.slug, port]));
      const now = new Date().toISOString();
      const records = items.map((item, index): [string, ListingRecord] => {
        const withIndex: (issues: z.ZodIssue[]) => never = (issues) => invalid(issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })));
        const photos = listingPhotosSchema.safeParse(item.photos);
        if (!photos.success) withIndex(photos.error.issues);
        if (photos.data.length < MIN_PHOTOS) throw new ListingError("incomplete", { missing: ["photos"] });
        const variantKey = item.kind === "boat" ? "type" : "kind";
        const variant = (item.data as Record<string, unknown> | null)?.[variantKey];
        const schema =
          item.kind === "boat"
            ? (boatTypeIds as readonly unknown[]).includes(variant)
              ? publishableBoatSchemaFor(variant as BoatTypeId)
              : null
            : (dockKinds as readonly unknown[]).includes(variant)
              ? publishableDockSchemaFor(variant as DockKind)
              : null;
        if (!schema) withIndex([customIssue([variantKey], "listing.chooseTypeFirst")]);
        const parsed = schema.safeParse(item.data);
        if (!parsed.success) withIndex(parsed.error.issues);
        const data = parsed.data as Record<string, unknown>;
        let place: ListingPlace;
        if (item.kind === "boat") {
          const home = data.homePort as HomePort;
          if ("portSlug" in home) {
            const port = portBySlug.get(home.portSlug);
            if (!port) withIndex([customIssue(["homePort", "portSlug"], "listing.unknownPort")]);
            place = placeOfPort(port);
          } else {
            place = placeOfCity(home, portList);
          }
        } else {
          const port = portBySlug.get(data.portSlug as string);
          if (!port) withIndex([customIssue(["portSlug"], "listing.unknownPort")]);
          place = placeOfPort(port);
        }
        const record = {
          kind: item.kind,
          ownerUid,
          status: "published",
          data,
          photos: photos.data,
          createdAt: now,
          updatedAt: now,
          publishedAt: now,
          rating: null,
        } as unknown as ListingRecord;
        return [newDocumentId(), withSearchFields(record, place)];
      });
      await store.runTransaction(async (tx) => {
        for (const [id, record] of records) tx.create(LISTINGS, id, record);
      });
      forgetCounts();
      return records.map(([id]) => id);
    },

    /**
     * Published boats matching a search (`boatSearchSchema`; invalid input fails with
     * `invalid-input`), 24 per page, sorted by relevance (default: `relevanceScore`, then
     * newest), price, newest or rating. Rating sorts by average rating, best first, and places
     * listings without reviews (rating null) last, newest first among equals — so while there
     * are no reviews, rating order is newest order.
     *
     * Dates (`from`/`to`) are validated but do not filter yet: availability filtering joins the
     * search when bookings exist (a boat is then left out when a confirmed booking, a pending
     * request or an owner block takes one of the days). Nothing pretends to filter them now.
     *
     * How it runs on the store (the same queries on SQLite and Firestore):
     * - Always in the store, as equality filters: published, boat, the type, and the place —
     *   one `placeKey ==` query per key of `placeKeysFor` (a port; a city's ports and the city;
     *   a region's), merged in memory in the same order. Each combination has its composite
     *   index for each order (`indexes.ts`).
     * - Firestore allows one inequality field per query and it must lead the ordering, so: a
     *   price range runs in the store when sorting by price. Otherwise three plans compete:
     *   (a) the requested order, the remaining filters in memory; (b) `capacity >= people`
     *   ordered by capacity; (c) the price range ordered by price. Each is counted (`count`,
     *   bounded at SEARCH_CANDIDATE_LIMIT + 1) and the most selective wins: if it returns at most
     *   SEARCH_CANDIDATE_LIMIT (1,008) boats, all are read, filtered and sorted in memory, and the
     *   result is exact. Licence, skipper and instant booking always run in memory (indexes for
     *   every combination of them would be hundreds).
     * - If even the most selective plan is broader than that, the first 1,008 boats in the
     *   requested order are read and filtered: the pages are right and in order but stop early,
     *   and `total` counts the matches among them (`totalIsExact: false`).
     *
     * Pagination: numbered pages (`page`, 1–42). Firestore has no offset (nor has the port), so
     * page N is reached by reading the first N × 24 results in order and keeping the last 24
     * (or by slicing the in-memory candidates): the same on both adapters. Paging therefore
     * stops at SEARCH_MAX_PAGES (42 pages, 1,008 results), which also bounds what any search
     * reads. `total` is `count`'s answer when every filter runs in the store, exact up to 1,008
     * and reported as 1,008 with `totalIsExact: false` beyond ("more than 1,000 boats").
     */
    /**
     * Every published boat and dock (id, kind, last change), for the sitemap: pages of 500 in the
     * search's "newest" order (`status`, `kind`, `publishedAt desc`, an index both adapters have).
     */
    async publishedRefs(): Promise<PublishedRef[]> {
      const refs: PublishedRef[] = [];
      for (const kind of ["boat", "dock"] as const) {
        const base: Query = {
          collection: LISTINGS,
          where: [
            ["status", "==", "published"],
            ["kind", "==", kind],
          ],
          orderBy: [["publishedAt", "desc"]],
          limit: 500,
        };
        let startAfter: unknown[] | undefined;
        for (;;) {
          const docs = await store.query<{ updatedAt: string; publishedAt: string }>(startAfter ? { ...base, startAfter } : base);
          for (const doc of docs) refs.push({ id: doc.id, kind, updatedAt: doc.updatedAt });
          if (docs.length < 500) break;
          startAfter = cursorAfter(base, docs[docs.length - 1]!);
        }
      }
      return refs;
    },

    async search(query: BoatSearch | Record<string, unknown> = {}): Promise<SearchPage<BoatListing>> {
      const q = parseQuery(boatSearchSchema, query);
      const equality: WhereClause[] = [
        ["status", "==", "published"],
        ["kind", "==", "boat"],
      ];
      if (q.type) equality.push(["type", "==", q.type]);
      const filters: SearchFilter[] = [];
      if (q.people !== undefined) {
        const people = q.people;
        filters.push({
          test: (listing) => (listing.capacity ?? 0) >= people,
          range: { field: "capacity", where: [["capacity", ">=", people]], indexed: true },
        });
      }
      const price = rangeFilter(
        "dayPriceCents",
        q.minPrice === undefined ? undefined : q.minPrice * 100,
        q.maxPrice === undefined ? undefined : q.maxPrice * 100,
        true,
      );
      if (price) filters.push(price);
      if (q.licence !== undefined) {
        const held = q.licence;
        filters.push({ test: (listing) => listing.licence !== null && licenceCovers(held, listing.licence) });
      }
      if (q.skipper !== undefined) {
        const accepted: SkipperMode[] = q.skipper === "with" ? ["optional", "mandatory"] : ["none", "optional"];
        filters.push({ test: (listing) => listing.skipperMode !== null && accepted.includes(listing.skipperMode) });
      }
      if (q.instantBooking) filters.push({ test: (listing) => listing.instantBooking === true });
      return runSearch({
        equality,
        placeKeys: await placeKeys(q.place),
        sortOrder: boatSortOrders[q.sort ?? "relevance"],
        filters,
        page: q.page ?? 1,
        cacheKey: JSON.stringify(["boat", { ...q, page: undefined }]),
      }) as Promise<SearchPage<BoatListing>>;
    },

    /**
     * Published docks matching a search (`dockSearchSchema`), 24 per page, newest first by
     * default or by price (the sale price, or the monthly price of docks for rent). Runs like
     * `search`: published, dock, sale/rent and the place in the store; a minimum length and a
     * price range are the alternative store-side filters (whichever matches fewer); beam and
     * depth are always checked in memory (they follow length closely, so length is the selective one).
     */
    async searchDocks(query: DockSearch | Record<string, unknown> = {}): Promise<SearchPage<DockListing>> {
      const q = parseQuery(dockSearchSchema, query);
      const equality: WhereClause[] = [
        ["status", "==", "published"],
        ["kind", "==", "dock"],
      ];
      if (q.kind) equality.push(["docKind", "==", q.kind]);
      const filters = [
        rangeFilter("maxLengthM", q.minLengthM, undefined, true),
        rangeFilter("maxBeamM", q.minBeamM, undefined, false),
        rangeFilter("depthM", q.minDepthM, undefined, false),
        rangeFilter("priceCents", q.minPrice === undefined ? undefined : q.minPrice * 100, q.maxPrice === undefined ? undefined : q.maxPrice * 100, true),
      ].filter((filter): filter is SearchFilter => filter !== null);
      return runSearch({
        equality,
        placeKeys: await placeKeys(q.place),
        sortOrder: dockSortOrders[q.sort ?? "newest"],
        filters,
        page: q.page ?? 1,
        cacheKey: JSON.stringify(["dock", { ...q, page: undefined }]),
      }) as Promise<SearchPage<DockListing>>;
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;

/** A published listing's id, kind and last change, for the sitemap. */
export type PublishedRef = { id: string; kind: ListingKind; updatedAt: string };
