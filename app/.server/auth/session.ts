import { createCookieSessionStorage, type Session } from "@remix-run/node";
import type { Config } from "../config";
import { SESSION_MAX_AGE_SECONDS, type Role } from "../identity";

/** What the session cookie holds: the identity's session token and what the header shows. */
export type SessionData = {
  /** A local signed token or a Firebase session cookie, verified on every request. */
  token: string;
  uid: string;
  email: string;
  role: Role | null;
  displayName: string;
  slug: string;
  /** This session's id: signing out revokes it (decision record 010). */
  sid?: string;
  /** When the session started (ms since the epoch, sub-millisecond): "end all sessions" ends those before. */
  issuedAt?: number;
};
type FlashData = { notice: string };

export type AppSession = Session<SessionData, FlashData>;

export const SESSION_COOKIE = "__session";

/**
 * A signed, httpOnly, SameSite=Lax cookie; Secure in production; secrets rotate
 * (newest first: new cookies are signed with it, older ones still verify).
 */
export function createSessionStorage(config: Config) {
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.isProduction,
      secrets: config.sessionSecrets,
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  });
}

export type SessionStorage = ReturnType<typeof createSessionStorage>;
