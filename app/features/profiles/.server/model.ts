import { z } from "zod";
import type { Lang } from "#app/i18n";
import { lessorSchema } from "#app/features/accounts";

/**
 * People's profiles: what the marketplace knows about a person beyond their identity
 * (which lives in the identity service). One document per person, id = the identity's uid;
 * a second collection reserves each public slug.
 */
export type AccountKind = "person" | "professional";

export type Company = { name: string; taxId: string; phone: string; address: string };
export type Lessor = z.output<typeof lessorSchema>;

export type UserProfile = {
  uid: string;
  slug: string;
  email: string;
  displayName: string;
  /** An upload through the photo pipeline, served from `/photos/users/…` (never a third-party URL). */
  photo: ProfilePhoto | null;
  bio: string;
  languages: string[];
  phone: string | null;
  kind: AccountKind;
  /** The language the person registered in: emails not sent from a page of theirs use it (absent: Spanish). */
  lang?: Lang;
  company: Company | null;
  lessor: Lessor | null;
  createdAt: string;
  updatedAt: string;
};

/** A profile photo's stored variants: `photoSrcSet(folder, widths)`. */
export type ProfilePhoto = { folder: string; widths: number[]; placeholder: string };

export type PublicProfile = Pick<UserProfile, "slug" | "displayName" | "photo" | "bio" | "languages" | "kind" | "createdAt"> & {
  companyName: string | null;
};

export const PROFILES = "profiles";
export const SLUGS = "profile_slugs";

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return slug.length >= 2 ? slug : "persona";
}

/** What `slugify` (plus a collision suffix) can produce. */
export function isSlug(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 80;
}

export function isLessorComplete(profile: Pick<UserProfile, "lessor">): boolean {
  return profile.lessor !== null && lessorSchema.safeParse(profile.lessor).success;
}

