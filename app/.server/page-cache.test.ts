import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { loader as boatSearchLoader } from "#app/features/search/routes/boat-search";
import { loader as dockSearchLoader } from "#app/features/search/routes/dock-search";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestServices, createTestUser, loadContext, pageRequest } from "#tests/test-services";
import { createPageCache, parseMarker, visitorPageHeaders, type PageCache } from "./page-cache";
import type { Services } from "./services";

const NONCE = "n0nceAAAAAAAAAAAAAAAAA==";
const html = (nonce: string) => `<html><script nonce="${nonce}">a</script><script nonce="${nonce}">b</script></html>`;

function request(url: string, headers: Record<string, string> = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method: "GET", url, header: (name: string) => lower[name.toLowerCase()] };
}

function rendered(marker: string | null, extra: Record<string, string> = {}, cookies: string[] = []) {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", ...extra });
  if (marker !== null) headers.set(PAGE_CACHE_HEADER, marker);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Renders `key` through the cache's own protocol: begin, then done with the response. */
function keep(cache: PageCache, key: string, status: number, headers: Headers, body = html(NONCE)) {
  return cache.begin(key)!.done({ status, headers, body: Buffer.from(body) }, NONCE);
}

describe("the visitors' page cache", () => {
  it("shares a visitor's page with the next visitor under a new nonce, and never the marker", () => {
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: 1 << 20 });
    const key = cache.keyOf(request("/alquiler-barco?type=sail", { Cookie: "i18n_redirected=es; theme=dark" }))!;
    expect(key).not.toBeNull();
    const headers = rendered("visitor");
    expect(keep(cache, key, 200, headers)).toBe(true);
    expect(headers.has(PAGE_CACHE_HEADER)).toBe(false);

    const found = cache.lookup(key)!;
    expect(found.fresh).toBe(true);
    expect(found.page.headers.some(([name]) => name.toLowerCase() === PAGE_CACHE_HEADER.toLowerCase())).toBe(false);
    expect(cache.bodyOf(found.page, "fresh").toString()).toBe(html("fresh"));
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, stores: 1 });
  });

  it("keys pages by URL, host, language and theme cookies and Accept-Language", () => {
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: 1 << 20 });
    const keys = [
      cache.keyOf(request("/docks", { Cookie: "i18n_redirected=es" })),
      cache.keyOf(request("/docks", { Cookie: "i18n_redirected=fr" })),
      cache.keyOf(request("/docks", { Cookie: "i18n_redirected=es; theme=dark" })),
      cache.keyOf(request("/docks", { Cookie: "i18n_redirected=es", "Accept-Language": "de" })),
      cache.keyOf(request("/docks?page=2", { Cookie: "i18n_redirected=es" })),
      cache.keyOf(request("/docks", { Cookie: "i18n_redirected=es", Host: "evil.example" })),
      cache.keyOf(request("/docks", { Cookie: "i18n_redirected=es", "X-Forwarded-Host": "evil.example" })),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // Other cookies (the recently-viewed list, analytics…) do not split the cache.
    expect(cache.keyOf(request("/docks", { Cookie: "recently_viewed=abc; i18n_redirected=es" }))).toBe(keys[0]);
  });

  it("never answers a signed-in, authorized, fresh-copy or non-GET request from the cache", () => {
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: 1 << 20 });
    expect(cache.keyOf(request("/", { Cookie: "__session=abc; i18n_redirected=es" }))).toBeNull();
    expect(cache.keyOf(request("/", { Authorization: "Bearer x" }))).toBeNull();
    expect(cache.keyOf(request("/", { "Cache-Control": "no-cache" }))).toBeNull();
    expect(cache.keyOf(request("/", { "Cache-Control": "max-age=0" }))).toBeNull();
    expect(cache.keyOf(request("/", { Pragma: "no-cache" }))).toBeNull();
    expect(cache.keyOf({ ...request("/"), method: "POST" })).toBeNull();
    expect(createPageCache({ ttlMs: 0, maxBytes: 1 << 20 }).keyOf(request("/"))).toBeNull();
  });

  it("keeps only marked 200s whose cookies are the language's and the viewed listing's", () => {
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: 1 << 20 });
    const store = (status: number, headers: Headers) => keep(cache, "k", status, headers, "x");
    expect(store(200, rendered(null))).toBe(false);
    expect(store(404, rendered("visitor"))).toBe(false);
    expect(store(400, rendered("visitor"))).toBe(false);
    expect(store(200, rendered("signed-in"))).toBe(false);
    expect(store(200, rendered("visitor", {}, ["recently_viewed=abc; Path=/"]))).toBe(false);
    expect(store(200, rendered("visitor; view=abc123", {}, ["__session=abc; Path=/"]))).toBe(false);
    expect(store(200, rendered("visitor", {}, ["theme=dark; Path=/"]))).toBe(false);
    expect(cache.stats().entries).toBe(0);

    // The language cookie is the same for every request with the key: it is kept and sent again.
    expect(store(200, rendered("visitor", {}, ["i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax"]))).toBe(true);
    expect(cache.lookup("k")!.page.headers).toContainEqual(["set-cookie", "i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax"]);

    // The recently-viewed cookie is each visitor's own: recorded again on every reuse, not kept.
    expect(store(200, rendered("visitor; view=abc123", {}, ["recently_viewed=abc; Path=/"]))).toBe(true);
    const page = cache.lookup("k")!.page;
    expect(page.viewedListingId).toBe("abc123");
    expect(page.headers.map(([name]) => name)).not.toContain("set-cookie");
  });

  it("renders a page once at a time, serves the old copy while renewing it, and never keeps a page rendered across a write", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1 << 20, now: () => clock });
    const render = cache.begin("k")!;
    expect(cache.begin("k")).toBeNull(); // a second visitor waits for the first render
    const waiting = cache.pending("k")!;
    let waited = false;
    void waiting.then(() => (waited = true));
    render.done({ status: 200, headers: rendered("visitor"), body: Buffer.from("v1") }, NONCE);
    await waiting;
    expect(waited).toBe(true);
    expect(cache.pending("k")).toBeUndefined();

    clock = 1_500; // past its time: still served, marked stale, while one request renews it
    expect(cache.lookup("k")).toMatchObject({ fresh: false });
    const renewal = cache.begin("k")!;
    expect(cache.lookup("k")!.page.parts.toString()).toBe("v1");
    renewal.done({ status: 200, headers: rendered("visitor"), body: Buffer.from("v2") }, NONCE);
    expect(cache.lookup("k")).toMatchObject({ fresh: true });

    clock = 3_600; // more than twice its time: gone
    expect(cache.lookup("k")).toBeUndefined();

    const beforeWrite = cache.begin("k")!;
    cache.clear(); // a listing changed while the page was being rendered
    expect(beforeWrite.done({ status: 200, headers: rendered("visitor"), body: Buffer.from("old") }, NONCE)).toBe(false);
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("forgets pages when told and beyond its memory", () => {
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: 3_000 });
    keep(cache, "a", 200, rendered("visitor"), "a".repeat(1_000));
    cache.clear();
    expect(cache.lookup("a")).toBeUndefined();

    for (const key of ["a", "b", "c"]) keep(cache, key, 200, rendered("visitor"), key.repeat(1_000));
    expect(cache.lookup("a")).toBeUndefined(); // the least recently used went first
    expect(cache.stats().bytes).toBeLessThanOrEqual(3_000);
    expect(keep(cache, "big", 200, rendered("visitor"), "x".repeat(5_000))).toBe(false);
  });

  it("reads the loaders' markers", () => {
    expect(parseMarker(visitorPageHeaders()[PAGE_CACHE_HEADER])).toEqual({ viewedListingId: null, tags: [] });
    expect(parseMarker(visitorPageHeaders({ viewedListingId: "abc" })[PAGE_CACHE_HEADER])).toEqual({ viewedListingId: "abc", tags: [] });
    expect(parseMarker(visitorPageHeaders({ viewedListingId: "abc", tags: ["listing:abc", "user:u1", "listing:abc"] })[PAGE_CACHE_HEADER])).toEqual({
      viewedListingId: "abc",
      tags: ["listing:abc", "user:u1"],
    });
    expect(visitorPageHeaders({ viewer: { uid: "u" } })).toEqual({});
    expect(parseMarker("visitor; view=../x")).toBeNull();
    expect(parseMarker("visitor; tags=listing:a,<script>,user:b")).toEqual({ viewedListingId: null, tags: ["listing:a", "user:b"] });
    expect(parseMarker("visitor; other=1")).toBeNull();
    expect(parseMarker("everyone")).toBeNull();
  });
});

describe("pages marked for visitors", () => {
  let services: Services;
  let boatId: string;
  let cookie: string;
  beforeAll(async () => {
    services = await createTestServices();
    const owner = await createOwner(services);
    boatId = (await createBoat(services, owner.uid, { title: "Llaüt en Palma" })).id;
    ({ cookie } = await createTestUser(services));
  });
  afterAll(() => services.close());

  const markerOf = async (run: Promise<unknown>) => {
    const result = (await run) as { init?: ResponseInit };
    return new Headers(result.init?.headers).get(PAGE_CACHE_HEADER);
  };

  it("mark search pages for visitors only, and not a rejected query", async () => {
    const args = (request: Request) => ({ request, params: {}, context: loadContext(services) });
    expect(await markerOf(boatSearchLoader(args(pageRequest("/alquiler-barco?type=sail"))))).toBe("visitor; tags=search:boat");
    expect(await markerOf(dockSearchLoader(args(pageRequest("/docks"))))).toBe("visitor; tags=search:dock");
    expect(await markerOf(boatSearchLoader(args(authedRequest("/alquiler-barco?type=sail", cookie))))).toBeNull();
    const invalid = (await boatSearchLoader(args(pageRequest("/alquiler-barco?people=lots")))) as { init?: ResponseInit };
    expect(invalid.init?.status).toBe(400); // marked, but a 400 is never kept
  });

  it("mark a listing page with the view a reuse must record", async () => {
    const args = (request: Request) => ({ request, params: { id: boatId }, context: loadContext(services) });
    expect(await markerOf(boatLoader(args(pageRequest(`/boat/${boatId}`))))).toMatch(new RegExp(`^visitor; view=${boatId}; tags=listing:${boatId},user:[A-Za-z0-9_-]+$`));
    expect(await markerOf(boatLoader(args(authedRequest(`/boat/${boatId}`, cookie))))).toBeNull();
  });
});

describe("what visitors' pages show changed", () => {
  let services: Services;
  beforeAll(async () => {
    services = await createTestServices({ PAGE_CACHE_SECONDS: "10" });
  });
  afterAll(() => services.close());

  const keepPage = (key: string, tags: string) => keep(services.pageCache, key, 200, rendered(`visitor; tags=${tags}`));

  it("a listing written through the service forgets the pages that show it, and only those", async () => {
    const owner = await createOwner(services);
    expect(keepPage("/alquiler-barco", "search:boat")).toBe(true);
    expect(keepPage("/docks", "search:dock")).toBe(true);
    expect(keepPage("/about", "")).toBe(true);
    const boat = await createBoat(services, owner.uid, { title: "Recién publicado" });
    expect(services.pageCache.lookup("/alquiler-barco")).toBeUndefined();
    expect(services.pageCache.lookup("/docks")).toBeDefined();
    expect(services.pageCache.lookup("/about")).toBeDefined();

    // a profile change forgets the owner's pages: their listings' pages and their public profile
    expect(keepPage(`/boat/${boat.id}`, `listing:${boat.id},user:${owner.uid}`)).toBe(true);
    expect(keepPage("/user/someone-else", "user:someone-else")).toBe(true);
    await services.users.update(owner.uid, { displayName: "Nuevo Nombre" });
    expect(services.pageCache.lookup(`/boat/${boat.id}`)).toBeUndefined();
    expect(services.pageCache.lookup("/user/someone-else")).toBeDefined();
  });

  it("a draft saved step by step forgets nothing", async () => {
    const owner = await createOwner(services);
    expect(keepPage("/alquiler-barco", "search:boat")).toBe(true);
    const draft = await services.listings.createDraft(owner.uid, "boat", "motor");
    await services.listings.saveStep(owner.uid, draft.id, "basics", { title: "Un borrador que nadie ve todavía", type: "motor" }).catch(() => undefined);
    expect(services.pageCache.lookup("/alquiler-barco")).toBeDefined();
  });
});
