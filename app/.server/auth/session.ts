import { createCookieSessionStorage, createSession, type CookieParseOptions, type Session } from "@remix-run/node";
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

/** How many decoded session cookies a server keeps (about a kilobyte each); all are dropped when full. */
const DECODED_KEPT = 2_000;

/** The raw value of cookie `name` in a Cookie header, as the browser sent it; null when absent. */
function rawCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * A signed, httpOnly, SameSite=Lax cookie; Secure in production; secrets rotate
 * (newest first: new cookies are signed with it, older ones still verify).
 *
 * Reading it is the costliest part of a signed-in request's session work: Remix checks the
 * signature, then decodes the value through an `escape` loop and `decodeURIComponent` (0.1 ms of a
 * request's CPU for a session cookie). What a cookie value reads as depends on nothing but the
 * value and the secrets, so each value is decoded once and its data kept (as JSON: every read gets
 * its own session, whatever the last one changed); a forged or tampered value is a different
 * value, checked like any new one.
 */
export function createSessionStorage(config: Config) {
  const storage = createCookieSessionStorage<SessionData, FlashData>({
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
  const decoded = new Map<string, string>();
  return {
    ...storage,
    async getSession(cookieHeader?: string | null, options?: CookieParseOptions): Promise<AppSession> {
      const raw = cookieHeader && !options ? rawCookie(cookieHeader, SESSION_COOKIE) : null;
      if (raw === null) return storage.getSession(cookieHeader, options);
      const known = decoded.get(raw);
      if (known !== undefined) return createSession(JSON.parse(known)) as AppSession;
      const session = await storage.getSession(cookieHeader);
      if (decoded.size >= DECODED_KEPT) decoded.clear();
      decoded.set(raw, JSON.stringify(session.data));
      return session;
    },
  };
}

export type SessionStorage = ReturnType<typeof createSessionStorage>;
