/** Editing: starting a draft, saving a step of the form (whole or what is valid), the photos' metadata, discarding a draft. */
import { z } from "zod";
import { homePortSchema, MIN_PHOTOS, type BoatStep, type BoatTypeId, type DockKind, type DockStep, type HomePort, type ListingPhoto } from "#app/features/listings/schemas";
import { mutate, timestamp, type LifecycleContext } from "./lifecycle-context";
import { customIssue, incomplete, invalid, isListingId, LISTINGS, ListingError, type Listing, type ListingKind, type ListingPlace, type ListingRecord } from "./model";
import { listingPageTags } from "./page-tags";
import { NO_PLACE, placeOf, placeOfCity, placeOfPort } from "./places";
import { withSearchFields } from "./search-fields";
import { initialData, missingDataFields, parsePhotos, pruneToVariant, validateStep, validStepFields } from "./validation";

/** The place a step's input points at, when the step sets it (boat location, dock basics). */
async function resolvePlace(ctx: LifecycleContext, kind: ListingKind, step: string, input: unknown): Promise<ListingPlace | undefined> {
  if (kind === "boat" && step === "location") {
    const parsed = z.object({ homePort: homePortSchema }).safeParse(input);
    if (!parsed.success) return undefined; // the step's own validation reports it
    const home: HomePort = parsed.data.homePort;
    if ("portSlug" in home) {
      const port = await ctx.ports.get(home.portSlug);
      if (!port) invalid([customIssue(["homePort", "portSlug"], "listing.unknownPort")]);
      return placeOfPort(port);
    }
    return placeOfCity(home, await ctx.ports.list());
  }
  if (kind === "dock" && step === "basics") {
    const parsed = z.object({ portSlug: z.string() }).safeParse(input);
    if (!parsed.success || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(parsed.data.portSlug)) return undefined;
    const port = await ctx.ports.get(parsed.data.portSlug);
    if (!port) invalid([customIssue(["portSlug"], "listing.unknownPort")]);
    return placeOfPort(port);
  }
  return undefined;
}

/** Starts a listing; boats may name their type and docks sale or rent from the start. */
export async function createDraft(ctx: LifecycleContext, ownerUid: string, kind: ListingKind, variant?: BoatTypeId | DockKind): Promise<Listing> {
  const data = initialData(kind, variant);
  const now = timestamp(ctx);
  const record = withSearchFields(
    { kind, ownerUid, status: "draft", data, photos: [], createdAt: now, updatedAt: now, publishedAt: null, rating: null } as unknown as ListingRecord,
    NO_PLACE,
  );
  const id = await ctx.store.add(LISTINGS, record);
  ctx.written([]);
  return { ...record, id } as Listing;
}

/**
 * Validates one step of the form and merges it: the step's fields are replaced as a whole
 * (a field left out is removed). A published or paused listing must stay publishable.
 * Another person's listing fails with `not-found`.
 */
export async function saveStep(ctx: LifecycleContext, ownerUid: string, id: string, step: BoatStep | DockStep, input: unknown): Promise<Listing> {
  const before = await ctx.reads.getOwned(ownerUid, id);
  if (before.status === "archived") throw new ListingError("archived");
  validateStep(before, step, input);
  const place = await resolvePlace(ctx, before.kind, step, input);
  return mutate(ctx, ownerUid, id, (listing) => {
    if (listing.status === "archived") throw new ListingError("archived");
    const { fields, values } = validateStep(listing, step, input);
    const data: Record<string, unknown> = { ...listing.data };
    for (const field of fields) delete data[field];
    for (const [field, value] of Object.entries(values)) if (value !== undefined) data[field] = value;
    pruneToVariant(listing.kind, data);
    const { id: _id, ...record } = listing;
    const next = { ...record, data, updatedAt: timestamp(ctx) } as ListingRecord;
    if (listing.status !== "draft") {
      const missing = missingDataFields(next);
      if (missing.length > 0) incomplete(missing);
    }
    return withSearchFields(next, place ?? placeOf(listing));
  });
}

/**
 * "Save and leave": keeps what is valid of one step and leaves the rest as it was (see
 * `validStepFields`); a place that names no known port is left out too. A published or
 * paused listing keeps its previous values where the new ones would leave it incomplete.
 * Returns the listing and whether anything changed.
 */
export async function saveValidFields(ctx: LifecycleContext, ownerUid: string, id: string, step: BoatStep | DockStep, input: unknown): Promise<{ listing: Listing; saved: string[] }> {
  const before = await ctx.reads.getOwned(ownerUid, id);
  if (before.status === "archived") throw new ListingError("archived");
  const kept = validStepFields(before, step, input);
  let place: ListingPlace | undefined;
  try {
    place = await resolvePlace(ctx, before.kind, step, kept);
  } catch (error) {
    if (!(error instanceof ListingError && error.code === "invalid-input")) throw error;
    delete kept.homePort;
    delete kept.portSlug;
  }
  if (Object.keys(kept).length === 0) return { listing: before, saved: [] };
  const listing = await mutate(ctx, ownerUid, id, (current) => {
    if (current.status === "archived") throw new ListingError("archived");
    const data: Record<string, unknown> = { ...current.data };
    for (const [field, value] of Object.entries(validStepFields(current, step, kept))) {
      if (value === undefined) delete data[field];
      else data[field] = value;
    }
    pruneToVariant(current.kind, data);
    const { id: _id, ...record } = current;
    const next = { ...record, data, updatedAt: timestamp(ctx) } as ListingRecord;
    if (current.status !== "draft") {
      // Published or paused: a field the change would leave missing keeps its previous value.
      const previous = current.data as Record<string, unknown>;
      for (const field of missingDataFields(next)) if (field in previous) data[field] = previous[field];
      if (missingDataFields(next).length > 0) return withSearchFields({ ...record } as ListingRecord, placeOf(current));
    }
    return withSearchFields(next, place ?? placeOf(current));
  });
  return { listing, saved: Object.keys(kept) };
}

/**
 * Deletes one of the owner's drafts for good (it was never public, so nothing links to it).
 * Returns it, so the caller can remove its photos. Anything but a draft is refused.
 */
export async function discardDraft(ctx: LifecycleContext, ownerUid: string, id: string): Promise<Listing> {
  if (!isListingId(id)) throw new ListingError("not-found");
  const discarded = await ctx.store.runTransaction(async (tx) => {
    const current = (await tx.get<ListingRecord>(LISTINGS, id)) as Listing | null;
    if (!current || current.ownerUid !== ownerUid) throw new ListingError("not-found");
    if (current.status !== "draft") throw new ListingError("invalid-transition", { message: `Cannot discard a listing that is ${current.status}` });
    tx.delete(LISTINGS, id);
    return current;
  });
  ctx.written(listingPageTags(discarded, null));
  return discarded;
}

/**
 * Deletes one of the owner's listings whatever its status: an account deleted takes with it the
 * listings no booking keeps (the caller checks that). Its photos are the photos service's.
 */
export async function erase(ctx: LifecycleContext, ownerUid: string, id: string): Promise<Listing> {
  if (!isListingId(id)) throw new ListingError("not-found");
  const erased = await ctx.store.runTransaction(async (tx) => {
    const current = (await tx.get<ListingRecord>(LISTINGS, id)) as Listing | null;
    if (!current || current.ownerUid !== ownerUid) throw new ListingError("not-found");
    tx.delete(LISTINGS, id);
    return current;
  });
  ctx.written(listingPageTags(erased, null));
  return erased;
}

/**
 * Replaces the photos' metadata: the order is the display order, the first is the cover; at
 * most MAX_PHOTOS. A published or paused listing keeps at least one.
 */
export async function setPhotos(ctx: LifecycleContext, ownerUid: string, id: string, photos: ListingPhoto[]): Promise<Listing> {
  const parsed = parsePhotos(photos);
  return mutate(ctx, ownerUid, id, (listing) => {
    if (listing.status === "archived") throw new ListingError("archived");
    if (listing.status !== "draft" && parsed.length < MIN_PHOTOS) throw new ListingError("incomplete", { missing: ["photos"] });
    const { id: _id, ...record } = listing;
    return withSearchFields({ ...record, photos: parsed, updatedAt: timestamp(ctx) } as ListingRecord, placeOf(listing));
  });
}
