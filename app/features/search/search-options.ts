/**
 * The boat search's choices and limits, without zod: what pages and components need in the
 * browser to draw the search (options, paths, bounds) without loading a schema library. The
 * schema that checks a query is in boat-search.ts, which re-exports all of this.
 */
import { href } from "#app/utils/href";

/** The boat types of docs/PRODUCT.md, with the URL slug of each type's search page. */
export const boatTypes = [
  { id: "motor", slug: "barco-a-motor", searchPath: href("boat-search-motor") },
  { id: "sail", slug: "barco-a-vela", searchPath: href("boat-search-sail") },
  { id: "fishing", slug: "pesca", searchPath: href("boat-search", { search: { type: "fishing" } }) },
  { id: "jetski", slug: "moto-de-agua", searchPath: href("boat-search-jetski") },
] as const;
export type BoatTypeId = (typeof boatTypes)[number]["id"];
export const boatTypeIds = boatTypes.map((t) => t.id) as [BoatTypeId, ...BoatTypeId[]];

export const BOAT_SEARCH_PATH = href("boat-search");
export const MAX_PEOPLE = 50;

/**
 * Spanish recreational licences, from none to the highest. Each title covers everything the
 * ones before it allow, so a person holding one may take any boat that requires it or a lower one.
 */
export const licences = ["none", "licencia-navegacion", "pnb", "per", "patron-yate", "capitan-yate"] as const;
export type Licence = (typeof licences)[number];

/** Whether a person holding `held` may take a boat that requires `required`. */
export function licenceCovers(held: Licence, required: Licence): boolean {
  return licences.indexOf(required) <= licences.indexOf(held);
}

/**
 * The search's skipper filter, in the renter's words: `with` — a skipper can be hired (the
 * listing offers one, optional or mandatory); `without` — the renter can sail it themselves
 * (no skipper, or an optional one).
 */
export const skipperFilters = ["with", "without"] as const;
export type SkipperFilter = (typeof skipperFilters)[number];

/** Rating sorts by average rating, best first, listings without reviews (null) last, newest first among equals. */
export const boatSortOptions = ["relevance", "price-asc", "price-desc", "newest", "rating"] as const;
export type BoatSort = (typeof boatSortOptions)[number];

/** Results per page, and how far paging reaches (the first 42 × 24 = 1,008 results of a search). */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGES = 42;
/** Whole euros a search's price bounds accept. */
export const MAX_SEARCH_PRICE_EUROS = 1_000_000;

/** Docks for sale and berths for rent. */
export const dockKinds = ["sale", "rent"] as const;
export type DockKind = (typeof dockKinds)[number];

/** The dock search's orders. */
export const dockSortOptions = ["newest", "price-asc", "price-desc"] as const;
export type DockSort = (typeof dockSortOptions)[number];
