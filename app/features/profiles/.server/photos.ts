import { keySegment, type BlobStore } from "#app/.server/blobs";
import { deletePhoto, isPhotoError, storePhoto, type PhotoErrorCode } from "#app/.server/blobs/images";
import type { ProfilePhoto } from "./model";
import type { UsersService } from "./service";

/**
 * Profile photos are uploads through the same pipeline as listing photos (type read from the
 * content, EXIF stripped, WebP variants) and are served by `/photos/users/…` from our own
 * origin: no third-party address ever reaches a viewer's browser. One photo per person; a new
 * one replaces the old, whose files are then removed.
 */
export function profilePhotoPrefix(uid: string): string {
  return `users/${keySegment(uid)}`;
}

export type ProfilePhotoResult = { status: "saved"; photo: ProfilePhoto } | { status: "refused"; code: PhotoErrorCode };

export function createProfilePhotosService(deps: { blobs: BlobStore; users: Pick<UsersService, "setPhoto"> }) {
  const { blobs, users } = deps;

  async function removeFiles(uid: string, photo: ProfilePhoto | null) {
    if (!photo) return;
    const prefix = profilePhotoPrefix(uid);
    // Only files under the person's own prefix are theirs to remove.
    if (!photo.folder.startsWith(`${prefix}/`)) return;
    await deletePhoto(blobs, prefix, photo.folder.slice(prefix.length + 1)).catch((error: unknown) =>
      console.warn("[profile-photos] removing a replaced photo failed:", error),
    );
  }

  return {
    /** Stores `bytes` as the person's photo, replacing the previous one; refused uploads change nothing. */
    async replace(uid: string, bytes: Uint8Array): Promise<ProfilePhotoResult> {
      const prefix = profilePhotoPrefix(uid);
      let stored;
      try {
        stored = await storePhoto(blobs, prefix, bytes);
      } catch (error) {
        if (isPhotoError(error)) return { status: "refused", code: error.code };
        throw error;
      }
      const photo: ProfilePhoto = { folder: stored.folder, widths: stored.widths, placeholder: stored.placeholder };
      let previous: ProfilePhoto | null;
      try {
        previous = await users.setPhoto(uid, photo);
      } catch (error) {
        await deletePhoto(blobs, prefix, stored.id);
        throw error;
      }
      await removeFiles(uid, previous);
      return { status: "saved", photo };
    },

    /** Clears the person's photo (they show their initials) and removes its files. */
    async remove(uid: string): Promise<void> {
      await removeFiles(uid, await users.setPhoto(uid, null));
    },
  };
}

export type ProfilePhotosService = ReturnType<typeof createProfilePhotosService>;
