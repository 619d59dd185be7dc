import type { z } from "zod";
import { boatSearchSchema, licenceCovers, SEARCH_PAGE_SIZE, type BoatSearch } from "#app/features/search";
import { requiredLicence } from "#app/features/licences/.server";
import { dockSearchSchema, type DockSearch, type SkipperMode } from "#app/features/listings/schemas";
import { isStoreError, type DocumentStore, type OrderByClause, type Query, type WhereClause } from "#app/.server/store";
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
import { datedPriceSearch } from "./search-day-prices";
import { datedPriceRun, flatFilter, flatFor, type DatedMemory } from "./search-dated";
import { cursorFor, pageLinks, type Positions, type SearchCursor } from "./search-cursor";
import { createSearchQueries } from "./search-queries";

/**
 * Searches of published boats and docks, and their two caches (search totals, `search-queries.ts`,
 * and the matches found). The same queries run on SQLite and Firestore.
 */

function parseQuery<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, query: unknown): T {
  const result = schema.safeParse(query ?? {});
  if (!result.success) invalid(result.error.issues);
  return result.data;
}

/** A search's options beside its query: `cursor`, the token of the page link that opened the page (`c=`). */
export type SearchOptions = { cursor?: string | null };

/** Which listings are not free on some of the days from `from` to `to` (the booking engine answers). */
export type Availability = { busy(from: string, to: string): Promise<ReadonlySet<string>> };

/**
 * A search's results as far as read, in order (see `matchesCache`). A search that runs in the
 * store also keeps where each of its queries stopped (`after`, null when none of its documents
 * were used), where they stood at each page's end (`marks`, for its links' cursors) and the taken
 * listings it leaves out, so the next page reads on from there.
 */
type Remembered = {
  ids: string[];
  whole: boolean;
  counted: number;
  exact: boolean;
  at: number;
  next?: { queries: Query[]; after: Positions; marks: Map<number, Positions>; taken: ReadonlySet<string> };
  /** Pages opened from a link's cursor (by their start and cursor): their ids, and where they end. */
  opened?: Map<string, { ids: string[]; end: Positions | null }>;
};

export function createListingSearch(deps: { store: DocumentStore; ports: PortsService; now: () => number }) {
  const { store, ports, now } = deps;
  let availability: Availability | null = null;

  /**
   * What a search found, for as long as counts are reused: its results' ids in order from the
   * first — all of them (`whole`: filtered in memory, or every result read), or as far as a page
   * read them — and its total. A page within them reads just its 24 listings by id (fresh, and
   * dropped if no longer published) instead of counting and reading from the first result again.
   */
  const matchesCache = new Map<string, Remembered>();
  const datedMemory: DatedMemory = new Map();

  const { cachedCount, countPlan, fetchPlan, readOn, forgetCounts } = createSearchQueries(store, now);

  /**
   * Runs a search: `equality` filters always run in the store; `places` (null: anywhere) are
   * the place's queries (`placeBranchesFor`: usually one), merged in memory in the same order;
   * `filters` run in the store when they can (see `search`), otherwise in memory over a bounded
   * candidate set; `busy` (asked only when the search is not remembered) names listings to leave out.
   * `cursor` is a page link's token (`search-cursor.ts`): where the page starts, when the search
   * runs in the store and the token is this search's and this page's (otherwise it is ignored).
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
    cursor?: string | null;
    /** The results from the first to the page's end (a dated price search merges them: `search-dated.ts`). */
    fromFirst?: boolean;
  }): Promise<SearchPage<Listing>> {
    const { equality, sortOrder, page, cacheKey } = input;
    const branches: WhereClause[][] = input.places ?? [[]];
    const start = input.fromFirst ? 0 : (page - 1) * SEARCH_PAGE_SIZE;
    const end = page * SEARCH_PAGE_SIZE;
    // What a page link's cursor is bound to: the search and its store queries.
    const keyOf = (queries: Query[]) => `${cacheKey}\n${JSON.stringify(queries)}`;
    const pageOf = (items: Listing[], counted: number, exact: boolean, links?: { marks: ReadonlyMap<number, Positions>; queries: Query[] }): SearchPage<Listing> => {
      const total = Math.min(counted, SEARCH_CANDIDATE_LIMIT);
      const pageCount = Math.ceil(total / SEARCH_PAGE_SIZE);
      const cursors = links ? pageLinks(links.marks, page, pageCount, SEARCH_PAGE_SIZE, keyOf(links.queries)) : undefined;
      return { items, total, totalIsExact: exact && counted <= SEARCH_CANDIDATE_LIMIT, page, pageCount, pageSize: SEARCH_PAGE_SIZE, ...(cursors ? { cursors } : {}) };
    };
    if (branches.length === 0) return pageOf([], 0, true);

    // Plan A: the requested order, plus the range filters on the sort's own field.
    const sortField = sortOrder[0][0];
    const withSort = input.filters.filter((f) => f.range?.field === sortField);
    const planA: Plan = {
      where: [...equality, ...withSort.flatMap((f) => f.range!.where)],
      orderBy: sortOrder,
      residual: input.filters.filter((f) => !withSort.includes(f)),
      sorted: true,
    };
    const queries = branches.map((branch): Query => ({ collection: LISTINGS, where: [...planA.where, ...branch], orderBy: planA.orderBy }));
    const inStore = planA.residual.length === 0;

    const remembered = matchesCache.get(cacheKey);
    const fresh = remembered !== undefined && now() - remembered.at < SEARCH_COUNT_TTL_MS;
    if (fresh && (remembered.whole || end <= remembered.ids.length)) {
      const ids = remembered.ids.slice(start, end);
      const docs = ids.length === 0 ? [] : await store.getMany<ListingRecord>(LISTINGS, ids);
      const items = docs.filter((doc) => doc !== null && doc.status === "published") as Listing[];
      return pageOf(items, remembered.counted, remembered.exact, remembered.next);
    }
    const remember = (results: Listing[], whole: boolean, counted: number, exact: boolean, next?: Remembered["next"]) => {
      if (matchesCache.size >= 200) matchesCache.clear();
      matchesCache.set(cacheKey, { ids: results.map((listing) => listing.id), whole, counted, exact, at: now(), next });
    };

    /**
     * Busy listings the queries would return, read by id (as many as are taken on those days,
     * whatever the number of listings): left out of the pages, and of the count.
     */
    async function takenOf(held: ReadonlySet<string>): Promise<Set<string>> {
      const taken = new Set<string>();
      if (held.size === 0) return taken;
      for (const doc of await store.getMany<ListingRecord>(LISTINGS, [...held])) {
        if (doc && satisfies(doc as Listing, planA.where) && branches.some((branch) => satisfies(doc as Listing, branch))) taken.add(doc.id);
      }
      return taken;
    }

    /**
     * A page opened by its link's cursor: the total and the taken (remembered, else counted and
     * read, then remembered with no results yet), then the page's results read on from the cursor.
     */
    async function readFromCursor({ after, before }: SearchCursor): Promise<SearchPage<Listing>> {
      let { counted, next } = fresh && remembered.next ? remembered : { counted: 0, next: undefined };
      if (!next) {
        const taken = await takenOf(input.busy ? await input.busy() : new Set<string>());
        counted = (await countPlan(planA, branches, SEARCH_CANDIDATE_LIMIT + 1 + taken.size)) - taken.size;
        const starts: Positions = queries.map(() => null);
        next = { queries, after: starts, marks: new Map([[0, starts]]), taken };
        remember([], counted <= 0, counted, true, next);
      }
      const { taken } = next;
      if (start >= Math.min(counted, SEARCH_CANDIDATE_LIMIT)) return pageOf([], counted, true);
      const marks = new Map([...(before ? [[start - SEARCH_PAGE_SIZE, before] as const] : []), [start, after] as const]);
      // The same link again within the TTL: the page's listings by id, as a remembered page is read.
      const entry = matchesCache.get(cacheKey);
      const key = `${start}\n${JSON.stringify(after)}`;
      const seen = entry?.opened?.get(key);
      if (seen) {
        if (seen.end) marks.set(end, seen.end);
        const docs = await store.getMany<ListingRecord>(LISTINGS, seen.ids);
        return pageOf(docs.filter((doc) => doc !== null && doc.status === "published") as Listing[], counted, true, { marks, queries });
      }
      const more = await readOn(queries, after, SEARCH_PAGE_SIZE, taken, start);
      for (const [at, positions] of more.marks) marks.set(at, positions);
      if (entry) {
        // At most 50 pages per search (a forged cursor is one more page to remember, for 10 s).
        if (!entry.opened || entry.opened.size >= 50) entry.opened = new Map();
        entry.opened.set(key, { ids: more.results.map((listing) => listing.id), end: more.marks.get(end) ?? null });
      }
      return pageOf(more.results, counted, true, { marks, queries });
    }

    // A page link's cursor, unless what is remembered reaches the page's start (as cheap, and no token to trust).
    const cursor = inStore && !(fresh && remembered.next && remembered.ids.length >= start) ? cursorFor(input.cursor, keyOf(queries), queries, page) : null;
    if (cursor) {
      try {
        return await readFromCursor(cursor);
      } catch (error) {
        // A position the store refuses (a cursor forged to this search's hash): read as without one.
        if (!isStoreError(error, "invalid-argument")) throw error;
      }
    }
    if (fresh && remembered.next) {
      // A later page of a search that runs in the store: read on from where the last page stopped.
      const { ids, counted, next } = remembered;
      if (start >= Math.min(counted, SEARCH_CANDIDATE_LIMIT)) return pageOf([], counted, true);
      const more = await readOn(next.queries, next.after, end - ids.length, next.taken, ids.length);
      const known = [...ids, ...more.results.map((listing) => listing.id)];
      const marks = new Map([...next.marks, ...more.marks]);
      if (matchesCache.size >= 200) matchesCache.clear();
      matchesCache.set(cacheKey, { ...remembered, ids: known, whole: known.length >= counted, next: { ...next, after: more.after, marks } });
      const pageIds = known.slice(start, end);
      const byId = new Map(more.results.map((listing) => [listing.id, listing]));
      const missing = pageIds.filter((id) => !byId.has(id));
      const earlier = missing.length === 0 ? [] : await store.getMany<ListingRecord>(LISTINGS, missing);
      for (const doc of earlier) if (doc && doc.status === "published") byId.set(doc.id, doc as Listing);
      return pageOf(pageIds.flatMap((id) => byId.get(id) ?? []), counted, true, { marks, queries: next.queries });
    }
    const busy = input.busy ? await input.busy() : new Set<string>();
    if (inStore) {
      // Everything runs in the store. Busy listings the query would return are left out: the
      // count less them is the total; a page reads its results from the first, plus them.
      const taken = await takenOf(busy);
      const counted = (await countPlan(planA, branches, SEARCH_CANDIDATE_LIMIT + 1 + taken.size)) - taken.size;
      const starts: Positions = queries.map(() => null);
      if (start >= Math.min(counted, SEARCH_CANDIDATE_LIMIT)) {
        // Past the last page: nothing to read, but the total and the taken are remembered.
        remember([], counted <= 0, counted, true, { queries, after: starts, marks: new Map([[0, starts]]), taken });
        return pageOf([], counted, true);
      }
      const { results, after, marks } = await readOn(queries, starts, end, taken);
      marks.set(0, starts);
      remember(results, results.length >= counted, counted, true, { queries, after, marks, taken });
      return pageOf(results.slice(start), counted, true, { marks, queries });
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
    const kept = candidates.filter(keep(planA));
    return found(kept, false);
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
      forgetCounts();
      matchesCache.clear();
      datedMemory.clear();
    },

    /**
     * Published boats matching a search (`boatSearchSchema`; invalid input fails with
     * `invalid-input`), 24 per page, sorted by relevance (default: `relevance`, the listing's score plus its owner's standing share, then
     * newest), price, newest or rating. Rating sorts by average rating, best first, and places
     * listings without reviews (rating null) last, newest first among equals — so while there
     * are no reviews, rating order is newest order.
     *
     * Dates (`from`/`to`, `to` defaulting to `from`): a boat is left out when a confirmed
     * booking, a pending request or an owner block holds any slot of those days (the booking
     * engine answers through `useAvailability`; one range read of the held slots). With a
     * price filter or order, the stay's price per day, exact for every boat (`search-dated.ts`).
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
     * remembered with the counts: a page within them reads its 24 listings by id. A search that
     * runs in the store gives the links to the pages either side a cursor (`cursors`,
     * `search-cursor.ts`); `options.cursor`, a link's, is read on from, with no reads before it.
     * Paging stops at SEARCH_MAX_PAGES (42 pages, 1,008 results), which also bounds what any
     * search reads. `total` is `count`'s answer when every filter runs in the store, exact up to 1,008
     * and reported as 1,008 with `totalIsExact: false` beyond ("more than 1,000 boats").
     */
    async search(query: BoatSearch | Record<string, unknown> = {}, options: SearchOptions = {}): Promise<SearchPage<BoatListing>> {
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
      const places = await placeBranches(q.place);
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
      // Free on every chosen day: no booking, request or block holds any of them (one range read, shared).
      const source = availability;
      const { from, to } = q;
      let held: Promise<ReadonlySet<string>> | null = null;
      const busy = from !== undefined && source ? () => (held ??= source.busy(from, to ?? from)) : null;
      const sortOrder = boatSortOrders[q.sort ?? "relevance"];
      const run = { equality, places, sortOrder, filters, busy, page: q.page ?? 1, cacheKey: JSON.stringify(["boat", { ...q, page: undefined }]), cursor: options.cursor };
      // With dates, a price filter or order is the stay's price per day (`search-dated.ts`, decision 062).
      const dated = datedPriceSearch(q);
      if (!dated) return runSearch(run) as Promise<SearchPage<BoatListing>>;
      const { days, compare } = dated;
      const flatEquality: WhereClause[] = compare ? [...equality, ["flatDays", "in", flatFor(days)]] : equality;
      const flat = (fromFirst: boolean) => runSearch({ ...run, equality: flatEquality, filters: compare ? filters : [...filters, flatFilter(days)], fromFirst, cursor: fromFirst ? null : run.cursor });
      const keep = [dated.filter, ...filters.filter((f) => f !== price)];
      const memory = { memory: datedMemory, cacheKey: run.cacheKey, now };
      return datedPriceRun({ store, count: cachedCount, equality, places, days, page: run.page, sortOrder, compare, keep, busy, flat, ...memory }) as Promise<SearchPage<BoatListing>>;
    },

    /**
     * Published docks matching a search (`dockSearchSchema`), 24 per page, newest first by
     * default or by price (the sale price, or the monthly price of docks for rent). Runs like
     * `search`: published, dock, sale/rent and the place in the store; a minimum length and a
     * price range are the alternative store-side filters (whichever matches fewer); beam and
     * depth are always checked in memory (they follow length closely, so length is the selective one).
     */
    async searchDocks(query: DockSearch | Record<string, unknown> = {}, options: SearchOptions = {}): Promise<SearchPage<DockListing>> {
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
        cursor: options.cursor,
      }) as Promise<SearchPage<DockListing>>;
    },
  };
}

export type ListingSearch = ReturnType<typeof createListingSearch>;
