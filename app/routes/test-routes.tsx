import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { languages, localizePath } from "#app/i18n";
import { fixedPages, layoutGroups, resourceRoutes } from "#app/route-table";
import { requestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";

export const handle = { i18n: ["test-routes"] };

/** Every route of the app, in every language: a developer's index, never shown in production. */
export async function loader(args: LoaderFunctionArgs) {
  const { config } = requestContext(args);
  if (config.isProduction) notFound(args.request);
  return {
    groups: layoutGroups.map((group) => ({
      layout: group.id,
      pages: group.pages.map((page) => ({
        id: page.id,
        file: page.file,
        urls: languages.map((lang) => {
          const path = page.path === null ? "/" : `/${page.path.replace("*", "ruta-inexistente")}`;
          return { lang: lang.code, url: localizePath(path, lang.code) };
        }),
      })),
    })),
    resources: [
      // Pages in one language at a fixed path (the spec's /en/transport-boat).
      ...fixedPages.map((page) => ({ id: page.id, path: `/${page.path}`, file: page.file })),
      ...resourceRoutes.map((r) => ({ id: r.id, path: `/${r.path}`, file: r.file })),
    ],
  };
}

export const meta: MetaFunction = () => [{ title: "Test routes · Amarre" }, { name: "robots", content: "noindex" }];

export default function TestRoutes() {
  const { t } = useTranslation("test-routes");
  const { groups, resources } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page py-12">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t("intro")}</p>
      {groups.map((group) => (
        <section key={group.layout} className="mt-8">
          <h2 className="text-xl font-semibold">{t("layout", { name: group.layout })}</h2>
          <table className="mt-4 w-full text-left text-sm">
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
                  <td className="py-2 pr-4 font-mono text-xs">{page.file}</td>
                  <td className="py-2">
                    <ul className="flex flex-wrap gap-2">
                      {page.urls.map((u) => (
                        <li key={u.lang}>
                          <Link to={u.url} className="font-mono text-xs text-sea-700 underline dark:text-sea-300">{u.url}</Link>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <section className="mt-8">
        <h2 className="text-xl font-semibold">{t("resources")}</h2>
        <ul className="mt-4 space-y-1 text-sm">
          {resources.map((r) => (
            <li key={r.id}>
              <a href={r.path.includes(":") || r.path.includes("*") ? undefined : r.path} className="font-mono text-sea-700 dark:text-sea-300">{r.path}</a>
              <span className="ml-2 font-mono text-xs text-slate-500 dark:text-slate-400">{r.file}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
