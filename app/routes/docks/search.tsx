import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getSessionUser } from "#app/.server/auth/guards";
import { getFixedT } from "#app/.server/i18n";
import { dockCard, mapPoints, ownersOf, parseSearch, portsBySlug } from "#app/.server/listing-views";
import { FavouriteButton } from "#app/components/favourite-button";
import { DockListingCard } from "#app/components/listing-card";
import { ListingMap } from "#app/components/listing-map";
import { Pagination } from "#app/components/pagination";
import { DOCK_FILTERS_ID, DockSearchFilters, SortSelect } from "#app/components/search-filters";
import { activeFilterCount, EmptyResults, FiltersPanel, InvalidQuery, useFormKey, useSearching } from "#app/components/search-results";
import { languageOf, splitLangFromPath } from "#app/i18n";
import { dockSearchSchema, dockSortOptions, type DockSearch } from "#app/utils/listing-schemas";
import { dockTitle, toSearchParams, withQuery } from "#app/utils/listing-view";
import { seoMeta } from "#app/utils/meta";
import { numberFormat } from "#app/utils/intl";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { withLoaderHeaders } from "#app/utils/headers";

/**
 * /docks: berths and moorings for sale or rent, by port or place, minimum length, beam and
 * depth, and price (the sale price, or the monthly price of a berth for rent), newest first
 * or by price. Same conventions as the boat search: everything in the URL, invalid parameters
 * left out with a 400 page that says why.
 */
export const handle = { i18n: ["search", "listing", "favourites"] };

const PAGE_PATH = "/docks";

export const headers = withLoaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangFromPath(url.pathname);
  const t = getFixedT(lang, ["search", "zod", "validation"]);
  const tl = getFixedT(lang, "listing");
  const parsed = parseSearch(dockSearchSchema, url.searchParams, t);
  const query: DockSearch = parsed.query;
  const { listings, ports: portsService } = context.services;
  const [results, ports] = await Promise.all([listings.searchDocks(query), portsService.list()]);
  const viewer = await getSessionUser(request, context);
  const ids = results.items.map((listing) => listing.id);
  const [owners, favourites] = await Promise.all([
    ownersOf(context.services.users, results.items.map((listing) => listing.ownerUid)),
    viewer ? context.services.favourites.idsFor(viewer.uid, ids) : Promise.resolve(new Set<string>()),
  ]);
  const portIndex = portsBySlug(ports);
  const cards = results.items.map((listing) => dockCard(listing, portIndex, owners));

  const invalid = Object.keys(parsed.errors).length > 0;
  const count = numberFormat(languageOf(lang).iso).format(results.total);
  const copyKey = query.kind ?? "all";
  return data(
    {
      meta: {
        title: results.page > 1 ? t("pages.titleWithPage", { title: t(`docksPage.${copyKey}.title`), page: results.page }) : t(`docksPage.${copyKey}.title`),
        description: t(`docksPage.${copyKey}.description`),
        noindex: invalid,
      },
      copy: { heading: t(`docksPage.${copyKey}.heading`), intro: t(`docksPage.${copyKey}.intro`) },
      query,
      lastResult: parsed.lastResult,
      invalid: Object.entries(parsed.errors).map(([field, messages]) => ({ field, label: t(`filters.names.${field}`, { defaultValue: field }), message: messages[0] })),
      signedIn: viewer !== null,
      favouriteIds: [...favourites],
      results: {
        cards,
        total: results.total,
        totalLabel: results.totalIsExact
          ? t("results.docksCount", { count: results.total, value: count })
          : t("results.docksCountAtLeast", { count: results.total, value: count }),
        page: results.page,
        pageCount: results.pageCount,
      },
      points: mapPoints(cards, (card) => (card.kind === "dock" ? dockTitle(tl, card) : tl("untitled"))),
      ports: ports.map(({ slug, name, city }) => ({ slug, name, city })),
    },
    { status: invalid ? 400 : 200, headers: visitorPageHeaders({ viewer }) },
  );
}

export default function DockSearchPage() {
  const { t } = useTranslation(["search", "listing"]);
  const { copy, query, lastResult, invalid, results, points, ports, signedIn, favouriteIds } = useLoaderData<typeof loader>();
  const formKey = useFormKey(DOCK_FILTERS_ID);
  const searching = useSearching();
  const hrefFor = (page: number) => withQuery(PAGE_PATH, toSearchParams({ ...query, page: page > 1 ? page : undefined }));

  return (
    <main id="main" className="container-page py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-sea-900 sm:text-4xl dark:text-white">{copy.heading}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{copy.intro}</p>
      </header>

      <InvalidQuery issues={invalid} />

      <div className="mt-8 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <aside aria-labelledby="filters-heading" className="lg:sticky lg:top-4 lg:self-start">
          <h2 id="filters-heading" className="sr-only">{t("filters.heading")}</h2>
          <FiltersPanel activeCount={activeFilterCount(query, [])}>
            <DockSearchFilters key={formKey} query={query} lastResult={lastResult} ports={ports} action={PAGE_PATH} />
          </FiltersPanel>
        </aside>

        <section aria-labelledby="results-heading" aria-busy={searching} className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite" data-testid="result-count">
              {results.totalLabel}
            </h2>
            <SortSelect key={formKey} formId={DOCK_FILTERS_ID} value={query.sort ?? "newest"} options={dockSortOptions} />
          </div>

          <ListingMap points={points} label={t("map.docksLabel")} className="mt-4 h-56 sm:h-72" />

          {results.cards.length > 0 ? (
            <ul className={`mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${searching ? "opacity-60 transition-opacity" : ""}`} data-testid="results">
              {results.cards.map((card) => (
                <li key={card.id}>
                  <DockListingCard
                    card={card}
                    actions={<FavouriteButton listingId={card.id} favourite={favouriteIds.includes(card.id)} signedIn={signedIn} />}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyResults pageBeyondEnd={results.total > 0} firstPage={hrefFor(1)} clearTo={PAGE_PATH} />
          )}

          <Pagination page={results.page} pageCount={results.pageCount} hrefFor={hrefFor} />
        </section>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const tags = seoMeta(data.meta);
  if (data.meta.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
};
