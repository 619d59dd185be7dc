/** What the listing photos' operations share (`PhotosContext`), where a listing's photos are stored, and the shapes the operations take and give. */
import { keySegment, type BlobStore } from "#app/.server/blobs";
import type { PhotoErrorCode } from "#app/.server/blobs/images";
import type { Listing } from "./model";
import type { ListingsService } from "./service";

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

export type PhotosContext = {
  blobs: BlobStore;
  listings: Pick<ListingsService, "get" | "setPhotos" | "discardDraft" | "erase">;
};
