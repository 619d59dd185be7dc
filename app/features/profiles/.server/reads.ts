/** Reading profiles: by uid (one or many), by public slug, the public page's view, the admin's lists and counts. */
import { isSlug, PROFILES, SLUGS, type AccountKind, type PublicProfile, type UserProfile } from "./model";
import { strip, type UsersContext } from "./context";

/** The person's profile, or null. */
export async function get(ctx: UsersContext, uid: string): Promise<UserProfile | null> {
  const doc = await ctx.store.get<UserProfile>(PROFILES, uid);
  return doc ? strip(doc) : null;
}

/** Several profiles in one batch read, by uid (missing ones are left out). */
export async function getMany(ctx: UsersContext, uids: readonly string[]): Promise<Map<string, UserProfile>> {
  const unique = [...new Set(uids)];
  const profiles = new Map<string, UserProfile>();
  if (unique.length === 0) return profiles;
  for (const doc of await ctx.store.getMany<UserProfile>(PROFILES, unique)) {
    if (doc) profiles.set(doc.id, strip(doc));
  }
  return profiles;
}

/** The profile a public slug names, or null. */
export async function getBySlug(ctx: UsersContext, slug: string): Promise<UserProfile | null> {
  const reservation = await ctx.store.get<{ uid: string }>(SLUGS, slug);
  return reservation ? get(ctx, reservation.uid) : null;
}

/**
 * The public page's view of a person: null for an unknown slug, and for anything that
 * cannot be a slug (a visitor's URL never reaches the store as an invalid document id).
 */
export async function getPublicBySlug(ctx: UsersContext, slug: string): Promise<PublicProfile | null> {
  if (!isSlug(slug)) return null;
  const profile = await getBySlug(ctx, slug);
  return profile ? toPublic(profile) : null;
}

/** What the public page shows of a person. */
export function toPublic(profile: UserProfile): PublicProfile {
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
}

/** Newest first, for the admin dashboard. */
export async function recent(ctx: UsersContext, limit = 10): Promise<UserProfile[]> {
  const docs = await ctx.store.query<UserProfile>({ collection: PROFILES, orderBy: [["createdAt", "desc"]], limit });
  return docs.map(strip);
}

/** How many accounts of a kind there are (the admin dashboard). */
export async function countByKind(ctx: UsersContext, kind: AccountKind): Promise<number> {
  return ctx.store.count({ collection: PROFILES, where: [["kind", "==", kind]] });
}
