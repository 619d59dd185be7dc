import { getFixedT } from "#app/.server/i18n";
import type { Lang } from "#app/i18n";
import { increment, type DocumentStore } from "#app/.server/store";
import { dockTitle } from "#app/features/listings/view";
import { LISTINGS, type Listing, type ListingRecord } from "./model";
import { relevanceOf } from "./search-fields";
import type { PortsService } from "#app/features/ports/.server";
import type { UsersService } from "#app/features/profiles/.server";
import { createListingLifecycle } from "./lifecycle";
import { createListingReads } from "./reads";
import { createListingSearch } from "./search";
import { backfillSearchFields } from "./search-fields-backfill";
import { createSimilarBoats } from "./similar";

/**
 * The listings service: reads (`reads.ts`), the lifecycle of drafts and published listings
 * (`lifecycle.ts`) and search (`search.ts`) over one store. A write through it forgets the
 * search caches at once and tells `onChange` which visitors' pages it changed (`page-tags.ts`).
 */
export function createListingsService(deps: {
  store: DocumentStore;
  users: UsersService;
  ports: PortsService;
  /** The clock (milliseconds): timestamps and how long search totals are reused. */
  now?: () => number;
  /**
   * Called after a listing write through this service that changes what visitors see, with the
   * tags of the pages it changed: `listing:<id>`, `search:<boat|dock>`, `user:<ownerUid>`.
   * Writes to listings no visitor sees (drafts, paused, archived) call nothing.
   */
  onChange?: (tags: string[]) => void;
}) {
  const { store, users, ports } = deps;
  const now = deps.now ?? Date.now;
  const reads = createListingReads(store);
  const search = createListingSearch({ store, ports, now });
  const similar = createSimilarBoats({ store, ports });
  const lifecycle = createListingLifecycle({
    store,
    users,
    ports,
    reads,
    now,
    written(tags) {
      search.forget();
      if (tags.length > 0) deps.onChange?.(tags);
    },
  });

  async function titleIfAny(listing: Listing, lang: Lang): Promise<string | null> {
    if (listing.kind === "boat") return listing.data.title ?? null;
    const port = listing.data.portSlug ? await ports.get(listing.data.portSlug) : null;
    return dockTitle(getFixedT(lang, "listing"), {
      berthType: listing.data.berthType ?? null,
      berthNumber: listing.data.berthNumber ?? null,
      place: { portName: port?.name ?? null, city: port?.city ?? null },
    });
  }

  return {
    createDraft: lifecycle.createDraft,
    saveStep: lifecycle.saveStep,
    saveValidFields: lifecycle.saveValidFields,

    /** Any listing by id, whatever its status (for the owner's pages and internal use). */
    get: reads.get,
    getForViewer: reads.getForViewer,
    getMany: reads.getMany,

    /**
     * How emails, invoices and lists name a listing: a boat's title, a berth's type, number and
     * port in `lang`; "Amarre" for a listing that no longer exists or a boat not titled yet.
     */
    async titleOf(listing: Listing | null, lang: Lang): Promise<string> {
      return (listing ? await titleIfAny(listing, lang) : null) ?? "Amarre";
    },
    /**
     * The same name for the owner's own pages (his lists, drafts, form and notices), which say
     * "untitled" themselves: null only for a boat whose draft has no title yet. A berth has no
     * title of its own: its public pages, emails and owner all call it by type, port and number.
     */
    titleIfAny,
    listByOwner: reads.listByOwner,
    ownsAny: reads.ownsAny,
    drafts: reads.drafts,

    missingForPublish: lifecycle.missingForPublish,
    publish: lifecycle.publish,
    pause: lifecycle.pause,
    resume: lifecycle.resume,
    archive: lifecycle.archive,
    discardDraft: lifecycle.discardDraft,
    erase: lifecycle.erase,
    setPhotos: lifecycle.setPhotos,
    importPublished: lifecycle.importPublished,
    /** A boat's seasons and weekend rule: `add`, `edit`, `remove`, `setWeekend` (`seasons.ts`). */
    seasons: lifecycle.seasons,

    publishedRefs: reads.publishedRefs,
    search: search.search,
    searchDocks: search.searchDocks,
    /** A boat page's "similar boats nearby": same type, same place, then the nearest ports (`similar.ts`). */
    similarBoats: similar.similarBoats,
    /** Counts a booking its owner cancelled (shown on the listing's page, which is forgotten). */
    async recordOwnerCancellation(id: string): Promise<void> {
      await store.update(LISTINGS, id, { ownerCancellations: increment(1) });
      deps.onChange?.([`listing:${id}`]);
    },

    /**
     * The owner's standing's share of their listings' relevance (the booking engine's, when the
     * standing changes): each of the owner's listings whose share differs, in a transaction of its
     * own so an edit at the same moment keeps both. Bounded: the owner's listings only.
     */
    async setStandingBonus(ownerUid: string, bonus: number): Promise<void> {
      let published = false;
      for (const listing of await reads.listByOwner(ownerUid)) {
        if ((listing.standingBonus ?? 0) === bonus) continue;
        await store.runTransaction(async (tx) => {
          const current = await tx.get<ListingRecord>(LISTINGS, listing.id);
          if (current) tx.update(LISTINGS, listing.id, { standingBonus: bonus, relevance: relevanceOf(current, bonus) });
        });
        published ||= listing.status === "published";
      }
      if (!published) return;
      search.forget();
      deps.onChange?.([`user:${ownerUid}`, "search:boat", "search:dock"]);
    },

    /** The average of the listing's reviews and their count (the reviews service keeps them right). */
    async setRating(id: string, rating: number | null, count: number): Promise<void> {
      const listing = await store.get<{ ownerUid: string }>(LISTINGS, id);
      if (!listing) return;
      await store.update(LISTINGS, id, { rating, reviewCount: count });
      search.forget();
      // The listing's page, its owner's public page and the searches (sorted by rating) show it.
      deps.onChange?.([`listing:${id}`, `user:${listing.ownerUid}`, "search:boat", "search:dock"]);
    },

    /** Date searches leave out listings the booking engine says are taken. */
    useAvailability: search.useAvailability,
    /** Forgets the reused search totals and matches (a booking changed which listings are free). */
    forgetSearch: search.forget,
    /** Listings stored before people and the place's levels were search fields get them, once per store (decision 056). */
    async backfillSearchFields(): Promise<number> {
      const updated = await backfillSearchFields(store, now);
      if (updated > 0) search.forget();
      return updated;
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
