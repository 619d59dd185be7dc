import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CaseDetailRows, CaseStatusBadge, VisitorMark } from "#app/features/cases/components/case";
import { ErrorList, FileInput, FormAlert, hintClass, labelClass, Notice, SelectInput, TextareaInput, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { cardClass } from "#app/components/ui/card";
import { languageOf } from "#app/i18n";
import { formatMoment } from "#app/features/bookings";
import { caseStatuses, QUOTE_LIMITS, quoteStatusKey, type CaseStatus } from "#app/features/cases/cases";
import { href } from "#app/utils/href";
import { dateTimeFormat, numberFormat } from "#app/framework/intl";
import { useNotice, useSavedFormKey } from "#app/utils/notice";
import { useLang } from "#app/utils/use-lang";
import { usePending } from "#app/utils/use-pending";
import type { action, loader } from "./admin-case";
import { Button } from "#app/components/ui/button";

/**
 * /admin/gestiones/{id} as the team works it: the request and its documents, moving its status
 * (with the history), the quotes and the delivery of results, the team's own notes, and the
 * messages with the requester. Each section is a component of its own; every form posts to the
 * route's action (`case.tsx`), whose refusals come back per intent (`useReply`).
 */

type CaseData = ReturnType<typeof useLoaderData<typeof loader>>;
type Item = CaseData["item"];

const card = cardClass("md");

/** The action's refusal, read per form (`intent`): its alert, a field's message, what was typed, a field's ARIA links to its message. */
function useReply() {
  const reply = useActionData<typeof action>();
  const errorsFor = (intent: string) => (reply?.intent === intent ? <FormAlert id={`${intent}-errors`} errors={reply.errors} /> : null);
  const fieldError = (intent: string, field: string) => (reply?.intent === intent ? reply.fields?.[field] : undefined);
  const typed = (intent: string, field: string) => (reply?.intent === intent ? reply.values?.[field] : undefined);
  const fieldProps = (intent: string, field: string) => (fieldError(intent, field) ? { "aria-invalid": true, "aria-describedby": `${intent}-${field}-error` } : {});
  return { errorsFor, fieldError, typed, fieldProps };
}

export function AdminCaseView() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  const { item, next, quotes, canQuote, canDeliver, documentsOutstanding, acceptedQuote } = useLoaderData<typeof loader>();
  const notice = useNotice(...(["status", "note", "message", "quote", "deliver", "refund"] as const).map((done) => `admin:case.done.${done}` as const));
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <p><LocalizedLink to={href("admin-cases")} className="text-sm font-semibold underline">{t("case.back")}</LocalizedLink></p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{tc(`types.${item.type}`)}</h1>
        <CaseStatusBadge status={item.status} />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">{tc("list.reference", { reference: item.reference })} · {tc("list.since", { date: formatMoment(item.createdAt, lang) })}</p>
      {notice ? <Notice>{notice.text}</Notice> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Request item={item} />
        <Status item={item} next={next} documentsOutstanding={documentsOutstanding} acceptedQuote={acceptedQuote} />
        <Quotes quotes={quotes} canQuote={canQuote} canDeliver={canDeliver} />
        <Notes item={item} />
        <Messages item={item} />
      </div>
    </main>
  );
}

/** What was asked, by whom (a visitor's request marked as such), and the documents. */
function Request({ item }: { item: Item }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  return (
    <section aria-labelledby="request-title" className={card}>
      <h2 id="request-title" className="text-xl font-bold">{tc("detail.summary")}</h2>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between gap-4"><dt className="text-slate-600 dark:text-slate-400">{tc("detail.contact")}</dt><dd className="text-right">{[item.contact.name, item.contact.email, item.contact.phone].filter(Boolean).join(" · ")}{item.visitor ? <> <VisitorMark /></> : null}</dd></div>
        {item.attachedAt ? <p data-testid="attached-mark" className="text-xs text-slate-600 dark:text-slate-400">{t("cases.attached", { date: formatMoment(item.attachedAt, lang) })}</p> : null}
        <CaseDetailRows details={item.details} />
      </dl>
      <h3 className="mt-5 font-semibold">{tc("detail.documents")}</h3>
      {item.documents.length === 0 ? <p className="text-sm">{tc("detail.noDocuments")}</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {item.documents.map((doc) => (
          <li key={doc.id} className="flex justify-between gap-3">
            <span className="break-all">{doc.name} <span className="text-slate-500 dark:text-slate-400">· {Math.max(1, Math.round(doc.size / 1024))} KB{doc.result ? ` · ${tc("detail.result")}` : ""}</span></span>
            <a href={href("case-document", { params: { caseId: item.id, documentId: doc.id } })} className="font-semibold underline" download>{tc("detail.download")}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Moving the case to a next status (a reason to complete it without the documents), and its history. */
function Status({ item, next, documentsOutstanding, acceptedQuote }: { item: Item } & Pick<CaseData, "next" | "documentsOutstanding" | "acceptedQuote">) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  const busy = usePending({ untilIdle: true });
  const { errorsFor, fieldError, typed, fieldProps } = useReply();
  const results = item.documents.filter((doc) => doc.result);
  return (
    <section aria-labelledby="move-title" className={card}>
      <h2 id="move-title" className="text-xl font-bold">{t("case.move")}</h2>
      {next.length === 0 ? <p className="mt-2 text-sm">{t("case.closed")}</p> : (
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="status" />
          {errorsFor("status")}
          <label htmlFor="status" className={labelClass}>{t("case.status")}</label>
          <SelectInput id="status" name="status" defaultValue={typed("status", "status") && next.includes(typed("status", "status") as CaseStatus) ? typed("status", "status") : next[0]}>
            {caseStatuses.map((status) => <option key={status} value={status} disabled={!next.includes(status)}>{tc(`statuses.${status}`)}</option>)}
          </SelectInput>
          <label htmlFor="comment" className={labelClass}>{t("case.comment")}</label>
          <TextareaInput id="comment" name="comment" rows={3} maxLength={2000} defaultValue={typed("status", "comment")} />
          {documentsOutstanding && next.includes("completed") ? (
            <>
              <label htmlFor="waiver" className={labelClass}>{t("case.waiver")}</label>
              <p id="waiver-hint" className={hintClass}>{t("case.waiverHint")}</p>
              <TextareaInput id="waiver" name="waiver" rows={2} maxLength={2000} defaultValue={typed("status", "waiver")} {...fieldProps("status", "waiver")} />
              <ErrorList id="status-waiver-error" errors={fieldError("status", "waiver") ? [fieldError("status", "waiver")!] : null} />
            </>
          ) : null}
          {acceptedQuote && results.length === 0 && next.includes("completed") ? <p className={hintClass}>{t("case.needsResultHint")}</p> : null}
          <Button size="lg" disabled={busy}>{t("case.moveSubmit")}</Button>
        </Form>
      )}
      <h3 className="mt-6 font-semibold">{tc("detail.history")}</h3>
      <ol className="mt-2 space-y-2 text-sm">
        {item.history.map((entry) => (
          <li key={`${entry.at}-${entry.to}`}><time className="tabular-nums text-slate-600 dark:text-slate-400">{formatMoment(entry.at, lang)}</time> {entry.from === entry.to && entry.quote ? null : <CaseStatusBadge status={entry.to} />}{entry.quote ? <p className="mt-1">{tc(`quote.history.${entry.quote.event}`, { n: entry.quote.n, amount: entry.quote.amountCents ? numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(entry.quote.amountCents / 100) : "" })}</p> : null}{entry.comment ? <p className="mt-1 whitespace-pre-line">{entry.comment}</p> : null}{entry.waiver ? <p className="mt-1 whitespace-pre-line">{tc("detail.waiver", { reason: entry.waiver })}</p> : null}</li>
        ))}
      </ol>
    </section>
  );
}

/** The case's quotes, a new one, and the delivery of the results once a quote is accepted. */
function Quotes({ quotes, canQuote, canDeliver }: Pick<CaseData, "quotes" | "canQuote" | "canDeliver">) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  const busy = usePending({ untilIdle: true });
  const { errorsFor, fieldError, typed, fieldProps } = useReply();
  // The delivery's form is drawn anew once delivered: its file input does not keep what it sent.
  const delivered = useSavedFormKey("admin:case.done.deliver");
  const money = (cents: number) => numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(cents / 100);
  const day = (iso: string) => dateTimeFormat(languageOf(lang).iso, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  return (
    <section aria-labelledby="quote-title" className={card}>
      <h2 id="quote-title" className="text-xl font-bold">{t("case.quotes")}</h2>
      {quotes.length === 0 ? <p className="mt-2 text-sm">{t("case.noQuotes")}</p> : null}
      <ol className="mt-3 space-y-2 text-sm">
        {quotes.map((quote) => (
          <li key={quote.n} className="rounded-lg border border-slate-200 p-3 dark:border-white/10">
            <p className="font-semibold">
              {tc("quote.number", { n: quote.n })} · {money(quote.amountCents)} · {tc(quoteStatusKey(quote, "team"))}
            </p>
            <p className="whitespace-pre-line">{quote.description}</p>
            <p className="text-slate-600 dark:text-slate-400">{tc("quote.validUntil", { date: day(quote.validUntil) })}</p>
            {quote.reason ? <p className="mt-1">{tc("quote.reason", { reason: quote.reason })}</p> : null}
            {quote.invoiceId ? (
              <a href={href("invoice-pdf", { params: { invoiceId: quote.invoiceId }, search: { lang } })} className="font-semibold underline" download>
                {tc("quote.invoice")}
              </a>
            ) : null}
            <QuoteMoney quote={quote} />
          </li>
        ))}
      </ol>
      {canQuote ? (
        <Form method="post" className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-white/10">
          <h3 className="font-semibold">{t("case.newQuote")}</h3>
          <input type="hidden" name="intent" value="quote" />
          {errorsFor("quote")}
          <label htmlFor="amount" className={labelClass}>{t("case.amount")}</label>
          <TextInput id="amount" name="amount" inputMode="decimal" required defaultValue={typed("quote", "amount")} {...fieldProps("quote", "amount")} />
          <ErrorList id="quote-amount-error" errors={fieldError("quote", "amount") ? [fieldError("quote", "amount")!] : null} />
          <label htmlFor="description" className={labelClass}>{t("case.covers")}</label>
          <TextareaInput id="description" name="description" rows={3} required maxLength={QUOTE_LIMITS.descriptionMax} defaultValue={typed("quote", "description")} {...fieldProps("quote", "description")} />
          <ErrorList id="quote-description-error" errors={fieldError("quote", "description") ? [fieldError("quote", "description")!] : null} />
          <label htmlFor="validUntil" className={labelClass}>{t("case.validUntil")}</label>
          <TextInput id="validUntil" name="validUntil" type="date" required defaultValue={typed("quote", "validUntil")} {...fieldProps("quote", "validUntil")} />
          <ErrorList id="quote-validUntil-error" errors={fieldError("quote", "validUntil") ? [fieldError("quote", "validUntil")!] : null} />
          <Button size="lg" disabled={busy}>{t("case.sendQuote")}</Button>
        </Form>
      ) : null}
      {canDeliver ? (
        <Form key={delivered} method="post" encType="multipart/form-data" className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-white/10">
          <h3 className="font-semibold">{t("case.deliver")}</h3>
          <p className={hintClass}>{t("case.deliverHint")}</p>
          <input type="hidden" name="intent" value="deliver" />
          {errorsFor("deliver")}
          <label htmlFor="results" className={labelClass}>{t("case.results")}</label>
          <FileInput id="results" name="documents" multiple required accept="application/pdf,image/jpeg,image/png" />
          <Button size="lg" disabled={busy}>{t("case.deliverSubmit")}</Button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * An accepted quote's money (decision 054): how it was paid, its refunds with their corrective
 * invoices, and a refund of what is left (whole by default, or part) with a reason.
 */
function QuoteMoney({ quote }: { quote: CaseData["quotes"][number] }) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { charges } = useLoaderData<typeof loader>();
  const busy = usePending({ untilIdle: true });
  const { errorsFor, fieldError, typed, fieldProps } = useReply();
  const money = (cents: number) => numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(cents / 100);
  // Typed euros as the page's language writes them, without the currency sign ("145,50").
  const euros = (cents: number) => numberFormat(languageOf(lang).iso, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
  const id = `refund-${quote.n}`;
  const mine = typed("refund-quote", "quote") === String(quote.n);
  return (
    <>
      {quote.payment?.open ? <p className="mt-1 text-slate-600 dark:text-slate-400">{t("case.checkoutOpen")}</p> : null}
      {quote.status === "accepted" || quote.paidCents > 0 ? (
        <p className="mt-1 text-slate-600 dark:text-slate-400">{quote.payment?.paidAt ? t("case.paidCard", { amount: money(quote.paidCents), date: formatMoment(quote.payment.paidAt, lang) }) : t("case.paidOutside")}</p>
      ) : null}
      {quote.refunds.length > 0 ? (
        <ul className="mt-2 space-y-1" data-testid={`quote-${quote.n}-refunds`}>
          {quote.refunds.map((refund) => (
            <li key={refund.k}>
              {t(refund.state === "done" ? "case.refunded" : "case.refundPending", { amount: money(refund.amountCents), date: formatMoment(refund.doneAt ?? refund.at, lang) })}
              <span className="block text-slate-600 dark:text-slate-400">{refund.reason}</span>
              {refund.invoiceId ? <a href={href("invoice-pdf", { params: { invoiceId: refund.invoiceId }, search: { lang } })} className="font-semibold underline" download>{t("case.correctiveInvoice")}</a> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {quote.leftCents > 0 ? (
        <Form method="post" className="mt-3 space-y-2 border-t border-slate-200 pt-3 dark:border-white/10">
          <h3 className="font-semibold">{t("case.refundTitle", { left: money(quote.leftCents) })}</h3>
          <p className={hintClass}>{t(charges && quote.payment?.mode === "provider" ? "case.refundHintCard" : "case.refundHintOutside")}</p>
          <input type="hidden" name="intent" value="refund-quote" />
          <input type="hidden" name="quote" value={quote.n} />
          <input type="hidden" name="refund" value={quote.nextRefund} />
          {mine ? errorsFor("refund-quote") : null}
          <label htmlFor={`${id}-amount`} className={labelClass}>{t("case.refundAmount")}</label>
          <TextInput id={`${id}-amount`} name="amount" inputMode="decimal" required defaultValue={(mine ? typed("refund-quote", "amount") : undefined) ?? euros(quote.leftCents)} {...(mine ? fieldProps("refund-quote", "amount") : {})} />
          <ErrorList id="refund-quote-amount-error" errors={mine && fieldError("refund-quote", "amount") ? [fieldError("refund-quote", "amount")!] : null} />
          <label htmlFor={`${id}-reason`} className={labelClass}>{t("case.refundReason")}</label>
          <TextareaInput id={`${id}-reason`} name="reason" rows={2} required maxLength={500} defaultValue={mine ? typed("refund-quote", "reason") : undefined} {...(mine ? fieldProps("refund-quote", "reason") : {})} />
          <ErrorList id="refund-quote-reason-error" errors={mine && fieldError("refund-quote", "reason") ? [fieldError("refund-quote", "reason")!] : null} />
          <Button size="lg" disabled={busy}>{t("case.refundSubmit")}</Button>
        </Form>
      ) : null}
    </>
  );
}

/** The team's own notes on the case, which the requester never sees. */
function Notes({ item }: { item: Item }) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const busy = usePending({ untilIdle: true });
  const { errorsFor } = useReply();
  return (
    <section aria-labelledby="notes-title" className={card}>
      <h2 id="notes-title" className="text-xl font-bold">{t("case.notes")}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("case.notesHint")}</p>
      <ol className="mt-3 space-y-2 text-sm">
        {item.notes.map((note) => <li key={note.at} className="rounded-lg bg-amber-50 p-3 dark:bg-amber-900/30"><time className="text-xs">{formatMoment(note.at, lang)}</time><p className="whitespace-pre-line">{note.text}</p></li>)}
      </ol>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="note" />
        {errorsFor("note")}
        <label htmlFor="note" className={labelClass}>{t("case.note")}</label>
        <TextareaInput id="note" name="text" rows={2} required maxLength={4000} />
        <Button size="lg" disabled={busy}>{t("case.addNote")}</Button>
      </Form>
    </section>
  );
}

/** The conversation with the requester, and a new message to them. */
function Messages({ item }: { item: Item }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  const busy = usePending({ untilIdle: true });
  const { errorsFor } = useReply();
  return (
    <section aria-labelledby="messages-title" className={card}>
      <h2 id="messages-title" className="text-xl font-bold">{tc("detail.messages")}</h2>
      <ol className="mt-3 space-y-2 text-sm">
        {item.messages.map((message) => (
          <li key={message.at} className={message.from === "team" ? "rounded-lg bg-sea-50 p-3 dark:bg-white/5" : "rounded-lg border border-slate-200 p-3 dark:border-white/10"}>
            <p className="font-semibold">{message.from === "team" ? tc("detail.fromTeam") : item.contact.name} <time className="font-normal text-slate-600 dark:text-slate-400">{formatMoment(message.at, lang)}</time></p>
            <p className="whitespace-pre-line">{message.text}</p>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="message" />
        {errorsFor("message")}
        <label htmlFor="message" className={labelClass}>{t("case.message")}</label>
        <TextareaInput id="message" name="text" rows={3} required maxLength={4000} />
        <Button size="lg" disabled={busy}>{t("case.send")}</Button>
      </Form>
    </section>
  );
}
