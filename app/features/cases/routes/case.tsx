import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CLAIM_LINK_DAYS, isCaseError, isQuoteExpired, MAX_DOCUMENT_BYTES, quoteInvoiceId, type Case, type ClaimOutcome } from "#app/features/cases/.server";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { parseForm, unknownIntent } from "#app/.server/http/form";
import { caseFormSchema, documentsSchema } from "../schemas.server";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { cardClass } from "#app/components/ui/card";
import { LocalizedLink } from "#app/components/localized-link";
import { href } from "#app/utils/href";
import { withRetryAfter } from "#app/utils/headers";
import { CaseView } from "./case-view";
import { seoMeta } from "#app/utils/meta";
import { type NoticeKey } from "#app/utils/notice";

/**
 * /ajustes/mis-gestiones/{id}: one case for its requester — the request, its history with the
 * team's comments, the team's quote to accept or decline (`intent=accept-quote`,
 * `intent=decline-quote`; a quote past its day is a 409; with a provider that charges, accepting
 * answers 303 to its Checkout and the work starts once it is paid, decision 054) and the accepted
 * quote's invoice, its payment and refunds (with their corrective invoices), the
 * result documents and the others (downloads), adding documents while the case waits for them
 * (multipart, any file name) and messages with the team (limited per person: 429 with
 * `Retry-After`). Anyone else gets a 404, on the page and on every action.
 */
export const handle = { i18n: ["cases"] };

const MAX_UPLOADS = 5;

async function viewer(ctx: RequestContext) {
  const user = await ctx.requireUser();
  return { uid: user.uid, email: user.email, role: user.role === "admin" ? ("admin" as const) : ("user" as const) };
}

/** Why a link did not attach the case, and the answer's status (never a 500, never attached). */
const CLAIM_REFUSALS = { invalid: 400, expired: 410, used: 409, "other-email": 403 } as const satisfies Partial<Record<ClaimOutcome, number>>;
type ClaimRefusal = keyof typeof CLAIM_REFUSALS;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "cases");
  const who = await viewer(ctx);
  const id = args.params.id ?? "";
  // A visitor's request, opened from the link its emails carry (after signing in: the login
  // brings the person back here): the signed link attaches it to this account if the address is
  // theirs. A refused link shows why and nothing of the case.
  // `claim`; `vincular` is what the emails sent before decision record 033 carry.
  const claim = ctx.url.searchParams.get("claim") ?? ctx.url.searchParams.get("vincular");
  if (claim !== null) {
    const outcome = await ctx.services.cases.claim(id, claim, who);
    if (outcome === "claimed" || outcome === "already-yours") throw await ctx.redirectWithNotice(href("settings-case", { lang: ctx.lang, params: { id } }), { key: outcome === "claimed" ? "cases:detail.claimed" : "cases:detail.alreadyYours" });
    return data(
      { meta: { title: ctx.t("claim.meta"), description: ctx.t("list.intro") }, refused: { reason: outcome as ClaimRefusal, email: who.email, days: CLAIM_LINK_DAYS } },
      { status: CLAIM_REFUSALS[outcome as ClaimRefusal] ?? 400 },
    );
  }
  const found = await ctx.services.cases.getFor(id, who);
  invariantResponse(found, ctx.request);
  const item: Case = found.item;
  return {
    meta: { title: ctx.t("detail.meta"), description: ctx.t("list.intro") },
    refused: null,
    item: {
      id: item.id,
      reference: item.reference,
      type: item.type,
      status: item.status,
      createdAt: item.createdAt,
      contact: item.contact,
      details: Object.entries(item.details),
      history: item.history.map(({ at, from, to, comment, by, waiver, quote }) => ({ at, from, to, comment, by, waiver: waiver ?? null, quote: quote ?? null })),
      documents: item.documents.map(({ id, name, size, uploadedAt, by, result }) => ({ id, name, size, uploadedAt, by, result: result === true })),
      messages: item.messages.map(({ at, from, text }) => ({ at, from, text })),
    },
    // Whether accepting a quote is paid here by card (a provider that charges) or outside Amarre.
    charges: ctx.config.PAYMENTS_PROVIDER === "stripe",
    // Back from Checkout: paid (the provider's word may still be on its way) or left.
    checkout: ((value) => (value === "complete" || value === "cancelled" ? value : null))(ctx.url.searchParams.get("checkout")),
    quotes: await Promise.all(
      item.quotes
        .filter((quote) => quote.status !== "superseded")
        .map(async ({ n, amountCents, description, validUntil, status, reason, payment, refunds }) => {
          // The accepted quote's invoice, once the platform has issued it, and its refunds' corrective invoices.
          const number = async (invoiceId: string) => {
            const invoice = await ctx.services.invoices.getFor(invoiceId, who);
            return invoice ? { id: invoice.id, number: `${invoice.series}-${invoice.number}` } : null;
          };
          const invoice = status === "accepted" ? await number(quoteInvoiceId(item.id, n)) : null;
          const done = (refunds ?? []).filter((refund) => refund.state === "done");
          return {
            n,
            amountCents,
            description,
            validUntil,
            status,
            reason,
            expired: status === "expired" || (status === "pending" && isQuoteExpired({ validUntil }, new Date())),
            invoice,
            payment: payment ? { mode: payment.mode, paidAt: payment.paidAt, open: status === "pending" && payment.mode === "provider" && payment.url !== null && !payment.paidAt } : null,
            refunds: await Promise.all(done.map(async (refund) => ({ k: refund.k, amountCents: refund.amountCents, at: refund.doneAt ?? refund.at, reason: refund.reason, invoice: await number(`${quoteInvoiceId(item.id, n)}_R${refund.k}`) }))),
          };
        }),
    ),
  };
}

type Reply = { intent: "documents" | "message" | "accept-quote" | "decline-quote"; errors: string[]; fields?: Record<string, string> };

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "cases");
  const who = await viewer(ctx);
  const id = args.params.id ?? "";
  invariantResponse(await ctx.services.cases.getFor(id, who), ctx.request);
  const back = (key: NoticeKey) => ctx.redirectWithNotice(href("settings-case", { lang: ctx.lang, params: { id } }), { key });
  const refuse = (intent: Reply["intent"], errors: string[], status = 400) => data<Reply>({ intent, errors }, { status });

  if ((ctx.request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    let files: File[];
    const errors: string[] = [];
    try {
      const upload = await readMultipart(ctx.request, { maxFileBytes: MAX_DOCUMENT_BYTES, maxFiles: MAX_UPLOADS, maxFieldBytes: 1024, maxFields: 8, acceptFile: (field) => field === "documents" });
      if (!parseForm(upload.form, documentsSchema, ctx.t).ok) return refuse("documents", [ctx.t("errors.unknown")]);
      files = upload.form.getAll("documents").filter((value): value is File => typeof value !== "string" && value.size > 0);
      for (const name of upload.tooLarge) errors.push(ctx.t("errors.too-large", { name }));
      if (upload.overCount.length > 0) errors.push(ctx.t("errors.tooMany"));
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      return refuse("documents", [ctx.t("errors.unreadable")]);
    }
    if (errors.length > 0) return refuse("documents", errors);
    if (files.length === 0) return refuse("documents", [ctx.t("errors.none")]);
    try {
      const uploads = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
      await ctx.services.cases.addDocuments(id, who, uploads);
    } catch (error) {
      if (!isCaseError(error)) throw error;
      if (error.code === "invalid-transition") return refuse("documents", [ctx.t("errors.notWaiting")], 409);
      if (error.code === "too-many-documents") return refuse("documents", [ctx.t("errors.tooMany")]);
      if (error.code === "invalid-document") return refuse("documents", [ctx.t(`errors.${error.reason}`, { name: files.map((f) => f.name).join(", ") })]);
      throw error;
    }
    return back("cases:detail.uploaded");
  }

  const parsed = parseForm(await ctx.formData(), caseFormSchema, ctx.t);
  if (!parsed.ok) {
    if (unknownIntent(parsed)) return refuse("message", [ctx.t("errors.unknown")]);
    const intent = parsed.typed.intent as Reply["intent"];
    // A quote's number is not a field of the page: its message is the form's.
    return data<Reply>({ intent, errors: parsed.errors, ...(intent === "message" ? { fields: parsed.fields } : {}) }, { status: 400 });
  }
  const form = parsed.value;
  if (form.intent === "accept-quote" || form.intent === "decline-quote") {
    const intent = form.intent;
    try {
      if (intent === "accept-quote") {
        const accepted = await ctx.services.cases.acceptQuote(id, who, form.quote, { lang: ctx.lang, email: who.email });
        // Paid by card first: Stripe's Checkout, back to this page (decision 054).
        const checkout = accepted.status === "quoted" ? accepted.quotes.find((quote) => quote.n === form.quote)?.payment?.url : null;
        if (checkout) return redirect(checkout, 303);
      } else await ctx.services.cases.declineQuote(id, who, form.quote, form.reason);
    } catch (error) {
      if (isCaseError(error, "payment-failed")) {
        console.error(`[cases] opening the payment of quote ${form.quote} of case ${id} failed:`, error.cause);
        return refuse(intent, [ctx.t("errors.paymentUnavailable")], 503);
      }
      if (isCaseError(error, "quote-expired")) return refuse(intent, [ctx.t("errors.quoteExpired")], 409);
      if (isCaseError(error, "stale-quote")) return refuse(intent, [ctx.t("errors.quoteChanged")], 409);
      // The team's view of the case answers for the team, not the requester.
      if (isCaseError(error, "not-found")) notFound(ctx.request);
      throw error;
    }
    return back(intent === "accept-quote" ? "cases:quote.accepted" : "cases:quote.declined");
  }
  const text = form.message;
  // Messages are limited per person (the team's pages show every message of a case).
  if (who.role !== "admin") {
    const limited = await ctx.auth.limit("caseMessagesPerPerson", who.uid);
    if (limited)
      return data<Reply>(
        { intent: "message", errors: [ctx.t("errors.tooManyMessages", { minutes: Math.max(1, Math.ceil(limited.retryAfterSeconds / 60)) })] },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
      );
  }
  await ctx.services.cases.addMessage(id, who, text);
  return back("cases:detail.sent");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

// A 429's Retry-After (set on the action's data) reaches the page's response (see withRetryAfter).
export const headers = withRetryAfter;

/** A link that did not attach the case: why, in the page's language, and what to do. */
function ClaimRefused({ reason, email, days }: { reason: ClaimRefusal; email: string; days: number }) {
  const { t } = useTranslation("cases");
  return (
    <main id="main" className="space-y-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("claim.title")}</h1>
      <div role="alert" data-testid="claim-refused" data-reason={reason} className={cardClass()}>
        <p>{t(`claim.refused.${reason}`, { email, days })}</p>
      </div>
      <p>
        <LocalizedLink to={href("settings-cases")} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">{t("detail.back")}</LocalizedLink>
      </p>
    </main>
  );
}

export default function CasePage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.refused) return <ClaimRefused {...loaded.refused} />;
  return <CaseView />;
}
