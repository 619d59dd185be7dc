/**
 * Quotes paid through the provider (decision 054): the requester's acceptance opens a Checkout
 * that the quote holds; the provider's signed event about that checkout (and only that one, for
 * the quote's amount in euros) starts the work; a checkout nobody should pay any more is closed,
 * and one paid meanwhile still applies.
 */
import { isPaymentsError } from "#app/.server/payments/errors";
import type { CaseCheckoutOutcome } from "#app/.server/payments/stripe-webhooks";
import { acceptedQuote, CaseError, OPEN_STATUSES, quoteKeys, QUOTE_STEPS, type Case, type CaseQuote, type QuotePayment } from "./model";
import { type CasesContext, read, update } from "./context";
import { startQuotedWork } from "./quotes";

/** A change that does not apply: the transaction writes nothing and the outcome is answered. */
class Unchanged extends Error {
  constructor(readonly outcome: CaseCheckoutOutcome) {
    super(outcome);
  }
}

/** Runs `change` in the case's transaction; `Unchanged` (or no such case) answers without writing. */
async function applyTo(ctx: CasesContext, id: string, change: (current: Case) => Case): Promise<{ outcome: CaseCheckoutOutcome; item: Case | null }> {
  try {
    return { outcome: "applied", item: await update(ctx, id, change) };
  } catch (error) {
    if (error instanceof Unchanged) return { outcome: error.outcome, item: null };
    if (error instanceof CaseError && error.code === "not-found") return { outcome: "unknown-case", item: null };
    throw error;
  }
}

/** A provider's refusal or absence, as the cases say it (`payment-failed`, the provider's error as its cause). */
export async function asCaseError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isPaymentsError(error)) throw new CaseError("payment-failed", error.kind, { cause: error });
    throw error;
  }
}

const withQuote = (item: Case, n: number, change: (quote: CaseQuote) => CaseQuote): CaseQuote[] => item.quotes.map((quote) => (quote.n === n ? change(quote) : quote));

/**
 * Opens (or reopens) the Checkout of quote `n` for its requester: the quote's validity is checked
 * (`checked`) before the provider is asked and again when the checkout is stored. A checkout still
 * open is reused; one that ran out is replaced by the next attempt (its own idempotency key). A
 * provider that answers `direct` (it does not charge) accepts the quote at once.
 */
export async function openQuoteCheckout(ctx: CasesContext, id: string, n: number, checked: (current: Case) => CaseQuote, options: { lang?: string; email?: string | null }): Promise<Case> {
  const payments = ctx.deps.payments!;
  const current = await read(ctx, id);
  if (!current) throw new CaseError("not-found");
  const quote = checked(current);
  const held = quote.payment;
  const now = ctx.now();
  if (held?.mode === "provider" && held.url && held.expiresAt && Date.parse(held.expiresAt) > now.getTime() + 60_000) return current;
  const attempt = (held?.attempt ?? 0) + 1;
  const returnUrlOf = ctx.deps.quoteReturnUrl;
  if (!returnUrlOf && payments.charges) throw new Error("cases: paying a quote needs quoteReturnUrl");
  const returnUrl = returnUrlOf?.(current, options.lang ?? current.lang) ?? "";
  const collection = await asCaseError(() => payments.collect({
    key: quoteKeys.checkout(id, n, attempt),
    purpose: "quote",
    reference: id,
    quoteN: n,
    amountCents: quote.amountCents,
    description: quote.description,
    customer: { uid: current.requesterUid!, email: options.email ?? current.contact.email, name: current.contact.name },
    returnUrl,
  }));
  const at = ctx.now().toISOString();
  const payment: QuotePayment =
    collection.kind === "direct"
      ? { mode: "direct", checkoutId: null, url: null, expiresAt: null, attempt, reference: collection.reference, amountCents: null, paidAt: null }
      : { mode: "provider", checkoutId: collection.reference, url: collection.url, expiresAt: collection.expiresAt, attempt, reference: null, amountCents: null, paidAt: null };
  let item: Case;
  try {
    item = await update(ctx, id, (latest) => {
      checked(latest);
      if (collection.kind === "redirect") return { ...latest, quotes: withQuote(latest, n, (q) => ({ ...q, payment })) };
      return {
        ...latest,
        status: QUOTE_STEPS.accept.to,
        quotes: withQuote(latest, n, (q) => ({ ...q, status: "accepted" as const, answeredAt: at, payment })),
        history: [...latest.history, { at, byUid: latest.requesterUid, by: "requester" as const, from: latest.status, to: QUOTE_STEPS.accept.to, comment: "" }],
      };
    });
  } catch (error) {
    // Answered or replaced while the checkout opened: nobody may pay it.
    if (collection.kind === "redirect") await closeQuoteCheckout(ctx, id, n, { ...payment, checkoutId: collection.reference }).catch((closing) => console.warn(`[cases] closing checkout ${collection.reference} of case ${id} failed:`, closing));
    throw error;
  }
  if (collection.kind === "direct") await startQuotedWork(ctx, item, n);
  return item;
}

/**
 * The provider says quote `n`'s checkout was paid (its signed event, or `closeQuoteCheckout`
 * finding it paid). Applied only to the checkout the quote holds, for the quote's amount in
 * euros, once: the payment is kept on the quote; a quote still open to it (pending, expired or
 * replaced meanwhile: the money was taken) is accepted and the work starts — invoiced and emailed
 * as an acceptance. A case that has moved on (another quote accepted, or closed) keeps the
 * payment on the quote for the team to refund.
 */
export async function quotePaid(ctx: CasesContext, input: { caseId: string; quoteN: number; checkout: string; reference: string; amountCents: number | null; currency: string | null }): Promise<CaseCheckoutOutcome> {
  let started = false;
  const { outcome, item } = await applyTo(ctx, input.caseId, (current) => {
    started = false;
    const quote = current.quotes.find((q) => q.n === input.quoteN);
    if (!quote) throw new Unchanged("unknown-case");
    if (quote.payment?.mode !== "provider" || quote.payment.checkoutId !== input.checkout) throw new Unchanged("other-checkout");
    if (input.amountCents !== quote.amountCents || (input.currency ?? "").toLowerCase() !== "eur") throw new Unchanged("other-amount");
    if (quote.payment.paidAt) throw new Unchanged("applied");
    const at = ctx.now().toISOString();
    const payment: QuotePayment = { ...quote.payment, url: null, reference: input.reference, amountCents: input.amountCents, paidAt: at };
    const other = acceptedQuote(current);
    const canStart = quote.status !== "accepted" && quote.status !== "declined" && !other && OPEN_STATUSES.includes(current.status) && current.status !== "in_progress";
    started = canStart;
    if (!canStart) {
      return {
        ...current,
        quotes: withQuote(current, input.quoteN, (q) => ({ ...q, payment })),
        history: [...current.history, { at, byUid: current.requesterUid, by: "requester" as const, from: current.status, to: current.status, comment: "", quote: { n: input.quoteN, event: "paid" as const, amountCents: input.amountCents } }],
      };
    }
    return {
      ...current,
      status: QUOTE_STEPS.accept.to,
      quotes: current.quotes.map((q) =>
        q.n === input.quoteN ? { ...q, status: "accepted" as const, answeredAt: at, payment } : q.status === "pending" ? { ...q, status: "superseded" as const } : q,
      ),
      history: [...current.history, { at, byUid: current.requesterUid, by: "requester" as const, from: current.status, to: QUOTE_STEPS.accept.to, comment: "", quote: { n: input.quoteN, event: "paid" as const, amountCents: input.amountCents } }],
    };
  });
  if (item && started) await startQuotedWork(ctx, item, input.quoteN);
  else if (item) console.warn(`[cases] quote ${input.quoteN} of case ${input.caseId} was paid after the case moved on: the payment is kept on the quote for the team to refund`);
  return outcome;
}

/** The provider says quote `n`'s checkout ran out: the quote no longer offers it (a new press opens another). */
export async function quoteCheckoutExpired(ctx: CasesContext, input: { caseId: string; quoteN: number; checkout: string }): Promise<CaseCheckoutOutcome> {
  const { outcome } = await applyTo(ctx, input.caseId, (current) => {
    const quote = current.quotes.find((q) => q.n === input.quoteN);
    if (!quote) throw new Unchanged("unknown-case");
    if (quote.payment?.mode !== "provider" || quote.payment.checkoutId !== input.checkout) throw new Unchanged("other-checkout");
    if (quote.payment.paidAt || !quote.payment.url) throw new Unchanged("applied");
    return { ...current, quotes: withQuote(current, input.quoteN, (q) => ({ ...q, payment: { ...q.payment!, url: null } })) };
  });
  return outcome;
}

/**
 * Closes quote `n`'s open checkout at the provider (it expired, or was replaced). Answers whether
 * it was paid meanwhile: then that payment is applied (`quotePaid`) and true is answered.
 */
export async function closeQuoteCheckout(ctx: CasesContext, caseId: string, n: number, payment: QuotePayment): Promise<boolean> {
  const payments = ctx.deps.payments;
  if (!payments || payment.mode !== "provider" || !payment.checkoutId || payment.paidAt) return false;
  const state = await payments.closeCollection({ key: quoteKeys.close(caseId, n, payment.attempt), checkout: payment.checkoutId });
  if (state.state !== "paid") return false;
  await quotePaid(ctx, { caseId, quoteN: n, checkout: payment.checkoutId, reference: state.paymentIntent, amountCents: state.amountCents, currency: state.currency });
  return true;
}
