import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { LRUCache } from "lru-cache";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { sendFetchResponse, toFetchRequest } from "./http/express-fetch";
import { wholeBodyOf } from "./http/whole-body";
import { noteRoute } from "./observability/request-scope";
import { SHARED_WITH_VISITORS, type CachedPage, type PageCache, type PageRender } from "./page-cache";

type Build = ServerBuild | (() => Promise<ServerBuild>);

type Options = {
  build: Build;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  cache: PageCache;
  /** The recently-viewed cookie for a visitor who opens a cached listing page (null: none to write). */
  recordVisitorView: (request: Request, listingId: string) => Promise<string | null>;
  /** Tests: render without a Remix build, and decide sharing without its routes. */
  render?: (request: Request, context: AppLoadContext) => Promise<Response>;
  shared?: (pathname: string) => boolean;
};

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

/** The build's routes as a tree, once per build, to find the route a URL renders. */
const trees = new WeakMap<ServerBuild, RouteNode[]>();
function routeTree(build: ServerBuild): RouteNode[] {
  let tree = trees.get(build);
  if (!tree) {
    const nodes = new Map<string, RouteNode>();
    for (const route of Object.values(build.routes)) {
      nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    }
    const roots: RouteNode[] = [];
    for (const route of Object.values(build.routes)) {
      const node = nodes.get(route.id)!;
      const parent = route.parentId ? nodes.get(route.parentId) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    tree = roots;
    trees.set(build, tree);
  }
  return tree;
}

/** Each build's answers by path: matching ~200 routes costs more than serving a cached page. */
const decisions = new WeakMap<ServerBuild, LRUCache<string, { route: string | null; shared: boolean }>>();

/** The route a path renders (its leaf's id, null for none) and whether visitors share it. */
function decide(build: ServerBuild, pathname: string): { route: string | null; shared: boolean } {
  let known = decisions.get(build);
  if (!known) decisions.set(build, (known = new LRUCache({ max: 10_000 })));
  const cached = known.get(pathname);
  if (cached !== undefined) return cached;
  const matches = matchRoutes(routeTree(build) as Parameters<typeof matchRoutes>[0], pathname);
  const leaf = matches?.at(-1)?.route.id ?? null;
  const handle = leaf ? (build.routes[leaf]?.module.handle as { pageCache?: string } | undefined) : undefined;
  const decision = { route: leaf, shared: handle?.pageCache === SHARED_WITH_VISITORS };
  known.set(pathname, decision);
  return decision;
}

/** Whether the route a path renders declares, in its `handle`, that visitors share it. */
export function sharedWithVisitors(build: ServerBuild, pathname: string): boolean {
  return decide(build, pathname).shared;
}

/**
 * The id of the leaf route a path renders, its loaders' data requests (`/boat/x.data`,
 * `/_root.data`) included; `__manifest` for Remix's route discovery; "404" when none matches: the request line's and metrics' `route`.
 */
export function routeIdOf(build: ServerBuild, pathname: string): string {
  // Remix's route discovery (the browser asks which routes a link leads to).
  if (pathname === "/__manifest") return "__manifest";
  const page = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  return decide(build, page).route ?? "404";
}

/**
 * Remix's request handler with the visitors' page cache in front (decision record 007). A GET
 * whose route declares `handle.pageCache = "visitors"` (decided before rendering) is answered
 * from the cache, or rendered and kept when it qualifies; every other request goes straight to
 * Remix and never waits on the cache. The internal marker header never leaves the server, HEAD
 * responses included.
 */
export function createCachedRequestHandler(options: Options) {
  const { cache, getLoadContext } = options;
  const remix = options.render ?? createRequestHandler(options.build, options.mode);
  const resolveBuild = async () => (typeof options.build === "function" ? options.build() : options.build);
  const shared = async (pathname: string) => (options.shared ? options.shared(pathname) : sharedWithVisitors(await resolveBuild(), pathname));

  async function serveCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: string) {
    const nonce = String(res.locals.cspNonce ?? "");
    res.status(page.status);
    for (const [name, value] of page.headers) res.append(name, value);
    if (page.viewedListingId !== null) {
      const cookie = await options.recordVisitorView(toFetchRequest(req, res), page.viewedListingId);
      if (cookie) res.append("Set-Cookie", cookie);
    }
    res.setHeader("X-Page-Cache", state);
    res.end(cache.bodyOf(page, nonce));
  }

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    let render: PageRender | null = null;
    try {
      if (!options.render) noteRoute(routeIdOf(typeof options.build === "function" ? await options.build() : options.build, req.path));
      const key =
        req.method === "GET" && (await shared(req.path))
          ? cache.keyOf({ method: req.method, url: `${req.protocol}:${req.originalUrl}`, header: (name) => req.get(name) })
          : null;
      if (key !== null) {
        let found = cache.lookup(key);
        // A stale page is still served while another request renders its successor.
        if (found && (found.fresh || cache.pending(key))) return await serveCached(req, res, found.page, found.fresh ? "hit" : "stale");
        const pending = found ? undefined : cache.pending(key);
        if (pending) {
          await pending; // the page is being rendered for another visitor: wait for it
          found = cache.lookup(key);
          if (found) return await serveCached(req, res, found.page, "hit");
        }
        render = cache.begin(key);
      }

      const nonce = String(res.locals.cspNonce ?? "");
      const response = await remix(toFetchRequest(req, res), getLoadContext(req, res));
      if (render === null || response.status !== 200 || !response.body) {
        render?.done(null, nonce);
        await sendFetchResponse(res, response, { omitHeaders: [PAGE_CACHE_HEADER] });
        return;
      }
      // A page visitors share is read whole (a few hundred KB at most) to be kept.
      const body = wholeBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
      const headers = new Headers(response.headers);
      const stored = render.done({ status: response.status, headers, body }, nonce);
      headers.delete(PAGE_CACHE_HEADER);
      res.status(response.status);
      for (const [name, value] of headers.entries()) if (name !== "set-cookie") res.append(name, value);
      for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
      res.setHeader("X-Page-Cache", stored ? "miss, stored" : "miss");
      res.end(body);
    } catch (error) {
      render?.done(null, "");
      next(error);
    }
  };
}
