import { keySegment, type BlobStore } from "#app/.server/blobs";
import { isPhotoError, processPrivatePhoto, type PrivatePhoto } from "#app/.server/blobs/images";
import { HandoverError, MAX_HANDOVER_PHOTOS, type HandoverPhoto } from "./model";

/**
 * A record's photos through the photo pipeline (recognised by their bytes, decoded whole, rotated,
 * metadata stripped), kept as one WebP of at most 1280 px PRIVATELY under
 * `handover/<booking>/<id>.webp` (never under `photos/`, which the public photo route serves).
 * They leave the blob store only through the service's `photo`, which checks the person asking.
 */

export const handoverPhotoKey = (bookingId: string, photoId: string) => `handover/${keySegment(bookingId)}/${photoId}.webp`;

type Prepared = PrivatePhoto;

/** Checks every upload before anything is stored; a `HandoverError` (`photos`, the pipeline's reason) for the first bad one. */
export async function preparePhotos(uploads: readonly Uint8Array[]): Promise<Prepared[]> {
  if (uploads.length > MAX_HANDOVER_PHOTOS) throw new HandoverError("invalid", "photos", "too-many");
  const prepared: Prepared[] = [];
  for (const bytes of uploads) {
    try {
      prepared.push(await processPrivatePhoto(bytes));
    } catch (error) {
      if (isPhotoError(error)) throw new HandoverError("invalid", "photos", error.code);
      throw error;
    }
  }
  return prepared;
}

export async function storePhotos(blobs: BlobStore, bookingId: string, prepared: readonly Prepared[], at: string): Promise<HandoverPhoto[]> {
  const stored: HandoverPhoto[] = [];
  try {
    for (const photo of prepared) {
      await blobs.put(handoverPhotoKey(bookingId, photo.id), photo.bytes, { contentType: "image/webp" });
      stored.push({ id: photo.id, width: photo.width, height: photo.height, size: photo.bytes.byteLength, uploadedAt: at });
    }
  } catch (error) {
    await removePhotos(blobs, bookingId, stored);
    throw error;
  }
  return stored;
}

export async function removePhotos(blobs: BlobStore, bookingId: string, photos: readonly HandoverPhoto[]): Promise<void> {
  await Promise.all(photos.map((p) => blobs.delete(handoverPhotoKey(bookingId, p.id)).catch(() => undefined)));
}
