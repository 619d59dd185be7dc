import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { languages } from "./i18n";
import * as routeTable from "./route-table";
import type { LayoutGroup, Page } from "./route-table";

/** What the site is mounted from: app/route-table.ts (tests mount larger tables the same way). */
export type RouteTable = {
  layoutGroups: readonly LayoutGroup[];
  barePages: readonly Page[];
  fixedPages: ReadonlyArray<{ id: string; path: string; file: string; layout: string; lang: string }>;
  resourceRoutes: ReadonlyArray<{ id: string; path: string; file: string }>;
};

/**
 * The whole site. Each page of app/route-table.ts is mounted once per language with a
 * static prefix (none for Spanish), which avoids the clashes of an optional `($lang)`
 * segment with real first path segments; bare pages have no layout. Route ids are `<lang>/<page>`.
 */
export function siteRoutes(table: RouteTable): RouteConfigEntry[] {
  const languageTree = (lang: (typeof languages)[number]): RouteConfigEntry[] => {
    const tree: RouteConfigEntry[] = table.layoutGroups.map((group) =>
      layout(
        group.file,
        { id: `${lang.code}/layout-${group.id}` },
        group.pages.map((page) =>
          page.path === null
            ? index(page.file, { id: `${lang.code}/${page.id}` })
            : route(page.path, page.file, { id: `${lang.code}/${page.id}` }),
        ),
      ),
    );
    tree.push(...table.barePages.map((page) => route(page.path, page.file, { id: `${lang.code}/${page.id}` })));
    return lang.prefix ? prefix(lang.prefix, tree) : tree;
  };
  return [
    ...table.resourceRoutes.map((r) => route(r.path, r.file, { id: r.id })),
    ...table.fixedPages.map((page) => {
      const group = table.layoutGroups.find((g) => g.id === page.layout)!;
      return layout(group.file, { id: `${page.lang}/layout-${group.id}-fixed` }, [route(page.path, page.file, { id: page.id })]);
    }),
    ...languages.flatMap(languageTree),
  ];
}

export default siteRoutes(routeTable) satisfies RouteConfig;
