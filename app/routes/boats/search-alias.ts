import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localizePath, splitLangFromPath } from "#app/i18n";
import { BOAT_SEARCH_CANONICAL } from "#app/utils/listings/view";

/**
 * /boat, /boats and /BoatsRent (in every language): the same search as /alquiler-barco, which
 * is its one URL. A permanent redirect to it in the same language, with the query unchanged.
 */
function toCanonical(request: Request): Response {
  const url = new URL(request.url);
  const { lang } = splitLangFromPath(url.pathname);
  return redirect(localizePath(BOAT_SEARCH_CANONICAL, lang) + url.search, 301);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return toCanonical(request);
}
