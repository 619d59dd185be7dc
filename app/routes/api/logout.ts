import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isLang, defaultLang } from "#app/i18n";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";

/**
 * Sign-out. Always clears the session cookie, even when revoking the identity's sessions
 * fails (that failure is only logged). A form post goes on to /login; a fetch gets JSON.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, auth } = requestContext(args);
  const form = await request.formData().catch(() => null);
  try {
    // This session ends on every server, not only in this browser.
    await auth.signOut();
  } catch (error) {
    console.warn("Revoking the session on sign-out failed", error);
  }
  const headers = { "Set-Cookie": await auth.destroySession() };
  if (request.headers.get("Accept")?.includes("application/json")) {
    return Response.json({ ok: true }, { headers });
  }
  const lang = form?.get("lang");
  return redirect(href("login", { lang: isLang(lang) ? lang : defaultLang }), { headers });
}

/** Sign-out changes state: never by a GET (a link or an image could trigger it). */
export async function loader(_args: LoaderFunctionArgs) {
  return Response.json({ error: "method-not-allowed" }, { status: 405, headers: { Allow: "POST" } });
}
