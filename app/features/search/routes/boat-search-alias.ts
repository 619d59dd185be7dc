import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";

/**
 * /boat, /boats and /BoatsRent (in every language): the same search as /alquiler-barco, which
 * is its one URL. A permanent redirect to it in the same language, with the query unchanged.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { lang, url } = requestContext(args);
  return redirect(href("boat-search", { lang }) + url.search, 301);
}
