import { createCookieSessionStorage, type Session } from "@remix-run/node";
import type { Config } from "../config";
import type { AccountSession } from "../domain/accounts";
import { SESSION_MAX_AGE_SECONDS } from "../identity";

/**
 * What the session cookie holds: the account's session as sign-in returns it (the identity's
 * token, verified on every request, and what the header shows), plus this session's id and start.
 */
export type SessionData = AccountSession & {
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
