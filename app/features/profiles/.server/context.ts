/**
 * What every profiles operation shares: the store, who to tell when a profile's public fields
 * change, and a profile as the domain sees it. Each operation module takes this context;
 * `service.ts` makes it once and wires the operations.
 */
import type { DocumentStore, StoredDoc } from "#app/.server/store";
import type { ProfilePhoto, UserProfile } from "./model";

export type UsersContext = {
  store: DocumentStore;
  /** Called with the person's uid after their profile's public fields change (the visitors' pages that show it are forgotten). */
  onChange?: (uid: string) => void;
};

/**
 * A stored profile as the domain sees it. Profiles saved before photos were uploads carry a
 * `photoUrl` (any https address, which told its host about every viewer): it is dropped, and the
 * person shows their initials until they upload a photo.
 */
export function strip(doc: StoredDoc<UserProfile & { photoUrl?: unknown }>): UserProfile {
  const { id: _id, photoUrl: _photoUrl, ...rest } = doc;
  return { ...rest, photo: isProfilePhoto(rest.photo) ? rest.photo : null };
}

function isProfilePhoto(value: unknown): value is ProfilePhoto {
  if (typeof value !== "object" || value === null) return false;
  const photo = value as Partial<ProfilePhoto>;
  return typeof photo.folder === "string" && typeof photo.placeholder === "string" && Array.isArray(photo.widths) && photo.widths.length > 0;
}
