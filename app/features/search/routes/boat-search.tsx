import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { boatCard, boatTripTotal, parseSearch } from "#app/features/listings/index.server";
import { serviceFeePercent } from "#app/features/bookings";
import { leftOutParameters, portOptions, resultsPage, searchCards, searchPageCopy } from "#app/features/listings/index.server";
import { BoatListingCard } from "#app/features/listings";
import { activeFilterCount, SearchPageLayout, SearchResults, searchMeta, useFormKey } from "#app/features/search/components/search-results";
import { BOAT_FILTERS_ID, BoatSearchFilters, SortSelect } from "#app/features/search/components/search-filters";
import { localizePath } from "#app/i18n";
import { boatSearchSchema, type BoatSearch } from "#app/features/search/boat-search";
import { boatSortOptions } from "#app/features/search/search-options";
import { BOAT_SEARCH_CANONICAL, drawnCards, mapPointsOf, presetTypeOf, toSearchParams, withQuery } from "#app/features/listings";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { withLoaderHeaders } from "#app/utils/headers";
import { tripDays, tripSearch, withoutEmptyParams } from "#app/features/listings";
import { requestContext } from "#app/.server/http/request-context";

/**
 * The boat search: /alquiler-barco (every type) and the pages with a preset type
 * (/alquiler-barco/barco-a-motor, /alquiler-barco/barco-a-vela, /motos-de-agua/seadoo), each
 * with its own heading, text, title and description. Every filter, the order and the page are
 * in the URL; the query is parsed with the home page form's schema (`boatSearchSchema`), and
 * invalid parameters are left out and answered with a 400 page that says why. The root's
 * canonical link is the path without its query, so filtered variants point at their page.
 */
/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["search", "listing", "favourites"], pageCache: SHARED_WITH_VISITORS };

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, ["search", "zod", "validation"]);
  const { url, lang, path, t } = ctx;
  const preset = presetTypeOf(path);
  const pagePath = preset ? path.replace(/\/+$/, "") : BOAT_SEARCH_CANONICAL;

  // A preset page asked for another type (or "any type"): that is the canonical search's job.
  const askedType = url.searchParams.get("type");
  if (preset && askedType !== null && askedType !== preset) {
    const params = new URLSearchParams(url.searchParams);
    params.delete("page");
    params.delete("c");
    if (askedType === "") params.delete("type");
    throw redirect(localizePath(withQuery(BOAT_SEARCH_CANONICAL, withoutEmptyParams(params) ?? params), lang));
  }
  // Fields left blank in a GET form (`from=&to=`): the same search at its clean URL.
  const clean = withoutEmptyParams(url.searchParams);
  if (clean) throw redirect(localizePath(withQuery(pagePath, clean), lang), 301);

  const parsed = parseSearch(boatSearchSchema, url.searchParams, t);
  const query: BoatSearch = preset ? { ...parsed.query, type: preset } : parsed.query;
  const { listings, ports: portsService } = ctx.services;
  // `c`: the cursor of the page link that opened this page (it reads on from the page before).
  const [results, ports] = await Promise.all([listings.search(query, { cursor: url.searchParams.get("c") }), portsService.list()]);
  const viewer = await ctx.getUser();
  const found = await searchCards(ctx.services, viewer, results.items, ports, boatCard);
  const { favouriteIds } = found;
  // The chosen days and people follow into each boat's page (and on to its rental form).
  const trip = toSearchParams(tripSearch(query));
  // With days chosen each card shows what they come to, before its price per day.
  const days = query.from ? tripDays({ from: query.from, to: query.to ?? null, people: null }) : 0;
  // The cards carry what they draw; the map's markers are drawn from them in the page.
  const cards = drawnCards(found.cards).map((card, i) => ({ ...card, href: withQuery(card.href, trip), trip: boatTripTotal(results.items[i], days, serviceFeePercent(ctx.services.bookings.charges), query.from) }));

  // Each page has its own copy: the canonical search ("all") and the preset ones.
  const copyKey = preset ?? "all";
  const invalid = Object.keys(parsed.errors).length > 0;
  return data(
    {
      ...searchPageCopy(t, `pages.${copyKey}`, results.page, invalid),
      preset,
      pagePath,
      query,
      lastResult: parsed.lastResult,
      invalid: leftOutParameters(parsed.errors, t),
      // The search service validates dates but does not filter by them until bookings exist.
      signedIn: viewer !== null,
      favouriteIds,
      results: resultsPage(results, cards, t, lang, "results.count"),
      ports: portOptions(ports),
    },
    { status: invalid ? 400 : 200, headers: visitorPageHeaders({ viewer, tags: ["search:boat"] }) },
  );
}

export default function BoatSearchPage() {
  const { t } = useTranslation(["search", "listing"]);
  const { copy, preset, pagePath, query, lastResult, invalid, results, ports, signedIn, favouriteIds } = useLoaderData<typeof loader>();
  const points = useMemo(() => mapPointsOf(results.cards, (card) => (card.kind === "boat" && card.title) || t("listing:untitled")), [results.cards, t]);
  const formKey = useFormKey(BOAT_FILTERS_ID);
  const hrefFor = (page: number) =>
    withQuery(pagePath, toSearchParams({ ...query, type: preset ? undefined : query.type, page: page > 1 ? page : undefined }));

  return (
    <SearchPageLayout
      copy={copy}
      invalid={invalid}
      activeFilters={activeFilterCount(query, preset ? ["type"] : [])}
      filters={<BoatSearchFilters key={formKey} query={query} lastResult={lastResult} ports={ports} preset={preset} action={pagePath} />}
    >
      <SearchResults
        results={results}
        Card={BoatListingCard}
        favouriteIds={favouriteIds}
        signedIn={signedIn}
        sort={<SortSelect key={formKey} formId={BOAT_FILTERS_ID} value={query.sort ?? "relevance"} options={boatSortOptions} />}
        points={points}
        mapLabel={t("map.label")}
        hrefFor={hrefFor}
        clearTo={pagePath}
      />
    </SearchPageLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => searchMeta(data?.meta);
