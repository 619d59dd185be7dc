import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { boatTypes } from "#app/features/search";
import { marketplaceServices, paperworkProcedures } from "#app/utils/catalog";
import { seoMeta } from "#app/utils/meta";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { withLoaderHeaders } from "#app/utils/headers";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { pageIdOf } from "#app/features/service-pages";

/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["home", "category"], pageCache: SHARED_WITH_VISITORS };

const dockKinds = [
  { id: "rent", path: href("dock-search", { search: { kind: "rent" } }) },
  { id: "sale", path: href("dock-search", { search: { kind: "sale" } }) },
] as const;

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const { t } = requestContext(args, "category");
  return data({ meta: { title: t("meta.title"), description: t("meta.description") } }, { headers: visitorPageHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

const card =
  "flex h-full items-start gap-4 rounded-2xl border border-slate-200 p-5 transition hover:border-sea-400 hover:shadow-md dark:border-white/10";

/** Every category of the marketplace, each linking into its search or service. */
export default function Category() {
  const { t } = useTranslation("category");
  const { t: tHome } = useTranslation("home");
  return (
    <main id="main" className="container-page py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>

      <section aria-labelledby="boats-heading" className="mt-12">
        <h2 id="boats-heading" className="text-2xl font-bold">{t("boats")}</h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {boatTypes.map((type) => (
            <li key={type.id}>
              <LocalizedLink to={type.searchPath} className="block overflow-hidden rounded-2xl border border-slate-200 transition hover:shadow-md dark:border-white/10">
                <img src={`/images/boats/${type.id}.svg`} alt="" width={400} height={240} loading="lazy" className="aspect-[5/3] w-full bg-sea-50 dark:bg-sea-900" />
                <div className="p-4">
                  <h3 className="font-semibold">{tHome(`categories.${type.id}.name`)}</h3>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{tHome(`categories.${type.id}.description`)}</p>
                </div>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="docks-heading" className="mt-12">
        <h2 id="docks-heading" className="text-2xl font-bold">{t("docks.title")}</h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {dockKinds.map((kind) => (
            <li key={kind.id}>
              <LocalizedLink to={kind.path} className={card}>
                <img src="/images/docks.svg" alt="" width={64} height={48} className="w-16" />
                <span>
                  <span className="block font-semibold">{t(`docks.${kind.id}.title`)}</span>
                  <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{t(`docks.${kind.id}.body`)}</span>
                </span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-heading" className="mt-12">
        <h2 id="services-heading" className="text-2xl font-bold">{t("services")}</h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {marketplaceServices.map((service) => (
            <li key={service.id}>
              <LocalizedLink to={service.path} className={card}>
                <img src={service.icon} alt="" width={40} height={40} className="h-10 w-10" />
                <span>
                  <span className="block font-semibold">{tHome(`services.${service.id}.name`)}</span>
                  <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{tHome(`services.${service.id}.description`)}</span>
                </span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="paperwork-heading" className="mt-12">
        <h2 id="paperwork-heading" className="text-2xl font-bold">{t("paperwork.title")}</h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {paperworkProcedures.map((slug) => (
            <li key={slug}>
              <LocalizedLink to={href(pageIdOf(slug))} className="block rounded-xl border border-slate-200 px-4 py-3 text-sm font-medium hover:border-sea-400 hover:text-sea-700 dark:border-white/10 dark:hover:text-white">
                {t(`paperwork.${slug}`)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
