import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's headers for a document: the parents' (the root sets the language cookie on a
 * first visit) plus this route's own Set-Cookie (e.g. the recently-viewed cookie) and caching.
 */
export const withLoaderCookies: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};
