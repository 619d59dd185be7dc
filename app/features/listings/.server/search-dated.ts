import type { DocumentStore, OrderByClause, Query, WhereClause } from "#app/.server/store";
import { SEARCH_PAGE_SIZE } from "#app/features/search";
import { LISTINGS, SEARCH_CANDIDATE_LIMIT, SEARCH_COUNT_TTL_MS, type Listing, type ListingRecord, type SearchPage } from "./model";
import { flatDaysOf, FLAT_ALWAYS } from "./search-day-prices";
import { comparatorFor, type SearchFilter } from "./search-filters";

/**
 * A search with dates and a price filter or a price order, exact for every boat (decision 062).
 *
 * A stay of n days costs most boats their day price a day: those whose `flatDays` is at least n.
 * They are searched as without dates: with a price order, `flatDays in [n … 7]` (an equality
 * Firestore indexes with the price) and the range and the order on `dayPriceCents` in the store;
 * with another order, by the planner, `flatDays` checked in memory. The others (seasons, a
 * weekend rule, a mandatory skipper, a weekly price cheaper than n day prices) are counted, then
 * read apart by one unordered query per place (`flatDays in [0 … n − 1]`, at most
 * SEARCH_CANDIDATE_LIMIT + 1), priced by the stay and filtered like the rest. When none is left,
 * the page is the store's (and its links carry cursors); otherwise the store part's first
 * `page × 24` results are merged with them in the search's order (no cursor), and the total is
 * both counts.
 *
 * Reads: the store part's (as an undated search's page) plus every boat of the second kind that
 * the store filters (type, place, people) leave; they grow with the boats priced apart, not with
 * the listings. The merged order is remembered as far as known (`DatedMemory`): the same page
 * again, or another within it, reads its 24 listings by id.
 */

/** The `flatDays` values of the boats that cost their day price on a stay of `days` days. */
export function flatFor(days: number): number[] {
  const from = Math.min(Math.max(days, 1), FLAT_ALWAYS);
  return Array.from({ length: FLAT_ALWAYS - from + 1 }, (_, i) => from + i);
}

/** The listings that cost their day price on a stay of `days` days (for searches that do not filter `flatDays` in the store). */
export function flatFilter(days: number): SearchFilter {
  const least = Math.min(days, FLAT_ALWAYS);
  return { test: (listing) => listing.kind !== "boat" || flatDaysOf(listing.data, listing.pricing) >= least };
}

/**
 * A merged search's results as far as known (`ids`, in order), its total, and when: a page within
 * them reads its 24 listings by id for SEARCH_COUNT_TTL_MS, as a remembered search does (`search.ts`).
 */
export type DatedMemory = Map<string, { ids: string[]; total: number; exact: boolean; at: number }>;

/** Merges two lists each in `compare`'s order. */
function merge<T>(a: T[], b: T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && compare(a[i], b[j]) <= 0)) out.push(a[i++]);
    else out.push(b[j++]);
  }
  return out;
}

/** One page of a dated search by price (see above). */
export async function datedPriceRun(input: {
  store: DocumentStore;
  /** The store's equality filters (published, boat, type, people), before `flatDays`. */
  equality: WhereClause[];
  places: WhereClause[][] | null;
  days: number;
  page: number;
  sortOrder: OrderByClause[];
  /** The stay's order (price orders), else null: the sort order's. */
  compare: ((a: Listing, b: Listing) => number) | null;
  /** What the boats read apart must pass: the stay's price filter and the search's in-memory filters. */
  keep: SearchFilter[];
  busy: (() => Promise<ReadonlySet<string>>) | null;
  /** A bounded count the search remembers (`search-queries.ts`). */
  count: (query: Query) => Promise<number>;
  /**
   * The boats at their day price (the caller's search): the page, or with `fromFirst` its
   * first `page × 24` results.
   */
  flat: (fromFirst: boolean) => Promise<SearchPage<Listing>>;
  /** What merged searches found, by `cacheKey` (the search without its page), and the clock. */
  memory: DatedMemory;
  cacheKey: string;
  now: () => number;
}): Promise<SearchPage<Listing>> {
  const { store, page, memory, cacheKey } = input;
  const start = (page - 1) * SEARCH_PAGE_SIZE;
  const pageOf = (items: Listing[], total: number, exact: boolean): SearchPage<Listing> => ({ items, total, totalIsExact: exact, page, pageCount: Math.ceil(total / SEARCH_PAGE_SIZE), pageSize: SEARCH_PAGE_SIZE });
  const known = memory.get(cacheKey);
  if (known && input.now() - known.at < SEARCH_COUNT_TTL_MS && (known.ids.length >= known.total || start + SEARCH_PAGE_SIZE <= known.ids.length)) {
    const ids = known.ids.slice(start, start + SEARCH_PAGE_SIZE);
    const docs = ids.length === 0 ? [] : await store.getMany<ListingRecord>(LISTINGS, ids);
    return pageOf(docs.filter((doc) => doc !== null && doc.status === "published") as Listing[], known.total, known.exact);
  }
  const branches = input.places ?? [[]];
  const others = Array.from({ length: Math.min(input.days, FLAT_ALWAYS) }, (_, i) => i);
  // Counted first (a count the search remembers, so a page again reads nothing more for it).
  const queries = branches.map((branch): Query => ({ collection: LISTINGS, where: [...input.equality, ...branch, ["flatDays", "in", others]], limit: SEARCH_CANDIDATE_LIMIT + 1 }));
  const counts = await Promise.all(queries.map((query) => input.count(query)));
  // None to merge: the store's page as it is (with its links' cursors).
  if (counts.every((n) => n === 0)) return input.flat(false);
  const [apart, busy] = await Promise.all([
    Promise.all(queries.map((query, i) => (counts[i] === 0 ? [] : store.query<ListingRecord>(query)))),
    input.busy ? input.busy() : new Set<string>(),
  ]);
  const complete = apart.every((docs) => docs.length <= SEARCH_CANDIDATE_LIMIT);
  const seen = new Set<string>();
  const compare = input.compare ?? comparatorFor(input.sortOrder);
  const priced = (apart.flat() as Listing[])
    .filter((listing) => !seen.has(listing.id) && seen.add(listing.id) && !busy.has(listing.id) && input.keep.every((f) => f.test(listing)))
    .sort(compare);
  if (priced.length === 0 && complete) return input.flat(false);
  const flat = await input.flat(true);
  const all = merge(flat.items, priced, compare);
  const total = Math.min(flat.total + priced.length, SEARCH_CANDIDATE_LIMIT);
  const exact = flat.totalIsExact && complete && flat.total + priced.length <= SEARCH_CANDIDATE_LIMIT;
  // In order up to the page's end, or to the last when the store's part was read to its end.
  const inOrder = flat.items.length >= flat.total ? all : all.slice(0, page * SEARCH_PAGE_SIZE);
  if (memory.size >= 200) memory.clear();
  memory.set(cacheKey, { ids: inOrder.map((listing) => listing.id), total, exact, at: input.now() });
  return pageOf(all.slice(start, start + SEARCH_PAGE_SIZE), total, exact);
}
