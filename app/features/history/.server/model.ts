/**
 * Recently viewed listings (/historial).
 *
 * - Signed-in people: one document per person and listing in `history`, id `<uid>_<listingId>`,
 *   fields `uid`, `listingId`, `viewedAt` (a new view moves it to the top); the latest
 *   HISTORY_MAX_ENTRIES are kept, older ones are pruned as views are recorded.
 * - Visitors: the ids, newest first, in the signed cookie `recently_viewed` (httpOnly, SameSite
 *   Lax, 30 days, at most RECENTLY_VIEWED_MAX_IDS ids). A cookie that fails the signature or
 *   does not hold a list of ids is ignored.
 * - Signing in does not merge the visitor's cookie into the person's history, and signing out
 *   does not copy it back: the two are kept apart, which keeps this simple and never attributes
 *   a shared computer's browsing to whoever signs in next.
 *
 * Lists show only listings the viewer may still see (published, or their own); the listings
 * are read in one batch.
 */
export const HISTORY = "history";
export const HISTORY_MAX_ENTRIES = 50;
export const RECENTLY_VIEWED_COOKIE = "recently_viewed";
export const RECENTLY_VIEWED_MAX_IDS = 20;
export const RECENTLY_VIEWED_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type HistoryRecord = { uid: string; listingId: string; viewedAt: string };

/** Whose history: a signed-in person, or a visitor (null) whose history is the cookie. */
export type HistoryViewer = { uid: string } | null;

/**
 * The signed visitor cookie `recently_viewed` (made in `app/.server/http/recently-viewed-cookie.ts`;
 * a Remix `Cookie` is one): `parse` answers the value or throws/returns null for a bad signature.
 */
export interface RecentlyViewedCookie {
  parse(header: string | null): Promise<unknown>;
  serialize(value: unknown, options?: { maxAge?: number; expires?: Date }): Promise<string>;
}
