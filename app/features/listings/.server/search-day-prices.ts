/**
 * Search's price with dates (issue 49): a boat's price on the chosen days is the stay's average
 * per day — the rental the booking engine would charge for those days (`priceRental`: seasons,
 * weekends and the weekly price, no skipper, no fee) divided by the days, rounded half up — and
 * the price filter (`minPrice`/`maxPrice`, euros a day) and the price orders use it. Without
 * dates, the base day price (`dayPriceCents`), in the store, as before.
 *
 * The store knows only the base price, so a dated search with a price filter or a price order
 * filters and sorts in memory: the filter has no store range (it is never an inequality of the
 * query) and the order is a comparator over the stay's average, then the id, as the store orders
 * ties. Boats without seasons or a weekend rule average their usual price, so their order is the
 * undated one's.
 *
 * Reading the candidates is bounded (decisions 055, 056: a page of the common searches reads the
 * same whatever the number of boats): only a search whose store filters (type, place, people)
 * leave at most DATED_PRICE_CANDIDATES boats is priced by the stay; a broader one keeps the store's
 * day price for its filter and order (each card still shows the stay's total). Exact for every
 * search would need the boats with rules kept apart (a flag on the listing and a second query
 * merged in order): decision 062-prices-per-day.
 */
/** The most candidates a dated search reads to filter and order them by the stay's price per day. */
export const DATED_PRICE_CANDIDATES = 48;
import { boatTariff, priceRental } from "#app/features/bookings";
import type { BoatSearch } from "#app/features/search";
import type { Listing } from "./model";
import type { SearchFilter } from "./search-filters";

/** The stay's rental per day in cents (null: no price on those days). */
export function stayDayAverage(listing: Listing, from: string, days: number): number | null {
  if (listing.kind !== "boat" || listing.data.dayPriceCents === undefined || days < 1) return null;
  try {
    const price = priceRental(boatTariff({ dayPriceCents: listing.data.dayPriceCents, weekPriceCents: listing.data.weekPriceCents }, 0, listing.pricing ?? null), { kind: "days", days, start: from });
    return Math.floor((price.rentalCents * 2 + days) / (days * 2));
  } catch {
    return null;
  }
}

/** The days from `from` to `to` (both in). */
function daysOf(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * For a search with dates and a price filter or a price order: the filter (in memory, by the
 * stay's average per day) and the order; null for any other search (the store's own price).
 */
export function datedPriceSearch(q: Pick<BoatSearch, "from" | "to" | "minPrice" | "maxPrice" | "sort">): { filter: SearchFilter; compare: ((a: Listing, b: Listing) => number) | null } | null {
  const priced = q.minPrice !== undefined || q.maxPrice !== undefined;
  const sorted = q.sort === "price-asc" || q.sort === "price-desc";
  if (!q.from || (!priced && !sorted)) return null;
  const from = q.from;
  const days = Math.max(1, daysOf(from, q.to ?? from));
  const averages = new Map<string, number | null>();
  const average = (listing: Listing) => {
    if (!averages.has(listing.id)) averages.set(listing.id, stayDayAverage(listing, from, days));
    return averages.get(listing.id)!;
  };
  const min = q.minPrice === undefined ? undefined : q.minPrice * 100;
  const max = q.maxPrice === undefined ? undefined : q.maxPrice * 100;
  const filter: SearchFilter = {
    test: (listing) => {
      if (!priced) return true;
      const value = average(listing);
      return value !== null && (min === undefined || value >= min) && (max === undefined || value <= max);
    },
  };
  if (!sorted) return { filter, compare: null };
  const direction = q.sort === "price-asc" ? 1 : -1;
  // As the store orders: no price first ascending (null sorts first), then by the id in the same direction.
  const compare = (a: Listing, b: Listing) => {
    const x = average(a);
    const y = average(b);
    const byPrice = x === y ? 0 : x === null ? -1 : y === null ? 1 : x - y;
    if (byPrice !== 0) return direction * byPrice;
    return direction * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
  return { filter, compare };
}
