import type { Lang } from "#app/i18n";
import { isStoreError, type DocumentStore, type StoredDoc } from "#app/.server/store";
import { lessorSchema } from "#app/utils/account-schemas";
import { isSlug, PROFILES, slugify, SLUGS, type AccountKind, type Company, type Lessor, type ProfilePhoto, type PublicProfile, type UserProfile } from "./model";

/**
 * A stored profile as the domain sees it. Profiles saved before photos were uploads carry a
 * `photoUrl` (any https address, which told its host about every viewer): it is dropped, and the
 * person shows their initials until they upload a photo.
 */
function strip(doc: StoredDoc<UserProfile & { photoUrl?: unknown }>): UserProfile {
  const { id: _id, photoUrl: _photoUrl, ...rest } = doc;
  return { ...rest, photo: isProfilePhoto(rest.photo) ? rest.photo : null };
}

function isProfilePhoto(value: unknown): value is ProfilePhoto {
  if (typeof value !== "object" || value === null) return false;
  const photo = value as Partial<ProfilePhoto>;
  return typeof photo.folder === "string" && typeof photo.placeholder === "string" && Array.isArray(photo.widths) && photo.widths.length > 0;
}

/** `onChange`: called with the person's uid after their profile's public fields change (the visitors' pages that show it are forgotten). */
export function createUsersService(store: DocumentStore, onChange?: (uid: string) => void) {
  return {
    /** Creates the profile of a new account, with a unique public slug derived from the name. */
    async create(input: { uid: string; email: string; displayName: string; kind: AccountKind; company?: Company | null; lang?: Lang }): Promise<UserProfile> {
      const base = slugify(input.displayName);
      for (let attempt = 0; attempt < 20; attempt++) {
        const slug = attempt === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 6)}`;
        const now = new Date().toISOString();
        const profile: UserProfile = {
          uid: input.uid,
          slug,
          email: input.email,
          displayName: input.displayName,
          photo: null,
          bio: "",
          languages: [],
          phone: input.company?.phone ?? null,
          kind: input.kind,
          company: input.company ?? null,
          ...(input.lang ? { lang: input.lang } : {}),
          lessor: null,
          createdAt: now,
          updatedAt: now,
        };
        try {
          await store.runTransaction(async (tx) => {
            const [taken, existing] = await Promise.all([tx.get(SLUGS, slug), tx.get(PROFILES, input.uid)]);
            if (existing) throw new Error("profile-exists");
            if (taken) throw new Error("slug-taken");
            tx.create(SLUGS, slug, { uid: input.uid });
            tx.create(PROFILES, input.uid, profile);
          });
          return profile;
        } catch (error) {
          if (error instanceof Error && error.message === "slug-taken") continue;
          if (isStoreError(error, "already-exists")) continue;
          throw error;
        }
      }
      throw new Error("Could not find a free profile slug");
    },

    async get(uid: string): Promise<UserProfile | null> {
      const doc = await store.get<UserProfile>(PROFILES, uid);
      return doc ? strip(doc) : null;
    },

    /** Several profiles in one batch read, by uid (missing ones are left out). */
    async getMany(uids: readonly string[]): Promise<Map<string, UserProfile>> {
      const unique = [...new Set(uids)];
      const profiles = new Map<string, UserProfile>();
      if (unique.length === 0) return profiles;
      for (const doc of await store.getMany<UserProfile>(PROFILES, unique)) {
        if (doc) profiles.set(doc.id, strip(doc));
      }
      return profiles;
    },

    async getBySlug(slug: string): Promise<UserProfile | null> {
      const reservation = await store.get<{ uid: string }>(SLUGS, slug);
      return reservation ? this.get(reservation.uid) : null;
    },

    /**
     * The public page's view of a person: null for an unknown slug, and for anything that
     * cannot be a slug (a visitor's URL never reaches the store as an invalid document id).
     */
    async getPublicBySlug(slug: string): Promise<PublicProfile | null> {
      if (!isSlug(slug)) return null;
      const profile = await this.getBySlug(slug);
      return profile ? this.toPublic(profile) : null;
    },

    toPublic(profile: UserProfile): PublicProfile {
      return {
        slug: profile.slug,
        displayName: profile.displayName,
        photo: profile.photo,
        bio: profile.bio,
        languages: profile.languages,
        kind: profile.kind,
        createdAt: profile.createdAt,
        companyName: profile.company?.name ?? null,
      };
    },

    async update(
      uid: string,
      patch: Partial<Pick<UserProfile, "displayName" | "bio" | "languages" | "phone" | "email" | "lang">>,
    ): Promise<UserProfile> {
      await store.update(PROFILES, uid, { ...patch, updatedAt: new Date().toISOString() });
      onChange?.(uid);
      return (await this.get(uid))!;
    },

    /** Sets or clears the profile photo; returns the one it replaced (its files are the caller's to remove). */
    async setPhoto(uid: string, photo: ProfilePhoto | null): Promise<ProfilePhoto | null> {
      const previous = await store.runTransaction(async (tx) => {
        const doc = await tx.get<UserProfile>(PROFILES, uid);
        if (!doc) throw new Error(`No profile ${uid}`);
        tx.update(PROFILES, uid, { photo, updatedAt: new Date().toISOString() });
        return strip(doc).photo;
      });
      onChange?.(uid);
      return previous;
    },

    async setLessor(uid: string, lessor: Lessor): Promise<UserProfile> {
      const parsed = lessorSchema.parse(lessor);
      await store.update(PROFILES, uid, { lessor: parsed, updatedAt: new Date().toISOString() });
      onChange?.(uid);
      return (await this.get(uid))!;
    },

    /** Newest first, for the admin dashboard. */
    async recent(limit = 10): Promise<UserProfile[]> {
      const docs = await store.query<UserProfile>({ collection: PROFILES, orderBy: [["createdAt", "desc"]], limit });
      return docs.map(strip);
    },

    async countByKind(kind: AccountKind): Promise<number> {
      return store.count({ collection: PROFILES, where: [["kind", "==", kind]] });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
