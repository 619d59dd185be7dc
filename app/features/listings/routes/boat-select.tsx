import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { boatFormPaths } from "#app/features/listings/form";
import { boatTypeIds } from "#app/features/listings/schemas";
import { seoMeta } from "#app/utils/meta";
import { requestContext } from "#app/.server/http/request-context";

/** /boat/form/add-boat-select: which boat to list; each card opens that type's form. */
export const handle = { i18n: ["listing-form"] };

export async function loader(args: LoaderFunctionArgs) {
  const { requireUser, t } = requestContext(args, "listing-form");
  await requireUser();
  return {
    meta: { title: t("meta.select.title"), description: t("meta.select.description") },
    types: boatTypeIds.map((type) => ({ type, href: boatFormPaths[type], image: `/images/boats/${type}.svg` })),
  };
}

export default function BoatSelect() {
  const { t } = useTranslation("listing-form");
  const { types } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page max-w-5xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("select.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{t("select.intro")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2">
        {types.map(({ type, href, image }) => (
          <li key={type}>
            <LocalizedLink
              to={href}
              className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 hover:border-sea-500 hover:shadow-md focus-visible:outline-2 dark:border-white/10"
            >
              <span className="block aspect-[5/3] bg-sea-50 dark:bg-sea-900">
                <img src={image} alt="" width={400} height={240} className="size-full object-cover" />
              </span>
              <span className="flex flex-1 flex-col p-5">
                <span className="text-lg font-bold group-hover:text-sea-800 dark:group-hover:text-white">{t(`types.${type}`)}</span>
                <span className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`select.types.${type}`)}</span>
                <span aria-hidden="true" className="mt-4 text-sm font-semibold text-sea-700 dark:text-sea-300">
                  {t("select.start")} →
                </span>
              </span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
