import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isLang, defaultLang } from "#app/i18n";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";

/** The sign-out form's one field: the language of the page it was sent from (else Spanish). */
const logoutSchema = z.object({ lang: z.string().max(10).optional() });

/**
 * Sign-out. Always clears the session cookie, even when revoking the identity's sessions
 * fails (that failure is only logged). A form post goes on to /login; a fetch gets JSON.
 *
 * A request with a body reads it through the body gate (`ctx.formData()`: a body no form of
 * ours sends is a translated 400/413/415, and nothing is signed out); a fetch without a body
 * (no `Content-Type`) has nothing to read.
 */
export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args);
  const { request, auth } = ctx;
  const form = request.headers.has("Content-Type") ? await ctx.formData() : new FormData();
  const submission = parseWithZod(form, { schema: logoutSchema });
  try {
    // This session ends on every server, not only in this browser.
    await auth.signOut();
  } catch (error) {
    console.warn("Revoking the session on sign-out failed", error);
  }
  // Nothing private stays on the phone (decision 060): the service worker's kept trip pages and
  // its queue of forms go with the browser's caches and storage (the worker with them).
  const headers = { "Set-Cookie": await auth.destroySession(), "Clear-Site-Data": '"cache", "storage"' };
  if (request.headers.get("Accept")?.includes("application/json")) {
    return Response.json({ ok: true }, { headers });
  }
  // A language this site does not have is not an error: the sign-in page in Spanish.
  const lang = submission.status === "success" ? submission.value.lang : undefined;
  return redirect(href("login", { lang: isLang(lang) ? lang : defaultLang }), { headers });
}

/** Sign-out changes state: never by a GET (a link or an image could trigger it). */
export async function loader(_args: LoaderFunctionArgs) {
  return Response.json({ error: "method-not-allowed" }, { status: 405, headers: { Allow: "POST" } });
}
