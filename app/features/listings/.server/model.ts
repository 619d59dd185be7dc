import { z } from "zod";
import type { BoatTypeId, Licence } from "#app/features/search";
import type { PricingRules } from "#app/features/bookings";
import { SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE } from "#app/features/search";
import type { BoatDraftData, DockDraftData, DockKind, ListingPhoto, SkipperMode } from "#app/features/listings/schemas";

/**
 * Listings: the boats and docks owners offer. One document per listing in `listings`:
 *
 * - `data` holds the form's fields, partial while the listing is a draft; every step is
 *   validated with the step schema of `#app/features/listings/schemas` before it is merged.
 * - `photos` is the photos' metadata in display order (the first is the cover); the bytes live
 *   in the blob store (`photos.ts`). 1–20 to publish.
 * - The search fields (type, place, capacity, prices, …) are copied to the top level on every
 *   write (`search-fields.ts`), so that searches are plain store queries; `relevance` is a
 *   quality score (see `relevanceScore`) and `rating` stays null until reviews exist.
 *
 * Status: draft → published ⇄ paused; any of them → archived (final). Only a complete listing
 * of an owner whose lessor profile is complete, with at least one photo, is published. Someone
 * else's listing is reported as not found, never as forbidden, so ids reveal nothing.
 */
export type ListingKind = "boat" | "dock";
export type ListingStatus = "draft" | "published" | "paused" | "archived";
export const listingStatuses = ["draft", "published", "paused", "archived"] as const satisfies readonly ListingStatus[];

export type ListingPlace = {
  /** The port the listing is at, or null for a boat based at a city with coordinates. */
  portSlug: string | null;
  city: string | null;
  /** The port's region; for a custom city, the region of a port in the same city, if any. */
  region: string | null;
  /** What place searches match: `port:<slug>` or `city:<city slug>`. */
  placeKey: string | null;
  lat: number | null;
  lng: number | null;
};

export type ListingSearchFields = ListingPlace & {
  /**
   * The place's wider levels, so a city's or a region's search is one equality (decision 056):
   * `city:<city slug>` (a port's city, or a boat's own city) and the region's slug.
   */
  cityKey: string | null;
  regionKey: string | null;
  type: BoatTypeId | null;
  capacity: number | null;
  /**
   * Boats: 1 … capacity (at most MAX_PEOPLE), so a search for n people is the equality
   * `seats array-contains n` and runs in the store in every order (decision 056); null for docks.
   */
  seats: number[] | null;
  dayPriceCents: number | null;
  /** Boats: the longest stay (days, 7: every stay) that costs `dayPriceCents` a day (`flatDaysOf`, decision 062); null for docks. */
  flatDays: number | null;
  licence: Licence | null;
  skipperMode: SkipperMode | null;
  instantBooking: boolean | null;
  docKind: DockKind | null;
  maxLengthM: number | null;
  maxBeamM: number | null;
  depthM: number | null;
  /** Docks: the sale price, or for rent the monthly price (daily × RENT_DAYS_PER_MONTH when only daily). */
  priceCents: number | null;
  /** Average review rating; null until the listing has reviews. */
  rating: number | null;
  relevance: number;
};

type ListingCommon = ListingSearchFields & {
  id: string;
  ownerUid: string;
  status: ListingStatus;
  photos: ListingPhoto[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Bookings the owner cancelled (the booking engine counts them; shown on the listing's page). */
  ownerCancellations?: number;
  /** How many reviews `rating` averages (absent before the first). */
  reviewCount?: number;
  /** The owner's standing's share of `relevance` (`relevanceOf`; absent until the owner has one). */
  standingBonus?: number;
  /** Boats: seasons and the weekend rule, the price of each day (`seasons.ts`; absent: every day the day price). */
  pricing?: PricingRules;
};
export type BoatListing = ListingCommon & { kind: "boat"; data: BoatDraftData };
export type DockListing = ListingCommon & { kind: "dock"; data: DockDraftData };
export type Listing = BoatListing | DockListing;

/** A listing document as stored (the id is the document's). */
export type ListingRecord = Omit<BoatListing, "id"> | Omit<DockListing, "id">;
/** What completeness and search fields depend on. */
export type ListingData = Pick<BoatListing, "kind" | "data"> | Pick<DockListing, "kind" | "data">;
export type ListingContent = ListingData & { photos: ListingPhoto[] };

/** A page of search results. `total` is exact unless `totalIsExact` is false (see `search.ts`). */
export type SearchPage<T> = {
  items: T[];
  total: number;
  totalIsExact: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The tokens of the links to the pages before and after this one (`c=`), when the search runs in the store (`search-cursor.ts`). */
  cursors?: { previous: string | null; next: string | null };
};

/** A published listing's id, kind and last change, for the sitemap. */
export type PublishedRef = { id: string; kind: ListingKind; updatedAt: string };

// ---------------------------------------------------------------------------------------------
// Errors

export type ListingErrorCode =
  /** No such listing, or not the caller's. */
  | "not-found"
  /**
   * Input failed validation: `issues` holds zod's issues, paths relative to the step's input.
   * The domain's own (unknown port, type not chosen yet) are custom issues whose `params.i18n`
   * names their key in the `validation` namespace, like the schemas' custom messages.
   */
  | "invalid-input"
  /** Publishing (or keeping published) needs more: `missing` lists the keys. */
  | "incomplete"
  /** The status change is not allowed from the listing's current status. */
  | "invalid-transition"
  /** Archived listings are kept for the record and cannot be changed. */
  | "archived";

export class ListingError extends Error {
  override readonly name = "ListingError";
  readonly issues: z.ZodIssue[];
  readonly missing: string[];
  constructor(
    readonly code: ListingErrorCode,
    details: { message?: string; issues?: z.ZodIssue[]; missing?: string[] } = {},
  ) {
    super(details.message ?? code);
    this.issues = details.issues ?? [];
    this.missing = details.missing ?? [];
  }
}

export function isListingError(error: unknown, code?: ListingErrorCode): error is ListingError {
  return error instanceof ListingError && (code === undefined || error.code === code);
}

/** Fails with `invalid-input` carrying zod's issues. */
export function invalid(issues: z.ZodIssue[]): never {
  throw new ListingError("invalid-input", { message: issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "), issues });
}

/** A domain issue whose message is a key of the `validation` namespace. */
export function customIssue(path: (string | number)[], key: string): z.ZodIssue {
  return { code: z.ZodIssueCode.custom, path, message: key, params: { i18n: key } };
}

/** Fails with `incomplete`, naming what is missing. */
export function incomplete(missing: string[]): never {
  throw new ListingError("incomplete", { message: `Missing: ${missing.join(", ")}`, missing });
}

// ---------------------------------------------------------------------------------------------
// Constants

export const LISTINGS = "listings";

/** Ids come from URLs: anything that cannot be a listing id never reaches the store. */
export function isListingId(id: unknown): id is string {
  // `__name__` ids are reserved by the store: no listing has one (`/boat/__proto__` is a 404).
  return typeof id === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(id) && !/^__.*__$/.test(id);
}

/** Who may see a listing: everyone when it is published; its owner whatever its status. */
export function isVisibleTo(listing: Pick<Listing, "status" | "ownerUid">, viewerUid: string | null): boolean {
  return listing.status === "published" || (viewerUid !== null && listing.ownerUid === viewerUid);
}

/** Whether the listing is rented by the day (a boat, or a berth for rent; a berth for sale is not), whatever its status. */
export function isForRent(listing: Listing): boolean {
  return listing.kind === "boat" || listing.data.kind === "rent";
}

/** Whether the listing has a booking calendar: for rent, and published or paused (a pause keeps its days). */
export function hasCalendar(listing: Listing): boolean {
  return (listing.status === "published" || listing.status === "paused") && isForRent(listing);
}

/** At most this many listings per `importPublished` call (Firestore's limit of writes per transaction is 500). */
export const IMPORT_BATCH_MAX = 500;
/**
 * Searches read at most this many candidate documents when some filters are applied in memory
 * (see `search.ts`): the number of results paging reaches, so a complete candidate set fills every page.
 */
export const SEARCH_CANDIDATE_LIMIT = SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE;
/** How long a search count may be reused when no listing was written through this server. */
export const SEARCH_COUNT_TTL_MS = 10_000;
