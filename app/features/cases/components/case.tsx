import { useTranslation } from "react-i18next";
import { languageOf } from "#app/i18n";
import { dateTimeFormat, numberFormat } from "#app/framework/intl";
import { useLang } from "#app/utils/use-lang";

/** A case's status as a coloured badge (the values of `caseStatuses`). */
export function CaseStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("cases");
  const tone =
    status === "completed"
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100"
      : status === "rejected"
        ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100"
        : status === "waiting_documents"
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100"
          : "bg-sea-50 text-sea-900 dark:bg-white/10 dark:text-white";
  return <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${tone}`}>{t(`statuses.${status}`)}</span>;
}

/** Details written as free text (a contact message, notes): shown under their label, lines kept. */
const LONG_TEXT_DETAILS: ReadonlySet<string> = new Set(["message", "notes"]);

/**
 * What a request sent (its details), label and value: choices read in the reader's language
 * (`cases:options.<field>.<value>`), free text under its label with its lines, anything else as written.
 */
export function CaseDetailRows({ details }: { details: ReadonlyArray<readonly [string, string | number | boolean]> }) {
  const { t } = useTranslation("cases");
  const iso = languageOf(useLang()).iso;
  const written = (key: string, value: string | number | boolean) => t(`options.${key}.${String(value)}`, { defaultValue: formatDetail(key, value, iso) });
  return (
    <>
      {/* Free text last, under the short rows. */}
      {[...details].sort(([a], [b]) => Number(LONG_TEXT_DETAILS.has(a)) - Number(LONG_TEXT_DETAILS.has(b))).map(([key, value]) =>
        LONG_TEXT_DETAILS.has(key) ? (
          <div key={key} className="pt-1">
            <dt className="text-slate-600 dark:text-slate-400">{t(`fields.${key}`, { defaultValue: key })}</dt>
            <dd className="mt-1 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 dark:bg-white/5">{String(value)}</dd>
          </div>
        ) : (
          <div key={key} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{t(`fields.${key}`, { defaultValue: key })}</dt>
            <dd className="text-right break-words">{written(key, value)}</dd>
          </div>
        ),
      )}
    </>
  );
}

/** Years are written without a thousands separator ("2015", never "2,015"). */
const UNGROUPED_DETAILS: ReadonlySet<string> = new Set(["year"]);

/**
 * A detail's value in the reader's language: a day ("2026-12-26") as "26 de diciembre de 2026", a
 * number ("6.2", 6.2) as "6,2"; anything else as written.
 */
export function formatDetail(key: string, value: string | number | boolean, iso: string): string {
  if (typeof value === "number") return numberFormat(iso, { maximumFractionDigits: 2, useGrouping: !UNGROUPED_DETAILS.has(key) }).format(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime())) return dateTimeFormat(iso, { dateStyle: "long", timeZone: "UTC" }).format(day);
  }
  if (typeof value === "string" && /^\d+\.\d+$/.test(value)) return numberFormat(iso, { maximumFractionDigits: 2, useGrouping: !UNGROUPED_DETAILS.has(key) }).format(Number(value));
  return String(value);
}

/**
 * The team's mark on a visitor's request (filed signed out, in no account until the person
 * proves the address with the link we emailed): a badge whose title says what it means.
 */
export function VisitorMark() {
  const { t } = useTranslation("admin");
  return (
    <span data-testid="visitor-mark" title={t("cases.visitorTitle")} className="ms-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
      {t("cases.visitor")}
    </span>
  );
}
