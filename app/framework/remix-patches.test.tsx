import { createRequire } from "node:module";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fillStreamCache } from "./stream-cache";
import { renderPage, testBuild } from "./test-build";

/**
 * Guards of two parts of `patches/@remix-run+react+2.17.5.patch` that the route tests
 * (app/routes.test.ts, app/route-cost.test.ts) do not see: the scripts' low fetch priority
 * (modulepreload-priority.md) and the server routes and route modules built once per build
 * (route-matching.md). Each fails when its part of the patch is not applied.
 */
const require = createRequire(import.meta.url);
// What the server runs: the CommonJS builds the patches change.
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };
const entryModules = require("@remix-run/server-runtime/dist/entry.js") as { createEntryRouteModules: (manifest: object) => object };

const build = testBuild(async (request, status, headers, context) => {
  await fillStreamCache(context, 6_000);
  return new Response(renderToString(<RemixServer context={context} url={request.url} />), { status, headers });
});

describe("Remix's scripts (modulepreload-priority.md)", () => {
  it("preload every module at low priority, after the page's own first image and styles", async () => {
    const html = await renderPage(build);
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.map((tag) => /href="([^"]+)"/.exec(tag)?.[1])).toEqual(["/entry.client.js", "/shared.js", "/root.js", "/page-chunk.js", "/routes/page.js"]);
    for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
  });
});

describe("a document render's routes (route-matching.md)", () => {
  it("are built from the build once: a later render builds no server routes and no route-module map", async () => {
    const fresh = { ...build, assets: { ...build.assets, routes: { ...build.assets.routes } } };
    const original = remixRoutes.createServerRoutes;
    const built: number[] = [];
    remixRoutes.createServerRoutes = (...args: unknown[]) => (built[built.length - 1]!++, original(...args));
    try {
      for (let render = 0; render < 3; render++) {
        built.push(0);
        await renderPage(fresh);
      }
    } finally {
      remixRoutes.createServerRoutes = original;
    }
    // The first render of a build builds them (this counts the module the server runs).
    expect(built).toEqual([1, 0, 0]);
    const manifest = fresh.assets.routes;
    expect(entryModules.createEntryRouteModules(manifest)).toBe(entryModules.createEntryRouteModules(manifest));
  });
});
