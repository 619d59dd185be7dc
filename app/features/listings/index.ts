/**
 * The listings feature's door for code outside it (pages, components and browser helpers of other
 * features): what they may use of its views, components and schemas, named on the module that
 * has each (the browser build reads an import from here as one from that module: vite.config.ts).
 * Server code reaches the feature's services through `.server/index.ts` and its pages' server parts through
 * `index.server.ts`.
 */
export { FavouriteButton, HeartMasks } from "./components/favourite-button";
export { BoatListingCard, DockListingCard } from "./components/listing-card";
export { DetailSection, ReviewsSection } from "./components/listing-detail";
export { ListingMap } from "./components/listing-map";
export { ListingPhoto } from "./components/listing-photo";
export { eurosToCents } from "./form";
export { listingLimits, MEETING_POINT_MAX } from "./limits";
export { meetingShape } from "./schema-fields";
export { type BerthType, type BoatEquipment, boatStepFields, boatSteps, type BoatTypeId, boatTypeIds, type CancellationPolicy, type DockKind, type DockSearch, dockSearchSchema, type DockServices, dockStepFields, dockSteps, type FuelPolicy, type FuelType, type Licence } from "./schemas";
export { tripDays, tripSearch, withoutEmptyParams } from "./trip";
export { BOAT_SEARCH_CANONICAL, compactFormData, dockTitle, drawnCards, EAGER_CARDS, type ListingCardView, type MapPoint, mapPointsOf, type PhotoView, presetTypeOf, type PriceUnit, toSearchParams, withQuery } from "./view";
