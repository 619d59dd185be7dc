import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CaseDetailRows, CaseStatusBadge } from "#app/features/cases/components/case";
import { FileInput, FormAlert, hintClass, labelClass, Notice, TextareaInput, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { languageOf } from "#app/i18n";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { dateTimeFormat, numberFormat } from "#app/framework/intl";
import { quoteStatusKey } from "#app/features/cases/cases";
import { useNotice, useSavedFormKey, type NoticeKey } from "#app/utils/notice";
import { useLang } from "#app/utils/use-lang";
import { usePending } from "#app/utils/use-pending";
import type { action, loader } from "./case";

/**
 * /ajustes/gestiones/{id} as its requester sees it: the quotes to accept or decline, the request
 * and its history, the documents (and the team's results), the messages. Each section is a
 * component of its own; every form posts to the route's action (`case.tsx`).
 */

type CaseData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { refused: null }>;
type Item = CaseData["item"];

/** The notices a case's page shows (after a form here, or a request or claim that lands here). */
const CASE_NOTICES: NoticeKey[] = ["cases:detail.uploaded", "cases:detail.sent", "cases:detail.created", "cases:detail.claimed", "cases:detail.alreadyYours", "cases:quote.accepted", "cases:quote.declined"];

export function CaseView() {
  const { t } = useTranslation("cases");
  const lang = useLang();
  const { item, quotes, checkout } = useLoaderData<typeof loader>() as CaseData;
  const notice = useNotice(...CASE_NOTICES);
  return (
    <main id="main" className="space-y-6">
      <p>
        <LocalizedLink to={href("settings-cases")} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">{t("detail.back")}</LocalizedLink>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">{t(`types.${item.type}`)}</h1>
        <CaseStatusBadge status={item.status} />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("list.reference", { reference: item.reference })} · {t("list.since", { date: formatMoment(item.createdAt, lang) })}
      </p>
      {notice ? <Notice>{notice.text}</Notice> : null}
      {/* Back from Stripe's page: paid (the work starts once Stripe confirms it) or left unpaid. */}
      {checkout ? <Notice>{t(checkout === "complete" && item.status === "quoted" ? "quote.checkoutComplete" : checkout === "complete" ? "quote.paid" : "quote.checkoutCancelled")}</Notice> : null}
      {quotes.length > 0 ? <Quotes quotes={quotes} /> : null}
      <RequestAndHistory item={item} />
      <Documents item={item} />
      <Messages item={item} />
    </main>
  );
}

/**
 * The team's quotes, newest last; the pending one can be accepted (paid by card first when Amarre
 * takes payments; it is invoiced) or declined with a reason; an accepted one shows how it is paid
 * and its refunds, each with its corrective invoice.
 */
function Quotes({ quotes }: { quotes: CaseData["quotes"] }) {
  const { t } = useTranslation("cases");
  const lang = useLang();
  const { charges } = useLoaderData<typeof loader>() as CaseData;
  const reply = useActionData<typeof action>();
  const busy = usePending({ untilIdle: true });
  const money = (cents: number) => numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(cents / 100);
  const day = (iso: string) => dateTimeFormat(languageOf(lang).iso, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  const pending = quotes.find((quote) => quote.status === "pending");
  return (
    <section aria-labelledby="quote-title" className={cardClass()}>
      <h2 id="quote-title" className="text-xl font-bold">{t("quote.title")}</h2>
      {reply?.intent === "accept-quote" || reply?.intent === "decline-quote" ? <FormAlert id="quote-errors" errors={reply.errors} /> : null}
      <ol className="mt-3 space-y-4 text-sm">
        {quotes.map((quote) => (
          <li key={quote.n} className="rounded-lg border border-slate-200 p-4 dark:border-white/10">
            <p className="text-lg font-bold">
              {money(quote.amountCents)} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{t("quote.vatIncluded")}</span>
            </p>
            <p className="mt-1 whitespace-pre-line">{quote.description}</p>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {t("quote.number", { n: quote.n })} · {t(quoteStatusKey(quote, "requester"))} · {t("quote.validUntil", { date: day(quote.validUntil) })}
            </p>
            {quote.reason ? <p className="mt-1">{t("quote.reason", { reason: quote.reason })}</p> : null}
            {quote.invoice ? (
              <p className="mt-2">
                <a href={href("invoice-pdf", { params: { invoiceId: quote.invoice.id }, search: { lang } })} download className="font-semibold text-sea-800 underline dark:text-sea-200">
                  {t("quote.invoiceLink", { number: quote.invoice.number })}
                </a>
              </p>
            ) : null}
            {quote.status === "accepted" ? <p className="mt-1 text-slate-600 dark:text-slate-400">{quote.payment?.paidAt ? t("quote.paidOn", { date: formatMoment(quote.payment.paidAt, lang) }) : t("quote.paidOutside")}</p> : null}
            {quote.refunds.length > 0 ? (
              <ul aria-label={t("quote.refundsTitle")} className="mt-2 space-y-1" data-testid="quote-refunds">
                {quote.refunds.map((refund) => (
                  <li key={refund.k}>
                    {t(quote.payment?.mode === "provider" ? "quote.refundCard" : "quote.refundOutside", { amount: money(refund.amountCents), date: formatMoment(refund.at, lang) })}
                    {refund.reason ? <span className="block text-slate-600 dark:text-slate-400">{t("quote.refundReason", { reason: refund.reason })}</span> : null}
                    {refund.invoice ? (
                      <a href={href("invoice-pdf", { params: { invoiceId: refund.invoice.id }, search: { lang } })} download className="block font-semibold text-sea-800 underline dark:text-sea-200">
                        {t("quote.correctiveLink", { number: refund.invoice.number })}
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {quote.status === "expired" ? <p className="mt-2">{t("quote.expiredReview")}</p> : null}
            {quote === pending ? (
              quote.expired ? (
                <p className="mt-2">{t("quote.expiredHint")}</p>
              ) : (
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <Form method="post">
                    <input type="hidden" name="intent" value="accept-quote" />
                    <input type="hidden" name="quote" value={quote.n} />
                    <p className={hintClass}>{charges ? (quote.payment?.open ? t("quote.payOpenHint") : t("quote.payHint")) : t("quote.acceptHint")}</p>
                    <Button variant="primary" size="lg" type="submit" className="mt-2" disabled={busy}>{charges ? t("quote.acceptAndPay") : t("quote.accept")}</Button>
                  </Form>
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="intent" value="decline-quote" />
                    <input type="hidden" name="quote" value={quote.n} />
                    <label htmlFor={`reason-${quote.n}`} className={labelClass}>{t("quote.reasonLabel")}</label>
                    <TextInput id={`reason-${quote.n}`} name="reason" maxLength={2000} />
                    <Button variant="secondary" size="lg" disabled={busy}>
                      {t("quote.decline")}
                    </Button>
                  </Form>
                </div>
              )
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  
  );
}

/** What was asked (the contact and the request's details) and the case's history. */
function RequestAndHistory({ item }: { item: Item }) {
  const { t } = useTranslation("cases");
  const lang = useLang();
  const money = (cents: number) => numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(cents / 100);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="summary-title" className={cardClass()}>
        <h2 id="summary-title" className="text-xl font-bold">{t("detail.summary")}</h2>
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{t("detail.contact")}</dt>
            <dd className="text-right">{[item.contact.name, item.contact.email, item.contact.phone].filter(Boolean).join(" · ")}</dd>
          </div>
          <CaseDetailRows details={item.details} />
        </dl>
      </section>
      <section aria-labelledby="history-title" className={cardClass()}>
        <h2 id="history-title" className="text-xl font-bold">{t("detail.history")}</h2>
        <ol className="mt-3 space-y-3 text-sm">
          {item.history.map((entry) => (
            <li key={`${entry.at}-${entry.to}`}>
              <time dateTime={entry.at} className="tabular-nums text-slate-600 dark:text-slate-400">{formatMoment(entry.at, lang)}</time>{" "}
              {/* A refund (or a payment kept after the case moved on) changes no status: no badge. */}
              {entry.from === entry.to && entry.quote ? null : <CaseStatusBadge status={entry.to} />}
              {entry.quote ? <p className="mt-1">{t(`quote.history.${entry.quote.event}`, { n: entry.quote.n, amount: entry.quote.amountCents ? money(entry.quote.amountCents) : "" })}</p> : null}
              {entry.comment ? <p className="mt-1 whitespace-pre-line">{entry.quote?.event === "refunded" ? t("quote.refundReason", { reason: entry.comment }) : entry.comment}</p> : null}
              {entry.waiver ? <p className="mt-1 whitespace-pre-line">{t("detail.waiver", { reason: entry.waiver })}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** The team's results to download, the requester's documents, and more of them while the team waits for them. */
function Documents({ item }: { item: Item }) {
  const { t } = useTranslation("cases");
  const reply = useActionData<typeof action>();
  const busy = usePending({ untilIdle: true });
  // Drawn anew once the documents are uploaded: the file input does not keep the files it sent.
  const uploaded = useSavedFormKey("cases:detail.uploaded");
  const results = item.documents.filter((doc) => doc.result);
  const others = item.documents.filter((doc) => !doc.result);
  return (
    <section aria-labelledby="documents-title" className={cardClass()}>
      {results.length > 0 ? (
        <>
          <h2 id="results-title" className="text-xl font-bold">{t("detail.results")}</h2>
          <ul aria-labelledby="results-title" className="mt-3 mb-6 space-y-2 text-sm">
            {results.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center justify-between gap-3">
                <span className="break-all">{doc.name} <span className="text-slate-500 dark:text-slate-400">· {Math.max(1, Math.round(doc.size / 1024))} KB</span></span>
                <a href={href("case-document", { params: { caseId: item.id, documentId: doc.id } })} className="font-semibold text-sea-800 underline dark:text-sea-200" download>
                  {t("detail.downloadResult", { name: doc.name })}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 id="documents-title" className="text-xl font-bold">{t("detail.documents")}</h2>
      {others.length === 0 ? <p className="mt-2 text-sm">{t("detail.noDocuments")}</p> : null}
      <ul className="mt-3 space-y-2 text-sm">
        {others.map((doc) => (
          <li key={doc.id} className="flex flex-wrap items-center justify-between gap-3">
            <span className="break-all">{doc.name} <span className="text-slate-500 dark:text-slate-400">· {Math.max(1, Math.round(doc.size / 1024))} KB</span></span>
            <a href={href("case-document", { params: { caseId: item.id, documentId: doc.id } })} className="font-semibold text-sea-800 underline dark:text-sea-200" download>
              {t("detail.download")}
            </a>
          </li>
        ))}
      </ul>
      {item.status === "waiting_documents" ? (
        <Form key={uploaded} method="post" encType="multipart/form-data" className="mt-5 space-y-3 border-t border-slate-200 pt-5 dark:border-white/10">
          <h3 className="font-semibold">{t("detail.uploadTitle")}</h3>
          <p className={hintClass}>{t("detail.uploadIntro")}</p>
          {reply?.intent === "documents" ? <FormAlert id="documents-errors" errors={reply.errors} /> : null}
          <label htmlFor="documents" className={labelClass}>{t("detail.files")}</label>
          <FileInput id="documents" name="documents" multiple required accept="application/pdf,image/jpeg,image/png" />
          <Button variant="primary" size="lg" type="submit"  disabled={busy}>{t("detail.upload")}</Button>
        </Form>
      ) : null}
    </section>
  );
}

/** The conversation with the team, and a new message to it. */
function Messages({ item }: { item: Item }) {
  const { t } = useTranslation("cases");
  const lang = useLang();
  const reply = useActionData<typeof action>();
  const busy = usePending({ untilIdle: true });
  return (
    <section aria-labelledby="messages-title" className={cardClass()}>
      <h2 id="messages-title" className="text-xl font-bold">{t("detail.messages")}</h2>
      {item.messages.length === 0 ? <p className="mt-2 text-sm">{t("detail.noMessages")}</p> : null}
      <ol className="mt-3 space-y-3 text-sm">
        {item.messages.map((message) => (
          <li key={message.at} className={message.from === "team" ? "rounded-lg bg-sea-50 p-3 dark:bg-white/5" : "rounded-lg border border-slate-200 p-3 dark:border-white/10"}>
            <p className="font-semibold">
              {message.from === "team" ? t("detail.fromTeam") : t("detail.fromYou")}{" "}
              <time dateTime={message.at} className="font-normal text-slate-600 dark:text-slate-400">{formatMoment(message.at, lang)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line">{message.text}</p>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="message" />
        {reply?.intent === "message" ? <FormAlert id="message-errors" errors={reply.errors} /> : null}
        <label htmlFor="message" className={labelClass}>{t("detail.message")}</label>
        <TextareaInput id="message" name="message" rows={3} required maxLength={4000} />
        <Button variant="primary" size="lg" type="submit"  disabled={busy}>{t("detail.send")}</Button>
      </Form>
    </section>
  );
}
