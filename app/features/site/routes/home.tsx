import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BoatSearchForm } from "#app/features/search";
import { LocalizedLink } from "#app/components/localized-link";
import { BOAT_SEARCH_PATH, boatTypes } from "#app/features/search";
import { marketplaceServices } from "#app/utils/catalog";
import { seoMeta } from "#app/utils/meta";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { withLoaderHeaders } from "#app/utils/headers";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { regionName } from "#app/utils/regions";
import { BLOG_LIST_TAG, textOf } from "#app/features/blog/.server";
import { dateTimeFormat } from "#app/framework/intl";
import { cardClass } from "#app/components/ui/card";

/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["home"], pageCache: SHARED_WITH_VISITORS };

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const { t, lang, services, tFor } = requestContext(args, "home");
  const [ports, posts] = await Promise.all([services.ports.list(), services.blog.latest(3)]);
  const tBlog = tFor("blog");
  const regions = new Map<string, { region: string; ports: { slug: string; name: string; city: string }[] }>();
  for (const port of ports) {
    const entry = regions.get(port.region) ?? { region: port.region, ports: [] };
    // one chip per town: a town with two marinas is one place to search
    if (!entry.ports.some((p) => p.city === port.city)) {
      entry.ports.push({ slug: port.slug, name: port.name, city: port.city });
    }
    regions.set(port.region, entry);
  }
  return data(
    {
      meta: { title: t("meta.title"), description: t("meta.description") },
      ports: ports.map(({ slug, name, city, region }) => ({ slug, name, city, region })),
      regions: [...regions.values()],
      // The latest three posts, texts and dates ready to show (no blog code reaches the home page's JavaScript).
      blog: {
        title: tBlog("home.title"),
        subtitle: tBlog("home.subtitle"),
        all: tBlog("home.all"),
        posts: posts.map((post) => {
          const { lang: postLang, text } = textOf(post, lang);
          const date = post.publishedAt ?? post.updatedAt;
          return { id: post.id, to: href("blog-post", { params: { blogId: text.slug } }), title: text.title, excerpt: text.excerpt, lang: postLang, date, dateText: dateTimeFormat(lang, { dateStyle: "long" }).format(new Date(date)) };
        }),
      },
    },
    // A post published, changed or taken down forgets the home page too.
    { headers: visitorPageHeaders({ tags: [BLOG_LIST_TAG] }) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function Home() {
  const { ports, regions, blog } = useLoaderData<typeof loader>();

  return (
    <main id="main">
      <Hero ports={ports} />

      <Categories />

      {regions.length > 0 ? <Destinations regions={regions} /> : null}

      <Services />

      <DocksPromo />

      {blog.posts.length > 0 ? <LatestPosts blog={blog} /> : null}
    </main>
  );
}

type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The first screen: the title over the waves, and the boat search. */
function Hero({ ports }: { ports: HomeData["ports"] }) {
  const { t } = useTranslation("home");
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-sea-800 via-sea-700 to-sea-500 text-white dark:from-sea-950 dark:via-sea-900 dark:to-sea-800">
      <HeroWaves />
      <div className="container-page relative py-16 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t("hero.title")}</h1>
        <p className="mt-4 max-w-2xl text-lg text-sea-50">{t("hero.subtitle")}</p>
        <div className="mt-10">
          <BoatSearchForm ports={ports} />
        </div>
      </div>
    </section>
  );
}

/** The boat types, each leading to its search. */
function Categories() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="categories-heading" className="container-page render-when-near py-16">
      <h2 id="categories-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">{t("categories.title")}</h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("categories.subtitle")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {boatTypes.map((type) => (
          <li key={type.id}>
            <LocalizedLink
              to={type.searchPath}
              className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-[translate,box-shadow] hover:-translate-y-0.5 hover:shadow-md dark:border-white/10 dark:bg-white/5"
            >
              <img src={`/images/boats/${type.id}.svg`} alt="" width={400} height={240} loading="lazy" className="aspect-[5/3] w-full bg-sea-50 object-cover dark:bg-sea-900" />
              <div className="p-4">
                <h3 className="font-semibold group-hover:text-sea-700 dark:group-hover:text-sea-300">{t(`categories.${type.id}.name`)}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`categories.${type.id}.description`)}</p>
              </div>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The regions and their towns with ports, each leading to a search there. */
function Destinations({ regions }: { regions: HomeData["regions"] }) {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="destinations-heading" className="render-when-near bg-sand-50 py-16 dark:bg-white/5">
      <div className="container-page">
        <h2 id="destinations-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">{t("destinations.title")}</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("destinations.subtitle")}</p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {regions.map((region) => (
            <div key={region.region} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-sea-950 dark:ring-white/10">
              <h3 className="font-semibold text-sea-800 dark:text-sea-300">{regionName(t, region.region)}</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {region.ports.map((port) => (
                  <li key={port.slug}>
                    <LocalizedLink
                      to={`${BOAT_SEARCH_PATH}?place=${encodeURIComponent(port.city)}`}
                      className="inline-block rounded-full border border-slate-200 px-3 py-1 text-sm hover:border-sea-400 hover:text-sea-700 dark:border-white/15 dark:hover:text-white"
                      title={port.name}
                    >
                      {port.city}
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  
  );
}

/** The marketplace's services: paperwork, insurance, cleaning, transport. */
function Services() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="services-heading" className="container-page render-when-near py-16">
      <h2 id="services-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">{t("services.title")}</h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("services.subtitle")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {marketplaceServices.map((service) => (
          <li key={service.id}>
            <LocalizedLink
              to={service.path}
              className="flex h-full flex-col rounded-2xl border border-slate-200 p-6 transition-shadow hover:border-sea-400 hover:shadow-md dark:border-white/10"
            >
              <img src={service.icon} alt="" width={48} height={48} className="h-12 w-12" />
              <h3 className="mt-4 font-semibold">{t(`services.${service.id}.name`)}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{t(`services.${service.id}.description`)}</p>
              <span className="mt-4 text-sm font-semibold text-sea-700 dark:text-sea-300">{t("services.more")} →</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Berths to rent or buy. */
function DocksPromo() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="docks-heading" className="container-page render-when-near pb-8">
      <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-sea-900 p-8 text-white sm:p-12 lg:grid-cols-2 dark:bg-sea-800">
        <div>
          <h2 id="docks-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">{t("docks.title")}</h2>
          <p className="mt-3 text-sea-100">{t("docks.subtitle")}</p>
          <ul className="mt-6 space-y-2 text-sm text-sea-50">
            <li>✓ {t("docks.point1")}</li>
            <li>✓ {t("docks.point2")}</li>
            <li>✓ {t("docks.point3")}</li>
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <LocalizedLink to={href("dock-search", { search: { kind: "rent" } })} className="rounded-full bg-white px-5 py-2.5 font-semibold text-sea-900 hover:bg-sea-50">{t("docks.rent")}</LocalizedLink>
            <LocalizedLink to={href("dock-search", { search: { kind: "sale" } })} className="rounded-full border border-white/60 px-5 py-2.5 font-semibold hover:bg-white/10">{t("docks.buy")}</LocalizedLink>
          </div>
        </div>
        <img src="/images/docks.svg" alt="" width={480} height={320} loading="lazy" className="w-full" />
      </div>
    </section>
  );
}

/** The blog's latest posts, in the page's language where they have it. */
function LatestPosts({ blog }: { blog: HomeData["blog"] }) {
  return (
    <section aria-labelledby="blog-heading" className="container-page render-when-near py-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="blog-heading" className="text-2xl font-bold tracking-tight">{blog.title}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{blog.subtitle}</p>
        </div>
        <LocalizedLink to={href("blog")} className="text-sm font-semibold text-sea-700 underline dark:text-sea-300">{blog.all}</LocalizedLink>
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {blog.posts.map((post) => (
          <li key={post.id} lang={post.lang} className={cardClass("md")}>
            <time dateTime={post.date} className="text-xs text-slate-500 dark:text-slate-400">{post.dateText}</time>
            <h3 className="mt-1 font-semibold leading-snug">
              <LocalizedLink to={post.to} className="hover:text-sea-700 dark:hover:text-sea-300">{post.title}</LocalizedLink>
            </h3>
            <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </section>
  
  );
}

/**
 * The waves along the bottom of the first screen, drawn inline: the same drawing as
 * `public/images/hero-waves.svg` (the blog's fallback cover; a change to one is a change to both): as an `<img>` the browser built a document of its own for them, a
 * 45–50 ms task on a phone at a quarter of this machine's speed (decision 045). Along the bottom
 * of their section, as wide as it and as tall as their drawing's proportions (1440 × 200) make them.
 */
function HeroWaves() {
  return (
    <svg
      viewBox="0 0 1440 200"
      preserveAspectRatio="none"
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 bottom-0 aspect-[36/5] h-auto w-full opacity-40"
    >
      <path d="M0 70C120 40 240 40 360 66S600 110 720 84 960 30 1080 48 1320 100 1440 76V200H0z" fill="#ffffff" fillOpacity=".12" />
      <path d="M0 104C140 78 260 84 400 110S660 140 800 116 1060 72 1200 90 1380 128 1440 120V200H0z" fill="#ffffff" fillOpacity=".2" />
      <path d="M0 140C160 118 300 124 460 146S760 170 920 150 1220 118 1440 140V200H0z" fill="#ffffff" fillOpacity=".35" />
      <path d="M0 172C180 156 360 160 540 176S900 192 1080 178 1320 162 1440 170V200H0z" fill="#ffffff" />
    </svg>
  );
}
