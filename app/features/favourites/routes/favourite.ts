import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { isFavouriteError } from "#app/features/favourites/.server";
import { getFixedT, readLangCookie } from "#app/.server/i18n";
import { defaultLang, splitLangFromPath, type Lang } from "#app/i18n";
import { safeRedirect } from "#app/utils/safe-redirect";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";

/**
 * POST /resources/favourite — saves (`intent=add`) or forgets (`intent=remove`) a listing for
 * the signed-in person (`FavouriteButton`).
 *
 * A fetcher (the browser's `Sec-Fetch-Dest: empty`) gets JSON: `{ favourite }`, or `{ error }`
 * with 400 (bad input), 401 (signed out) or 404 (a listing that cannot be saved). A plain form
 * post (no JavaScript) is sent back to `redirect` (same-origin paths only; `redirectTo`, its
 * older name, from pages rendered before decision record 033), or to sign in first with
 * `redirect` set to it.
 *
 * The body goes through the body gate (`ctx.formData()`: a body no form of ours sends is a
 * translated 400/413/415) and one schema; the page to go back to is read from what was sent
 * even when the rest is invalid (it names the language of the answer).
 */
const favouriteSchema = z.object({
  listingId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  intent: z.enum(["add", "remove"]),
  redirect: z.string().max(2048).optional(),
  redirectTo: z.string().max(2048).optional(),
});

/** A fetch() from the page (Remix's fetchers), as opposed to a form the browser submits itself. */
function isFetch(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest")?.includes("empty") ?? false;
}

/** The language of the page the post came from (its path), else the language cookie, else Spanish. */
function languageOf(request: Request, backTo: string): Lang {
  if (backTo !== "") return splitLangFromPath(new URL(backTo, "http://same.origin").pathname).lang;
  return readLangCookie(request) ?? defaultLang;
}

function loginPath(lang: Lang, backTo: string): string {
  const login = href("login", { lang });
  const { path } = splitLangFromPath(new URL(backTo || "/", "http://same.origin").pathname);
  if (path === "/" || path === "/login") return login;
  return `${login}?${new URLSearchParams({ redirect: backTo })}`;
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args);
  const { request, getUser, services } = ctx;
  const user = await getUser();
  if (request.method !== "POST") {
    return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  }
  const submission = parseWithZod(await ctx.formData(), { schema: favouriteSchema });
  const rawBackTo = submission.payload.redirect ?? submission.payload.redirectTo;
  const backTo = safeRedirect(rawBackTo, "");
  const lang = languageOf(request, backTo);
  const t = getFixedT(lang, "favourites");
  const fetch = isFetch(request);

  if (!user) {
    if (fetch) return Response.json({ error: t("errors.signInRequired") }, { status: 401 });
    return redirect(loginPath(lang, backTo));
  }

  if (submission.status !== "success") return Response.json({ error: t("errors.invalid") }, { status: 400 });

  const { favourites } = services;
  const { listingId, intent } = submission.value;
  try {
    if (intent === "add") await favourites.add(user.uid, listingId);
    else await favourites.remove(user.uid, listingId);
  } catch (error) {
    if (isFavouriteError(error, "not-found")) return Response.json({ error: t("errors.notFound") }, { status: 404 });
    throw error;
  }
  if (fetch) return Response.json({ favourite: intent === "add" });
  return redirect(backTo || href("favourites", { lang }));
}
