import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dockCard, mapPoints, parseSearch } from "#app/features/listings/index.server";
import { leftOutParameters, portOptions, resultsPage, searchCards, searchPageCopy } from "#app/features/listings/index.server";
import { DockListingCard } from "#app/features/listings";
import { DOCK_FILTERS_ID, DockSearchFilters, SortSelect } from "#app/features/search/components/search-filters";
import { activeFilterCount, SearchPageLayout, SearchResults, searchMeta, useFormKey } from "#app/features/search/components/search-results";
import { dockSearchSchema, type DockSearch } from "#app/features/listings";
import { dockSortOptions } from "#app/features/search/search-options";
import { dockTitle, toSearchParams, withQuery } from "#app/features/listings";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { withLoaderHeaders } from "#app/utils/headers";
import { href } from "#app/utils/href";
import { localizePath } from "#app/i18n";
import { withoutEmptyParams } from "#app/features/listings";
import { requestContext } from "#app/.server/http/request-context";

/**
 * /docks: berths and moorings for sale or rent, by port or place, minimum length, beam and
 * depth, and price (the sale price, or the monthly price of a berth for rent), newest first
 * or by price. Same conventions as the boat search: everything in the URL, invalid parameters
 * left out with a 400 page that says why.
 */
/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["search", "listing", "favourites"], pageCache: SHARED_WITH_VISITORS };

const PAGE_PATH = href("dock-search");

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, ["search", "zod", "validation"]);
  const { url, lang, t } = ctx;
  // Fields left blank in a GET form (`minLengthM=&place=`): the same search at its clean URL.
  const clean = withoutEmptyParams(url.searchParams);
  if (clean) throw redirect(localizePath(withQuery(PAGE_PATH, clean), lang), 301);
  const tl = ctx.tFor("listing");
  const parsed = parseSearch(dockSearchSchema, url.searchParams, t);
  const query: DockSearch = parsed.query;
  const { listings, ports: portsService } = ctx.services;
  const [results, ports] = await Promise.all([listings.searchDocks(query, { cursor: url.searchParams.get("c") }), portsService.list()]);
  const viewer = await ctx.getUser();
  const { cards, favouriteIds } = await searchCards(ctx.services, viewer, results.items, ports, dockCard);

  const invalid = Object.keys(parsed.errors).length > 0;
  const copyKey = query.kind ?? "all";
  return data(
    {
      ...searchPageCopy(t, `docksPage.${copyKey}`, results.page, invalid),
      query,
      lastResult: parsed.lastResult,
      invalid: leftOutParameters(parsed.errors, t),
      signedIn: viewer !== null,
      favouriteIds,
      results: resultsPage(results, cards, t, lang, "results.docksCount"),
      points: mapPoints(cards, (card) => (card.kind === "dock" ? dockTitle(tl, card) : tl("untitled"))),
      ports: portOptions(ports),
    },
    { status: invalid ? 400 : 200, headers: visitorPageHeaders({ viewer, tags: ["search:dock"] }) },
  );
}

export default function DockSearchPage() {
  const { t } = useTranslation(["search", "listing"]);
  const { copy, query, lastResult, invalid, results, points, ports, signedIn, favouriteIds } = useLoaderData<typeof loader>();
  const formKey = useFormKey(DOCK_FILTERS_ID);
  const hrefFor = (page: number) => withQuery(PAGE_PATH, toSearchParams({ ...query, page: page > 1 ? page : undefined }));

  return (
    <SearchPageLayout
      copy={copy}
      invalid={invalid}
      activeFilters={activeFilterCount(query, [])}
      filters={<DockSearchFilters key={formKey} query={query} lastResult={lastResult} ports={ports} action={PAGE_PATH} />}
    >
      <SearchResults
        results={results}
        Card={DockListingCard}
        favouriteIds={favouriteIds}
        signedIn={signedIn}
        sort={<SortSelect key={formKey} formId={DOCK_FILTERS_ID} value={query.sort ?? "newest"} options={dockSortOptions} />}
        points={points}
        mapLabel={t("map.docksLabel")}
        hrefFor={hrefFor}
        clearTo={PAGE_PATH}
      />
    </SearchPageLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => searchMeta(data?.meta);
