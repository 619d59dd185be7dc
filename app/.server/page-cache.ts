import { LRUCache } from "lru-cache";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { SESSION_COOKIE } from "./auth/session";
import { RECENTLY_VIEWED_COOKIE } from "./domain/history";

/**
 * The visitors' page cache (decision record 007): a page a loader marks as the same for every
 * visitor (`visitorPageHeaders`) is rendered once and reused, for `ttlMs` or until a listing or
 * profile is written through this server, for every visitor whose request has the same URL,
 * language and theme cookies and Accept-Language. Never for a request with a session cookie or
 * an Authorization header, nor one that asks for a fresh copy (`Cache-Control: no-cache`, as a
 * hard reload sends). The HTML's CSP nonce is replaced by each response's own.
 *
 * A response is kept only when it is a 200 whose only cookie is the recently-viewed cookie of
 * the listing it shows (the server writes that cookie again for each visitor on a reuse).
 */
export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  /** The body split at each occurrence of the nonce it was rendered with. */
  parts: string[];
  /** The listing whose page this is, when a visitor's view of it is recorded in their cookie. */
  viewedListingId: string | null;
  bytes: number;
};

export type PageCacheStats = { entries: number; bytes: number; hits: number; misses: number; stores: number; clears: number };

export type PageCache = {
  /** The cache key of a request, or null when its response must not come from the cache. */
  keyOf(request: { method: string; url: string; header(name: string): string | undefined }): string | null;
  get(key: string): CachedPage | undefined;
  /**
   * Keeps a rendered response when it qualifies; returns the body to send either way. Strips
   * the marker header from `headers` (it is never sent to browsers).
   */
  store(key: string, response: { status: number; headers: Headers; body: string }, nonce: string): boolean;
  /** Renders a cached page with this response's nonce. */
  bodyOf(page: CachedPage, nonce: string): string;
  /** Forgets every page (a listing or profile changed). */
  clear(): void;
  stats(): PageCacheStats;
};

/** The cookies that change what a visitor's page looks like: they are part of the key. */
const KEY_COOKIES = ["i18n_redirected", "theme"] as const;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** What a loader's marker says: a page for every visitor, or one that records a listing view. */
export function parseMarker(value: string | null): { viewedListingId: string | null } | null {
  if (value === null) return null;
  if (value === "visitor") return { viewedListingId: null };
  const view = /^visitor; view=([A-Za-z0-9]{1,64})$/.exec(value);
  return view ? { viewedListingId: view[1] } : null;
}

export function createPageCache(options: { ttlMs: number; maxBytes: number }): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    max: 5_000,
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (page) => Math.max(1, page.bytes),
    ttl: Math.max(1, options.ttlMs),
  });
  const counters = { hits: 0, misses: 0, stores: 0, clears: 0 };
  const enabled = options.ttlMs > 0 && options.maxBytes > 0;

  return {
    keyOf(request) {
      if (!enabled || request.method !== "GET") return null;
      if (request.header("authorization") !== undefined) return null;
      const cacheControl = request.header("cache-control") ?? "";
      if (/\bno-cache\b|\bno-store\b|\bmax-age=0\b/i.test(cacheControl) || request.header("pragma") === "no-cache") return null;
      const cookies = request.header("cookie");
      if (cookieValue(cookies, SESSION_COOKIE) !== undefined) return null;
      const keyed = KEY_COOKIES.map((name) => cookieValue(cookies, name) ?? "").join("\u0001");
      return `${request.url}\u0000${keyed}\u0000${request.header("accept-language") ?? ""}`;
    },

    get(key) {
      const page = pages.get(key);
      if (page) counters.hits++;
      else counters.misses++;
      return page;
    },

    store(key, response, nonce) {
      const marker = parseMarker(response.headers.get(PAGE_CACHE_HEADER));
      response.headers.delete(PAGE_CACHE_HEADER);
      if (!enabled || marker === null || response.status !== 200) return false;
      const cookies = response.headers.getSetCookie();
      const onlyViewCookie = cookies.every((cookie) => marker.viewedListingId !== null && cookie.startsWith(`${RECENTLY_VIEWED_COOKIE}=`));
      if (!onlyViewCookie) return false;
      const headers = [...response.headers.entries()].filter(([name]) => name !== "set-cookie" && name !== "content-length");
      const parts = nonce ? response.body.split(nonce) : [response.body];
      const bytes = Buffer.byteLength(response.body) + 64 * headers.length + key.length;
      if (bytes > options.maxBytes) return false;
      pages.set(key, { status: response.status, headers, parts, viewedListingId: marker.viewedListingId, bytes });
      counters.stores++;
      return true;
    },

    bodyOf(page, nonce) {
      return page.parts.join(nonce);
    },

    clear() {
      pages.clear();
      counters.clears++;
    },

    stats() {
      return { entries: pages.size, bytes: pages.calculatedSize, ...counters };
    },
  };
}

/**
 * The marker a loader adds to a page that looks the same for every visitor (requests with a
 * session cookie never share pages, so pages whose loader ignores the viewer pass nothing).
 * With a signed-in `viewer`, no marker. `viewedListingId`: the page records a visitor's view of
 * that listing in the recently-viewed cookie, which the server then writes for each visitor it
 * reuses the page for.
 */
export function visitorPageHeaders(options: { viewer?: object | null; viewedListingId?: string | null } = {}): Record<string, string> {
  if (options.viewer) return {};
  const view = options.viewedListingId;
  return { [PAGE_CACHE_HEADER]: view ? `visitor; view=${view}` : "visitor" };
}
