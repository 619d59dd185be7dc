/** Quotes: the team sends one, the requester accepts (invoiced) or declines it. */
import { CaseError, isQuoteExpired, madridDay, pendingQuote, QUOTE_LIMITS, QUOTE_STEPS, UNQUOTED_TYPES, type Case, type CaseQuote, type QuotePayment } from "./model";
import { closeQuoteCheckout, openQuoteCheckout } from "./quote-payments";
import { type CasesContext, notify, update, viewOf } from "./context";
import type { TeamMember, Viewer } from "./service-types";

/**
 * The team quotes a price (VAT included) for the work: what it covers and until which day it
 * can be accepted. The case waits for the requester's answer (`quoted`); a quote still
 * unanswered is replaced. The requester is emailed.
 */
export async function sendQuote(ctx: CasesContext, id: string, admin: TeamMember, input: { amountCents: number; description: string; validUntil: string }): Promise<Case> {
  const description = input.description.trim();
  const today = madridDay(ctx.now());
  const latest = madridDay(new Date(ctx.now().getTime() + QUOTE_LIMITS.maxValidDays * 86_400_000));
  if (!Number.isInteger(input.amountCents) || input.amountCents < QUOTE_LIMITS.minCents || input.amountCents > QUOTE_LIMITS.maxCents) throw new CaseError("invalid", "amount");
  if (!description || description.length > QUOTE_LIMITS.descriptionMax) throw new CaseError("invalid", "description");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.validUntil) || input.validUntil < today || input.validUntil > latest) throw new CaseError("invalid", "validUntil");
  let replaced: CaseQuote[] = [];
  const item = await update(ctx, id, (current) => {
    if (UNQUOTED_TYPES.includes(current.type) || !QUOTE_STEPS.send.from.includes(current.status)) throw new CaseError("invalid-transition", current.status);
    replaced = current.quotes.filter((old) => old.status === "pending" && old.payment?.mode === "provider" && old.payment.checkoutId && !old.payment.paidAt);
    const at = ctx.now().toISOString();
    const quote: CaseQuote = { n: current.quotes.length + 1, amountCents: input.amountCents, description, validUntil: input.validUntil, sentAt: at, byUid: admin.uid, status: "pending", answeredAt: null, reason: "" };
    return {
      ...current,
      status: QUOTE_STEPS.send.to,
      quotes: [...current.quotes.map((old) => (old.status === "pending" ? { ...old, status: "superseded" as const, ...(old.payment ? { payment: { ...old.payment, url: null } } : {}) } : old)), quote],
      history: [...current.history, { at, byUid: admin.uid, by: "team", from: current.status, to: QUOTE_STEPS.send.to, comment: "" }],
    };
  });
  // A replaced quote's open checkout is closed: nobody may pay it (one paid meanwhile applies).
  for (const old of replaced) {
    await closeQuoteCheckout(ctx, id, old.n, old.payment!).catch((error) => console.warn(`[cases] closing the checkout of replaced quote ${old.n} of case ${id} failed:`, error));
  }
  await notify(ctx, "quote", item);
  return item;
}


/**
 * The requester accepts quote `n` (the one pending, not past its day). Without a provider that
 * charges (or without the payments adapter), work starts (`in_progress`), the platform invoices it (paid outside Amarre), and the
 * requester and the team are emailed. With one (decision 054), a Checkout opens instead: the
 * quote holds it (`payment.url`, where the page sends the requester) and the case stays
 * `quoted` until the provider's signed event says it is paid (`quotePaid`).
 */
export async function acceptQuote(ctx: CasesContext, id: string, viewer: Viewer, n: number, options: { lang?: string; email?: string | null } = {}): Promise<Case> {
  const checked = (current: Case) => {
    const view = viewOf(current, viewer);
    if (!view || view.as !== "requester") throw new CaseError("not-found");
    const quote = pendingQuote(current);
    if (!quote || quote.n !== n || !QUOTE_STEPS.accept.from.includes(current.status)) throw new CaseError("stale-quote");
    if (isQuoteExpired(quote, ctx.now())) throw new CaseError("quote-expired");
    return quote;
  };
  // Through the payments adapter: a Checkout with one that charges; `direct` (accepted at once) without.
  if (ctx.deps.payments) return openQuoteCheckout(ctx, id, n, checked, options);
  const item = await update(ctx, id, (current) => {
    checked(current);
    const at = ctx.now().toISOString();
    const payment: QuotePayment = { mode: "direct", checkoutId: null, url: null, expiresAt: null, attempt: 0, reference: null, amountCents: null, paidAt: null };
    return {
      ...current,
      status: QUOTE_STEPS.accept.to,
      quotes: current.quotes.map((old) => (old.n === n ? { ...old, status: "accepted" as const, answeredAt: at, payment } : old)),
      history: [...current.history, { at, byUid: viewer.uid, by: "requester", from: current.status, to: QUOTE_STEPS.accept.to, comment: "" }],
    };
  });
  await startQuotedWork(ctx, item, n);
  return item;
}

/** After a quote is accepted (and paid, with a provider): its invoice, then the emails. */
export async function startQuotedWork(ctx: CasesContext, item: Case, n: number) {
  const quote = item.quotes.find((q) => q.n === n)!;
  try {
    await ctx.deps.invoiceQuote?.(item, quote);
  } catch (error) {
    console.error(`[cases] invoicing quote ${n} of case ${item.id} failed:`, error);
  }
  await notify(ctx, "quote-accepted", item);
}


/** The requester declines quote `n` (with an optional reason): the team reviews the case again and is emailed. */
export async function declineQuote(ctx: CasesContext, id: string, viewer: Viewer, n: number, reason: string): Promise<Case> {
  const clean = reason.trim().slice(0, 2000);
  const item = await update(ctx, id, (current) => {
    const view = viewOf(current, viewer);
    if (!view || view.as !== "requester") throw new CaseError("not-found");
    const quote = pendingQuote(current);
    if (!quote || quote.n !== n || !QUOTE_STEPS.decline.from.includes(current.status)) throw new CaseError("stale-quote");
    const at = ctx.now().toISOString();
    return {
      ...current,
      status: QUOTE_STEPS.decline.to,
      quotes: current.quotes.map((old) => (old.n === n ? { ...old, status: "declined" as const, answeredAt: at, reason: clean, ...(old.payment ? { payment: { ...old.payment, url: null } } : {}) } : old)),
      history: [...current.history, { at, byUid: viewer.uid, by: "requester", from: current.status, to: QUOTE_STEPS.decline.to, comment: clean }],
    };
  });
  // A Checkout they opened before declining is closed (one paid meanwhile is kept for the team to refund).
  const payment = item.quotes.find((q) => q.n === n)?.payment;
  if (payment?.mode === "provider" && payment.checkoutId && !payment.paidAt) {
    await closeQuoteCheckout(ctx, id, n, payment).catch((error) => console.warn(`[cases] closing the checkout of declined quote ${n} of case ${id} failed:`, error));
  }
  await notify(ctx, "quote-declined", item);
  return item;
}
