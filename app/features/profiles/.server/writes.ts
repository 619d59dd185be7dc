/** Changing a profile: its fields, its photo, the lessor's details; each change tells `onChange`. */
import { lessorSchema } from "#app/features/accounts";
import { strip, type UsersContext } from "./context";
import { PROFILES, SLUGS, type Lessor, type ProfilePhoto, type UserProfile } from "./model";
import { get } from "./reads";

/** Changes the person's own fields. */
export async function update(
  ctx: UsersContext,
  uid: string,
  patch: Partial<Pick<UserProfile, "displayName" | "bio" | "languages" | "phone" | "email" | "lang">>,
): Promise<UserProfile> {
  await ctx.store.update(PROFILES, uid, { ...patch, updatedAt: new Date().toISOString() });
  ctx.onChange?.(uid);
  return (await get(ctx, uid))!;
}

/** Sets or clears the profile photo; returns the one it replaced (its files are the caller's to remove). */
export async function setPhoto(ctx: UsersContext, uid: string, photo: ProfilePhoto | null): Promise<ProfilePhoto | null> {
  const previous = await ctx.store.runTransaction(async (tx) => {
    const doc = await tx.get<UserProfile>(PROFILES, uid);
    if (!doc) throw new Error(`No profile ${uid}`);
    tx.update(PROFILES, uid, { photo, updatedAt: new Date().toISOString() });
    return strip(doc).photo;
  });
  ctx.onChange?.(uid);
  return previous;
}

/** Sets the lessor's details (who offers the listings and where payouts go), checked by their schema. */
export async function setLessor(ctx: UsersContext, uid: string, lessor: Lessor): Promise<UserProfile> {
  const parsed = lessorSchema.parse(lessor);
  await ctx.store.update(PROFILES, uid, { lessor: parsed, updatedAt: new Date().toISOString() });
  ctx.onChange?.(uid);
  return (await get(ctx, uid))!;
}

/**
 * Erases the person's profile and frees its slug (a person deleting their account); answers the
 * profile it erased (its photo's files are the caller's to remove), null when there was none.
 */
export async function erase(ctx: UsersContext, uid: string): Promise<UserProfile | null> {
  const erased = await ctx.store.runTransaction(async (tx) => {
    const doc = await tx.get<UserProfile>(PROFILES, uid);
    if (!doc) return null;
    const profile = strip(doc);
    const slug = await tx.get<{ uid: string }>(SLUGS, profile.slug);
    if (slug?.uid === uid) tx.delete(SLUGS, profile.slug);
    tx.delete(PROFILES, uid);
    return profile;
  });
  if (erased) ctx.onChange?.(uid);
  return erased;
}
