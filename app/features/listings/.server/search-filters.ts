import type { BoatSort } from "#app/features/search";
import type { DockSort } from "#app/features/listings/schemas";
import type { OrderByClause, WhereClause } from "#app/.server/store";
import type { Listing, ListingSearchFields } from "./model";

/**
 * The search's filters, plans and orders, and how each is tested in memory exactly as the store
 * answers it (`search.ts` runs them).
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
export function comparatorFor(orderBy: readonly OrderByClause[]) {
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
export interface SearchFilter {
  test(listing: Listing): boolean;
  range?: { field: keyof ListingSearchFields; where: WhereClause[]; indexed: boolean };
}

export interface Plan {
  where: WhereClause[];
  orderBy: OrderByClause[];
  residual: SearchFilter[];
  /** Whether the store already returns the plan's results in the requested order. */
  sorted: boolean;
}

export function rangeFilter(field: keyof ListingSearchFields, min: number | undefined, max: number | undefined, indexed: boolean): SearchFilter | null {
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

export const boatSortOrders: Record<BoatSort, OrderByClause[]> = {
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

export const dockSortOrders: Record<DockSort, OrderByClause[]> = {
  newest: [["publishedAt", "desc"]],
  "price-asc": [["priceCents", "asc"]],
  "price-desc": [["priceCents", "desc"]],
};

/**
 * Whether a listing satisfies a store query's `where` clauses, as the store would answer (a range
 * compares values of the same type only): the clauses searches send on their search fields.
 */
export function satisfies(listing: Listing, where: readonly WhereClause[]): boolean {
  return where.every(([field, op, operand]) => {
    const value = listing[field as keyof Listing] as unknown;
    const comparable = typeof value === typeof operand && value !== null && (typeof value === "number" || typeof value === "string");
    switch (op) {
      case "==":
        return value === operand;
      case ">=":
        return comparable && (value as number) >= (operand as number);
      case "<=":
        return comparable && (value as number) <= (operand as number);
      case "in":
        return Array.isArray(operand) && operand.includes(value);
      case "array-contains":
        return Array.isArray(value) && value.includes(operand);
      default:
        throw new Error(`satisfies: no in-memory test for "${op}"`);
    }
  });
}
