import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { seoMeta } from "#app/utils/meta";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { withLoaderHeaders } from "#app/utils/headers";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { cardClass } from "#app/components/ui/card";

/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["about"], pageCache: SHARED_WITH_VISITORS };

const values = ["trust", "local", "service", "simple"] as const;

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const { t, services } = requestContext(args, "about");
  const ports = await services.ports.list();
  return data(
    {
      meta: { title: t("meta.title"), description: t("meta.description") },
      portCount: ports.length,
      regionCount: new Set(ports.map((p) => p.region)).size,
    },
    { headers: visitorPageHeaders() },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function About() {
  const { t } = useTranslation("about");
  const { portCount, regionCount } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page py-16">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
        <dl className="mt-10 grid grid-cols-2 gap-6 rounded-2xl bg-sea-50 p-6 text-center dark:bg-white/5">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t("stats.ports")}</dt>
            <dd className="mt-1 text-3xl font-bold text-sea-800 dark:text-white">{portCount}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t("stats.regions")}</dt>
            <dd className="mt-1 text-3xl font-bold text-sea-800 dark:text-white">{regionCount}</dd>
          </div>
        </dl>
        <h2 className="mt-12 text-2xl font-bold">{t("mission.title")}</h2>
        <p className="mt-4 text-slate-700 dark:text-slate-300">{t("mission.body")}</p>
        <h2 className="mt-12 text-2xl font-bold">{t("values.title")}</h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {values.map((value) => (
            <li key={value} className={cardClass("md")}>
              <h3 className="font-semibold">{t(`values.${value}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t(`values.${value}.body`)}</p>
            </li>
          ))}
        </ul>
        <h2 className="mt-12 text-2xl font-bold">{t("owners.title")}</h2>
        <p className="mt-4 text-slate-700 dark:text-slate-300">{t("owners.body")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <LocalizedLink to={href("settings-list-boat")} className="rounded-full bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800">{t("owners.listBoat")}</LocalizedLink>
          <LocalizedLink to={href("register-pro")} className="rounded-full border border-sea-700 px-5 py-2.5 font-semibold text-sea-800 hover:bg-sea-50 dark:border-white/40 dark:text-white dark:hover:bg-white/10">{t("owners.pro")}</LocalizedLink>
        </div>
      </article>
    </main>
  );
}
