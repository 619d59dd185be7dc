import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { languages } from "./i18n";
import { barePages, fixedPages, layoutGroups, resourceRoutes } from "./route-table";
import routes from "./routes";

/**
 * The route-matching patches (`app/framework/patches/`, decision record 007) change how React Router ranks and
 * skips branches on the server. This table resolves every page of the route table, in every
 * language, with sample parameters, through the server's (patched) matcher and through the
 * unpatched upstream matcher, and expects the intended route id from both.
 */
const require = createRequire(import.meta.url);
type Matcher = (routes: AgnosticRouteObject[], location: string) => Array<{ route: AgnosticRouteObject }> | null;
// What the server runs: the package's CommonJS build, which the patches change.
const patched = require("@remix-run/router") as { matchRoutes: Matcher };
const patchedFile = require.resolve("@remix-run/router");
// The same version's ES module build, which they leave alone: upstream behaviour.
const upstream = await upstreamMatcher(patchedFile.replace(/router\.cjs\.js$/, "router.js"));

/**
 * Upstream's matchRoutes, with the two pure steps it repeats on every call remembered: the tree's
 * flattened, ranked branches (per tree; the tests never change one) and each path's compiled
 * pattern. The matching itself is upstream's code as it is. Upstream flattens and ranks the whole
 * tree and compiles every pattern it tries on every call (the reason for the patches): the
 * thousands of paths below took 16 s of CPU that way, 2.5 s now.
 */
async function upstreamMatcher(file: string): Promise<{ matchRoutes: Matcher }> {
  const flatten = "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);";
  const compile = "function compilePath(path, caseSensitive, end) {";
  const source = fs.readFileSync(file, "utf8");
  if (!source.includes(flatten) || !source.includes(compile)) throw new Error(`${file} no longer reads as this test expects: update upstreamMatcher`);
  const remembered = source
    .replace(flatten, "let branches = rankedBranchesOf(routes);")
    .replace(
      compile,
      `const rankedBranches = new WeakMap();
function rankedBranchesOf(routes) {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  return branches;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = JSON.stringify([path, caseSensitive, end]);
  if (!compiledPaths.has(key)) compiledPaths.set(key, compilePathOnce(path, caseSensitive, end));
  return compiledPaths.get(key);
}
function compilePathOnce(path, caseSensitive, end) {`,
    );
  // Inside the project (Vitest loads modules from there), one file per process.
  const copy = path.resolve(`node_modules/.cache/upstream-router/router-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.writeFileSync(copy, remembered);
  return (await import(/* @vite-ignore */ copy)) as { matchRoutes: Matcher };
}

type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] };
function toRouteObjects(entries: readonly Entry[]): AgnosticRouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id!, path: entry.path, index: true }
      : { id: entry.id!, path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined },
  );
}
// As Remix mounts them: everything under the root route.
const tree: AgnosticRouteObject[] = [{ id: "root", path: "", children: toRouteObjects(routes as Entry[]) }];

const sample = (path: string) => path.replace(/:id/g, "abc123").replace(/:slug/g, "some-person").replace(/:key/g, "itb-barco").replace(/:chatId/g, "chat123").replace(/:invoiceId/g, "inv1").replace(/:lng/g, "fr").replace(/:ns/g, "common").replace(/\*$/, "some/deeper/path");

const table: Array<[path: string, id: string]> = [];
for (const lang of languages) {
  const prefix = lang.prefix ? `/${lang.prefix}` : "";
  for (const group of layoutGroups) {
    for (const page of group.pages) {
      table.push([page.path === null ? prefix || "/" : `${prefix}/${sample(page.path)}`, `${lang.code}/${page.id}`]);
    }
  }
  for (const page of barePages) table.push([`${prefix}/${page.path}`, `${lang.code}/${page.id}`]);
}
for (const resource of resourceRoutes) table.push([`/${sample(resource.path)}`, resource.id]);
for (const page of fixedPages) table.push([`/${page.path}`, page.id]);
// Paths that rank one route against another.
table.push(
  ["/en/", "en/home"],
  ["/es/x", "es-redirect"],
  ["/es", "es-redirect"],
  ["/boat/form/add-motor-boat", "es/boat-form-motor"],
  ["/de/boat/form/add-boat-select", "de/boat-form-select"],
  ["/boat/form", "es/boat"],
  ["/fr/boat/abc", "fr/boat"],
  ["/ajustes/unknown", "es/settings-not-found"],
  ["/en/ajustes/a/b", "en/settings-not-found"],
  ["/admin/x", "es/admin-not-found"],
  ["/admin", "es/admin-not-found"],
  ["/nowhere", "es/not-found"],
  ["/it/about", "es/not-found"],
  ["/photos/a/b.webp", "photos"],
  ["/alquiler-barco/barco-a-vela", "es/boat-search-sail"],
  ["/alquiler-barco/otra-cosa", "es/not-found"],
  ["/en/alquiler-barco/barco-a-motor", "en/boat-search-motor"],
  ["/resources/locales/en/common", "locales"],
  ["/sitemap.xml", "sitemap"],
  ["/gestoria/itb-barco", "es/gestoria-itb-barco"],
  ["/gestoria/otra-cosa", "es/not-found"],
  ["/fr/port/PortForm", "fr/port-form"],
  ["/en/transporte", "en/transporte"],
  ["/transport-boat", "es/not-found"],
  ["/fr/transport-boat", "fr/not-found"],
);

const leafId = (matcher: { matchRoutes: Matcher }, path: string) => matcher.matchRoutes(tree, path)?.at(-1)?.route.id ?? null;

describe("route matching (the patched server matcher against upstream)", () => {
  it("uses the patched CommonJS build on the server", () => {
    expect(fs.readFileSync(patchedFile, "utf8")).toContain("Amarre patch");
  });

  it(`resolves ${table.length} paths to their intended routes`, () => {
    const wrong = table.flatMap(([path, id]) => {
      const got = leafId(patched, path);
      const expected = leafId(upstream, path);
      return got === id && expected === id ? [] : [`${path}: patched ${got}, upstream ${expected}, intended ${id}`];
    });
    expect(wrong).toEqual([]);
  });

  it("covers every page in every language", () => {
    const pages = layoutGroups.reduce((n, group) => n + group.pages.length, 0) + barePages.length;
    expect(table.length).toBeGreaterThanOrEqual(pages * languages.length + resourceRoutes.length);
  });
});

type FullMatcher = (routes: AgnosticRouteObject[], location: string) => Array<{ route: AgnosticRouteObject; params: object; pathname: string; pathnameBase: string }> | null;
const describeMatches = (matcher: { matchRoutes: Matcher }, routes: AgnosticRouteObject[], path: string) =>
  (matcher.matchRoutes as unknown as FullMatcher)(routes, path)?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

/**
 * The parent paths the partial manifest matches, and spellings the matcher must treat as upstream
 * does (case, repeated and trailing slashes, percent-encoding, deeper paths, characters that
 * upper-case to ASCII). Upstream flattens the whole tree on every call, so the spellings are tried
 * on the unprefixed and the English pages.
 */
function variants(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  const parents = segments.map((_, i) => "/" + segments.slice(0, i).join("/"));
  if (!(path.startsWith("/en") || !/^\/(fr|de)(\/|$)/.test(path))) return [path, ...parents];
  return [
    path,
    ...parents,
    path.toUpperCase(),
    `${path}//`,
    path.replace("/", "//"),
    path.replace(/a/g, "%61"),
    `${path}/x/y`,
    path.replace(/i/g, "ı").replace(/s/g, "ſ"),
  ];
}

describe("route matching, whole matches", () => {
  it("gives every match of every page, its parent paths and odd spellings exactly as upstream", () => {
    const paths = new Set(table.flatMap(([path]) => variants(path)));
    const wrong: string[] = [];
    for (const path of paths) {
      const got = JSON.stringify(describeMatches(patched, tree, path));
      const expected = JSON.stringify(describeMatches(upstream, tree, path));
      if (got !== expected) wrong.push(`${path}: patched ${got}, upstream ${expected}`);
    }
    expect(wrong).toEqual([]);
    expect(paths.size).toBeGreaterThan(table.length * 2);
  }, 120_000);
});
