import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "./localized-link";

/**
 * Pieces the search pages share around their results: the form's remount key, the loading
 * state, the invalid-query notice and the empty state.
 */

/**
 * A key for a filter form that follows the URL: a navigation that did not come from a form
 * (a link, back and forward) changes it, so the form remounts with the new values; the
 * form's own submissions keep it, so typing is never interrupted.
 */
export function useFormKey(formId: string): string {
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
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}

/** The parameters the loader left out, and why (a 400 page). */
export function InvalidQuery({ issues }: { issues: ReadonlyArray<{ field: string; label: string; message: string }> }) {
  const { t } = useTranslation("search");
  if (issues.length === 0) return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-coral-500/40 bg-coral-500/10 px-4 py-3 text-sm text-coral-600 dark:text-coral-500">
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
      <LocalizedLink
        to={pageBeyondEnd ? firstPage : clearTo}
        className="mt-6 inline-block rounded-full bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800"
      >
        {pageBeyondEnd ? t("results.firstPage") : t("results.empty.clear")}
      </LocalizedLink>
    </div>
  );
}

const WIDE = "(min-width: 1024px)";

/**
 * The filters' box: always open on wide screens; on narrow ones it starts closed (with
 * JavaScript) behind a "Filters (n)" summary, so the results come first. Without JavaScript it
 * stays open, and the summary still toggles it.
 */
export function FiltersPanel({ activeCount, children }: { activeCount: number; children: React.ReactNode }) {
  const { t } = useTranslation("search");
  const panel = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    if (!panel.current) return;
    if (!wide.matches) panel.current.open = false;
    // The page is hydrated: filter changes now search without reloading (browser tests wait for this).
    panel.current.dataset.enhanced = "true";
    const reopen = (event: MediaQueryListEvent) => {
      if (event.matches && panel.current) panel.current.open = true;
    };
    wide.addEventListener("change", reopen);
    return () => wide.removeEventListener("change", reopen);
  }, []);
  return (
    <details ref={panel} open className="rounded-2xl border border-slate-200 dark:border-white/10">
      <summary className="flex cursor-pointer items-center justify-between px-5 py-3 font-semibold lg:hidden">
        <span>
          {t("filters.heading")}
          {activeCount > 0 ? <span className="ml-2 rounded-full bg-sea-700 px-2 py-0.5 text-xs text-white">{activeCount}</span> : null}
        </span>
        <span aria-hidden="true" className="text-slate-500">▾</span>
      </summary>
      <div className="p-5 pt-2 lg:pt-5">{children}</div>
    </details>
  );
}

/** How many filters a query sets (not its order or page). */
export function activeFilterCount(query: Record<string, unknown>, ignore: readonly string[] = []): number {
  return Object.entries(query).filter(([key, value]) => !["sort", "page", ...ignore].includes(key) && value !== undefined && value !== "" && value !== false).length;
}
