/**
 * Search's price with dates (issue 49): a boat's price on the chosen days is the stay's average
 * per day — what the booking engine would charge for those days before the fee (`priceRental`:
 * seasons, weekends, the weekly price, and a mandatory skipper, as the card's total counts them)
 * divided by the days, rounded half up — and
 * the price filter (`minPrice`/`maxPrice`, euros a day) and the price orders use it. Without
 * dates, the base day price (`dayPriceCents`), in the store, as before.
 *
 * Most boats cost their day price on most stays: `flatDays` (a search field, `flatDaysOf`) says up
 * to how long a stay. For a stay of n days the boats with `flatDays` ≥ n are searched in the store
 * by `dayPriceCents` exactly as without dates; the others (seasons, a weekend rule, a mandatory
 * skipper, a weekly price below n days at the day price) are read apart, priced by the stay and merged in order
 * (`search-dated.ts`, decision 062).
 */
import { boatTariff, hasRules, priceRental, type PricingRules } from "#app/features/bookings";
import type { BoatSearch } from "#app/features/search";
import type { Listing } from "./model";
import type { SearchFilter } from "./search-filters";

/**
 * What the stay costs a day in cents, as the card's total counts it before the fee: the rental at
 * each day's price plus a mandatory skipper (null: no price on those days).
 */
export function stayDayAverage(listing: Listing, from: string, days: number): number | null {
  if (listing.kind !== "boat" || listing.data.dayPriceCents === undefined || days < 1) return null;
  const { dayPriceCents, weekPriceCents, skipper } = listing.data;
  try {
    const price = priceRental(boatTariff({ dayPriceCents, weekPriceCents, skipper: skipper ?? null }, 0, listing.pricing ?? null), { kind: "days", days, start: from });
    return Math.floor((price.ownerCents * 2 + days) / (days * 2));
  } catch {
    return null;
  }
}

/** Every stay (of 7 days or more included) costs the day price per day. */
export const FLAT_ALWAYS = 7;

/**
 * The longest stay, in days, that costs `dayPriceCents` a day (as `priceRental` prices it),
 * FLAT_ALWAYS for every stay: 0 with seasons or a weekend rule (a day may cost more or less) or a
 * mandatory skipper (paid on top);
 * with a weekly price below 7 day prices, the stays shorter than the week price is worth in days
 * (from there a week is cheaper); FLAT_ALWAYS without a day price (the store's null is the stay's).
 */
export function flatDaysOf(data: { dayPriceCents?: number; weekPriceCents?: number; skipper?: { mode: string; dailyPriceCents?: number } }, pricing: PricingRules | null | undefined): number {
  const day = data.dayPriceCents;
  if (day === undefined) return FLAT_ALWAYS;
  if (hasRules(pricing) || (data.skipper?.mode === "mandatory" && (data.skipper.dailyPriceCents ?? 0) > 0)) return 0;
  const week = data.weekPriceCents;
  if (week === undefined || week >= FLAT_ALWAYS * day) return FLAT_ALWAYS;
  if (day <= 0) return 0;
  // n days cost n day prices while that is below the week's price (pricing.ts `linesFor`).
  return Math.max(0, Math.min(FLAT_ALWAYS - 1, Math.ceil(week / day) - 1));
}

/** The days from `from` to `to` (both in). */
export function daysOf(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * For a search with dates and a price filter or a price order: the filter (in memory, by the
 * stay's average per day) and the order; null for any other search (the store's own price).
 */
export function datedPriceSearch(q: Pick<BoatSearch, "from" | "to" | "minPrice" | "maxPrice" | "sort">): { days: number; filter: SearchFilter; compare: ((a: Listing, b: Listing) => number) | null } | null {
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
  if (!sorted) return { days, filter, compare: null };
  const direction = q.sort === "price-asc" ? 1 : -1;
  // As the store orders: no price first ascending (null sorts first), then by the id in the same direction.
  const compare = (a: Listing, b: Listing) => {
    const x = average(a);
    const y = average(b);
    const byPrice = x === y ? 0 : x === null ? -1 : y === null ? 1 : x - y;
    if (byPrice !== 0) return direction * byPrice;
    return direction * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
  return { days, filter, compare };
}
