import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { acceptedQuote, documentsOutstanding, isCaseError, isQuoteExpired, MAX_DOCUMENT_BYTES, quoteInvoiceId } from "#app/.server/domain/cases";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { CASE_TRANSITIONS, caseStatuses, QUOTE_LIMITS, QUOTE_STEPS, UNQUOTED_TYPES, type CaseStatus } from "#app/utils/cases";
import { clipped, parseForm, unknownIntent } from "#app/.server/http/form";
import { adminCaseSchema, amountValues, deliverSchema } from "./case-schemas";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";
import { CaseDetailRows, CaseStatusBadge, VisitorMark } from "#app/components/case";
import { ErrorList, FormAlert, hintClass, inputClass, labelClass, Notice } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment } from "#app/utils/bookings";
import { href } from "#app/utils/href";
import { languageOf } from "#app/i18n";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { useNotice } from "#app/utils/notice";
import { usePending } from "#app/utils/use-pending";
import { cardClass } from "#app/components/ui/card";
import { dateTimeFormat, numberFormat } from "#app/utils/intl";

/**
 * /admin/gestiones/{id}: a case for the team — everything the requester sent, the documents,
 * the history, internal notes, messages with the requester, and POST forms: `status` (a select
 * and a comment; only the lifecycle's next steps: others are 409, values that are not statuses
 * 400; completing without the documents asked for needs `waiver`, the reason), `quote` (amount
 * in euros, what it covers, valid until), `deliver` (multipart: the result documents, checked by
 * their bytes), `note` and `message`. Bad input is a 400 with a message per field in the page's
 * language. Non-admins get the admin area's 403.
 */
export const handle = { i18n: ["admin", "cases"] };

const MAX_DELIVERY_FILES = 5;

async function admin(ctx: RequestContext, checkRevoked = false) {
  const user = await ctx.requireAdmin({ checkRevoked });
  return { uid: user.uid, role: "admin" as const };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  const found = await ctx.services.cases.getFor(args.params.id ?? "", await admin(ctx));
  if (!found) notFound(ctx.request);
  const item = found.item;
  return {
    meta: { title: ctx.t("case.meta"), description: ctx.t("cases.intro") },
    item: {
      id: item.id,
      type: item.type,
      status: item.status,
      createdAt: item.createdAt,
      contact: item.contact,
      visitor: item.requesterUid === null,
      attachedAt: item.attachedAt ?? null,
      details: Object.entries(item.details),
      history: item.history,
      notes: item.notes,
      messages: item.messages,
      documents: item.documents.map(({ id, name, size, contentType, by, uploadedAt, result }) => ({ id, name, size, contentType, by, uploadedAt, result: result === true })),
    },
    next: CASE_TRANSITIONS[item.status],
    quotes: item.quotes.map((quote) => ({
      ...quote,
      expired: quote.status === "pending" && isQuoteExpired(quote, new Date()),
      invoiceId: quote.status === "accepted" ? quoteInvoiceId(item.id, quote.n) : null,
    })),
    canQuote: !UNQUOTED_TYPES.includes(item.type) && QUOTE_STEPS.send.from.includes(item.status),
    canDeliver: item.status === "in_progress",
    documentsOutstanding: documentsOutstanding(item),
    acceptedQuote: acceptedQuote(item) !== null,
  };
}

/** A refusal: the messages, each field's, and what was typed (shown again: nothing typed is lost). */
type Reply = { intent: string; errors: string[]; fields?: Record<string, string>; values?: Record<string, string> };

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "admin");
  const who = await admin(ctx, true);
  const id = args.params.id ?? "";
  if (!(await ctx.services.cases.getFor(id, who))) notFound(ctx.request);
  const back = (done: string) => ctx.redirectWithNotice(href("admin-case", { lang: ctx.lang, params: { id } }), { key: `admin:case.done.${done}` });

  // The result documents: a multipart body with `intent=deliver` and the files.
  if ((ctx.request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const refuse = (errors: string[], status = 400) => data<Reply>({ intent: "deliver", errors, fields: { documents: errors.join(" ") } }, { status });
    let files: File[];
    const errors: string[] = [];
    try {
      const upload = await readMultipart(ctx.request, { maxFileBytes: MAX_DOCUMENT_BYTES, maxFiles: MAX_DELIVERY_FILES, maxFieldBytes: 1024, maxFields: 8, acceptFile: (field) => field === "documents" });
      if (!parseForm(upload.form, deliverSchema, ctx.t).ok) return data<Reply>({ intent: "deliver", errors: [ctx.t("case.errors.unknown")] }, { status: 400 });
      files = upload.form.getAll("documents").filter((value): value is File => typeof value !== "string" && value.size > 0);
      for (const name of upload.tooLarge) errors.push(ctx.t("cases:errors.too-large", { name }));
      if (upload.overCount.length > 0) errors.push(ctx.t("case.errors.tooManyFiles", { count: MAX_DELIVERY_FILES }));
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      return refuse([ctx.t("cases:errors.unreadable")]);
    }
    if (errors.length > 0) return refuse(errors);
    if (files.length === 0) return refuse([ctx.t("cases:errors.none")]);
    try {
      const uploads = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
      await ctx.services.cases.deliver(id, who, uploads);
    } catch (error) {
      if (!isCaseError(error)) throw error;
      if (error.code === "invalid-transition") return refuse([ctx.t("case.errors.notInProgress")], 409);
      if (error.code === "too-many-documents") return refuse([ctx.t("cases:errors.tooMany")], 409);
      if (error.code === "invalid-document") return refuse([ctx.t(`cases:errors.${error.reason}`, { name: files.map((f) => f.name).join(", ") })]);
      throw error;
    }
    return back("deliver");
  }

  const parsed = parseForm(await ctx.formData(), adminCaseSchema(ctx.lang), ctx.t);
  const intent = parsed.ok ? parsed.value.intent : (parsed.typed.intent ?? "");
  const refuse = (errors: string[], status = 400, fields?: Record<string, string>) => data<Reply>({ intent, errors, ...(fields ? { fields } : {}), values: clipped(parsed.typed, 4000) }, { status });
  if (!parsed.ok) return unknownIntent(parsed) ? refuse([ctx.t("case.errors.unknown")]) : refuse(parsed.errors, 400, parsed.fields);
  const form = parsed.value;
  try {
    if (form.intent === "status") {
      await ctx.services.cases.move(id, who, form.status as CaseStatus, form.comment, { waiver: form.waiver });
      return back("status");
    }
    if (form.intent === "quote") {
      try {
        await ctx.services.cases.sendQuote(id, who, { amountCents: form.amount, description: form.description, validUntil: form.validUntil });
      } catch (error) {
        if (isCaseError(error, "invalid")) {
          const field = error.reason === "amount" || error.reason === "description" ? error.reason : "validUntil";
          const message = field === "amount" ? ctx.t("case.errors.amount", amountValues(ctx.lang)) : field === "description" ? ctx.t("case.errors.description") : ctx.t("case.errors.validUntil", { days: QUOTE_LIMITS.maxValidDays });
          return refuse([message], 400, { [field]: message });
        }
        if (isCaseError(error, "invalid-transition")) return refuse([ctx.t("case.errors.cannotQuote")], 409);
        throw error;
      }
      return back("quote");
    }
    if (form.intent === "note") await ctx.services.cases.addNote(id, who, form.text);
    else await ctx.services.cases.addMessage(id, who, form.text);
    return back(form.intent);
  } catch (error) {
    if (isCaseError(error, "invalid-transition")) return refuse([ctx.t("case.errors.transition")], 409);
    if (isCaseError(error, "needs-quote")) return refuse([ctx.t("case.errors.needsQuote")], 409);
    if (isCaseError(error, "needs-result")) return refuse([ctx.t("case.errors.needsResult")], 409);
    if (isCaseError(error, "needs-reason")) return refuse([ctx.t("case.errors.waiver")], 400, { waiver: ctx.t("case.errors.waiver") });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

const card = cardClass("md");
const button = "rounded-lg bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800 disabled:opacity-60";

export default function AdminCase() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  const { item, next, quotes, canQuote, canDeliver, documentsOutstanding, acceptedQuote } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = usePending({ untilIdle: true });
  const notice = useNotice(...(["status", "note", "message", "quote", "deliver"] as const).map((done) => `admin:case.done.${done}` as const));
  const errorsFor = (intent: string) => (reply?.intent === intent ? <FormAlert id={`${intent}-errors`} errors={reply.errors} /> : null);
  const fieldError = (intent: string, field: string) => (reply?.intent === intent ? reply.fields?.[field] : undefined);
  const typed = (intent: string, field: string) => (reply?.intent === intent ? reply.values?.[field] : undefined);
  const fieldProps = (intent: string, field: string) => (fieldError(intent, field) ? { "aria-invalid": true, "aria-describedby": `${intent}-${field}-error` } : {});
  const money = (cents: number) => numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(cents / 100);
  const day = (iso: string) => dateTimeFormat(languageOf(lang).iso, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  const results = item.documents.filter((doc) => doc.result);
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <p><LocalizedLink to={href("admin-cases")} className="text-sm font-semibold underline">{t("case.back")}</LocalizedLink></p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{tc(`types.${item.type}`)}</h1>
        <CaseStatusBadge status={item.status} />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">{tc("list.reference", { id: item.id })} · {tc("list.since", { date: formatMoment(item.createdAt, lang) })}</p>
      {notice ? <Notice>{notice.text}</Notice> : null}
      <div className="grid gap-6 lg:grid-cols-2">
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
        <section aria-labelledby="move-title" className={card}>
          <h2 id="move-title" className="text-xl font-bold">{t("case.move")}</h2>
          {next.length === 0 ? <p className="mt-2 text-sm">{t("case.closed")}</p> : (
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="status" />
              {errorsFor("status")}
              <label htmlFor="status" className={labelClass}>{t("case.status")}</label>
              <select id="status" name="status" className={inputClass} defaultValue={typed("status", "status") && next.includes(typed("status", "status") as CaseStatus) ? typed("status", "status") : next[0]}>
                {caseStatuses.map((status) => <option key={status} value={status} disabled={!next.includes(status)}>{tc(`statuses.${status}`)}</option>)}
              </select>
              <label htmlFor="comment" className={labelClass}>{t("case.comment")}</label>
              <textarea id="comment" name="comment" rows={3} maxLength={2000} className={inputClass} defaultValue={typed("status", "comment")} />
              {documentsOutstanding && next.includes("completed") ? (
                <>
                  <label htmlFor="waiver" className={labelClass}>{t("case.waiver")}</label>
                  <p id="waiver-hint" className={hintClass}>{t("case.waiverHint")}</p>
                  <textarea id="waiver" name="waiver" rows={2} maxLength={2000} className={inputClass} defaultValue={typed("status", "waiver")} {...fieldProps("status", "waiver")} />
                  <ErrorList id="status-waiver-error" errors={fieldError("status", "waiver") ? [fieldError("status", "waiver")!] : null} />
                </>
              ) : null}
              {acceptedQuote && results.length === 0 && next.includes("completed") ? <p className={hintClass}>{t("case.needsResultHint")}</p> : null}
              <button type="submit" className={button} disabled={busy}>{t("case.moveSubmit")}</button>
            </Form>
          )}
          <h3 className="mt-6 font-semibold">{tc("detail.history")}</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {item.history.map((entry) => (
              <li key={`${entry.at}-${entry.to}`}><time className="tabular-nums text-slate-600 dark:text-slate-400">{formatMoment(entry.at, lang)}</time> <CaseStatusBadge status={entry.to} />{entry.comment ? <p className="mt-1 whitespace-pre-line">{entry.comment}</p> : null}{entry.waiver ? <p className="mt-1 whitespace-pre-line">{tc("detail.waiver", { reason: entry.waiver })}</p> : null}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="quote-title" className={card}>
          <h2 id="quote-title" className="text-xl font-bold">{t("case.quotes")}</h2>
          {quotes.length === 0 ? <p className="mt-2 text-sm">{t("case.noQuotes")}</p> : null}
          <ol className="mt-3 space-y-2 text-sm">
            {quotes.map((quote) => (
              <li key={quote.n} className="rounded-lg border border-slate-200 p-3 dark:border-white/10">
                <p className="font-semibold">
                  {tc("quote.number", { n: quote.n })} · {money(quote.amountCents)} · {quote.expired ? tc("quote.statuses.expired") : tc(`quote.statuses.${quote.status}`)}
                </p>
                <p className="whitespace-pre-line">{quote.description}</p>
                <p className="text-slate-600 dark:text-slate-400">{tc("quote.validUntil", { date: day(quote.validUntil) })}</p>
                {quote.reason ? <p className="mt-1">{tc("quote.reason", { reason: quote.reason })}</p> : null}
                {quote.invoiceId ? (
                  <a href={href("invoice-pdf", { params: { invoiceId: quote.invoiceId }, search: { lang } })} className="font-semibold underline" download>
                    {tc("quote.invoice")}
                  </a>
                ) : null}
              </li>
            ))}
          </ol>
          {canQuote ? (
            <Form method="post" className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-white/10">
              <h3 className="font-semibold">{t("case.newQuote")}</h3>
              <input type="hidden" name="intent" value="quote" />
              {errorsFor("quote")}
              <label htmlFor="amount" className={labelClass}>{t("case.amount")}</label>
              <input id="amount" name="amount" inputMode="decimal" required className={inputClass} defaultValue={typed("quote", "amount")} {...fieldProps("quote", "amount")} />
              <ErrorList id="quote-amount-error" errors={fieldError("quote", "amount") ? [fieldError("quote", "amount")!] : null} />
              <label htmlFor="description" className={labelClass}>{t("case.covers")}</label>
              <textarea id="description" name="description" rows={3} required maxLength={QUOTE_LIMITS.descriptionMax} className={inputClass} defaultValue={typed("quote", "description")} {...fieldProps("quote", "description")} />
              <ErrorList id="quote-description-error" errors={fieldError("quote", "description") ? [fieldError("quote", "description")!] : null} />
              <label htmlFor="validUntil" className={labelClass}>{t("case.validUntil")}</label>
              <input id="validUntil" name="validUntil" type="date" required className={inputClass} defaultValue={typed("quote", "validUntil")} {...fieldProps("quote", "validUntil")} />
              <ErrorList id="quote-validUntil-error" errors={fieldError("quote", "validUntil") ? [fieldError("quote", "validUntil")!] : null} />
              <button type="submit" className={button} disabled={busy}>{t("case.sendQuote")}</button>
            </Form>
          ) : null}
          {canDeliver ? (
            <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-white/10">
              <h3 className="font-semibold">{t("case.deliver")}</h3>
              <p className={hintClass}>{t("case.deliverHint")}</p>
              <input type="hidden" name="intent" value="deliver" />
              {errorsFor("deliver")}
              <label htmlFor="results" className={labelClass}>{t("case.results")}</label>
              <input id="results" name="documents" type="file" multiple required accept="application/pdf,image/jpeg,image/png" className="block w-full text-sm" />
              <button type="submit" className={button} disabled={busy}>{t("case.deliverSubmit")}</button>
            </Form>
          ) : null}
        </section>
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
            <textarea id="note" name="text" rows={2} required maxLength={4000} className={inputClass} />
            <button type="submit" className={button} disabled={busy}>{t("case.addNote")}</button>
          </Form>
        </section>
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
            <textarea id="message" name="text" rows={3} required maxLength={4000} className={inputClass} />
            <button type="submit" className={button} disabled={busy}>{t("case.send")}</button>
          </Form>
        </section>
      </div>
    </main>
  );
}
