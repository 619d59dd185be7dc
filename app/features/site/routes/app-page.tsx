import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { seoMeta } from "#app/utils/meta";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { withLoaderHeaders } from "#app/utils/headers";
import { requestContext } from "#app/.server/http/request-context";
import { cardClass } from "#app/components/ui/card";

/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["app"], pageCache: SHARED_WITH_VISITORS };

const features = ["search", "book", "chat", "paperwork", "offline", "notifications"] as const;
const platforms = ["ios", "android", "desktop"] as const;

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const { t } = requestContext(args, "app");
  return data({ meta: { title: t("meta.title"), description: t("meta.description") } }, { headers: visitorPageHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

/** Amarre on the phone: the site installs as an app from the browser. */
export default function AppPage() {
  const { t } = useTranslation("app");
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-sea-50 to-white py-16 dark:from-sea-900 dark:to-sea-950">
        <div className="container-page grid items-center gap-12 lg:grid-cols-2">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
            <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
          </div>
          <img src="/images/app-phone.svg" alt={t("imageAlt")} width={360} height={480} className="mx-auto w-64" />
        </div>
      </section>
      <section aria-labelledby="features-heading" className="container-page py-16">
        <h2 id="features-heading" className="text-2xl font-bold">{t("features.title")}</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature} className={cardClass("md")}>
              <h3 className="font-semibold">{t(`features.${feature}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t(`features.${feature}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="install-heading" className="container-page pb-16">
        <h2 id="install-heading" className="text-2xl font-bold">{t("install.title")}</h2>
        <ol className="mt-6 grid gap-6 lg:grid-cols-3">
          {platforms.map((platform) => (
            <li key={platform} className="rounded-2xl bg-sand-50 p-5 dark:bg-white/5">
              <h3 className="font-semibold">{t(`install.${platform}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(`install.${platform}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
