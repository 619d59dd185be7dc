import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isIdentityError } from "#app/.server/auth/request-auth";
import { requestContext } from "#app/.server/http/request-context";

/**
 * The spec's auth-token sync: POST with `Authorization: Bearer <idToken>` after the browser
 * signed in with the Firebase JS SDK (the token's auth_time must be at most 5 minutes old);
 * DELETE when it signed out.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, auth, clientAddress } = requestContext(args);
  if (request.method === "DELETE") {
    await auth.signOut().catch((error: unknown) => console.warn("Revoking the session failed", error));
    return new Response(null, { status: 204, headers: { "Set-Cookie": await auth.destroySession() } });
  }
  if (request.method !== "POST") {
    return Response.json({ error: "method-not-allowed" }, { status: 405, headers: { Allow: "POST, DELETE" } });
  }
  const limited = await auth.limit("signInPerAddress", clientAddress);
  if (limited) {
    return Response.json({ error: "too-many-requests" }, { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  }
  try {
    const session = await auth.signInWithIdToken();
    return Response.json(
      { user: { uid: session.uid, email: session.email, displayName: session.displayName, slug: session.slug, role: session.role } },
      { headers: { "Set-Cookie": await auth.commitSession(session), "Clear-Site-Data": '"storage"' } },
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
