import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isLessorComplete } from "#app/features/profiles/.server";
import { LocalizedLink } from "#app/components/localized-link";
import { BOAT_SELECT_PATH, dockFormPaths, DRAFTS_PATH, LESSOR_PROFILE_PATH, MY_LISTINGS_PATH } from "#app/features/listings/form";
import { seoMeta } from "#app/utils/meta";
import { requestContext } from "#app/.server/http/request-context";
import { cardClass } from "#app/components/ui/card";

/**
 * /ajustes/inscribir-tu-barco: where a listing starts — a boat (then its type), or a dock for
 * sale or for rent — with the drafts to resume and whether the lessor profile is ready.
 */
export const handle = { i18n: ["listing-form"] };

export async function loader(args: LoaderFunctionArgs) {
  const { requireUser, t, services } = requestContext(args, "listing-form");
  const user = await requireUser();
  const { listings, users } = services;
  const [drafts, profile] = await Promise.all([listings.drafts(user.uid), users.get(user.uid)]);
  return {
    meta: { title: t("meta.listYourBoat.title"), description: t("meta.listYourBoat.description") },
    draftCount: drafts.length,
    lessorComplete: profile ? isLessorComplete(profile) : false,
  };
}

const choices = [
  { key: "boat", href: BOAT_SELECT_PATH, image: "/images/boats/motor.svg" },
  { key: "dockSale", href: dockFormPaths.sale, image: "/images/docks.svg" },
  { key: "dockRent", href: dockFormPaths.rent, image: "/images/docks.svg" },
] as const;

export default function ListYourBoat() {
  const { t } = useTranslation("listing-form");
  const { draftCount, lessorComplete } = useLoaderData<typeof loader>();
  const linkClass = "text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300";
  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("listYourBoat.title")}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("listYourBoat.intro")}</p>
      </header>

      <ul className="grid gap-6 md:grid-cols-3">
        {choices.map((choice) => (
          <li key={choice.key} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 dark:border-white/10">
            <span className="block aspect-[5/3] bg-sea-50 dark:bg-sea-900">
              <img src={choice.image} alt="" width={400} height={240} className="size-full object-cover" />
            </span>
            <div className="flex flex-1 flex-col p-5">
              <h2 className="text-lg font-bold">{t(`listYourBoat.${choice.key}.title`)}</h2>
              <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-400">{t(`listYourBoat.${choice.key}.text`)}</p>
              <LocalizedLink
                to={choice.href}
                className="mt-4 inline-flex items-center justify-center rounded-lg bg-sea-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-sea-800"
              >
                {t(`listYourBoat.${choice.key}.cta`)}
              </LocalizedLink>
            </div>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="drafts-card" className={cardClass("lg")}>
          <h2 id="drafts-card" className="font-semibold">{t("drafts.title")}</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {draftCount > 0 ? t("listYourBoat.drafts", { count: draftCount }) : t("listYourBoat.noDrafts")}
          </p>
          <div className="mt-4 flex flex-wrap gap-4">
            <LocalizedLink to={DRAFTS_PATH} className={linkClass}>{t("listYourBoat.seeDrafts")} →</LocalizedLink>
            <LocalizedLink to={MY_LISTINGS_PATH} className={linkClass}>{t("listYourBoat.seeListings")} →</LocalizedLink>
          </div>
        </section>
        <section
          aria-labelledby="lessor-card"
          className={"rounded-2xl p-6 " + (lessorComplete ? "bg-emerald-500/10" : "bg-sand-50 dark:bg-white/5")}
        >
          <h2 id="lessor-card" className="font-semibold">{t(lessorComplete ? "listYourBoat.lessorComplete" : "listYourBoat.lessorIncomplete")}</h2>
          {lessorComplete ? null : (
            <LocalizedLink to={LESSOR_PROFILE_PATH} className={linkClass + " mt-4 inline-block"}>
              {t("listYourBoat.lessorLink")} →
            </LocalizedLink>
          )}
        </section>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
