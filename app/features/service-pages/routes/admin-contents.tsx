import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { LocalizedLink } from "#app/components/localized-link";
import { langCodes, type Lang } from "#app/i18n";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { servicePageKeys } from "#app/features/service-pages/service-pages";
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
  const { pages, legal } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("contents.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("contents.intro")}</p>
      </header>
      <ContentTable
        rows={pages}
        price={(page) => (page.priceFromEuros === null ? t("contents.quoted") : `${page.priceFromEuros} €`)}
        editTo={(key, code) => href("admin-content", { params: { key }, search: { lang: code } })}
      />
      <section aria-labelledby="legal-title" className="space-y-3 pt-4">
        <h2 id="legal-title" className="text-2xl font-bold tracking-tight">
          {t("legalContents.title")}
        </h2>
        <p className="text-slate-600 dark:text-slate-300">{t("legalContents.intro")}</p>
        <ContentTable rows={legal} editTo={(key, code) => href("admin-legal-content", { params: { key }, search: { lang: code } })} />
      </section>
    </main>
  );
}

type ContentRow = { key: string; title: string; updatedAt: string | null };

/** One row per page: its title, its price when `price` is given, its last change, and an edit link per language. */
function ContentTable<Row extends ContentRow>({
  rows,
  price,
  editTo,
}: {
  rows: Row[];
  price?: (row: Row) => string;
  editTo: (key: string, code: Lang) => string;
}) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const cell = "px-4 py-2";
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-white/10">
      <table className={`w-full ${price ? "min-w-[36rem]" : "min-w-[30rem]"} text-left text-sm`}>
        <thead className="bg-slate-50 dark:bg-white/5">
          <tr>
            <th scope="col" className={cell}>
              {t("contents.columns.page")}
            </th>
            {price ? (
              <th scope="col" className={cell}>
                {t("contents.columns.price")}
              </th>
            ) : null}
            <th scope="col" className={cell}>
              {t("contents.columns.updated")}
            </th>
            <th scope="col" className={cell}>
              {t("contents.columns.edit")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-white/10">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${cell} font-semibold`}>
                {row.title}
              </th>
              {price ? <td className={cell}>{price(row)}</td> : null}
              <td className={cell}>{row.updatedAt ? formatMoment(row.updatedAt, lang) : t("contents.original")}</td>
              <td className={cell}>
                <ul className="flex gap-3">
                  {langCodes.map((code) => (
                    <li key={code}>
                      <LocalizedLink
                        to={editTo(row.key, code)}
                        className="font-semibold uppercase text-sea-800 underline dark:text-sea-200"
                        // The name starts with the code shown (WCAG 2.5.3, label in name).
                        aria-label={t("contents.editIn", { page: row.title, language: t(`contents.languages.${code}`), code: code.toUpperCase() })}
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
  );
}
