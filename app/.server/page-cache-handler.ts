import { createRequestHandler as createRemixRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createRequestHandler as createExpressRequestHandler } from "@remix-run/express";
// The Express adapter's own request/response conversion (exported by its module, not re-exported
// by the package index): the cached path builds and sends exactly what the adapter would.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import type { CachedPage, PageCache, PageRender } from "./page-cache";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  cache: PageCache;
  /** The recently-viewed cookie for a visitor who opens a cached listing page (null: none to write). */
  recordVisitorView: (request: Request, listingId: string) => Promise<string | null>;
};

/**
 * Remix's Express handler with the visitors' page cache in front (decision record 007): GET
 * requests that may share a page are answered from the cache, or rendered and kept when their
 * loader marked the page as the same for every visitor. Every other request goes straight to
 * Remix. The marker header never reaches the browser.
 */
export function createCachedRequestHandler(options: Options) {
  const { cache, getLoadContext } = options;
  const remix = createRemixRequestHandler(options.build, options.mode);
  const passThrough = createExpressRequestHandler({ build: options.build, mode: options.mode, getLoadContext });

  async function serveCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: string) {
    const nonce = String(res.locals.cspNonce ?? "");
    res.status(page.status);
    for (const [name, value] of page.headers) res.append(name, value);
    if (page.viewedListingId !== null) {
      const cookie = await options.recordVisitorView(createRemixRequest(req, res), page.viewedListingId);
      if (cookie) res.append("Set-Cookie", cookie);
    }
    res.setHeader("X-Page-Cache", state);
    res.end(cache.bodyOf(page, nonce));
  }

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET") return passThrough(req, res, next);
    let render: PageRender | null = null;
    try {
      const key = cache.keyOf({ method: req.method, url: `${req.protocol}:${req.originalUrl}`, header: (name) => req.get(name) });
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
      const response = await remix(createRemixRequest(req, res), getLoadContext(req, res));
      if (render === null || !response.headers.has(PAGE_CACHE_HEADER) || response.status !== 200 || !response.body) {
        render?.done(null, nonce);
        response.headers.delete(PAGE_CACHE_HEADER);
        await sendRemixResponse(res, response);
        return;
      }
      // A page marked for visitors is read whole (a few hundred KB at most) to be kept.
      const body = Buffer.from(await response.arrayBuffer());
      const headers = new Headers(response.headers);
      const stored = render.done({ status: response.status, headers, body }, nonce);
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
