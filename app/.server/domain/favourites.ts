import { isStoreError, type DocumentStore } from "../store";
import type { Listing, ListingKind, ListingsService } from "./listings";

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

/** The listings' collection, read in one batch here (the listings service reads one id at a time). */
const LISTINGS = "listings";

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

/** The listings service's id rule: anything else never reaches the store. */
export function isListingId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(id);
}

/** What `listings.getForViewer` lets a person see: published listings, and their own whatever the status. */
export function isVisibleTo(listing: Listing, viewerUid: string | null): boolean {
  return listing.status === "published" || (viewerUid !== null && listing.ownerUid === viewerUid);
}

/**
 * Listings by id in one batch read, in the order of `ids`; `null` where no document exists.
 * Ids that cannot be listing ids are `null` without reaching the store.
 */
export async function getListingsByIds(store: DocumentStore, ids: readonly string[]): Promise<Array<Listing | null>> {
  const valid = [...new Set(ids.filter(isListingId))];
  if (valid.length === 0) return ids.map(() => null);
  const docs = (await store.getMany<Omit<Listing, "id">>(LISTINGS, valid)) as Array<Listing | null>;
  const byId = new Map(valid.map((id, index) => [id, docs[index]]));
  return ids.map((id) => byId.get(id) ?? null);
}

function titleOf(listing: Listing): string | null {
  return listing.kind === "boat" ? (listing.data.title ?? null) : null;
}

export function createFavouritesService(deps: { store: DocumentStore; listings: ListingsService }) {
  const { store, listings } = deps;
  // Unambiguous: uids (the identity's ids) hold no "_"; the id is never parsed back anyway.
  const docId = (uid: string, listingId: string) => `${uid}_${listingId}`;

  function requireUid(uid: string): string {
    if (typeof uid !== "string" || uid.length === 0) throw new TypeError("A favourite needs the person's uid");
    return uid;
  }

  /** The listing when `uid` may save it, else `not-found`. */
  async function savableListing(uid: string, listingId: string): Promise<Listing> {
    const listing = isListingId(listingId) ? await listings.getForViewer(listingId, uid) : null;
    if (!listing) throw new FavouriteError("not-found");
    return listing;
  }

  async function add(uid: string, listingId: string): Promise<void> {
    requireUid(uid);
    await savableListing(uid, listingId);
    const record: FavouriteRecord = { uid, listingId, createdAt: new Date().toISOString() };
    try {
      await store.create(FAVOURITES, docId(uid, listingId), record);
    } catch (error) {
      // Saved already (another tab, a double click): it keeps its first date.
      if (!isStoreError(error, "already-exists")) throw error;
    }
  }

  async function remove(uid: string, listingId: string): Promise<void> {
    requireUid(uid);
    if (!isListingId(listingId)) return;
    await store.delete(FAVOURITES, docId(uid, listingId));
  }

  async function isFavourite(uid: string, listingId: string): Promise<boolean> {
    requireUid(uid);
    if (!isListingId(listingId)) return false;
    return (await store.get(FAVOURITES, docId(uid, listingId))) !== null;
  }

  return {
    /** Saves a listing (idempotent). A listing the person may not see fails with `not-found`. */
    add,

    /** Forgets a listing (idempotent), whatever became of the listing. */
    remove,

    isFavourite,

    /**
     * Saves the listing if it is not saved, forgets it if it is; returns whether it is saved
     * now. Saving follows `add`'s rule (`not-found`); forgetting always succeeds.
     */
    async toggle(uid: string, listingId: string): Promise<boolean> {
      requireUid(uid);
      if (!isListingId(listingId)) throw new FavouriteError("not-found");
      const id = docId(uid, listingId);
      // Read before the transaction: a transaction may run twice and must only touch the store.
      const listing = await listings.getForViewer(listingId, uid);
      return store.runTransaction(async (tx) => {
        if (await tx.get(FAVOURITES, id)) {
          tx.delete(FAVOURITES, id);
          return false;
        }
        if (!listing) throw new FavouriteError("not-found");
        const record: FavouriteRecord = { uid, listingId, createdAt: new Date().toISOString() };
        tx.create(FAVOURITES, id, record);
        return true;
      });
    },

    /** Which of `listingIds` the person saved, in one batch read (for a page of cards). */
    async idsFor(uid: string, listingIds: readonly string[]): Promise<Set<string>> {
      requireUid(uid);
      const ids = [...new Set(listingIds.filter(isListingId))];
      if (ids.length === 0) return new Set();
      const docs = await store.getMany<FavouriteRecord>(
        FAVOURITES,
        ids.map((listingId) => docId(uid, listingId)),
      );
      return new Set(ids.filter((_, index) => docs[index] !== null));
    },

    /**
     * The person's favourites, newest first, with their listings read in one batch. Listings
     * the person may no longer see are kept, marked unavailable (not linked, not hidden).
     */
    async list(uid: string): Promise<FavouriteEntry[]> {
      requireUid(uid);
      const saved = await store.query<FavouriteRecord>({
        collection: FAVOURITES,
        where: [["uid", "==", uid]],
        orderBy: [["createdAt", "desc"]],
      });
      const found = await getListingsByIds(
        store,
        saved.map((favourite) => favourite.listingId),
      );
      return saved.map((favourite, index): FavouriteEntry => {
        const listing = found[index];
        const common = { listingId: favourite.listingId, savedAt: favourite.createdAt };
        if (listing && isVisibleTo(listing, uid)) return { ...common, available: true, listing };
        return { ...common, available: false, kind: listing?.kind ?? null, title: listing ? titleOf(listing) : null };
      });
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
