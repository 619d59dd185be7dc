import type { Listing, ListingKind } from "#app/features/listings/.server";

/**
 * Favourites: the boats and docks a person saved. One document per person and listing in
 * `favourites`, id `<uid>_<listingId>`, fields `uid`, `listingId` and `createdAt`, so saving
 * twice is one document and "is it saved?" is a read by id (`idsFor` answers a page of cards
 * with one batch read).
 *
 * Only a listing the person may see can be saved: a published one, or one of their own (the
 * rule of `listings.getForViewer`); anything else is reported as not found. A saved listing
 * that is later paused, archived or removed stays in the list, shown as no longer available,
 * until the person removes it: removing never needs the listing.
 */
export const FAVOURITES = "favourites";

export type FavouriteRecord = { uid: string; listingId: string; createdAt: string };

/** One saved listing, newest first in `list`: the listing when the person may still see it. */
export type FavouriteEntry =
  | { listingId: string; savedAt: string; available: true; listing: Listing }
  | {
      listingId: string;
      savedAt: string;
      available: false;
      /** What the listing was, when its document still exists. */
      kind: ListingKind | null;
      /** A boat's title, when its document still exists (docks have none of their own). */
      title: string | null;
    };

export type FavouriteErrorCode =
  /** No such listing, or one the person may not see (someone else's draft, a paused listing). */
  "not-found";

export class FavouriteError extends Error {
  override readonly name = "FavouriteError";
  constructor(readonly code: FavouriteErrorCode) {
    super(code);
  }
}

export function isFavouriteError(error: unknown, code?: FavouriteErrorCode): error is FavouriteError {
  return error instanceof FavouriteError && (code === undefined || error.code === code);
}
