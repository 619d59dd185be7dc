import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { type MetaFunction } from "@remix-run/react";
import { acceptedQuote, documentsOutstanding, isCaseError, isQuoteExpired, MAX_DOCUMENT_BYTES, quoteInvoiceId, refundable } from "#app/features/cases/.server";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { CASE_TRANSITIONS, QUOTE_LIMITS, QUOTE_STEPS, UNQUOTED_TYPES, type CaseStatus } from "#app/features/cases/cases";
import { clipped, parseForm, unknownIntent } from "#app/.server/http/form";
import { adminCaseSchema, amountValues, deliverSchema } from "../admin-schemas.server";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { numberFormat } from "#app/framework/intl";
import { AdminCaseView } from "./admin-case-view";

/**
 * /admin/gestiones/{id}: a case for the team — everything the requester sent, the documents,
 * the history, internal notes, messages with the requester, and POST forms: `status` (a select
 * and a comment; only the lifecycle's next steps: others are 409, values that are not statuses
 * 400; completing without the documents asked for needs `waiver`, the reason), `quote` (amount
 * in euros, what it covers, valid until), `refund-quote` (an accepted quote's refund, whole or in
 * part, with a reason: the provider's refund and a corrective invoice; decision 054), `deliver`
 * (multipart: the result documents, checked by
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
  invariantResponse(found, ctx.request);
  const item = found.item;
  return {
    meta: { title: ctx.t("case.meta"), description: ctx.t("cases.intro") },
    item: {
      id: item.id,
      reference: item.reference,
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
    quotes: item.quotes.map(({ refunds, payment, ...quote }) => ({
      ...quote,
      expired: quote.status === "expired" || (quote.status === "pending" && isQuoteExpired(quote, new Date())),
      invoiceId: quote.status === "accepted" ? quoteInvoiceId(item.id, quote.n) : null,
      payment: payment ? { mode: payment.mode, paidAt: payment.paidAt, reference: payment.reference, open: payment.url !== null && !payment.paidAt } : null,
      // What was paid and is left to refund; the next refund's number (the form's, so a double press refunds once).
      ...refundable({ ...quote, payment, refunds }),
      nextRefund: (refunds ?? []).length + 1,
      refunds: (refunds ?? []).map((refund) => ({ ...refund, invoiceId: refund.state === "done" ? `${quoteInvoiceId(item.id, quote.n)}_R${refund.k}` : null })),
    })),
    // Whether a refund goes back to the card (Stripe) or is paid back outside Amarre.
    charges: ctx.config.PAYMENTS_PROVIDER === "stripe",
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
  invariantResponse(await ctx.services.cases.getFor(id, who), ctx.request);
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
    if (form.intent === "refund-quote") {
      try {
        await ctx.services.cases.refundQuote(id, who, { n: form.quote, k: form.refund, amountCents: form.amount, reason: form.reason });
      } catch (error) {
        const money = (cents: number) => numberFormat(ctx.lang, { style: "currency", currency: "EUR" }).format(cents / 100);
        if (isCaseError(error, "refund-amount")) {
          const left = Number(error.reason);
          const message = Number.isInteger(left) && left > 0 ? ctx.t("case.errors.refundAmount", { max: money(left) }) : ctx.t("case.errors.refundNothing");
          return refuse([message], 400, { amount: message });
        }
        if (isCaseError(error, "stale-refund")) return refuse([ctx.t("case.errors.refundChanged")], 409);
        if (isCaseError(error, "not-refundable")) return refuse([ctx.t("case.errors.refundNothing")], 409);
        if (isCaseError(error, "payment-failed")) {
          console.error(`[cases] refunding quote ${form.quote} of case ${id} failed:`, error.cause);
          return refuse([ctx.t(error.reason === "unavailable" ? "case.errors.refundUnavailable" : "case.errors.refundRefused")], error.reason === "unavailable" ? 503 : 409);
        }
        if (isCaseError(error, "invalid")) return refuse([ctx.t("case.errors.refundReason")], 400, { reason: ctx.t("case.errors.refundReason") });
        throw error;
      }
      return back("refund");
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

export default function AdminCase() {
  return <AdminCaseView />;
}
