import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, type MetaFunction } from "@remix-run/react";
import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { favouriteItems } from "#app/features/listings/index.server";
import { LocalizedLink } from "#app/components/localized-link";
import { SavedListingGrid, type SavedListingItem } from "#app/features/favourites/components/saved-listing-card";
import { BOAT_SEARCH_PATH } from "#app/features/search";
import { seoMeta } from "#app/utils/meta";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { useLang } from "#app/utils/use-lang";

/**
 * /favoritos (public: visitors are told what favourites are and invited to sign in) and
 * /ajustes/favoritos (the settings panel: signed-in people only). Both list the person's saved
 * boats and docks, newest first; listings that are no longer published stay, marked as such.
 */
// "listing": the cards' texts (`BoatListingCard`, `DockListingCard`).
export const handle = { i18n: ["favourites", "listing"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "favourites");
  const inPanel = ctx.path.startsWith("/ajustes/");
  const user = inPanel ? await ctx.requireUser() : await ctx.getUser();
  const { t, services } = ctx;
  const meta = { title: t("meta.title"), description: t("meta.description") };
  if (!user) return { meta, inPanel, signedIn: false, items: [] as SavedListingItem[] };
  const { favourites, ports, users } = services;
  const items = await favouriteItems({ users, ports }, await favourites.list(user.uid));
  return { meta, inPanel, signedIn: true, items };
}

export default function Favourites() {
  const { t } = useTranslation("favourites");
  const { inPanel, signedIn, items } = useLoaderData<typeof loader>();
  const lang = useLang();
  const location = useLocation();

  let body: React.ReactNode;
  if (!signedIn) {
    const login = href("login", { lang, search: { redirect: location.pathname } });
    body = (
      <section className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-white/20" aria-labelledby="favourites-anonymous">
        <h2 id="favourites-anonymous" className="text-lg font-semibold">
          {t("anonymous.title")}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-slate-600 dark:text-slate-400">{t("anonymous.body")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={login} className="rounded-full bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800">
            {t("anonymous.signIn")}
          </Link>
          <LocalizedLink to={href("register")} className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100 dark:border-white/20 dark:hover:bg-white/10">
            {t("anonymous.register")}
          </LocalizedLink>
        </div>
      </section>
    );
  } else if (items.length === 0) {
    body = (
      <section className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-white/20" aria-labelledby="favourites-empty">
        <h2 id="favourites-empty" className="text-lg font-semibold">
          {t("empty.title")}
        </h2>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t("empty.body")}</p>
        <LocalizedLink to={BOAT_SEARCH_PATH} className="mt-6 inline-block rounded-full bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800">
          {t("empty.cta")}
        </LocalizedLink>
      </section>
    );
  } else {
    body = (
      <div className="mt-8">
        <SavedListingGrid items={items} signedIn label={t("listLabel")} />
      </div>
    );
  }

  return (
    <main id="main" className={inPanel ? undefined : "container-page py-10"}>
      <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
      {signedIn ? <p className="mt-2 text-slate-600 dark:text-slate-400">{t("intro")}</p> : null}
      {body}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
