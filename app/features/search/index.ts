/**
 * The search feature's door for code outside it (pages, components and browser helpers of other
 * features): what they may use of its views, components and schemas, named on the module that
 * has each (the browser build reads an import from here as one from that module: vite.config.ts).
 * Server code reaches the feature's services through `.server/index.ts`.
 */
export { type BoatSearch, boatSearchSchema, type BoatSort, boatTypeIds, type Licence, licenceCovers, licences, MAX_SEARCH_PRICE_EUROS, SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE } from "./boat-search";
export { BoatSearchForm } from "./components/boat-search-form";
export { BOAT_SEARCH_PATH, type BoatTypeId, boatTypes, type DockKind, dockKinds, type DockSort, dockSortOptions, MAX_PEOPLE } from "./search-options";
