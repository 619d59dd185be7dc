import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { splitLangFromPath } from "#app/i18n";
import { afterLoginPath } from "#app/utils/safe-redirect";

export { afterLoginPath };
import { isIdentityError, type Role } from "../identity";
import { href } from "#app/utils/href";
import { serverServices } from "../http/load-context";
import { noteUser } from "../observability/request-scope";

/**
 * The guards. Every loader and action calls one of them first. They read the signed session
 * cookie and verify the identity's session token (locally, without a database read, unless
 * `checkRevoked` asks for the revocation check that sensitive actions need).
 */
export type SessionUser = {
  uid: string;
  email: string;
  role: Role | null;
  displayName: string;
  slug: string;
  /** The session's id and start, for revocation checks of long-lived responses (event streams). */
  sid?: string;
  issuedAt?: number;
};

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

async function readSessionUser(request: Request, context: AppLoadContext, checkRevoked: boolean): Promise<SessionUser | null> {
  const { sessions, identity, sessionRevocations } = serverServices(context);
  const session = await sessions.getSession(request.headers.get("Cookie"));
  const token = session.get("token");
  if (!token) return null;
  try {
    const claims = await identity.verifySessionToken(token, { checkRevoked });
    // Signed out, or every session ended (password, email, role): refused on every server.
    if (sessionRevocations.isRevoked({ uid: claims.uid, sid: session.get("sid"), issuedAt: session.get("issuedAt") })) return null;
    // The request's log line names the person by uid (never by email).
    noteUser(claims.uid);
    return {
      uid: claims.uid,
      email: claims.email,
      role: claims.role,
      displayName: session.get("displayName") ?? claims.email,
      slug: session.get("slug") ?? "",
      sid: session.get("sid"),
      issuedAt: session.get("issuedAt"),
    };
  } catch (error) {
    if (isIdentityError(error)) return null;
    throw error;
  }
}

/** The signed-in person, or null. Verified once per request. */
export function getSessionUser(request: Request, context: AppLoadContext, options: { checkRevoked?: boolean } = {}) {
  if (options.checkRevoked) return readSessionUser(request, context, true);
  let pending = cache.get(request);
  if (!pending) {
    pending = readSessionUser(request, context, false);
    cache.set(request, pending);
  }
  return pending;
}

/** The spec's login redirect: `redirect` holds the original path and query unless it is / or /login. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const { lang, path } = splitLangFromPath(url.pathname);
  const login = href("login", { lang: lang });
  if (path === "/" || path === "/login") return login;
  return `${login}?${new URLSearchParams({ redirect: url.pathname + url.search })}`;
}

export async function requireUser(
  request: Request,
  context: AppLoadContext,
  options: { checkRevoked?: boolean } = {},
): Promise<SessionUser> {
  const user = await getSessionUser(request, context, options);
  if (!user) throw redirect(loginRedirectUrl(request));
  return user;
}

/** /login and /register: a signed-in person goes to /ajustes. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<void> {
  if (await getSessionUser(request, context)) {
    const { lang } = splitLangFromPath(new URL(request.url).pathname);
    throw redirect(href("settings", { lang: lang }));
  }
}

/** /admin: anonymous people sign in first; signed-in people without the admin role get a 403. */
export async function requireAdmin(request: Request, context: AppLoadContext, options: { checkRevoked?: boolean } = {}) {
  const user = await requireUser(request, context, options);
  if (user.role !== "admin") {
    throw data({ message: "Forbidden" }, { status: 403, statusText: "Forbidden" });
  }
  return user;
}

/** API endpoints answer 401 instead of redirecting. */
export async function requireApiUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw Response.json({ error: "unauthenticated" }, { status: 401 });
  return user;
}
