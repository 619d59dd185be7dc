import fs from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticDataRouteObject, AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { languages } from "./i18n";
import * as routeTable from "./route-table";
import type { LayoutGroup, Page } from "./route-table";
import { siteRoutes, type RouteTable } from "./routes";

/**
 * The framework's work per document request must not grow with the number of routes nor with
 * the language prefix (decision records 007 and 020). Every document render matches the URL
 * (the server runtime, the static handler, the render) and then inlines a partial manifest: the
 * routes it matched plus the routes matching each parent path (`@remix-run/react`'s lazy route
 * discovery). These tests run those steps on the server's (patched) packages:
 * - the partial manifest is the same as upstream's for every page in every language, on data
 *   routes the static router converts once per build;
 * - the route branches the matcher tries (a count, not a time: the same on a busy machine) are
 *   as many with 400 more pages in the route table, and one more (its parent path) for the
 *   baseline under a language prefix.
 */
const require = createRequire(import.meta.url);
type Match = { route: AgnosticRouteObject; params: Record<string, string | undefined>; pathname: string; pathnameBase: string };
type MatchRoutes = (routes: AgnosticRouteObject[], location: string, basename?: string) => Match[] | null;
type PartialManifestRouter = { routes: AgnosticRouteObject[]; basename: string; state: { matches: Match[]; location: { pathname: string } } };
type Manifest = { version: string; url: string; entry: { module: string; imports: string[] }; routes: Record<string, object> };
type GetPartialManifest = (manifest: Manifest, router: PartialManifestRouter) => Manifest;

// What the server loads: the CommonJS builds the patches change.
const router = require("@remix-run/router") as { matchRoutes: MatchRoutes; UNSAFE_amarreMatchStats: { branchesTried: number } };
const patchedPartialManifest = (require("@remix-run/react/dist/fog-of-war.js") as { getPartialManifest: GetPartialManifest }).getPartialManifest;
const { createStaticHandler, createStaticRouter } = require("react-router-dom/server") as {
  createStaticHandler: (routes: AgnosticRouteObject[]) => { dataRoutes: AgnosticDataRouteObject[]; query: (request: Request) => Promise<unknown> };
  createStaticRouter: (routes: AgnosticDataRouteObject[], context: unknown) => PartialManifestRouter;
};

// Upstream, untouched: the ES module builds of the same versions (the browser's).
const routerFile = require.resolve("@remix-run/router");
const upstreamRouter = (await import(/* @vite-ignore */ routerFile.replace(/router\.cjs\.js$/, "router.js"))) as { matchRoutes: MatchRoutes };
const fogOfWarSource = fs.readFileSync(require.resolve("@remix-run/react/dist/esm/fog-of-war.js"), "utf8");
const upstreamSource = /function getPartialManifest\(manifest, router\) \{[\s\S]*?\n\}\n/.exec(fogOfWarSource)![0];
const upstreamPartialManifest = (upstream: MatchRoutes) =>
  new Function("matchRoutes", `${upstreamSource}\nreturn getPartialManifest;`)(upstream) as GetPartialManifest;

type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] };
const toRouteObjects = (entries: readonly Entry[]): AgnosticRouteObject[] =>
  entries.map((entry) =>
    entry.index
      ? { id: entry.id!, path: entry.path, index: true }
      : { id: entry.id!, path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined },
  );

/** The site as Remix mounts it (everything under the root route), its manifest and its static handler. */
function site(table: RouteTable) {
  const tree: AgnosticRouteObject[] = [{ id: "root", path: "", children: toRouteObjects(siteRoutes(table) as Entry[]) }];
  const routes: Record<string, object> = {};
  const visit = (route: AgnosticRouteObject, parentId?: string) => {
    routes[route.id!] = { id: route.id, parentId, path: route.path, index: route.index, hasLoader: false, module: `/assets/${route.id}.js`, imports: [] };
    for (const child of route.children ?? []) visit(child, route.id);
  };
  tree.forEach((route) => visit(route));
  const manifest: Manifest = { version: "test", url: "/assets/manifest.js", entry: { module: "/assets/entry.js", imports: [] }, routes };
  const handler = createStaticHandler(tree);
  /** A document request's route work, as the server runs it: query, static router, partial manifest. */
  const render = async (path: string) => {
    const context = await handler.query(new Request(`http://localhost${path}`));
    const staticRouter = createStaticRouter(handler.dataRoutes, context);
    return { staticRouter, partial: patchedPartialManifest(manifest, staticRouter) };
  };
  return { tree, manifest, handler, render };
}

const real = site(routeTable);

/** The route table with `count` more pages in a fixture layout (mounted in the four languages). */
function withMorePages(count: number): RouteTable {
  const pages: Page[] = Array.from({ length: count }, (_, i) => {
    const shapes = [`extra-${i}`, `ajustes/extra-${i}`, `boat/extra-${i}/:id`, `extra-${i}/:slug/detail`];
    return { id: `extra-${i}`, path: shapes[i % shapes.length], file: "features/site/routes/about.tsx", sitemap: false };
  });
  const fixture: LayoutGroup = { id: "fixture", file: "features/site/routes/layout.tsx", pages };
  return { ...routeTable, layoutGroups: [...(routeTable.layoutGroups as readonly LayoutGroup[]), fixture] };
}

const sample = (path: string) => path.replace(/:[\w]+/g, "abc123").replace(/\*$/, "some/deeper/path");
const pagePathsInEveryLanguage = languages.flatMap((lang) =>
  routeTable.pagePaths().map((path) => {
    const concrete = sample(path);
    return lang.prefix ? (concrete === "/" ? `/${lang.prefix}` : `/${lang.prefix}${concrete}`) : concrete;
  }),
);

describe("the initial (partial) manifest", () => {
  it("is upstream's for every page of the route table in every language", async () => {
    // Upstream flattens the whole tree on every match; the same path always gives the same answer.
    const memo = new Map<string, Match[] | null>();
    const upstream = upstreamPartialManifest((routes, path, basename) => {
      if (!memo.has(path)) memo.set(path, upstreamRouter.matchRoutes(routes, path, basename));
      return memo.get(path)!;
    });
    const wrong: string[] = [];
    for (const path of pagePathsInEveryLanguage) {
      const { staticRouter, partial } = await real.render(path);
      const expected = upstream(real.manifest, staticRouter);
      if (JSON.stringify(partial, null, 2) !== JSON.stringify(expected, null, 2)) wrong.push(path);
    }
    expect(wrong).toEqual([]);
    expect(pagePathsInEveryLanguage.length).toBe(routeTable.pagePaths().length * languages.length);
  });

  it("is rendered on the static router's data routes, converted once per build (react-router-dom's patch)", async () => {
    const first = await real.render("/fr/boat/abc");
    const again = await real.render("/fr/boat/other");
    expect(again.staticRouter.routes).toBe(first.staticRouter.routes);
  });
});

/** Route branches tried by the matcher during one document request's route work. */
async function branchesTried(render: (path: string) => Promise<unknown>, path: string) {
  await render(path); // the first request of a build flattens and ranks the routes once
  const before = router.UNSAFE_amarreMatchStats.branchesTried;
  await render(path);
  return router.UNSAFE_amarreMatchStats.branchesTried - before;
}

describe("the route work of a document request", () => {
  const larger = site(withMorePages(400));

  it("tries the same route branches with 400 more pages in the route table (a ratio of 1)", async () => {
    // 400 pages and the fixture's layout, in each language.
    expect(Object.keys(larger.manifest.routes).length - Object.keys(real.manifest.routes).length).toBe(401 * languages.length);
    for (const path of ["/_baseline", "/en/_baseline", "/", "/de", "/fr/about", "/boat/abc123", "/en/ajustes/mis-reservas", "/chat/abc", "/nowhere/at/all"]) {
      const tried = await branchesTried(real.render, path);
      expect(tried, path).toBeGreaterThan(0);
      expect((await branchesTried(larger.render, path)) / tried, path).toBe(1);
    }
  });

  it("tries one branch more for the baseline under a language prefix: its parent path, the language's home", async () => {
    const unprefixed = await branchesTried(real.render, "/_baseline");
    // The static handler's match of the URL tries the baseline's branch first; the partial
    // manifest's match of the parent path `/` tries one more.
    expect(unprefixed).toBe(2);
    for (const lang of languages.filter((l) => l.prefix)) {
      expect((await branchesTried(real.render, `/${lang.prefix}/_baseline`)) - unprefixed, lang.prefix).toBe(1);
    }
  });
});
