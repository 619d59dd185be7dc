import type { z } from "zod";
import { boatSearchSchema, licenceCovers, SEARCH_PAGE_SIZE, type BoatSearch } from "#app/features/search";
import { requiredLicence } from "#app/features/licences/.server";
import { dockSearchSchema, type DockSearch, type SkipperMode } from "#app/features/listings/schemas";
import { cursorAfter, type DocumentStore, type OrderByClause, type Query, type WhereClause } from "#app/.server/store";
import type { PortsService } from "#app/features/ports/.server";
import {
  invalid,
  LISTINGS,
  SEARCH_CANDIDATE_LIMIT,
  SEARCH_COUNT_TTL_MS,
  type BoatListing,
  type DockListing,
  type Listing,
  type ListingRecord,
  type SearchPage,
} from "./model";
import { placeBranchesFor, placeSlug } from "./places";
import { boatSortOrders, comparatorFor, dockSortOrders, rangeFilter, satisfies, type Plan, type SearchFilter } from "./search-filters";

/**
 * Searches of published boats and docks, and their two caches (search totals and the matches
 * of searches filtered in memory). The same queries run on SQLite and Firestore.
 */

function parseQuery<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, query: unknown): T {
  const result = schema.safeParse(query ?? {});
  if (!result.success) invalid(result.error.issues);
  return result.data;
}

/** Which listings are not free on some of the days from `from` to `to` (the booking engine answers). */
export type Availability = { busy(from: string, to: string): Promise<ReadonlySet<string>> };

/**
 * A search's results as far as read, in order (see `matchesCache`). A search that runs in the
 * store also keeps where each of its queries stopped (`after`, null when none of its documents
 * were used) and the taken listings it leaves out, so the next page reads on from there.
 */
type Remembered = {
  ids: string[];
  whole: boolean;
  counted: number;
  exact: boolean;
  at: number;
  next?: { queries: Query[]; after: Array<unknown[] | null>; taken: ReadonlySet<string> };
};

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
   * What a search found, for as long as counts are reused: its results' ids in order from the
   * first — all of them (`whole`: filtered in memory, or every result read), or as far as a page
   * read them — and its total. A page within them reads just its 24 listings by id (fresh, and
   * dropped if no longer published) instead of counting and reading from the first result again.
   */
  const matchesCache = new Map<string, Remembered>();

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
  async function countPlan(plan: Plan, branches: WhereClause[][], limit = SEARCH_CANDIDATE_LIMIT + 1): Promise<number> {
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
   * The next `need` results of `queries` (one per place branch, merged in their order) after the
   * cursors `after`, leaving out `taken` (each query reads `need` plus as many as are taken):
   * the results and the cursors after them.
   */
  async function readOn(queries: Query[], after: Array<unknown[] | null>, need: number, taken: ReadonlySet<string>) {
    const pages = await Promise.all(
      queries.map((query, i) => store.query<ListingRecord>({ ...query, limit: need + taken.size, ...(after[i] ? { startAfter: after[i]! } : {}) })),
    );
    const tagged = pages.flatMap((page, branch) => (page as Listing[]).map((listing) => ({ listing, branch })));
    if (queries.length > 1) {
      const compare = comparatorFor(queries[0].orderBy ?? []);
      tagged.sort((a, b) => compare(a.listing, b.listing));
    }
    const used = tagged.filter(({ listing }) => !taken.has(listing.id)).slice(0, need);
    const next = [...after];
    for (const { listing, branch } of used) next[branch] = cursorAfter(queries[branch], listing);
    return { results: used.map(({ listing }) => listing), after: next };
  }

  /**
   * Runs a search: `equality` filters always run in the store; `places` (null: anywhere) are
   * the place's queries (`placeBranchesFor`: usually one), merged in memory in the same order;
   * `filters` run in the store when they can (see `search`), otherwise in memory over a bounded
   * candidate set; `busy` (asked only when the search is not remembered) names listings to leave out.
   */
  async function runSearch(input: {
    equality: WhereClause[];
    places: WhereClause[][] | null;
    sortOrder: OrderByClause[];
    filters: SearchFilter[];
    busy: (() => Promise<ReadonlySet<string>>) | null;
    page: number;
    /** The search without its page: what the results are remembered by. */
    cacheKey: string;
  }): Promise<SearchPage<Listing>> {
    const { equality, sortOrder, page, cacheKey } = input;
    const branches: WhereClause[][] = input.places ?? [[]];
    const start = (page - 1) * SEARCH_PAGE_SIZE;
    const end = start + SEARCH_PAGE_SIZE;
    const pageOf = (items: Listing[], counted: number, exact: boolean): SearchPage<Listing> => {
      const total = Math.min(counted, SEARCH_CANDIDATE_LIMIT);
      return { items, total, totalIsExact: exact && counted <= SEARCH_CANDIDATE_LIMIT, page, pageCount: Math.ceil(total / SEARCH_PAGE_SIZE), pageSize: SEARCH_PAGE_SIZE };
    };
    if (branches.length === 0) return pageOf([], 0, true);

    const remembered = matchesCache.get(cacheKey);
    const fresh = remembered !== undefined && now() - remembered.at < SEARCH_COUNT_TTL_MS;
    if (fresh && (remembered.whole || end <= remembered.ids.length)) {
      const ids = remembered.ids.slice(start, end);
      const docs = ids.length === 0 ? [] : await store.getMany<ListingRecord>(LISTINGS, ids);
      const items = docs.filter((doc) => doc !== null && doc.status === "published") as Listing[];
      return pageOf(items, remembered.counted, remembered.exact);
    }
    const remember = (results: Listing[], whole: boolean, counted: number, exact: boolean, next?: Remembered["next"]) => {
      if (matchesCache.size >= 200) matchesCache.clear();
      matchesCache.set(cacheKey, { ids: results.map((listing) => listing.id), whole, counted, exact, at: now(), next });
    };
    if (fresh && remembered.next) {
      // A later page of a search that runs in the store: read on from where the last page stopped.
      const { ids, counted, next } = remembered;
      if (start >= Math.min(counted, SEARCH_CANDIDATE_LIMIT)) return pageOf([], counted, true);
      const more = await readOn(next.queries, next.after, end - ids.length, next.taken);
      const known = [...ids, ...more.results.map((listing) => listing.id)];
      if (matchesCache.size >= 200) matchesCache.clear();
      matchesCache.set(cacheKey, { ...remembered, ids: known, whole: known.length >= counted, next: { ...next, after: more.after } });
      const pageIds = known.slice(start, end);
      const byId = new Map(more.results.map((listing) => [listing.id, listing]));
      const missing = pageIds.filter((id) => !byId.has(id));
      const earlier = missing.length === 0 ? [] : await store.getMany<ListingRecord>(LISTINGS, missing);
      for (const doc of earlier) if (doc && doc.status === "published") byId.set(doc.id, doc as Listing);
      return pageOf(pageIds.flatMap((id) => byId.get(id) ?? []), counted, true);
    }
    const busy = input.busy ? await input.busy() : new Set<string>();

    // Plan A: the requested order, plus the range filters on the sort's own field.
    const sortField = sortOrder[0][0];
    const withSort = input.filters.filter((f) => f.range?.field === sortField);
    const planA: Plan = {
      where: [...equality, ...withSort.flatMap((f) => f.range!.where)],
      orderBy: sortOrder,
      residual: input.filters.filter((f) => !withSort.includes(f)),
      sorted: true,
    };

    if (planA.residual.length === 0) {
      // Everything runs in the store. Busy listings the query would return are read by id (as
      // many as are taken on those days, whatever the number of listings) and left out: the
      // count less them is the total; a page reads its results from the first, plus them.
      const taken = new Set<string>();
      if (busy.size > 0) {
        for (const doc of await store.getMany<ListingRecord>(LISTINGS, [...busy])) {
          if (doc && satisfies(doc as Listing, planA.where) && branches.some((branch) => satisfies(doc as Listing, branch))) taken.add(doc.id);
        }
      }
      const counted = (await countPlan(planA, branches, SEARCH_CANDIDATE_LIMIT + 1 + taken.size)) - taken.size;
      const queries = branches.map((branch): Query => ({ collection: LISTINGS, where: [...planA.where, ...branch], orderBy: planA.orderBy }));
      if (start >= Math.min(counted, SEARCH_CANDIDATE_LIMIT)) {
        // Past the last page: nothing to read, but the total and the taken are remembered.
        remember([], counted <= 0, counted, true, { queries, after: queries.map(() => null), taken });
        return pageOf([], counted, true);
      }
      const { results, after } = await readOn(queries, queries.map(() => null), end, taken);
      remember(results, results.length >= counted, counted, true, { queries, after, taken });
      return pageOf(results.slice(start), counted, true);
    }

    const filters = busy.size > 0 ? [...input.filters, { test: (listing: Listing) => !busy.has(listing.id) }] : input.filters;
    planA.residual = filters.filter((f) => !withSort.includes(f));
    const found = (matches: Listing[], complete: boolean) => {
      remember(matches, true, matches.length, complete);
      return pageOf(matches.slice(start, end), matches.length, complete);
    };
    // Alternatives: each indexed range filter on its own, ordered by its field.
    const alternatives: Plan[] = filters
      .filter((f) => f.range && f.range.indexed && f.range.field !== sortField)
      .map((f) => ({ where: [...equality, ...f.range!.where], orderBy: [[f.range!.field, "asc"]], residual: filters.filter((g) => g !== f), sorted: false }));
    const plans = [planA, ...alternatives];
    const counts = await Promise.all(plans.map((plan) => countPlan(plan, branches)));
    const best = counts.indexOf(Math.min(...counts));
    const keep = (plan: Plan) => (listing: Listing) => plan.residual.every((f) => f.test(listing));

    if (counts[best] <= SEARCH_CANDIDATE_LIMIT) {
      // The most selective plan's candidates all fit: filter and sort them in memory, exactly.
      const plan = plans[best];
      const candidates = counts[best] === 0 ? [] : await fetchPlan(plan, branches, SEARCH_CANDIDATE_LIMIT);
      const matches = candidates.filter(keep(plan));
      if (!plan.sorted) matches.sort(comparatorFor(sortOrder));
      return found(matches, true);
    }
    // Every plan is broad: the first candidates in the requested order, filtered. The pages are
    // in the right order but stop early, and the total counts only the matches among them.
    const candidates = await fetchPlan(planA, branches, SEARCH_CANDIDATE_LIMIT);
    return found(candidates.filter(keep(planA)), false);
  }

  /** The ports a place's text is matched against (the ports service keeps its list, decision 055). */
  async function placeBranches(place: string | undefined): Promise<WhereClause[][] | null> {
    if (place === undefined || placeSlug(place) === "") return null;
    return placeBranchesFor(place, await ports.list());
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
     * How it runs on the store (the same queries on SQLite and Firestore; decisions 006, 056):
     * - Always in the store, as equality filters: published, boat, the type, people (`seats`
     *   array-contains n) and the place — a port (`placeKey ==`), a city (`cityKey ==`) or a
     *   region (`regionKey ==`); only a partial name asks one `placeKey ==` query per key of
     *   `placeKeysFor`, merged in memory in the same order. Each combination has its composite
     *   index for each order (`indexes.ts`).
     * - Dates: the listings taken on those days (the booking engine's set) that the query would
     *   return are read by id and skipped; the total is the count less them. Reads grow with the
     *   bookings on those days, not with the listings.
     * - Firestore allows one inequality field per query and it must lead the ordering, so: a
     *   price range runs in the store when sorting by price. Otherwise two plans compete:
     *   (a) the requested order, the remaining filters in memory; (b) the price range ordered by
     *   price. Each is counted (`count`, bounded at SEARCH_CANDIDATE_LIMIT + 1) and the most
     *   selective wins: if it returns at most SEARCH_CANDIDATE_LIMIT (1,008) boats, all are read,
     *   filtered and sorted in memory, and the result is exact. Licence, skipper and instant
     *   booking always run in memory (indexes for every combination of them would be hundreds).
     * - If even the most selective plan is broader than that, the first 1,008 boats in the
     *   requested order are read and filtered: the pages are right and in order but stop early,
     *   and `total` counts the matches among them (`totalIsExact: false`).
     *
     * Pagination: numbered pages (`page`, 1–42). Firestore has no offset (nor has the port), so
     * page N is reached by reading the first N × 24 results in order and keeping the last 24
     * (or by slicing the in-memory candidates): the same on both adapters. The ids read are
     * remembered with the counts: a page within them reads its 24 listings by id. Paging therefore
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
      // People: boats list the party sizes they take (`seats`), so this is an equality too.
      if (q.people !== undefined) equality.push(["seats", "array-contains", q.people]);
      const filters: SearchFilter[] = [];
      const price = rangeFilter(
        "dayPriceCents",
        q.minPrice === undefined ? undefined : q.minPrice * 100,
        q.maxPrice === undefined ? undefined : q.maxPrice * 100,
        true,
      );
      if (price) filters.push(price);
      if (q.licence !== undefined) {
        const held = q.licence;
        // Read as the boat asks (issue 49): the stored choice, never below the law's minimum.
        filters.push({ test: (listing) => listing.licence !== null && licenceCovers(held, listing.kind === "boat" ? requiredLicence({ ...listing.data, licence: listing.licence }) : listing.licence) });
      }
      if (q.skipper !== undefined) {
        const accepted: SkipperMode[] = q.skipper === "with" ? ["optional", "mandatory"] : ["none", "optional"];
        filters.push({ test: (listing) => listing.skipperMode !== null && accepted.includes(listing.skipperMode) });
      }
      if (q.instantBooking) filters.push({ test: (listing) => listing.instantBooking === true });
      // Free on every chosen day: no booking, request or block holds any of them.
      const source = availability;
      const { from, to } = q;
      return runSearch({
        equality,
        places: await placeBranches(q.place),
        sortOrder: boatSortOrders[q.sort ?? "relevance"],
        filters,
        busy: from !== undefined && source ? () => source.busy(from, to ?? from) : null,
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
        places: await placeBranches(q.place),
        sortOrder: dockSortOrders[q.sort ?? "newest"],
        filters,
        busy: null,
        page: q.page ?? 1,
        cacheKey: JSON.stringify(["dock", { ...q, page: undefined }]),
      }) as Promise<SearchPage<DockListing>>;
    },
  };
}

export type ListingSearch = ReturnType<typeof createListingSearch>;
