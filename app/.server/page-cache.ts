import { LRUCache } from "lru-cache";
import { LANG_COOKIE } from "#app/i18n";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { SESSION_COOKIE } from "./auth/session";
import { RECENTLY_VIEWED_COOKIE } from "#app/features/history/.server";
import { langFromCookieHeader } from "./i18n";
import { readThemeCookie } from "#app/utils/theme";

/**
 * The visitors' page cache (decision record 007): a page a loader marks as the same for every
 * visitor is rendered once and reused, for `ttlMs` or until something it shows changes, for every
 * visitor whose request has the same URL,
 * host, language and theme cookies and Accept-Language. Never for a request with a session cookie or
 * an Authorization header, nor one that asks for a fresh copy (`Cache-Control: no-cache`, as a
 * hard reload sends). The HTML's CSP nonce is replaced by each response's own.
 *
 * One request renders a page at a time (the others wait for it), and once a page is older than
 * `ttlMs` the next request renders it again while the others still get the older copy — for at
 * most another `ttlMs`. A route declares in its `handle` that visitors share it (`pageCache:
 * "visitors"`), so the server knows before rendering; its loader's marker names what the page
 * shows (tags). A write forgets the pages with its tags at once, on every server (the
 * invalidations travel through the store, `page-cache-invalidations.ts`), and a page rendered
 * while such a write happened is not kept.
 *
 * A response is kept only when it is a 200 whose cookies are at most the language cookie (the
 * same for every request with its key) and the recently-viewed cookie of the listing it shows
 * (the server writes that one again for each visitor it reuses the page for).
 */
export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  /** The body split at each occurrence of the nonce it was rendered with. */
  parts: Buffer[];
  /** The listing whose page this is, when a visitor's view of it is recorded in their cookie. */
  viewedListingId: string | null;
  /** What the page shows (`listing:<id>`, `search:boat`, `user:<uid>`): a write to one of them forgets it. */
  tags: string[];
  bytes: number;
  storedAt: number;
};

export type PageCacheStats = { entries: number; bytes: number; hits: number; stale: number; misses: number; stores: number; clears: number; invalidations: number };

/** A render in progress: `done` keeps its response when it qualifies (and says whether it did). */
export type PageRender = { done(response: { status: number; headers: Headers; body: Buffer } | null, nonce: string): boolean };

export type PageCache = {
  /** The cache key of a request, or null when its response must not come from the cache. */
  keyOf(request: { method: string; url: string; header(name: string): string | undefined }): string | null;
  /** The page kept under `key`, and whether it is still fresh. */
  lookup(key: string): { page: CachedPage; fresh: boolean } | undefined;
  /** The render of `key` in progress, to wait for; undefined when none is. */
  pending(key: string): Promise<void> | undefined;
  /** Starts rendering `key`; null when another render of it is already in progress. */
  begin(key: string): PageRender | null;
  /** A cached page's body with this response's nonce. */
  bodyOf(page: CachedPage, nonce: string): Buffer;
  /** Forgets the pages that show any of `tags` (a listing or a profile changed). */
  invalidate(tags: readonly string[]): void;
  /** Forgets every page. */
  clear(): void;
  stats(): PageCacheStats;
};


function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const TAG = /^[a-z]+:[A-Za-z0-9_-]{1,128}$/;

/**
 * What a loader's marker says about a page for every visitor: the listing view it records (if
 * any) and the tags of what it shows. `visitor; view=<id>; tags=listing:<id>,user:<uid>`.
 */
export function parseMarker(value: string | null): { viewedListingId: string | null; tags: string[] } | null {
  if (value === null) return null;
  const [head, ...fields] = value.split(";").map((part) => part.trim());
  if (head !== "visitor") return null;
  let viewedListingId: string | null = null;
  let tags: string[] = [];
  for (const field of fields) {
    const [name, raw = ""] = field.split("=", 2);
    if (name === "view" && /^[A-Za-z0-9_-]{1,64}$/.test(raw)) viewedListingId = raw;
    else if (name === "tags") tags = raw.split(",").filter((tag) => TAG.test(tag));
    else return null;
  }
  return { viewedListingId, tags };
}

export function createPageCache(options: { ttlMs: number; maxBytes: number; now?: () => number }): PageCache {
  const now = options.now ?? (() => performance.now());
  const enabled = options.ttlMs > 0 && options.maxBytes > 0;
  const pages = new LRUCache<string, CachedPage>({
    max: 5_000,
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (page) => Math.max(1, page.bytes),
    // Evicted, replaced or forgotten: its tags no longer point at it.
    dispose: (page, key) => {
      for (const tag of page.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  const byTag = new Map<string, Set<string>>();
  const rendering = new Map<string, Promise<void>>();
  const counters = { hits: 0, stale: 0, misses: 0, stores: 0, clears: 0, invalidations: 0 };
  // Every clear or invalidation bumps the generation; a render that started before a change to
  // one of its tags (or before a clear) must not be kept.
  let generation = 0;
  let clearedAt = 0;
  const tagChangedAt = new Map<string, number>();

  function keep(key: string, response: { status: number; headers: Headers; body: Buffer }, nonce: string): boolean {
    const marker = parseMarker(response.headers.get(PAGE_CACHE_HEADER));
    response.headers.delete(PAGE_CACHE_HEADER);
    if (!enabled || marker === null || response.status !== 200) return false;
    const viewCookie = (cookie: string) => marker.viewedListingId !== null && cookie.startsWith(`${RECENTLY_VIEWED_COOKIE}=`);
    const cookies = response.headers.getSetCookie();
    if (!cookies.every((cookie) => viewCookie(cookie) || cookie.startsWith(`${LANG_COOKIE}=`))) return false;
    const headers: Array<[string, string]> = [...response.headers.entries()].filter(([name]) => name !== "set-cookie" && name !== "content-length");
    for (const cookie of cookies) if (!viewCookie(cookie)) headers.push(["set-cookie", cookie]);
    const parts = splitBuffer(response.body, nonce);
    const bytes = response.body.length + 64 * headers.length + key.length;
    if (bytes > options.maxBytes) return false;
    pages.set(key, { status: response.status, headers, parts, viewedListingId: marker.viewedListingId, tags: marker.tags, bytes, storedAt: now() });
    for (const tag of marker.tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    counters.stores++;
    return true;
  }

  return {
    keyOf(request) {
      if (!enabled || request.method !== "GET") return null;
      if (request.header("authorization") !== undefined) return null;
      const cacheControl = request.header("cache-control") ?? "";
      if (/\bno-cache\b|\bno-store\b|\bmax-age=0\b/i.test(cacheControl) || request.header("pragma") === "no-cache") return null;
      const cookies = request.header("cookie");
      if (cookieValue(cookies, SESSION_COOKIE) !== undefined) return null;
      // The cookies that change what a visitor's page looks like, read by the very functions the
      // page reads them with: a repeated or malformed cookie cannot key one page and render another.
      const keyed = `${langFromCookieHeader(cookies) ?? ""}\u0001${readThemeCookie(cookies ?? null)}`;
      // Pages name their own origin (canonical and social links) when PUBLIC_URL is unset: the
      // host the request names is part of the key, so a forged Host never reaches other visitors.
      const origin = ["host", "x-forwarded-host", "x-forwarded-proto"].map((name) => request.header(name) ?? "").join("\u0001");
      return `${request.url}\u0000${origin}\u0000${keyed}\u0000${request.header("accept-language") ?? ""}`;
    },

    lookup(key) {
      const page = pages.get(key);
      if (!page) {
        counters.misses++;
        return undefined;
      }
      const age = now() - page.storedAt;
      if (age >= 2 * options.ttlMs) {
        pages.delete(key);
        counters.misses++;
        return undefined;
      }
      const fresh = age < options.ttlMs;
      if (fresh) counters.hits++;
      else counters.stale++;
      return { page, fresh };
    },

    pending(key) {
      return rendering.get(key);
    },

    begin(key) {
      if (rendering.has(key)) return null;
      const started = generation;
      let finish!: () => void;
      rendering.set(key, new Promise<void>((resolve) => (finish = resolve)));
      let finished = false;
      return {
        done(response, nonce) {
          if (finished) return false;
          finished = true;
          rendering.delete(key);
          finish();
          if (response === null) return false;
          const tags = parseMarker(response.headers.get(PAGE_CACHE_HEADER))?.tags ?? [];
          const changedSince = clearedAt > started || tags.some((tag) => (tagChangedAt.get(tag) ?? 0) > started);
          if (!changedSince) return keep(key, response, nonce);
          response.headers.delete(PAGE_CACHE_HEADER); // rendered across a write it shows: sent, not kept
          return false;
        },
      };
    },

    bodyOf(page, nonce) {
      if (page.parts.length === 1) return page.parts[0];
      const separator = Buffer.from(nonce);
      const chunks: Buffer[] = [];
      page.parts.forEach((part, i) => {
        if (i > 0) chunks.push(separator);
        chunks.push(part);
      });
      return Buffer.concat(chunks);
    },

    invalidate(tags) {
      if (tags.length === 0) return;
      generation++;
      for (const tag of tags) {
        tagChangedAt.set(tag, generation);
        for (const key of [...(byTag.get(tag) ?? [])]) pages.delete(key);
      }
      // The change times only matter to renders in progress: keep the map small.
      if (tagChangedAt.size > 10_000 && rendering.size === 0) tagChangedAt.clear();
      counters.invalidations++;
    },

    clear() {
      generation++;
      clearedAt = generation;
      pages.clear();
      counters.clears++;
    },

    stats() {
      return { entries: pages.size, bytes: pages.calculatedSize, ...counters };
    },
  };
}

function splitBuffer(body: Buffer, separator: string): Buffer[] {
  if (!separator) return [body];
  const needle = Buffer.from(separator);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * The marker a loader adds to a page that looks the same for every visitor (requests with a
 * session cookie never share pages, so pages whose loader ignores the viewer pass nothing).
 * With a signed-in `viewer`, no marker. `viewedListingId`: the page records a visitor's view of
 * that listing in the recently-viewed cookie, which the server then writes for each visitor it
 * reuses the page for.
 */
export function visitorPageHeaders(
  options: { viewer?: object | null; viewedListingId?: string | null; tags?: readonly string[] } = {},
): Record<string, string> {
  if (options.viewer) return {};
  const fields = ["visitor"];
  if (options.viewedListingId) fields.push(`view=${options.viewedListingId}`);
  const tags = [...new Set(options.tags ?? [])].filter((tag) => TAG.test(tag));
  if (tags.length > 0) fields.push(`tags=${tags.join(",")}`);
  return { [PAGE_CACHE_HEADER]: fields.join("; ") };
}

export { SHARED_WITH_VISITORS } from "#app/utils/headers";
