import { createCookieSessionStorage, createSession, type Session } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import type { Config } from "../config";
import type { AccountSession } from "#app/features/accounts/.server";
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
  // The last Cookie headers' verified contents (at most 2,000, the least recently read dropped first).
  const decoded = new LRUCache<string, AppSession["data"]>({ max: 2_000 });
  return {
    ...storage,
    /**
     * Remix's `getSession`, with each Cookie header's verified contents remembered: a signed-in
     * page reads the session twice (the person, the notice) and a person's browser sends the
     * same header page after page, while verifying the signature and decoding the value cost
     * about 0.05 ms each time. The contents are a function of the header and the secrets alone
     * (the cookie's expiry is the browser's to enforce, and a token inside it is verified on
     * every request anyway); each call still gets a session of its own (flashes are read once).
     */
    async getSession(cookieHeader?: string | null, options?: Parameters<typeof storage.getSession>[1]): Promise<AppSession> {
      if (!cookieHeader || options || cookieHeader.length > LONGEST_REMEMBERED_HEADER) return storage.getSession(cookieHeader, options);
      // No session cookie in the header: nothing to verify (Remix would answer an empty session too).
      if (!cookieHeader.includes(SESSION_COOKIE)) return createSession<SessionData, FlashData>();
      let data = decoded.get(cookieHeader);
      if (!data) {
        data = (await storage.getSession(cookieHeader)).data;
        decoded.set(cookieHeader, data);
      }
      // What Remix's own getSession passes: the cookie's contents as read (flashes included).
      return createSession<SessionData, FlashData>(data as SessionData);
    },
  };
}

/** Longer Cookie headers are verified every time (a browser's is well under this; memory stays bounded). */
const LONGEST_REMEMBERED_HEADER = 4_096;

export type SessionStorage = ReturnType<typeof createSessionStorage>;
