/** Editing a listing's photos: uploads through the photo pipeline, their order and cover, removing one, a discarded draft's files. */
import { deleteAllPhotos, deletePhoto, isPhotoError, storePhoto, type StoredPhoto } from "#app/.server/blobs/images";
import { ListingError, type Listing } from "./model";
import { listingPhotoPrefix, type PhotosContext, type PhotoUpload, type RefusedPhoto } from "./photos-context";

/** The owner's listing, still editable; otherwise `not-found` (someone else's, none) or `archived`. */
async function editable(ctx: PhotosContext, ownerUid: string, id: string): Promise<Listing> {
  const listing = await ctx.listings.get(id);
  if (!listing || listing.ownerUid !== ownerUid) throw new ListingError("not-found");
  if (listing.status === "archived") throw new ListingError("archived");
  return listing;
}

/** Rewrites the photos' order with `reorder` (which returns null to leave them as they are). */
async function rearrange(ctx: PhotosContext, ownerUid: string, id: string, photoId: string, reorder: (photos: Listing["photos"], index: number) => Listing["photos"] | null): Promise<Listing> {
  const listing = await editable(ctx, ownerUid, id);
  const index = listing.photos.findIndex((photo) => photo.id === photoId);
  // A photo already gone (another tab, a second click): nothing to do.
  if (index === -1) return listing;
  const photos = reorder([...listing.photos], index);
  if (!photos) return listing;
  return ctx.listings.setPhotos(ownerUid, id, photos);
}

/**
 * Puts uploads through the photo pipeline, stores them under the listing's prefix and adds
 * them after the listing's current photos. Files the pipeline refuses are reported in
 * `refused`, in upload order; the others are still added. If adding them fails (more than
 * MAX_PHOTOS: `invalid-input`; the listing gone: `not-found`), the stored files are removed
 * and the error is rethrown.
 */
export async function add(ctx: PhotosContext, ownerUid: string, id: string, uploads: readonly PhotoUpload[]): Promise<{ added: StoredPhoto[]; refused: RefusedPhoto[] }> {
  const prefix = listingPhotoPrefix(await editable(ctx, ownerUid, id));
  const added: StoredPhoto[] = [];
  const refused: RefusedPhoto[] = [];
  try {
    for (const upload of uploads) {
      try {
        added.push(await storePhoto(ctx.blobs, prefix, new Uint8Array(await upload.arrayBuffer())));
      } catch (error) {
        if (!isPhotoError(error)) throw error;
        refused.push({ name: upload.name, code: error.code });
      }
    }
    if (added.length > 0) {
      // The photos as they are now (another tab may have changed them), plus the new ones.
      const current = await editable(ctx, ownerUid, id);
      await ctx.listings.setPhotos(ownerUid, id, [...current.photos, ...added]);
    }
  } catch (error) {
    await Promise.all(added.map((photo) => deletePhoto(ctx.blobs, prefix, photo.id)));
    throw error;
  }
  return { added, refused };
}

/** Moves a photo one place up or down (nothing at either end, or for a photo already gone). */
export function move(ctx: PhotosContext, ownerUid: string, id: string, photoId: string, direction: "up" | "down"): Promise<Listing> {
  return rearrange(ctx, ownerUid, id, photoId, (photos, index) => {
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= photos.length) return null;
    [photos[index], photos[target]] = [photos[target], photos[index]];
    return photos;
  });
}

/** Makes a photo the first, the cover. */
export function makeCover(ctx: PhotosContext, ownerUid: string, id: string, photoId: string): Promise<Listing> {
  return rearrange(ctx, ownerUid, id, photoId, (photos, index) => {
    photos.unshift(...photos.splice(index, 1));
    return photos;
  });
}

/**
 * Removes a photo from the listing, then its files. A published or paused listing keeps at
 * least one (`incomplete`). Photos stored elsewhere (shared demo sets) keep their files.
 */
export async function remove(ctx: PhotosContext, ownerUid: string, id: string, photoId: string): Promise<Listing> {
  const before = await editable(ctx, ownerUid, id);
  if (!before.photos.some((photo) => photo.id === photoId)) return before;
  const listing = await ctx.listings.setPhotos(
    ownerUid,
    id,
    before.photos.filter((photo) => photo.id !== photoId),
  );
  await deletePhoto(ctx.blobs, listingPhotoPrefix(listing), photoId);
  return listing;
}

/** Deletes one of the owner's drafts (see `discardDraft` of the listings service) and all its photos. */
export async function discardDraft(ctx: PhotosContext, ownerUid: string, id: string): Promise<Listing> {
  const draft = await ctx.listings.discardDraft(ownerUid, id);
  // The draft is gone; its photos go with it (nothing else points at them).
  await deleteAllPhotos(ctx.blobs, listingPhotoPrefix(draft));
  return draft;
}

/** Deletes one of the owner's listings whatever its status, and all its photos (an account deleted; no booking keeps it). */
export async function erase(ctx: PhotosContext, ownerUid: string, id: string): Promise<Listing> {
  const listing = await ctx.listings.erase(ownerUid, id);
  await deleteAllPhotos(ctx.blobs, listingPhotoPrefix(listing));
  return listing;
}
