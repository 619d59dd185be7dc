import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { LocalizedLink } from "#app/components/localized-link";
import { langCodes } from "#app/i18n";
import { formatMoment } from "#app/utils/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { servicePageKeys } from "#app/utils/service-pages";
import { useLang } from "#app/utils/use-lang";

/**
 * /admin/contenidos: the service pages whose texts and prices the team edits (one link per page
 * and language), with each page's price and last change; then the legal pages' texts, the same way.
 */
export const handle = { i18n: ["admin"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  await ctx.requireAdmin();
  const [pages, legal] = await Promise.all([Promise.all(servicePageKeys.map((key) => ctx.services.servicePages.get(key))), ctx.services.legalPages.all()]);
  return {
    meta: {
      title: ctx.t("contents.meta"),
      description: ctx.t("contents.intro"),
    },
    pages: pages.map((page) => ({
      key: page.key,
      title: page.texts[ctx.lang].title,
      priceFromEuros: page.priceFromEuros,
      updatedAt: page.updatedAt,
    })),
    legal: legal.map((page) => ({ key: page.key, title: page.texts[ctx.lang].title, updatedAt: page.updatedAt })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminContents() {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { pages, legal } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("contents.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("contents.intro")}</p>
      </header>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-white/10">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 dark:bg-white/5">
            <tr>
              <th scope="col" className="px-4 py-2">
                {t("contents.columns.page")}
              </th>
              <th scope="col" className="px-4 py-2">
                {t("contents.columns.price")}
              </th>
              <th scope="col" className="px-4 py-2">
                {t("contents.columns.updated")}
              </th>
              <th scope="col" className="px-4 py-2">
                {t("contents.columns.edit")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-white/10">
            {pages.map((page) => (
              <tr key={page.key}>
                <th scope="row" className="px-4 py-2 font-semibold">
                  {page.title}
                </th>
                <td className="px-4 py-2">{page.priceFromEuros === null ? t("contents.quoted") : `${page.priceFromEuros} €`}</td>
                <td className="px-4 py-2">{page.updatedAt ? formatMoment(page.updatedAt, lang) : t("contents.original")}</td>
                <td className="px-4 py-2">
                  <ul className="flex gap-3">
                    {langCodes.map((code) => (
                      <li key={code}>
                        <LocalizedLink
                          to={href("admin-content", {
                            params: { key: page.key },
                            search: { lang: code },
                          })}
                          className="font-semibold uppercase text-sea-800 underline dark:text-sea-200"
                          aria-label={t("contents.editIn", {
                            page: page.title,
                            language: t(`contents.languages.${code}`),
                          })}
                        >
                          {code}
                        </LocalizedLink>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="legal-title" className="space-y-3 pt-4">
        <h2 id="legal-title" className="text-2xl font-bold tracking-tight">
          {t("legalContents.title")}
        </h2>
        <p className="text-slate-600 dark:text-slate-300">{t("legalContents.intro")}</p>
        <div className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-white/10">
          <table className="w-full min-w-[30rem] text-left text-sm">
            <thead className="bg-slate-50 dark:bg-white/5">
              <tr>
                <th scope="col" className="px-4 py-2">
                  {t("contents.columns.page")}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t("contents.columns.updated")}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t("contents.columns.edit")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-white/10">
              {legal.map((page) => (
                <tr key={page.key}>
                  <th scope="row" className="px-4 py-2 font-semibold">
                    {page.title}
                  </th>
                  <td className="px-4 py-2">{page.updatedAt ? formatMoment(page.updatedAt, lang) : t("contents.original")}</td>
                  <td className="px-4 py-2">
                    <ul className="flex gap-3">
                      {langCodes.map((code) => (
                        <li key={code}>
                          <LocalizedLink
                            to={href("admin-legal-content", { params: { key: page.key }, search: { lang: code } })}
                            className="font-semibold uppercase text-sea-800 underline dark:text-sea-200"
                            aria-label={t("contents.editIn", { page: page.title, language: t(`contents.languages.${code}`) })}
                          >
                            {code}
                          </LocalizedLink>
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
    </main>
  );
}
