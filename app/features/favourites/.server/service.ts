import { isStoreError, type DocumentStore } from "#app/.server/store";
import { isListingId, isVisibleTo, type Listing, type ListingsService } from "#app/features/listings/.server";
import { FavouriteError, FAVOURITES, type FavouriteEntry, type FavouriteRecord } from "./model";

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

    /** Forgets every listing the person saved (their account is deleted); answers how many. */
    async removeAll(uid: string): Promise<number> {
      requireUid(uid);
      const saved = await store.query<FavouriteRecord>({ collection: FAVOURITES, where: [["uid", "==", uid]] });
      for (const favourite of saved) await store.delete(FAVOURITES, favourite.id);
      return saved.length;
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
      const found = await listings.getMany(saved.map((favourite) => favourite.listingId));
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
