import { createCookie } from "@remix-run/node";
import type { Config } from "../config";
import { RECENTLY_VIEWED_COOKIE, RECENTLY_VIEWED_MAX_AGE_SECONDS, type RecentlyViewedCookie } from "#app/features/history/.server";

/**
 * The visitors' history cookie `recently_viewed`: signed with the session's secrets (newest
 * first, so they rotate like the session cookie's), httpOnly, SameSite Lax, 30 days, Secure in
 * production. The history service keeps a visitor's ids in it.
 */
export function createRecentlyViewedCookie(config: Pick<Config, "sessionSecrets" | "isProduction">): RecentlyViewedCookie {
  return createCookie(RECENTLY_VIEWED_COOKIE, {
    secrets: config.sessionSecrets,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.isProduction,
    maxAge: RECENTLY_VIEWED_MAX_AGE_SECONDS,
  });
}
