import type { z } from "zod";
import { boatSearchSchema, licenceCovers, SEARCH_PAGE_SIZE, type BoatSearch, type BoatSort } from "#app/utils/listings/boat-search";
import { dockSearchSchema, type DockSearch, type DockSort, type SkipperMode } from "#app/utils/listings/schemas";
import type { DocumentStore, OrderByClause, Query, WhereClause } from "#app/.server/store";
import type { PortsService } from "../ports";
import {
  invalid,
  LISTINGS,
  SEARCH_CANDIDATE_LIMIT,
  SEARCH_COUNT_TTL_MS,
  type BoatListing,
  type DockListing,
  type Listing,
  type ListingRecord,
  type ListingSearchFields,
  type SearchPage,
} from "./model";
import { placeKeysFor, placeSlug } from "./places";

/**
 * Searches of published boats and docks, and their two caches (search totals and the matches
 * of searches filtered in memory). The same queries run on SQLite and Firestore.
 */

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

function parseQuery<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, query: unknown): T {
  const result = schema.safeParse(query ?? {});
  if (!result.success) invalid(result.error.issues);
  return result.data;
}

/** Which listings are not free on some of the days from `from` to `to` (the booking engine answers). */
export type Availability = { busy(from: string, to: string): Promise<ReadonlySet<string>> };

export function createListingSearch(deps: { store: DocumentStore; ports: PortsService; now: () => number }) {
  const { store, ports, now } = deps;
  let availability: Availability | null = null;

  /**
   * Search totals: a bounded `count` reads up to SEARCH_CANDIDATE_LIMIT + 1 index entries and
   * costs milliseconds, the same for every visitor of a popular search. They are reused for
   * SEARCH_COUNT_TTL_MS, and forgotten on every listing write through this server (`forget`),
   * so this server's own changes show at once; another server's within the TTL (the items
   * themselves are always read fresh).
   */
  const countCache = new Map<string, { value: number; at: number }>();
  /**
   * The ordered ids a search filtered in memory found, for as long as counts are reused: the next
   * pages and visitors of the same search read just their page's listings by id (fresh, and
   * dropped if no longer published) instead of filtering up to SEARCH_CANDIDATE_LIMIT again.
   */
  const matchesCache = new Map<string, { ids: string[]; complete: boolean; at: number }>();

  async function cachedCount(query: Query): Promise<number> {
    const key = JSON.stringify(query);
    const hit = countCache.get(key);
    if (hit && now() - hit.at < SEARCH_COUNT_TTL_MS) return hit.value;
    const value = await store.count(query);
    if (countCache.size >= 1_000) countCache.clear();
    countCache.set(key, { value, at: now() });
    return value;
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

  return {
    /** Lets date searches ask the booking engine which listings are taken (set once at start). */
    useAvailability(source: Availability): void {
      availability = source;
    },

    /** Forgets the remembered counts and matches (a listing or a booking was written through this server). */
    forget(): void {
      countCache.clear();
      matchesCache.clear();
    },

    /**
     * Published boats matching a search (`boatSearchSchema`; invalid input fails with
     * `invalid-input`), 24 per page, sorted by relevance (default: `relevanceScore`, then
     * newest), price, newest or rating. Rating sorts by average rating, best first, and places
     * listings without reviews (rating null) last, newest first among equals — so while there
     * are no reviews, rating order is newest order.
     *
     * Dates (`from`/`to`, `to` defaulting to `from`): a boat is left out when a confirmed
     * booking, a pending request or an owner block holds any slot of those days (the booking
     * engine answers through `useAvailability`; one range read of the held slots).
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
      if (q.from !== undefined && availability) {
        // Free on every chosen day: no booking, request or block holds any of them.
        const busy = await availability.busy(q.from, q.to ?? q.from);
        if (busy.size > 0) filters.push({ test: (listing) => !busy.has(listing.id) });
      }
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

export type ListingSearch = ReturnType<typeof createListingSearch>;
