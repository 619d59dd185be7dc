import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { languages, localizePath } from "#app/i18n";
import { barePages, fixedPages, layoutGroups, resourceRoutes, type Page } from "#app/route-table";
import { requestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";

export const handle = { i18n: ["test-routes"] };

/** A path with a dynamic segment (`:id`, `:id copy`) or a splat cannot be opened as written. */
const hasParams = (path: string) => path.includes(":") || path.includes("*");

/**
 * Every route of the app, read from the route table (what `app/routes.ts` mounts): each page in
 * every language with its layout, the pages in one language at a fixed path, and the resource
 * routes (no layout, no language prefix). Pages without parameters are links. A developer's
 * index, never shown in production (404).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { config } = requestContext(args);
  if (config.isProduction) notFound(args.request);
  return {
    groups: [
      ...layoutGroups.map((group) => ({ layout: group.id as string, layoutFile: group.file as string | null, pages: group.pages as readonly Page[] })),
      // Pages in every language without a layout (the bench's baseline).
      { layout: "bare", layoutFile: null, pages: barePages as readonly Page[] },
    ].map((group) => ({
      layout: group.layout,
      layoutFile: group.layoutFile,
      pages: group.pages.map((page) => {
        const path = page.path === null ? "/" : `/${page.path}`;
        return {
          id: page.id,
          file: page.file,
          linked: !hasParams(path),
          urls: languages.map((lang) => ({ lang: lang.code, url: localizePath(path, lang.code) })),
        };
      }),
    })),
    resources: [
      // Pages in one language at a fixed path (the spec's /en/transport-boat), inside a layout.
      ...fixedPages.map((page) => ({ id: page.id, path: `/${page.path}`, file: page.file, layout: page.layout as string | null, linked: !hasParams(page.path) })),
      // Resource routes: once for every language, no layout.
      ...resourceRoutes.map((r) => ({ id: r.id, path: `/${r.path}`, file: r.file, layout: null, linked: !hasParams(r.path) })),
    ],
  };
}

export const meta: MetaFunction = () => [{ title: "Test routes · Amarre" }, { name: "robots", content: "noindex" }];

export default function TestRoutes() {
  const { t } = useTranslation("test-routes");
  const { groups, resources } = useLoaderData<typeof loader>();
  const code = "font-mono text-xs";
  const link = `${code} text-sea-700 underline dark:text-sea-300`;
  return (
    <main id="main" className="container-page py-12">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t("intro")}</p>
      {groups.map((group) => (
        <section key={group.layout} className="mt-8">
          <h2 className="text-xl font-semibold">{group.layoutFile ? t("layout", { name: group.layout }) : t("noLayout")}</h2>
          {group.layoutFile ? <p className={`${code} mt-1 text-slate-500`}>{group.layoutFile}</p> : null}
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-white/10">
                  <th className="py-2 pr-4">{t("page")}</th>
                  <th className="py-2 pr-4">{t("file")}</th>
                  <th className="py-2">{t("urls")}</th>
                </tr>
              </thead>
              <tbody>
                {group.pages.map((page) => (
                  <tr key={page.id} className="border-b border-slate-100 align-top dark:border-white/5">
                    <td className="py-2 pr-4 font-medium">{page.id}</td>
                    <td className={`py-2 pr-4 ${code}`}>{page.file}</td>
                    <td className="py-2">
                      <ul className="flex flex-wrap gap-2">
                        {page.urls.map((u) => (
                          <li key={u.lang}>
                            {page.linked ? (
                              <Link to={u.url} className={link}>
                                {u.url}
                              </Link>
                            ) : (
                              <span className={code}>{u.url}</span>
                            )}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <section className="mt-8">
        <h2 className="text-xl font-semibold">{t("resources")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("resourcesIntro")}</p>
        <ul className="mt-4 space-y-1 text-sm">
          {resources.map((r) => (
            <li key={r.id}>
              {r.linked ? (
                <a href={r.path} className={link}>
                  {r.path}
                </a>
              ) : (
                <span className={code}>{r.path}</span>
              )}
              <span className={`ml-2 ${code} text-slate-500 dark:text-slate-400`}>{r.file}</span>
              <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{r.layout ? t("layout", { name: r.layout }) : t("noLayout")}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
