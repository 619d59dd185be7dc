import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isRateLimited } from "#app/.server/auth/rate-limit";
import { commitUserSession, destroyUserSession, sessionToken } from "#app/.server/auth/session-cookie";
import { isIdentityError } from "#app/.server/identity";

/**
 * The spec's auth-token sync: POST with `Authorization: Bearer <idToken>` after the browser
 * signed in with the Firebase JS SDK (the token's auth_time must be at most 5 minutes old);
 * DELETE when it signed out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  if (request.method === "DELETE") {
    const token = await sessionToken(request, context);
    if (token) {
      await services.accounts.signOutEverywhere(token).catch((error: unknown) => console.warn("Revoking sessions failed", error));
    }
    return new Response(null, { status: 204, headers: { "Set-Cookie": await destroyUserSession(request, context) } });
  }
  if (request.method !== "POST") {
    return Response.json({ error: "method-not-allowed" }, { status: 405, headers: { Allow: "POST, DELETE" } });
  }
  try {
    await services.rateLimits.consume("signInPerAddress", context.clientAddress);
  } catch (error) {
    if (isRateLimited(error)) {
      return Response.json({ error: "too-many-requests" }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    throw error;
  }
  try {
    const session = await services.authenticator.authenticate("firebase-id-token", request);
    return Response.json(
      { user: { uid: session.uid, email: session.email, displayName: session.displayName, slug: session.slug, role: session.role } },
      { headers: { "Set-Cookie": await commitUserSession(request, context, session) } },
    );
  } catch (error) {
    if (isIdentityError(error)) {
      return Response.json({ error: error.code }, { status: 401 });
    }
    throw error;
  }
}

export async function loader(_args: LoaderFunctionArgs) {
  return Response.json({ error: "method-not-allowed" }, { status: 405, headers: { Allow: "POST, DELETE" } });
}
