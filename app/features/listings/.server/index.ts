/**
 * The listings feature: boats and docks, their drafts, publishing, search and photos. This file
 * is the folder's only door: code outside imports `#app/features/listings/.server`, never a file
 * inside.
 */
export {
  IMPORT_BATCH_MAX,
  isListingError,
  isListingId,
  hasCalendar,
  isForRent,
  isVisibleTo,
  ListingError,
  listingStatuses,
  SEARCH_CANDIDATE_LIMIT,
  SEARCH_COUNT_TTL_MS,
  type BoatListing,
  type DockListing,
  type Listing,
  type ListingErrorCode,
  type ListingKind,
  type ListingPlace,
  type ListingSearchFields,
  type ListingStatus,
  type PublishedRef,
  type SearchPage,
} from "./model";
export { placeKeysFor, placeSlug } from "./places";
export { relevanceScore } from "./search-fields";
export { distanceKm, nearestPorts, SIMILAR_BOATS } from "./similar";
export { missingForPublish } from "./validation";
export { listingPageTags } from "./page-tags";
export { isSeasonError, SeasonError, seasonErrors, weekendErrors, type SeasonErrorCode, type SeasonFieldErrors, type SeasonInput, type WeekendInput } from "./seasons";
export { createListingsService, type ListingsService } from "./service";
// The stored photo (the browser door's `ListingPhoto` is the component that draws one).
export type { ListingPhoto } from "../schemas";
export { createListingPhotosService, type ListingPhotosService } from "./photos";
export { listingPhotoPrefix, type PhotoUpload, type PhotoVariantResult, type PhotoErrorCode, type RefusedPhoto } from "./photos-context";
