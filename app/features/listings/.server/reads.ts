import { cursorAfter, type DocumentStore, type Query } from "#app/.server/store";
import { isListingId, isVisibleTo, LISTINGS, ListingError, type Listing, type ListingRecord, type PublishedRef } from "./model";

/** Reading listings: by id, by owner, and the published ones for the sitemap. */
export function createListingReads(store: DocumentStore) {
  /** Any listing by id, whatever its status (for the owner's pages and internal use). */
  async function get(id: string): Promise<Listing | null> {
    if (!isListingId(id)) return null;
    return (await store.get<ListingRecord>(LISTINGS, id)) as Listing | null;
  }

  return {
    get,

    /** The owner's listing; another person's (or none) fails with `not-found`. */
    async getOwned(ownerUid: string, id: string): Promise<Listing> {
      const listing = await get(id);
      if (!listing || listing.ownerUid !== ownerUid) throw new ListingError("not-found");
      return listing;
    },

    /** What a visitor may see: published listings for everyone; the others only for their owner. */
    async getForViewer(id: string, viewerUid: string | null): Promise<Listing | null> {
      const listing = await get(id);
      return listing && isVisibleTo(listing, viewerUid) ? listing : null;
    },

    /**
     * Listings by id in one batch read, in the order of `ids`; `null` where no document exists.
     * Ids that cannot be listing ids are `null` without reaching the store.
     */
    async getMany(ids: readonly string[]): Promise<Array<Listing | null>> {
      const valid = [...new Set(ids.filter(isListingId))];
      if (valid.length === 0) return ids.map(() => null);
      const docs = (await store.getMany<ListingRecord>(LISTINGS, valid)) as Array<Listing | null>;
      const byId = new Map(valid.map((id, index) => [id, docs[index]]));
      return ids.map((id) => byId.get(id) ?? null);
    },

    /** All of a person's listings, whatever their status, last changed first. */
    async listByOwner(ownerUid: string): Promise<Listing[]> {
      return (await store.query<ListingRecord>({ collection: LISTINGS, where: [["ownerUid", "==", ownerUid]], orderBy: [["updatedAt", "desc"]] })) as Listing[];
    },

    /** Whether the person has a listing of any status (one read, not one per listing: the settings' navigation). */
    async ownsAny(ownerUid: string): Promise<boolean> {
      const first = await store.query({ collection: LISTINGS, where: [["ownerUid", "==", ownerUid]], orderBy: [["updatedAt", "desc"]], limit: 1 });
      return first.length > 0;
    },

    /** A person's drafts, last changed first (to resume them). */
    async drafts(ownerUid: string): Promise<Listing[]> {
      return (await store.query<ListingRecord>({
        collection: LISTINGS,
        where: [
          ["ownerUid", "==", ownerUid],
          ["status", "==", "draft"],
        ],
        orderBy: [["updatedAt", "desc"]],
      })) as Listing[];
    },

    /**
     * Every published boat and dock (id, kind, last change), for the sitemap: pages of 500 in the
     * search's "newest" order (`status`, `kind`, `publishedAt desc`, an index both adapters have).
     */
    async publishedRefs(): Promise<PublishedRef[]> {
      const refs: PublishedRef[] = [];
      for (const kind of ["boat", "dock"] as const) {
        const base: Query = {
          collection: LISTINGS,
          where: [
            ["status", "==", "published"],
            ["kind", "==", kind],
          ],
          orderBy: [["publishedAt", "desc"]],
          limit: 500,
        };
        let startAfter: unknown[] | undefined;
        for (;;) {
          const docs = await store.query<{ updatedAt: string; publishedAt: string }>(startAfter ? { ...base, startAfter } : base);
          for (const doc of docs) refs.push({ id: doc.id, kind, updatedAt: doc.updatedAt });
          if (docs.length < 500) break;
          startAfter = cursorAfter(base, docs[docs.length - 1]!);
        }
      }
      return refs;
    },
  };
}

export type ListingReads = ReturnType<typeof createListingReads>;
