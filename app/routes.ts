import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { languages } from "./i18n";
import { fixedPages, layoutGroups, resourceRoutes } from "./route-table";

/**
 * The whole site. Each page of app/route-table.ts is mounted once per language with a
 * static prefix (none for Spanish), which avoids the clashes of an optional `($lang)`
 * segment with real first path segments. Route ids are `<lang>/<page>`.
 */
function languageTree(lang: (typeof languages)[number]): RouteConfigEntry[] {
  const tree = layoutGroups.map((group) =>
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
  return lang.prefix ? prefix(lang.prefix, tree) : tree;
}

export default [
  ...resourceRoutes.map((r) => route(r.path, r.file, { id: r.id })),
  ...fixedPages.map((page) => {
    const group = layoutGroups.find((g) => g.id === page.layout)!;
    return layout(group.file, { id: `${page.lang}/layout-${group.id}-fixed` }, [route(page.path, page.file, { id: page.id })]);
  }),
  ...languages.flatMap(languageTree),
] satisfies RouteConfig;
