/** Serving a stored photo variant: only WebP variants under `photos/`, a draft's to its owner alone. */
import { isBlobError, isValidBlobKey, textOfKeySegment } from "#app/.server/blobs";
import { PHOTO_VARIANT_CONTENT_TYPE } from "#app/utils/photos";
import type { PhotosContext, PhotoVariantResult } from "./photos-context";

/** `boats/<keySegment(id)>/…` or `docks/<keySegment(id)>/…`: a listing's own uploads. */
const LISTING_FOLDER = /^(?:boats|docks)\/([^/]+)\//;

/** `photos/<ownerPrefix>/<id>/<width>.webp`, the width a positive integer without leading zeros. */
const VARIANT_KEY = /^photos\/(?:[^/]+\/){2,}[1-9][0-9]{0,4}\.webp$/;

/**
 * One stored WebP variant by its path under `photos/` (`<ownerPrefix>/<id>/<width>.webp`):
 * `missing` for anything else — a malformed or `../` path, another kind of blob, the files of
 * a listing that no longer exists — and `unavailable` when the blob store cannot answer now.
 * A draft's photos come back with `privateTo` set to its owner.
 */
export async function variant(ctx: PhotosContext, path: string): Promise<PhotoVariantResult> {
  const key = `photos/${path}`;
  if (!VARIANT_KEY.test(key) || !isValidBlobKey(key)) return { status: "missing" };
  // A listing's uploads are public once it has been published; a draft's only to its owner.
  let privateTo: string | null = null;
  const folder = LISTING_FOLDER.exec(path);
  if (folder) {
    const id = textOfKeySegment(folder[1]);
    const listing = id === null ? null : await ctx.listings.get(id);
    // Files of a listing that is gone are left-overs, not photos anyone should see.
    if (!listing) return { status: "missing" };
    if (listing.status === "draft") privateTo = listing.ownerUid;
  }
  let blob;
  try {
    blob = await ctx.blobs.get(key);
  } catch (error) {
    if (isBlobError(error, "unavailable") || isBlobError(error, "deadline-exceeded")) return { status: "unavailable" };
    throw error;
  }
  // Only WebP variants are served, whatever else a key under photos/ might hold.
  if (blob === null || blob.contentType !== PHOTO_VARIANT_CONTENT_TYPE) return { status: "missing" };
  return { status: "found", bytes: blob.bytes, privateTo };
}
