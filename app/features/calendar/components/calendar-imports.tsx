import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StayDates } from "#app/features/bookings";
import { cardClass } from "#app/components/ui/card";
import { describedBy, ErrorList, labelClass, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { useLang } from "#app/utils/use-lang";
import { Button } from "#app/components/ui/button";

/** One imported calendar as the owner's calendar page shows it. */
export type ImportedCalendarView = {
  id: string;
  url: string;
  host: string;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  error: { code: string; status: number | null } | null;
  /** Failed so many times in a row that it is fetched less often (decision 046), and when it is tried next. */
  backoff: { failures: number; nextTryAt: string } | null;
  events: number;
  conflicts: Array<{ key: string; start: string; end: string; part: "am" | "pm" | null; days: number; summary: string; bookingIds: string[] }>;
};

/**
 * The owner's calendar page, "Other calendars": the listing's imported calendars (Airbnb,
 * Booking.com, Google, iCloud…) with when each last worked, its failure if the last try failed,
 * that it is fetched less often after failing several times in a row (and when it is tried next),
 * the events that overlap an Amarre booking (kept, shown as conflicts), a button to fetch one now
 * and one to stop importing it; a form to add an address; and whether the listing's own feed
 * shows the imported days too. Plain forms: works without JavaScript.
 */
export function CalendarImports({
  listingId,
  calendars,
  exportImported,
  busy,
  urlError,
  urlValue,
}: {
  listingId: string;
  calendars: ImportedCalendarView[];
  exportImported: boolean;
  busy: boolean;
  urlError: string | null;
  urlValue: string;
}) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  return (
    <section aria-labelledby="imports-title" className={cardClass()}>
      <h2 id="imports-title" className="text-xl font-bold">{t("calendar.imports.title")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("calendar.imports.intro")}</p>
      {calendars.length === 0 ? <p className="mt-3 text-sm">{t("calendar.imports.none")}</p> : null}
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-white/10" aria-label={t("calendar.imports.listLabel")}>
        {calendars.map((calendar) => (
          <li key={calendar.id} className="space-y-2 py-3" data-calendar-import={calendar.id}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-semibold" title={calendar.url}>{calendar.host}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {calendar.lastSuccessAt ? t("calendar.imports.lastWorked", { when: formatMoment(calendar.lastSuccessAt, lang) }) : t("calendar.imports.neverWorked")}
                  {" · "}
                  {t("calendar.imports.events", { count: calendar.events })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="sync-now" />
                  <input type="hidden" name="listing" value={listingId} />
                  <input type="hidden" name="calendar" value={calendar.id} />
                  <Button variant="secondary" size="md" type="submit"  disabled={busy}>{t("calendar.imports.syncNow")}</Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-calendar" />
                  <input type="hidden" name="listing" value={listingId} />
                  <input type="hidden" name="calendar" value={calendar.id} />
                  <Button variant="secondary" size="md" type="submit"  disabled={busy}>{t("calendar.imports.remove")}</Button>
                </Form>
              </div>
            </div>
            {calendar.error ? (
              <p role="status" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {t("calendar.imports.failed", {
                  reason: t(`calendar.imports.reason.${calendar.error.code}`, { status: calendar.error.status ?? "" }),
                  when: calendar.lastAttemptAt ? formatMoment(calendar.lastAttemptAt, lang) : "",
                })}{" "}
                {calendar.lastSuccessAt ? t("calendar.imports.keptBlocks") : null}
              </p>
            ) : null}
            {calendar.backoff ? (
              <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-backoff>
                {t("calendar.imports.backoff", { count: calendar.backoff.failures, when: formatMoment(calendar.backoff.nextTryAt, lang) })}
              </p>
            ) : null}
            {calendar.conflicts.length > 0 ? (
              <div className="rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
                <p className="font-semibold">{t("calendar.imports.conflictsTitle")}</p>
                <ul className="mt-1 space-y-1">
                  {calendar.conflicts.map((conflict) => (
                    <li key={conflict.key} data-conflict>
                      <StayDates stay={conflict} />
                      {conflict.summary ? ` · ${conflict.summary}` : ""}
                      {" · "}
                      {conflict.bookingIds.map((id, n) => (
                        <span key={id}>
                          {n > 0 ? ", " : ""}
                          <LocalizedLink to={href("settings-rental", { params: { id } })} className="underline">{t("calendar.imports.conflictBooking")}</LocalizedLink>
                        </span>
                      ))}
                    </li>
                  ))}
                </ul>
                <p className="mt-1">{t("calendar.imports.conflictsHint")}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="add-calendar" />
        <input type="hidden" name="listing" value={listingId} />
        <div>
          <label htmlFor="import-url" className={labelClass}>{t("calendar.imports.url")}</label>
          <TextInput
            id="import-url"
            name="url"
            type="url"
            required
            maxLength={2000}
            placeholder="https://"
            defaultValue={urlValue}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={describedBy("import-url-hint", urlError && "import-url-error")}
          />
          <p id="import-url-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("calendar.imports.urlHint")}</p>
          {urlError ? <ErrorList id="import-url-error" errors={[urlError]} /> : null}
        </div>
        <Button variant="primary" size="lg" type="submit"  disabled={busy}>{t("calendar.imports.add")}</Button>
      </Form>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="export-imported" />
        <input type="hidden" name="listing" value={listingId} />
        <input type="hidden" name="on" value={exportImported ? "false" : "true"} />
        <p className="text-sm">{t(exportImported ? "calendar.imports.exportOn" : "calendar.imports.exportOff")}</p>
        <Button variant="secondary" size="md" type="submit"  disabled={busy}>{t(exportImported ? "calendar.imports.exportStop" : "calendar.imports.exportStart")}</Button>
      </Form>
    </section>
  );
}
