import type { AppLoadContext } from "@remix-run/node";
import { serverServices } from "../http/load-context";
import { isRateLimited, type RateLimitName } from "./rate-limit";

/** What the identity service answers, for routes that say why a sign-in or a change failed. */
export { isIdentityError, unmetPasswordRequirements, type IdentityErrorCode } from "../identity";
import type { SessionData } from "./session";
import type { FlashNotice } from "#app/utils/notice";
import { commitUserSession, destroyUserSession, sessionRef, sessionToken } from "./session-cookie";

/**
 * Sign-in plumbing bound to one request, for the routes that start, change or end sessions:
 * the authenticator's strategies, the rate limits, and the session cookie. Routes reach it
 * through `requestContext(...).auth`, never through the identity port or the session storage.
 */
export function requestAuth(request: Request, context: AppLoadContext) {
  const { rateLimits, authenticator, sessions } = serverServices(context);
  /** Counts one attempt; `{ retryAfterSeconds }` when the limit is reached. */
  async function limit(name: RateLimitName, key: string): Promise<{ retryAfterSeconds: number } | null> {
    try {
      await rateLimits.consume(name, key);
      return null;
    } catch (error) {
      if (isRateLimited(error)) return { retryAfterSeconds: error.retryAfterSeconds };
      throw error;
    }
  }
  return {
    limit,
    clearLimit: (name: RateLimitName, key: string) => rateLimits.reset(name, key),
    /**
     * Sign-in with a password, limited so that nobody can lock an owner out: an address that
     * floods is refused, an address that keeps failing for one account is refused for that
     * account, and failures for an account from everywhere only slow every answer down (up to
     * SIGN_IN_MAX_DELAY_MS), which costs a guesser far more than a person.
     */
    async passwordSignIn(email: string, clientAddress: string): Promise<{ session: SessionData } | { limited: { retryAfterSeconds: number } }> {
      const pair = `${email}|${clientAddress}`;
      const limited = (await limit("signInPerAddress", clientAddress)) ?? (await limit("signInPerAccountAddress", pair));
      if (limited) return { limited };
      const failures = await rateLimits.used("signInFailuresPerAccount", email);
      const delay = signInDelayMs(failures);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const session = await authenticator.authenticate("form", request);
        await Promise.all([rateLimits.reset("signInPerAccountAddress", pair), rateLimits.reset("signInFailuresPerAccount", email)]);
        return { session };
      } catch (error) {
        await rateLimits.consume("signInFailuresPerAccount", email).catch(() => undefined);
        throw error;
      }
    },
    /** The email-and-password form strategy (reads the request's body). */
    signInWithForm: (): Promise<SessionData> => authenticator.authenticate("form", request),
    /** The Firebase ID-token strategy (`Authorization: Bearer`). */
    signInWithIdToken: (): Promise<SessionData> => authenticator.authenticate("firebase-id-token", request),
    /** The Set-Cookie value that starts (or replaces) the session, with `notice` flashed into it. */
    commitSession: (data: SessionData, notice?: FlashNotice) => commitUserSession(request, context, data, notice),
    /** The Set-Cookie value that keeps the session but changes fields the header shows (and flashes `notice`). */
    async updateSession(fields: Partial<Pick<SessionData, "displayName" | "slug">>, notice?: FlashNotice): Promise<string> {
      const session = await sessions.getSession(request.headers.get("Cookie"));
      for (const [key, value] of Object.entries(fields)) session.set(key as keyof SessionData, value as never);
      if (notice) session.flash("notice", JSON.stringify(notice));
      return sessions.commitSession(session);
    },
    /** The Set-Cookie value that ends the session in this browser. */
    destroySession: () => destroyUserSession(request, context),
    /** The Set-Cookie value of a visitor's cookie holding only `notice` (the person is signed out: an account deleted). */
    async signedOutWithNotice(notice: FlashNotice): Promise<string> {
      const session = await sessions.getSession();
      session.flash("notice", JSON.stringify(notice));
      return sessions.commitSession(session);
    },
    /** The identity's session token of this request's cookie, if any. */
    sessionToken: () => sessionToken(request, context),
    /** Signs this browser's session out on every server (the cookie itself is cleared by `destroySession`). */
    async signOut(): Promise<void> {
      const ref = await sessionRef(request, context);
      if (ref) await serverServices(context).accounts.signOut(ref.uid, ref.sid);
    },
  };
}

/** Failures for one account before answers slow down, the step, and the ceiling. */
export const SIGN_IN_FREE_FAILURES = 5;
const SIGN_IN_DELAY_STEP_MS = 250;
export const SIGN_IN_MAX_DELAY_MS = 3_000;

/** The wait before answering a sign-in for an account with this many recent failures. */
export function signInDelayMs(failures: number): number {
  return Math.min(SIGN_IN_MAX_DELAY_MS, Math.max(0, failures - SIGN_IN_FREE_FAILURES + 1) * SIGN_IN_DELAY_STEP_MS);
}

/**
 * How long to wait after the identity provider says "too many attempts" (Firebase Auth gives no
 * time; its lock-outs last minutes): the `Retry-After` of that 429.
 */
export const IDENTITY_RETRY_AFTER_SECONDS = 15 * 60;

/** "Try again in N minutes", never less than one. */
export function minutesUntil(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
