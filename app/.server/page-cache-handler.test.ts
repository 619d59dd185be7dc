import { once } from "node:events";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { createPageCache, visitorPageHeaders, type PageCache } from "./page-cache";
import { createCachedRequestHandler } from "./page-cache-handler";
import { wholeBodyOf, wholeResponse } from "./http/whole-body";

/**
 * The request handler in front of Remix, with a stand-in for Remix's render: what it answers,
 * keeps, waits for and never sends.
 */
type Render = (request: Request) => Promise<Response>;

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function start(options: { render: Render; shared?: (path: string) => boolean; cache?: PageCache; views?: string[] }) {
  const cache = options.cache ?? createPageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
  let renders = 0;
  let nonce = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonce}`;
    next();
  });
  app.all(
    "*",
    createCachedRequestHandler({
      build: () => Promise.reject(new Error("no build in this test")),
      mode: "production",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }) as unknown as AppLoadContext,
      cache,
      recordVisitorView: async (_request, listingId) => {
        options.views?.push(listingId);
        return `recently_viewed=${listingId}; Path=/`;
      },
      render: (request) => {
        renders++;
        return options.render(request);
      },
      shared: options.shared ?? ((path) => !path.startsWith("/ajustes")),
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, cache, renders: () => renders };
}

/** A page as a route renders it: the nonce of the request (from the load context) in its scripts. */
const page = (marker: Record<string, string> = visitorPageHeaders()) =>
  (async (request: Request) => {
    const url = new URL(request.url);
    return new Response(`<html><script nonce="NONCE">${url.pathname}</script></html>`, {
      headers: { "Content-Type": "text/html; charset=utf-8", ...marker },
    });
  }) satisfies Render;

describe("the page-cache request handler", () => {
  it("renders a shared page once and serves it to the next visitor (miss, then hit), never with the marker", async () => {
    const server = await start({ render: page() });
    const first = await fetch(`${server.base}/alquiler-barco`);
    expect(first.headers.get("X-Page-Cache")).toBe("miss, stored");
    expect(first.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    const second = await fetch(`${server.base}/alquiler-barco`);
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(await second.text()).toContain("/alquiler-barco");
    expect(server.renders()).toBe(1);
  });

  it("never answers signed-in people, reloads, other methods or undeclared routes from the cache", async () => {
    const server = await start({ render: page() });
    await fetch(`${server.base}/`);
    for (const [path, init] of [
      ["/", { headers: { Cookie: "__session=abc" } }],
      ["/", { headers: { Authorization: "Bearer x" } }],
      ["/", { headers: { "Cache-Control": "no-cache" } }],
      ["/", { headers: { Pragma: "no-cache" } }],
      ["/", { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } }],
      ["/ajustes", {}],
    ] as const) {
      const response = await fetch(`${server.base}${path}`, init as RequestInit);
      expect(response.headers.get("X-Page-Cache"), `${path} ${JSON.stringify(init)}`).toBeNull();
      expect(response.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    }
    expect(server.renders()).toBe(7);
  });

  it("never sends the internal marker, HEAD included", async () => {
    const server = await start({ render: page(), shared: () => false });
    const head = await fetch(`${server.base}/alquiler-barco`, { method: "HEAD" });
    expect(head.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    const get = await fetch(`${server.base}/alquiler-barco`);
    expect(get.headers.has(PAGE_CACHE_HEADER)).toBe(false);
  });

  it("renders a page once for visitors who arrive together", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = await start({
      render: async (request) => {
        await gate;
        return page()(request);
      },
    });
    const all = Promise.all(Array.from({ length: 5 }, () => fetch(`${server.base}/docks`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const responses = await all;
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(server.renders()).toBe(1);
  });

  it("keeps no page that was not a 200, or that set a personal cookie", async () => {
    const server = await start({
      render: async (request) => {
        const path = new URL(request.url).pathname;
        if (path === "/broken") return new Response("no", { status: 404, headers: visitorPageHeaders() });
        return new Response("<html></html>", { headers: { ...visitorPageHeaders(), "Set-Cookie": "personal=1; Path=/" } });
      },
    });
    for (const path of ["/broken", "/cookie"]) {
      for (let i = 0; i < 2; i++) {
        const state = (await fetch(`${server.base}${path}`)).headers.get("X-Page-Cache");
        expect(state === null || state === "miss", `${path}: ${state}`).toBe(true);
      }
    }
    expect(server.renders()).toBe(4);
  });

  it("records the view of a shared listing page for each visitor it serves", async () => {
    const views: string[] = [];
    const server = await start({ render: page(visitorPageHeaders({ viewedListingId: "boat1", tags: ["listing:boat1"] })), views });
    await fetch(`${server.base}/boat/boat1`);
    const hit = await fetch(`${server.base}/boat/boat1`);
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.headers.getSetCookie()).toContain("recently_viewed=boat1; Path=/");
    expect(views).toEqual(["boat1"]);
  });

  it("forgets a page when what it shows changes, and serves the new one", async () => {
    let title = "old";
    const server = await start({
      render: async () => new Response(`<html>${title}</html>`, { headers: visitorPageHeaders({ tags: ["listing:b1"] }) }),
    });
    await fetch(`${server.base}/boat/b1`);
    expect(await (await fetch(`${server.base}/boat/b1`)).text()).toBe("<html>old</html>");
    title = "new";
    server.cache.invalidate(["listing:other"]);
    expect(await (await fetch(`${server.base}/boat/b1`)).text()).toBe("<html>old</html>");
    server.cache.invalidate(["listing:b1"]);
    const fresh = await fetch(`${server.base}/boat/b1`);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss, stored");
    expect(await fresh.text()).toBe("<html>new</html>");
  });

  it("does not keep a page rendered across a write that changed it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let rendering!: () => void;
    const renderStarted = new Promise<void>((resolve) => (rendering = resolve));
    const server = await start({
      render: async () => {
        rendering();
        await gate;
        return new Response("<html></html>", { headers: visitorPageHeaders({ tags: ["search:boat"] }) });
      },
    });
    const pending = fetch(`${server.base}/alquiler-barco`);
    // The write lands while the page is being rendered (not before the render began: a fixed
    // delay lost that race on a loaded machine).
    await renderStarted;
    server.cache.invalidate(["search:boat"]);
    release();
    expect((await pending).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("streams responses it does not keep, and passes request bodies to the render", async () => {
    const server = await start({
      render: async (request) => new Response(`${request.method} ${await request.text()}`, { headers: { "Content-Type": "text/plain" } }),
      shared: () => false,
    });
    const response = await fetch(`${server.base}/resources/theme`, { method: "POST", body: "theme=dark", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await response.text()).toBe("POST theme=dark");
  });

  it("sends a page rendered whole from its buffer, byte for byte, with its headers; HEAD gets none; kept pages too", async () => {
    const html = Buffer.from("<html><p>Añadir a favoritos — ✓</p></html>");
    const rendered: Response[] = [];
    const server = await start({
      render: async () => {
        const response = wholeResponse(html, { status: 200, headers: { ...visitorPageHeaders(), "Content-Type": "text/html; charset=utf-8", "Content-Length": String(html.byteLength), "X-Rendered": "yes" } });
        rendered.push(response);
        return response;
      },
      shared: (path) => path === "/shared",
    });
    for (const path of ["/private", "/shared", "/shared"]) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.headers.get("X-Rendered")).toBe("yes");
      expect(Buffer.from(await response.arrayBuffer()).equals(html)).toBe(true);
    }
    // Written from the buffer: no response's body stream was read.
    expect(rendered.map((response) => response.bodyUsed)).toEqual([false, false]);
    const head = await fetch(`${server.base}/private`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    // A body already read is not sent again from the buffer.
    const read = wholeResponse(html, {});
    await read.text();
    expect(wholeBodyOf(read)).toBeUndefined();
  });
});
