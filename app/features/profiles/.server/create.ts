/** A new account's profile, with a unique public slug derived from the name. */
import type { Lang } from "#app/i18n";
import { isStoreError } from "#app/.server/store";
import type { UsersContext } from "./context";
import { PROFILES, slugify, SLUGS, type AccountKind, type Company, type UserProfile } from "./model";

/** Creates the profile of a new account, with a unique public slug derived from the name. */
export async function create(ctx: UsersContext, input: { uid: string; email: string; displayName: string; kind: AccountKind; company?: Company | null; lang?: Lang }): Promise<UserProfile> {
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
      await ctx.store.runTransaction(async (tx) => {
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
}
