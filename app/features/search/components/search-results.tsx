import { useLocation, useNavigation, type MetaDescriptor } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EAGER_CARDS, type MapPoint } from "#app/features/listings";
import { seoMeta, type SeoCopy } from "#app/utils/meta";
import { usePending } from "#app/utils/use-pending";
import { FavouriteButton, HeartMasks } from "#app/features/listings";
import { ListingMap } from "#app/features/listings";
import { Pagination } from "#app/components/pagination";
import { ButtonLink } from "#app/components/ui/button";

/**
 * Pieces the search pages share around their results: the page's frame, the results, the
 * form's remount key, the loading state, the invalid-query notice, the empty state and the meta.
 */

/**
 * The frame of a search page: its heading and text, the parameters left out, then the filter
 * form (`filters`, in its box, with `activeFilters` set) beside the results (`children`).
 */
export function SearchPageLayout({
  copy,
  invalid,
  activeFilters,
  filters,
  children,
}: {
  copy: { heading: string; intro: string };
  invalid: ReadonlyArray<{ field: string; label: string; message: string }>;
  activeFilters: number;
  filters: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("search");
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
          <FiltersPanel activeCount={activeFilters} open={invalid.length > 0}>
            {filters}
          </FiltersPanel>
        </aside>

        {children}
      </div>
    </main>
  );
}


/**
 * One page of a search's results, as its loader sends it; `cursors`: the tokens of the links to
 * the pages either side, when the search has them.
 */
type ResultsPage<C> = { cards: C[]; total: number; totalLabel: string; page: number; pageCount: number; cursors?: { previous: string | null; next: string | null } | null };

/**
 * `hrefFor`'s page links, the pages either side of `page` with their cursor (`c=`, decision 056's
 * amendment): opened from the link, a page reads on from where the one before it stopped, on any
 * server and after a restart. The other pages' links are plain numbers, as a typed address; the
 * canonical link (the root's) is the path without its query, so neither is a page of its own.
 */
export function withCursors(hrefFor: (page: number) => string, results: Pick<ResultsPage<unknown>, "page" | "cursors">) {
  return (page: number) => {
    const link = hrefFor(page);
    const token = page === results.page - 1 ? results.cursors?.previous : page === results.page + 1 ? results.cursors?.next : null;
    return token ? `${link}${link.includes("?") ? "&" : "?"}c=${token}` : link;
  };
}

/**
 * A search's results: their count beside the order (`sort`), the map, the cards (`Card`, each
 * with its favourite heart) or the empty state, and the links to the other pages (`hrefFor`).
 * `clearTo` is the search without filters.
 */
export function SearchResults<C extends { id: string }>({
  results,
  Card,
  favouriteIds,
  signedIn,
  sort,
  points,
  mapLabel,
  hrefFor,
  clearTo,
}: {
  results: ResultsPage<C>;
  Card: React.ComponentType<{ card: C; actions?: React.ReactNode; eager?: boolean | "high" }>;
  favouriteIds: readonly string[];
  signedIn: boolean;
  sort: React.ReactNode;
  points: readonly MapPoint[];
  mapLabel: string;
  hrefFor: (page: number) => string;
  clearTo: string;
}) {
  const { t } = useTranslation("search");
  const searching = useSearching();
  return (
    <section aria-labelledby="results-heading" aria-busy={searching} className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite" data-testid="result-count">
          {results.totalLabel}
        </h2>
        {sort}
      </div>

      <ListingMap points={points} label={mapLabel} toggle={{ show: t("map.show"), hide: t("map.hide") }} className="mt-3 h-64 sm:mt-4 sm:h-72" />

      {results.cards.length > 0 ? (
        <ul className={`mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${searching ? "opacity-60 transition-opacity" : ""}`} data-testid="results">
          {results.cards.map((card, index) => (
            <li key={card.id}>
              <Card
                card={card}
                eager={index === 0 ? "high" : index < EAGER_CARDS}
                actions={<FavouriteButton listingId={card.id} favourite={favouriteIds.includes(card.id)} signedIn={signedIn} className="card-actions" />}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyResults pageBeyondEnd={results.total > 0} firstPage={hrefFor(1)} clearTo={clearTo} />
      )}

      <Pagination page={results.page} pageCount={results.pageCount} hrefFor={withCursors(hrefFor, results)} />
      {results.cards.length > 0 ? <HeartMasks /> : null}
    </section>
  );
}

/**
 * A key for a filter form that follows the URL: a navigation that did not come from a form
 * (a link, back and forward) changes it, so the form remounts with the new values; the
 * form's own submissions keep it, so typing is never interrupted.
 */
export function useFormKey(formId: string): string {
  // Not a pending check: whether the navigation under way carries a form decides if the form remounts.
  const location = useLocation();
  const navigation = useNavigation();
  const fromForm = useRef(false);
  if (navigation.state !== "idle" && navigation.formData !== undefined) fromForm.current = true;
  const previous = useRef(location.key);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (previous.current === location.key) return;
    previous.current = location.key;
    if (fromForm.current) fromForm.current = false;
    else setGeneration((n) => n + 1);
  }, [location.key]);
  return `${formId}-${generation}`;
}

/** Whether this page is loading new results (a navigation to the same path). */
export function useSearching(): boolean {
  return usePending({ samePath: true });
}

/** The parameters the loader left out, and why (a 400 page). */
export function InvalidQuery({ issues }: { issues: ReadonlyArray<{ field: string; label: string; message: string }> }) {
  const { t } = useTranslation("search");
  if (issues.length === 0) return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-coral-500/40 bg-coral-500/10 px-4 py-3 text-sm text-coral-600 dark:text-coral-300">
      <p className="font-semibold">{t("invalid.title")}</p>
      <ul className="mt-1 list-inside list-disc">
        {issues.map((issue) => (
          <li key={issue.field}>
            {issue.label}: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** No results: for the filters (offer to clear them), or past the last page (offer the first). */
export function EmptyResults({ pageBeyondEnd, firstPage, clearTo }: { pageBeyondEnd: boolean; firstPage: string; clearTo: string }) {
  const { t } = useTranslation("search");
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-white/15" data-testid="empty-results">
      <p className="text-lg font-semibold">{pageBeyondEnd ? t("results.pageEmpty") : t("results.empty.title")}</p>
      {pageBeyondEnd ? null : <p className="mt-2 text-slate-600 dark:text-slate-400">{t("results.empty.text")}</p>}
      <ButtonLink to={pageBeyondEnd ? firstPage : clearTo} size="lg" className="mt-6">
        {pageBeyondEnd ? t("results.firstPage") : t("results.empty.clear")}
      </ButtonLink>
    </div>
  );
}

/**
 * The filters' box: always open on wide screens (1024 px and up); on narrow ones it is folded
 * behind a "Filters (n)" switch from the first byte, so the results come first. The switch is a
 * `<details>` whose open state shows the box beside it through CSS (`peer-open`): it works the
 * same with or without JavaScript, and hydration changes nothing on screen. `open`: unfolded
 * from the start (a query with invalid parameters, whose messages are in the box).
 */
export function FiltersPanel({ activeCount, open = false, children }: { activeCount: number; open?: boolean; children: React.ReactNode }) {
  const { t } = useTranslation("search");
  const toggle = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // The page is hydrated: filter changes now search without reloading (browser tests wait for this).
    if (toggle.current) toggle.current.dataset.enhanced = "true";
  }, []);
  return (
    <div className="rounded-2xl border border-slate-200 dark:border-white/10">
      <details ref={toggle} open={open} className="group/filters peer/filters lg:hidden" data-testid="filters-toggle">
        <summary className="flex cursor-pointer list-none items-center justify-between px-5 py-3 font-semibold [&::-webkit-details-marker]:hidden">
          <span>
            {t("filters.heading")}
            {activeCount > 0 ? <span className="ml-2 rounded-full bg-sea-700 px-2 py-0.5 text-xs text-white">{activeCount}</span> : null}
          </span>
          <span aria-hidden="true" className="text-slate-500 transition-transform dark:text-slate-400 group-open/filters:rotate-180">▾</span>
        </summary>
      </details>
      <div className="hidden p-5 pt-2 peer-open/filters:block lg:block lg:pt-5">{children}</div>
    </div>
  );
}

/** How many filters a query sets (not its order or page). */
export function activeFilterCount(query: Record<string, unknown>, ignore: readonly string[] = []): number {
  return Object.entries(query).filter(([key, value]) => !["sort", "page", ...ignore].includes(key) && value !== undefined && value !== "" && value !== false).length;
}

/** A search page's meta: its title and description, and noindex for a query with invalid parameters. */
export function searchMeta(meta: (SeoCopy & { noindex: boolean }) | undefined): MetaDescriptor[] {
  if (!meta) return [];
  const tags = seoMeta(meta);
  if (meta.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
