import { useTranslation } from "react-i18next";
import { LocalizedLink } from "./localized-link";

/** The page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pageCount: number): Array<number | "gap"> {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) items.push("gap");
    items.push(n);
  });
  return items;
}

/** Numbered pages as plain links (`hrefFor(n)` is an unprefixed path with its query). */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("search");
  if (pageCount <= 1) return null;
  const link = "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-semibold";
  const idle = "border-slate-200 text-slate-700 hover:border-sea-400 hover:text-sea-700 dark:border-white/15 dark:text-slate-200 dark:hover:text-white";
  return (
    <nav aria-label={t("pagination.label")} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <LocalizedLink to={hrefFor(page - 1)} rel="prev" className={`${link} ${idle}`}>
              <span aria-hidden="true">←</span> {t("pagination.previous")}
            </LocalizedLink>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">…</li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" className={`${link} border-sea-700 bg-sea-700 text-white`}>
                  <span className="sr-only">{t("pagination.page")} </span>
                  {item}
                </span>
              ) : (
                <LocalizedLink to={hrefFor(item)} className={`${link} ${idle}`}>
                  <span className="sr-only">{t("pagination.page")} </span>
                  {item}
                </LocalizedLink>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <LocalizedLink to={hrefFor(page + 1)} rel="next" className={`${link} ${idle}`}>
              {t("pagination.next")} <span aria-hidden="true">→</span>
            </LocalizedLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
