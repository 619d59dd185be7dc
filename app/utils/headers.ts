import type { HeadersFunction } from "@remix-run/node";

/**
 * Set by a loader (through `visitorPageHeaders`) on a page that is the same for every visitor;
 * the server may then reuse it (decision record 007). Never reaches a browser.
 */
export const PAGE_CACHE_HEADER = "X-Amarre-Page-Cache";

/** A route that visitors may share says so in its `handle` (`pageCache: SHARED_WITH_VISITORS`): the server decides before rendering. */
export const SHARED_WITH_VISITORS = "visitors";

/**
 * A route's headers for a document: the parents' (the root sets the language cookie on a
 * first visit) plus this route's own Set-Cookie (e.g. the recently-viewed cookie) and caching
 * (its Cache-Control and the visitors' page cache marker).
 */
export const withLoaderHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  passRetryAfter(headers, [actionHeaders, errorHeaders, loaderHeaders]);
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  const pageCache = loaderHeaders.get(PAGE_CACHE_HEADER);
  if (pageCache) headers.set(PAGE_CACHE_HEADER, pageCache);
  return headers;
};

/**
 * A 429's `Retry-After`, set by an action (or a loader) with `data(…, { headers })`, reaches the
 * response: without a `headers` export Remix keeps only an action's Set-Cookie. Every route that
 * can answer 429 exports this (or `withLoaderHeaders`, which does the same).
 */
export const withRetryAfter: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  passRetryAfter(headers, [actionHeaders, errorHeaders, loaderHeaders]);
  return headers;
};

function passRetryAfter(headers: Headers, sources: ReadonlyArray<Headers | undefined>) {
  for (const source of sources) {
    const retryAfter = source?.get("Retry-After");
    if (retryAfter) {
      headers.set("Retry-After", retryAfter);
      return;
    }
  }
}
