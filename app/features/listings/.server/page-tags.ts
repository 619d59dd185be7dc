import type { ListingKind, ListingStatus } from "./model";

/**
 * What a listing write changes for visitors, as the tags of the visitors' pages that show it:
 * the listing's page (`listing:<id>`), the searches of its kind (`search:boat`, `search:dock`)
 * and its owner's public profile (`user:<ownerUid>`). Only a listing visitors see — published
 * before or after the write — changes any of them; a draft, a paused or an archived listing
 * never appears on a visitor's page.
 */
type Visible = { id: string; kind: ListingKind; ownerUid: string; status: ListingStatus };

export function listingPageTags(before: Visible | null, after: Visible | null): string[] {
  const listing = after ?? before;
  if (!listing) return [];
  if (before?.status !== "published" && after?.status !== "published") return [];
  return [`listing:${listing.id}`, `search:${listing.kind}`, `user:${listing.ownerUid}`];
}

/** The tags of several writes, each once, in first-seen order. */
export function mergeTags(...lists: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(lists.flat())];
}
