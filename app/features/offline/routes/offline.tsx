import type { LoaderFunctionArgs } from "@remix-run/node";
import { type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { requestContext } from "#app/.server/http/request-context";
import { seoMeta } from "#app/utils/meta";
import { href } from "#app/utils/href";

/**
 * /sin-conexion: what the service worker shows, in the page's language, for an address it has no
 * copy of while the phone has no connection (decision 060). The worker keeps it as a visitor sees
 * it (fetched without cookies), so it names nobody; it points at the lists whose trips are kept.
 */
export const handle = { i18n: ["offline"] };

export async function loader(args: LoaderFunctionArgs) {
  const { t } = requestContext(args, "offline");
  return { meta: { title: t("meta.title"), description: t("meta.description") } };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Offline() {
  const { t } = useTranslation("offline");
  return (
    <main id="main" className="container-page py-16" data-offline-page>
      <article className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight">{t("page.title")}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("page.body")}</p>
        <p className="mt-4 text-slate-700 dark:text-slate-300">{t("page.trips")}</p>
        <ul className="mt-6 flex flex-wrap gap-4">
          <li>
            <LocalizedLink to={href("settings-reservations")} className="font-semibold text-sea-700 underline dark:text-sea-300">{t("page.reservations")}</LocalizedLink>
          </li>
          <li>
            <LocalizedLink to={href("settings-rentals")} className="font-semibold text-sea-700 underline dark:text-sea-300">{t("page.rentals")}</LocalizedLink>
          </li>
        </ul>
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">{t("page.retry")}</p>
      </article>
    </main>
  );
}
