import { cursorAfter, type DocumentStore, type Query, type WhereClause } from "#app/.server/store";
import { SEARCH_PAGE_SIZE } from "#app/features/search";
import { LISTINGS, SEARCH_CANDIDATE_LIMIT, SEARCH_COUNT_TTL_MS, type Listing, type ListingRecord } from "./model";
import { comparatorFor, type Plan } from "./search-filters";
import type { Positions } from "./search-cursor";

/**
 * The store queries a search runs (`search.ts`): bounded counts, a plan's first documents, and
 * reading on from where each query stopped.
 */
export function createSearchQueries(store: DocumentStore, now: () => number) {
  /**
   * Search totals: a bounded `count` reads up to SEARCH_CANDIDATE_LIMIT + 1 index entries and
   * costs milliseconds, the same for every visitor of a popular search. They are reused for
   * SEARCH_COUNT_TTL_MS, and forgotten on every listing write through this server (`forget`),
   * so this server's own changes show at once; another server's within the TTL (the items
   * themselves are always read fresh).
   */
  const countCache = new Map<string, { value: number; at: number }>();
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
   * the results, the cursors after them, and the cursors at each page's end among them (`marks`,
   * by the number of results before them; `from` results come before the first).
   */
  async function readOn(queries: Query[], after: Positions, need: number, taken: ReadonlySet<string>, from = 0) {
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
    const marks = new Map<number, Positions>();
    used.forEach(({ listing, branch }, i) => {
      next[branch] = cursorAfter(queries[branch], listing) as Positions[number];
      if ((from + i + 1) % SEARCH_PAGE_SIZE === 0) marks.set(from + i + 1, [...next]);
    });
    return { results: used.map(({ listing }) => listing), after: next, marks };
  }

  return {
    /** One query's count, reused for a few seconds (the dated price search's bound). */
    cachedCount,
    countPlan,
    fetchPlan,
    readOn,
    /** Forgets the reused counts. */
    forgetCounts: () => countCache.clear(),
  };
}
