import { listingPhotoPrefix, type PhotosContext } from "./photos-context";
import * as edit from "./photos-edit";
import { variant } from "./photos-serve";
import { bindTo } from "#app/.server/domain/operations";

/**
 * Listing photos: the files behind a listing's `photos` metadata. This service owns them in the
 * blob port — uploads go through the photo pipeline (`app/.server/blobs/images.ts`) and are
 * stored under the listing's prefix; reordering, the cover and deleting rewrite the metadata
 * through the listings service, then remove what no longer belongs; files stored for a change
 * that then fails are removed again; a discarded draft takes its photos with it.
 *
 * The factory only wires the operations: editing (`photos-edit.ts`) and serving a variant
 * (`photos-serve.ts`), with the blob store and the listings they share (`PhotosContext`).
 */
export function createListingPhotosService(deps: PhotosContext) {
  const ctx = deps;
  const bind = bindTo(ctx);
  return {
    prefixOf: listingPhotoPrefix,
    add: bind(edit.add),
    move: bind(edit.move),
    makeCover: bind(edit.makeCover),
    remove: bind(edit.remove),
    discardDraft: bind(edit.discardDraft),
    erase: bind(edit.erase),
    variant: bind(variant),
  };
}

export type ListingPhotosService = ReturnType<typeof createListingPhotosService>;
