import { z } from "zod";
import { homePortSchema, MIN_PHOTOS, type BoatStep, type BoatTypeId, type DockKind, type DockStep, type HomePort, type ListingPhoto } from "#app/utils/listings/schemas";
import { newDocumentId, type DocumentStore } from "#app/.server/store";
import type { PortsService } from "../ports";
import { isLessorComplete, type UsersService } from "../users";
import {
  customIssue,
  IMPORT_BATCH_MAX,
  incomplete,
  invalid,
  isListingId,
  LISTINGS,
  ListingError,
  type Listing,
  type ListingKind,
  type ListingPlace,
  type ListingRecord,
} from "./model";
import { listingPageTags, mergeTags } from "./page-tags";
import { NO_PLACE, placeOf, placeOfCity, placeOfPort } from "./places";
import type { ListingReads } from "./reads";
import { withSearchFields } from "./search-fields";
import { initialData, missingDataFields, missingForPublish, parsePhotos, pruneToVariant, transitions, validateImportItem, validateStep, validStepFields, type Transition } from "./validation";

/**
 * A listing's life: drafts, their steps, photos' metadata, the status transitions and bulk
 * imports. Every write is one store transaction; `written(tags)` is told after each with the
 * visitors' page tags it changed (none for a listing no visitor sees before or after).
 */
export function createListingLifecycle(deps: {
  store: DocumentStore;
  users: UsersService;
  ports: PortsService;
  reads: ListingReads;
  now: () => number;
  written: (tags: string[]) => void;
}) {
  const { store, users, ports, reads, written } = deps;
  const timestamp = () => new Date(deps.now()).toISOString();

  /** The place a step's input points at, when the step sets it (boat location, dock basics). */
  async function resolvePlace(kind: ListingKind, step: string, input: unknown): Promise<ListingPlace | undefined> {
    if (kind === "boat" && step === "location") {
      const parsed = z.object({ homePort: homePortSchema }).safeParse(input);
      if (!parsed.success) return undefined; // the step's own validation reports it
      const home: HomePort = parsed.data.homePort;
      if ("portSlug" in home) {
        const port = await ports.get(home.portSlug);
        if (!port) invalid([customIssue(["homePort", "portSlug"], "listing.unknownPort")]);
        return placeOfPort(port);
      }
      return placeOfCity(home, await ports.list());
    }
    if (kind === "dock" && step === "basics") {
      const parsed = z.object({ portSlug: z.string() }).safeParse(input);
      if (!parsed.success || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(parsed.data.portSlug)) return undefined;
      const port = await ports.get(parsed.data.portSlug);
      if (!port) invalid([customIssue(["portSlug"], "listing.unknownPort")]);
      return placeOfPort(port);
    }
    return undefined;
  }

  /** Reads, checks and rewrites one listing of `ownerUid` in a transaction. */
  async function mutate(ownerUid: string, id: string, change: (listing: Listing) => ListingRecord): Promise<Listing> {
    if (!isListingId(id)) throw new ListingError("not-found");
    const { before, after } = await store.runTransaction(async (tx) => {
      const current = (await tx.get<ListingRecord>(LISTINGS, id)) as Listing | null;
      if (!current || current.ownerUid !== ownerUid) throw new ListingError("not-found");
      const next = change(current);
      tx.set(LISTINGS, id, next);
      return { before: current, after: { ...next, id } as Listing };
    });
    written(listingPageTags(before, after));
    return after;
  }

  async function transition(ownerUid: string, id: string, action: Transition): Promise<Listing> {
    const rule = transitions[action];
    const owner = rule.needsComplete ? await users.get(ownerUid) : null;
    return mutate(ownerUid, id, (listing) => {
      if (!rule.from.includes(listing.status)) {
        throw new ListingError("invalid-transition", { message: `Cannot ${action} a listing that is ${listing.status}` });
      }
      if (rule.needsComplete) {
        const missing = missingForPublish(listing, owner);
        if (missing.length > 0) incomplete(missing);
      }
      const now = timestamp();
      const { id: _id, ...record } = listing;
      return { ...record, status: rule.to, updatedAt: now, publishedAt: record.publishedAt ?? (rule.to === "published" ? now : null) } as ListingRecord;
    });
  }

  return {
    /** Starts a listing; boats may name their type and docks sale or rent from the start. */
    async createDraft(ownerUid: string, kind: ListingKind, variant?: BoatTypeId | DockKind): Promise<Listing> {
      const data = initialData(kind, variant);
      const now = timestamp();
      const record = withSearchFields(
        { kind, ownerUid, status: "draft", data, photos: [], createdAt: now, updatedAt: now, publishedAt: null, rating: null } as unknown as ListingRecord,
        NO_PLACE,
      );
      const id = await store.add(LISTINGS, record);
      written([]);
      return { ...record, id } as Listing;
    },

    /**
     * Validates one step of the form and merges it: the step's fields are replaced as a whole
     * (a field left out is removed). A published or paused listing must stay publishable.
     * Another person's listing fails with `not-found`.
     */
    async saveStep(ownerUid: string, id: string, step: BoatStep | DockStep, input: unknown): Promise<Listing> {
      const before = await reads.getOwned(ownerUid, id);
      if (before.status === "archived") throw new ListingError("archived");
      validateStep(before, step, input);
      const place = await resolvePlace(before.kind, step, input);
      return mutate(ownerUid, id, (listing) => {
        if (listing.status === "archived") throw new ListingError("archived");
        const { fields, values } = validateStep(listing, step, input);
        const data: Record<string, unknown> = { ...listing.data };
        for (const field of fields) delete data[field];
        for (const [field, value] of Object.entries(values)) if (value !== undefined) data[field] = value;
        pruneToVariant(listing.kind, data);
        const { id: _id, ...record } = listing;
        const next = { ...record, data, updatedAt: timestamp() } as ListingRecord;
        if (listing.status !== "draft") {
          const missing = missingDataFields(next);
          if (missing.length > 0) incomplete(missing);
        }
        return withSearchFields(next, place ?? placeOf(listing));
      });
    },

    missingForPublish,

    /**
     * "Save and leave": keeps what is valid of one step and leaves the rest as it was (see
     * `validStepFields`); a place that names no known port is left out too. A published or
     * paused listing keeps its previous values where the new ones would leave it incomplete.
     * Returns the listing and whether anything changed.
     */
    async saveValidFields(ownerUid: string, id: string, step: BoatStep | DockStep, input: unknown): Promise<{ listing: Listing; saved: string[] }> {
      const before = await reads.getOwned(ownerUid, id);
      if (before.status === "archived") throw new ListingError("archived");
      const kept = validStepFields(before, step, input);
      let place: ListingPlace | undefined;
      try {
        place = await resolvePlace(before.kind, step, kept);
      } catch (error) {
        if (!(error instanceof ListingError && error.code === "invalid-input")) throw error;
        delete kept.homePort;
        delete kept.portSlug;
      }
      if (Object.keys(kept).length === 0) return { listing: before, saved: [] };
      const listing = await mutate(ownerUid, id, (current) => {
        if (current.status === "archived") throw new ListingError("archived");
        const data: Record<string, unknown> = { ...current.data };
        for (const [field, value] of Object.entries(validStepFields(current, step, kept))) {
          if (value === undefined) delete data[field];
          else data[field] = value;
        }
        pruneToVariant(current.kind, data);
        const { id: _id, ...record } = current;
        const next = { ...record, data, updatedAt: timestamp() } as ListingRecord;
        if (current.status !== "draft") {
          // Published or paused: a field the change would leave missing keeps its previous value.
          const previous = current.data as Record<string, unknown>;
          for (const field of missingDataFields(next)) if (field in previous) data[field] = previous[field];
          if (missingDataFields(next).length > 0) return withSearchFields({ ...record } as ListingRecord, placeOf(current));
        }
        return withSearchFields(next, place ?? placeOf(current));
      });
      return { listing, saved: Object.keys(kept) };
    },

    /** draft → published, when nothing is missing (else `incomplete` with the keys). */
    publish: (ownerUid: string, id: string) => transition(ownerUid, id, "publish"),
    /** published → paused: hidden from search and visitors until resumed. */
    pause: (ownerUid: string, id: string) => transition(ownerUid, id, "pause"),
    /** paused → published. */
    resume: (ownerUid: string, id: string) => transition(ownerUid, id, "resume"),
    /** draft, published or paused → archived, for good. */
    archive: (ownerUid: string, id: string) => transition(ownerUid, id, "archive"),

    /**
     * Deletes one of the owner's drafts for good (it was never public, so nothing links to it).
     * Returns it, so the caller can remove its photos. Anything but a draft is refused.
     */
    async discardDraft(ownerUid: string, id: string): Promise<Listing> {
      if (!isListingId(id)) throw new ListingError("not-found");
      const discarded = await store.runTransaction(async (tx) => {
        const current = (await tx.get<ListingRecord>(LISTINGS, id)) as Listing | null;
        if (!current || current.ownerUid !== ownerUid) throw new ListingError("not-found");
        if (current.status !== "draft") throw new ListingError("invalid-transition", { message: `Cannot discard a listing that is ${current.status}` });
        tx.delete(LISTINGS, id);
        return current;
      });
      written(listingPageTags(discarded, null));
      return discarded;
    },

    /**
     * Replaces the photos' metadata: the order is the display order, the first is the cover; at
     * most MAX_PHOTOS. A published or paused listing keeps at least one.
     */
    async setPhotos(ownerUid: string, id: string, photos: ListingPhoto[]): Promise<Listing> {
      const parsed = parsePhotos(photos);
      return mutate(ownerUid, id, (listing) => {
        if (listing.status === "archived") throw new ListingError("archived");
        if (listing.status !== "draft" && parsed.length < MIN_PHOTOS) throw new ListingError("incomplete", { missing: ["photos"] });
        const { id: _id, ...record } = listing;
        return withSearchFields({ ...record, photos: parsed, updatedAt: timestamp() } as ListingRecord, placeOf(listing));
      });
    },

    /**
     * Writes complete listings of one owner as published, in one transaction (bulk imports and
     * bench data): each must pass the same checks as `publish` — the publishable schema, 1–20
     * photos, an existing port, the owner's complete lessor profile. Returns the new ids.
     */
    async importPublished(ownerUid: string, items: ReadonlyArray<{ kind: ListingKind; data: unknown; photos: ListingPhoto[] }>): Promise<string[]> {
      if (items.length > IMPORT_BATCH_MAX) throw new ListingError("invalid-input", { message: `At most ${IMPORT_BATCH_MAX} listings per import` });
      const owner = await users.get(ownerUid);
      if (!owner || !isLessorComplete(owner)) throw new ListingError("incomplete", { missing: ["lessorProfile"] });
      const portList = await ports.list();
      const portBySlug = new Map(portList.map((port) => [port.slug, port]));
      const now = timestamp();
      const records = items.map((item, index): [string, ListingRecord] => {
        const { data, photos, place } = validateImportItem(item, index, portList, portBySlug);
        const record = {
          kind: item.kind,
          ownerUid,
          status: "published",
          data,
          photos,
          createdAt: now,
          updatedAt: now,
          publishedAt: now,
          rating: null,
        } as unknown as ListingRecord;
        return [newDocumentId(), withSearchFields(record, place)];
      });
      await store.runTransaction(async (tx) => {
        for (const [id, record] of records) tx.create(LISTINGS, id, record);
      });
      written(mergeTags(...records.map(([id, record]) => listingPageTags(null, { ...record, id }))));
      return records.map(([id]) => id);
    },
  };
}
