import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { formatEuros } from "#app/utils/money";
import { differenceSentence, differenceSubject } from "#app/features/reconciliation";
import { useLang } from "#app/utils/use-lang";
import { usePending } from "#app/utils/use-pending";
import type { OperationsView } from "./operations.server";

/**
 * The operations page's reconciliation with Stripe (decision 053): why there is none without a
 * provider; else the last run — when, who started it, what was compared, its differences in
 * words, each linked to the team's page of its booking or of its paid quote's case (or "no
 * differences" with the figures compared), whether the team was emailed — and a
 * button that runs one now (`intent=reconcile`, a plain POST form).
 */
export function Reconciliation({ view }: { view: OperationsView["reconciliation"] }) {
  const { r } = useWords();
  const busy = usePending({ untilIdle: true });
  return (
    <section id="conciliacion" aria-labelledby="reconciliation-title" className={cardClass()} data-section="reconciliation">
      <h2 id="reconciliation-title" className="text-xl font-bold">{r("title")}</h2>
      {!view.available ? (
        <p className="mt-3" data-reconciliation="unavailable">{r("recorded")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{r("intro", { days: view.windowDays })}</p>
          <div className="mt-3 space-y-3">
            {view.underWay ? <p className="font-semibold" data-reconciliation="under-way">{r("underWay")}</p> : null}
            {view.last ? <LastRun run={view.last} maxBookings={view.maxBookings} /> : <p data-reconciliation="never">{r("never")}</p>}
            <Form method="post">
              <input type="hidden" name="intent" value="reconcile" />
              <Button type="submit" variant="primary" size="md" disabled={busy || view.underWay}>{r("button")}</Button>
            </Form>
          </div>
        </>
      )}
    </section>
  );
}

type Run = NonNullable<Extract<OperationsView["reconciliation"], { available: true }>["last"]>;

/** The words of the section's keys (`operations.reconcile.*`). */
function useWords() {
  const { t } = useTranslation("admin");
  return { t, lang: useLang(), r: (key: string, values?: Record<string, unknown>) => t(`operations.reconcile.${key}`, values) };
}

function LastRun({ run, maxBookings }: { run: Run; maxBookings: number }) {
  const { t, lang, r } = useWords();
  const by = run.by.kind === "scheduler" ? r("byScheduler") : r("byAdmin", { name: run.by.name ?? run.by.uid });
  const count = run.differences.length + run.differencesMore;
  const notes = [
    run.more ? r("moreBookings", { max: maxBookings }) : null,
    run.inFlight > 0 ? r("inFlight", { count: run.inFlight }) : null,
    run.manual > 0 ? r("manual", { count: run.manual }) : null,
    run.unread > 0 && run.state === "done" ? r("unread", { count: run.unread, error: run.error ?? "—" }) : null,
    run.email !== "none" ? r(`email.${run.email}`) : null,
  ].filter((note): note is string => note !== null);
  return (
    <div data-reconciliation-run={run.id} data-state={run.state} data-differences={count}>
      <p>
        {r("run", { at: formatMoment(run.finishedAt ?? run.startedAt, lang), by })} {r(run.quotes ? "comparedQuotes" : "compared", { bookings: run.bookings, quotes: run.quotes, objects: run.objects })}
      </p>
      {run.state === "failed" ? (
        <p className="mt-2 font-semibold text-red-700 dark:text-red-300">{r("failed", { error: run.error ?? "—" })}</p>
      ) : count === 0 ? (
        <p className="mt-2 font-semibold text-emerald-800 dark:text-emerald-300">{r("noDifferences")}</p>
      ) : (
        <>
          <h3 className="mt-2 font-semibold text-red-700 dark:text-red-300">{r("differences", { count })}</h3>
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-white/5">
            {run.differences.map((d, i) => (
              <li key={`${d.bookingId ?? `${d.caseId}#${d.quoteN}`}-${d.line ?? "stripe"}-${d.reference ?? i}-${d.object}`} className="py-2 text-sm" data-difference={d.kind} data-booking={d.bookingId} data-case={d.caseId}>
                <LocalizedLink to={d.caseId ? href("admin-case", { params: { id: d.caseId } }) : href("admin-booking", { params: { id: d.bookingId ?? "" } })} className="block font-mono text-xs font-semibold text-sea-800 underline dark:text-sea-200">
                  {differenceSubject(t, d)}
                </LocalizedLink>
                <span className="block break-words">{differenceSentence(t, lang, d)}</span>
              </li>
            ))}
          </ul>
          {run.differencesMore > 0 ? <p className="text-sm">{r("more", { count: run.differencesMore })}</p> : null}
        </>
      )}
      {run.state === "done" ? <Figures run={run} /> : null}
      {notes.map((note) => (
        <p key={note} className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p>
      ))}
    </div>
  );
}

function Figures({ run }: { run: Run }) {
  const { lang, r } = useWords();
  const rows: Array<[string, number, number | null]> = [
    [r("figures.captured"), run.ledger.capturedCents, run.stripe.capturedCents],
    [r("figures.refunded"), run.ledger.refundedCents, run.stripe.refundedCents],
    [r("figures.transferred"), run.ledger.transferredCents, run.stripe.transferredCents],
    [r("figures.fees"), 0, run.stripe.feeCents],
  ];
  return (
    <table className="mt-3 text-left text-sm" data-reconciliation="figures">
      <caption className="text-left font-semibold">{r("figures.title")}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-white/10">
          <td className="py-1 pr-4" />
          <th scope="col" className="py-1 pr-4 font-semibold">{r("figures.ledger")}</th>
          <th scope="col" className="py-1 pr-4 font-semibold">{r("figures.stripe")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ledger, stripe], i) => (
          <tr key={label} className="border-b border-slate-100 last:border-0 dark:border-white/5">
            <th scope="row" className="py-1 pr-4 font-normal">{label}</th>
            <td className="py-1 pr-4 tabular-nums">{i === 3 ? "—" : formatEuros(ledger, lang)}</td>
            <td className="py-1 pr-4 tabular-nums">{stripe === null ? "—" : formatEuros(stripe, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

