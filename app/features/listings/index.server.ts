/**
 * The listings feature's door for other features' server code: what their loaders and actions take
 * from its pages' server parts (server only; its services are behind `.server/index.ts`).
 */
export { cardsFor, cardsWithPeople, favouriteItems, viewedItems } from "./cards.server";
export { leftOutParameters, portOptions, resultsPage, searchCards, searchPageCopy } from "./routes/pages.server";
export { boatCard, boatTripTotal, dockCard, mapPoints, parseSearch, portsBySlug, publishedListingRefs } from "./views.server";
