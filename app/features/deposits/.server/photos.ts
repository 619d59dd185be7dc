import { keySegment, type BlobStore } from "#app/.server/blobs";
import { isPhotoError, processPrivatePhoto, type PrivatePhoto } from "#app/.server/blobs/images";
import { DepositError, MAX_CLAIM_PHOTOS, type ClaimPhoto } from "./model";

/**
 * A claim's photos: checked by their bytes through the photo pipeline (JPEG, PNG or WebP,
 * decoded whole, rotated, metadata stripped — a phone's location never leaves the server), kept
 * as one WebP of at most 1280 pixels wide, PRIVATELY under `deposits/<booking>/<id>.webp` (never
 * under `photos/`, which the public photo route serves). They leave the blob store only through
 * the service's `photo`, which checks the person asking.
 */

export function claimPrefix(bookingId: string): string {
  return `deposits/${keySegment(bookingId)}`;
}

export function claimPhotoKey(bookingId: string, photoId: string): string {
  return `${claimPrefix(bookingId)}/${photoId}.webp`;
}

type Prepared = PrivatePhoto;

/** Checks every upload before anything is stored; a `DepositError` (`photos`, the pipeline's reason) for the first bad one. */
export async function preparePhotos(uploads: readonly Uint8Array[]): Promise<Prepared[]> {
  if (uploads.length > MAX_CLAIM_PHOTOS) throw new DepositError("invalid", "photos", "too-many");
  const prepared: Prepared[] = [];
  for (const bytes of uploads) {
    try {
      prepared.push(await processPrivatePhoto(bytes));
    } catch (error) {
      if (isPhotoError(error)) throw new DepositError("invalid", "photos", error.code);
      throw error;
    }
  }
  return prepared;
}

/** Stores prepared photos; on a failure the ones written are removed and the error rethrown. */
export async function storePhotos(blobs: BlobStore, bookingId: string, prepared: readonly Prepared[], by: ClaimPhoto["by"], at: string): Promise<ClaimPhoto[]> {
  const stored: ClaimPhoto[] = [];
  try {
    for (const photo of prepared) {
      await blobs.put(claimPhotoKey(bookingId, photo.id), photo.bytes, { contentType: "image/webp" });
      stored.push({ id: photo.id, by, width: photo.width, height: photo.height, size: photo.bytes.byteLength, uploadedAt: at });
    }
  } catch (error) {
    await removePhotos(blobs, bookingId, stored);
    throw error;
  }
  return stored;
}

export async function removePhotos(blobs: BlobStore, bookingId: string, photos: readonly ClaimPhoto[]): Promise<void> {
  await Promise.all(photos.map((p) => blobs.delete(claimPhotoKey(bookingId, p.id)).catch(() => undefined)));
}
