import { isBlobError, isValidBlobKey, keySegment, textOfKeySegment, type BlobStore } from "#app/.server/blobs";
import { deleteAllPhotos, deletePhoto, isPhotoError, storePhoto, type PhotoErrorCode, type StoredPhoto } from "#app/.server/blobs/images";
import { PHOTO_VARIANT_CONTENT_TYPE } from "#app/utils/photos";
import { ListingError, type Listing } from "./model";
import type { ListingsService } from "./service";

/**
 * Listing photos: the files behind a listing's `photos` metadata. This service owns them in the
 * blob port — uploads go through the photo pipeline (`app/.server/blobs/images.ts`) and are
 * stored under the listing's prefix; reordering, the cover and deleting rewrite the metadata
 * through the listings service, then remove what no longer belongs; files stored for a change
 * that then fails are removed again; a discarded draft takes its photos with it.
 */

/**
 * Where a listing's new photos are stored in the blob store: `photos/<kind>s/<keySegment(id)>/…`
 * (`boats/…`, `docks/…`), the `ownerPrefix` an upload passes to `storePhoto`. Pages read each
 * photo's own `folder`, so photos stored elsewhere (seed data, imports) show all the same.
 */
export function listingPhotoPrefix(listing: Pick<Listing, "kind" | "id">): string {
  return `${listing.kind}s/${keySegment(listing.id)}`;
}

/** An uploaded file (a `File` is one). */
export type PhotoUpload = { name: string; arrayBuffer(): Promise<ArrayBuffer> };
/** An upload the pipeline refused, and why (not an image, damaged, too large or small…). */
export type RefusedPhoto = { name: string; code: PhotoErrorCode };
export type { PhotoErrorCode };

/**
 * A stored photo variant, as `/photos/*` serves it. `privateTo` names the only person who may see
 * it (the owner of a listing never yet published), or is null for a photo anyone may see.
 */
export type PhotoVariantResult =
  | { status: "found"; bytes: Uint8Array; privateTo: string | null }
  | { status: "missing" }
  | { status: "unavailable" };

/** `boats/<keySegment(id)>/…` or `docks/<keySegment(id)>/…`: a listing's own uploads. */
const LISTING_FOLDER = /^(?:boats|docks)\/([^/]+)\//;

/** `photos/<ownerPrefix>/<id>/<width>.webp`, the width a positive integer without leading zeros. */
const VARIANT_KEY = /^photos\/(?:[^/]+\/){2,}[1-9][0-9]{0,4}\.webp$/;

export function createListingPhotosService(deps: {
  blobs: BlobStore;
  listings: Pick<ListingsService, "get" | "setPhotos" | "discardDraft">;
}) {
  const { blobs, listings } = deps;

  /** The owner's listing, still editable; otherwise `not-found` (someone else's, none) or `archived`. */
  async function editable(ownerUid: string, id: string): Promise<Listing> {
    const listing = await listings.get(id);
    if (!listing || listing.ownerUid !== ownerUid) throw new ListingError("not-found");
    if (listing.status === "archived") throw new ListingError("archived");
    return listing;
  }

  /** Rewrites the photos' order with `reorder` (which returns null to leave them as they are). */
  async function rearrange(ownerUid: string, id: string, photoId: string, reorder: (photos: Listing["photos"], index: number) => Listing["photos"] | null): Promise<Listing> {
    const listing = await editable(ownerUid, id);
    const index = listing.photos.findIndex((photo) => photo.id === photoId);
    // A photo already gone (another tab, a second click): nothing to do.
    if (index === -1) return listing;
    const photos = reorder([...listing.photos], index);
    if (!photos) return listing;
    return listings.setPhotos(ownerUid, id, photos);
  }

  return {
    prefixOf: listingPhotoPrefix,

    /**
     * Puts uploads through the photo pipeline, stores them under the listing's prefix and adds
     * them after the listing's current photos. Files the pipeline refuses are reported in
     * `refused`, in upload order; the others are still added. If adding them fails (more than
     * MAX_PHOTOS: `invalid-input`; the listing gone: `not-found`), the stored files are removed
     * and the error is rethrown.
     */
    async add(ownerUid: string, id: string, uploads: readonly PhotoUpload[]): Promise<{ added: StoredPhoto[]; refused: RefusedPhoto[] }> {
      const prefix = listingPhotoPrefix(await editable(ownerUid, id));
      const added: StoredPhoto[] = [];
      const refused: RefusedPhoto[] = [];
      try {
        for (const upload of uploads) {
          try {
            added.push(await storePhoto(blobs, prefix, new Uint8Array(await upload.arrayBuffer())));
          } catch (error) {
            if (!isPhotoError(error)) throw error;
            refused.push({ name: upload.name, code: error.code });
          }
        }
        if (added.length > 0) {
          // The photos as they are now (another tab may have changed them), plus the new ones.
          const current = await editable(ownerUid, id);
          await listings.setPhotos(ownerUid, id, [...current.photos, ...added]);
        }
      } catch (error) {
        await Promise.all(added.map((photo) => deletePhoto(blobs, prefix, photo.id)));
        throw error;
      }
      return { added, refused };
    },

    /** Moves a photo one place up or down (nothing at either end, or for a photo already gone). */
    move(ownerUid: string, id: string, photoId: string, direction: "up" | "down"): Promise<Listing> {
      return rearrange(ownerUid, id, photoId, (photos, index) => {
        const target = direction === "up" ? index - 1 : index + 1;
        if (target < 0 || target >= photos.length) return null;
        [photos[index], photos[target]] = [photos[target], photos[index]];
        return photos;
      });
    },

    /** Makes a photo the first, the cover. */
    makeCover(ownerUid: string, id: string, photoId: string): Promise<Listing> {
      return rearrange(ownerUid, id, photoId, (photos, index) => {
        photos.unshift(...photos.splice(index, 1));
        return photos;
      });
    },

    /**
     * Removes a photo from the listing, then its files. A published or paused listing keeps at
     * least one (`incomplete`). Photos stored elsewhere (shared demo sets) keep their files.
     */
    async remove(ownerUid: string, id: string, photoId: string): Promise<Listing> {
      const before = await editable(ownerUid, id);
      if (!before.photos.some((photo) => photo.id === photoId)) return before;
      const listing = await listings.setPhotos(
        ownerUid,
        id,
        before.photos.filter((photo) => photo.id !== photoId),
      );
      await deletePhoto(blobs, listingPhotoPrefix(listing), photoId);
      return listing;
    },

    /** Deletes one of the owner's drafts (see `discardDraft` of the listings service) and all its photos. */
    async discardDraft(ownerUid: string, id: string): Promise<Listing> {
      const draft = await listings.discardDraft(ownerUid, id);
      // The draft is gone; its photos go with it (nothing else points at them).
      await deleteAllPhotos(blobs, listingPhotoPrefix(draft));
      return draft;
    },

    /**
     * One stored WebP variant by its path under `photos/` (`<ownerPrefix>/<id>/<width>.webp`):
     * `missing` for anything else — a malformed or `../` path, another kind of blob, the files of
     * a listing that no longer exists — and `unavailable` when the blob store cannot answer now.
     * A draft's photos come back with `privateTo` set to its owner.
     */
    async variant(path: string): Promise<PhotoVariantResult> {
      const key = `photos/${path}`;
      if (!VARIANT_KEY.test(key) || !isValidBlobKey(key)) return { status: "missing" };
      // A listing's uploads are public once it has been published; a draft's only to its owner.
      let privateTo: string | null = null;
      const folder = LISTING_FOLDER.exec(path);
      if (folder) {
        const id = textOfKeySegment(folder[1]);
        const listing = id === null ? null : await listings.get(id);
        // Files of a listing that is gone are left-overs, not photos anyone should see.
        if (!listing) return { status: "missing" };
        if (listing.status === "draft") privateTo = listing.ownerUid;
      }
      let blob;
      try {
        blob = await blobs.get(key);
      } catch (error) {
        if (isBlobError(error, "unavailable") || isBlobError(error, "deadline-exceeded")) return { status: "unavailable" };
        throw error;
      }
      // Only WebP variants are served, whatever else a key under photos/ might hold.
      if (blob === null || blob.contentType !== PHOTO_VARIANT_CONTENT_TYPE) return { status: "missing" };
      return { status: "found", bytes: blob.bytes, privateTo };
    },
  };
}

export type ListingPhotosService = ReturnType<typeof createListingPhotosService>;
