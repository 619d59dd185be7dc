import { createRequestHandler as createRemixRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createRequestHandler as createExpressRequestHandler } from "@remix-run/express";
// The Express adapter's own request/response conversion (exported by its module, not re-exported
// by the package index): the cached path builds and sends exactly what the adapter would.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import type { PageCache } from "./page-cache";

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

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET") return passThrough(req, res, next);
    try {
      const nonce = String(res.locals.cspNonce ?? "");
      const key = cache.keyOf({ method: req.method, url: req.originalUrl, header: (name) => req.get(name) });
      const request = createRemixRequest(req, res);
      const cached = key === null ? undefined : cache.get(key);
      if (cached) {
        res.status(cached.status);
        for (const [name, value] of cached.headers) res.append(name, value);
        if (cached.viewedListingId !== null) {
          const cookie = await options.recordVisitorView(request, cached.viewedListingId);
          if (cookie) res.append("Set-Cookie", cookie);
        }
        res.setHeader("X-Page-Cache", "hit");
        res.end(cache.bodyOf(cached, nonce));
        return;
      }

      const response = await remix(request, getLoadContext(req, res));
      if (key === null || !response.headers.has(PAGE_CACHE_HEADER) || response.status !== 200 || !response.body) {
        response.headers.delete(PAGE_CACHE_HEADER);
        await sendRemixResponse(res, response);
        return;
      }
      // A page marked for visitors is read whole (a few hundred KB at most) to be kept.
      const body = await response.text();
      const headers = new Headers(response.headers);
      const stored = cache.store(key, { status: response.status, headers, body }, nonce);
      res.status(response.status);
      for (const [name, value] of headers.entries()) if (name !== "set-cookie") res.append(name, value);
      for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
      res.setHeader("X-Page-Cache", stored ? "miss, stored" : "miss");
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
