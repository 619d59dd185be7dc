import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { serializeLangCookie } from "#app/.server/i18n";
import { isLang, localizePath, splitLangFromPath } from "#app/i18n";
import { safeRedirect } from "#app/utils/safe-redirect";
import { requestContext } from "#app/.server/http/request-context";

/**
 * The language switcher without JavaScript: stores the chosen language in the spec's
 * cookie and goes to the same page in that language (same-origin paths only).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { url, config } = requestContext(args);
  const lng = url.searchParams.get("lng");
  // `redirect`; `redirectTo` is its older name (links in pages rendered before decision record 033).
  const target = safeRedirect(url.searchParams.get("redirect") ?? url.searchParams.get("redirectTo"), "/");
  if (!isLang(lng)) return redirect(target);
  const { path } = splitLangFromPath(new URL(target, url.origin).pathname);
  const search = new URL(target, url.origin).search;
  const secure = config.isProduction && url.protocol === "https:";
  return redirect(localizePath(path + search, lng), {
    headers: { "Set-Cookie": serializeLangCookie(lng, secure) },
  });
}
