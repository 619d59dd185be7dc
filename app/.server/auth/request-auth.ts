import type { AppLoadContext } from "@remix-run/node";
import { isRateLimited, type RateLimitName } from "./rate-limit";
import type { SessionData } from "./session";
import { commitUserSession, destroyUserSession, sessionToken } from "./session-cookie";

/**
 * Sign-in plumbing bound to one request, for the routes that start, change or end sessions:
 * the authenticator's strategies, the rate limits, and the session cookie. Routes reach it
 * through `requestContext(...).auth`, never through the identity port or the session storage.
 */
export function requestAuth(request: Request, context: AppLoadContext) {
  const { rateLimits, authenticator, sessions } = context.services;
  return {
    /** Counts one attempt; `{ retryAfterSeconds }` when the limit is reached. */
    async limit(name: RateLimitName, key: string): Promise<{ retryAfterSeconds: number } | null> {
      try {
        await rateLimits.consume(name, key);
        return null;
      } catch (error) {
        if (isRateLimited(error)) return { retryAfterSeconds: error.retryAfterSeconds };
        throw error;
      }
    },
    clearLimit: (name: RateLimitName, key: string) => rateLimits.reset(name, key),
    /** The email-and-password form strategy (reads the request's body). */
    signInWithForm: (): Promise<SessionData> => authenticator.authenticate("form", request),
    /** The Firebase ID-token strategy (`Authorization: Bearer`). */
    signInWithIdToken: (): Promise<SessionData> => authenticator.authenticate("firebase-id-token", request),
    /** The Set-Cookie value that starts (or replaces) the session. */
    commitSession: (data: SessionData) => commitUserSession(request, context, data),
    /** The Set-Cookie value that keeps the session but changes fields the header shows. */
    async updateSession(fields: Partial<Pick<SessionData, "displayName" | "slug">>): Promise<string> {
      const session = await sessions.getSession(request.headers.get("Cookie"));
      for (const [key, value] of Object.entries(fields)) session.set(key as keyof SessionData, value as never);
      return sessions.commitSession(session);
    },
    /** The Set-Cookie value that ends the session in this browser. */
    destroySession: () => destroyUserSession(request, context),
    /** The identity's session token of this request's cookie, if any (for signing out). */
    sessionToken: () => sessionToken(request, context),
  };
}

/** "Try again in N minutes", never less than one. */
export function minutesUntil(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
