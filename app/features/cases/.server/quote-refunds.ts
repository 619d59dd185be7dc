/**
 * The team refunds an accepted quote, whole or in part (decision 054): the provider's refund of
 * the quote's payment (or, paid outside Amarre, the recorded adapter's: paid back outside
 * Amarre), a corrective invoice (series R) of the quote's invoice, the quote's refunds list and
 * the case's history, and an email to the requester.
 */
import { createRecordedPayments } from "#app/.server/payments";
import { CaseError, quoteKeys, refundable, type Case, type CaseQuote, type QuoteRefund } from "./model";
import { type CasesContext, notify, update } from "./context";
import { asCaseError } from "./quote-payments";
import type { TeamMember } from "./service-types";

/** A refund's reason, at most (the admin's form says as much). */
export const REFUND_REASON_MAX = 500;

/**
 * Refund number `k` of quote `n` (the page's form names the next number: a double press, or two
 * team members pressing at once, refunds once): at most what was paid minus what was refunded,
 * with a reason. Asked again for a refund already done, it answers the case unchanged; for one
 * interrupted before the provider answered, it finishes it with the same idempotency key.
 */
export async function refundQuote(ctx: CasesContext, id: string, admin: TeamMember, input: { n: number; k: number; amountCents: number; reason: string }): Promise<Case> {
  const reason = input.reason.trim().slice(0, REFUND_REASON_MAX);
  if (!reason) throw new CaseError("invalid", "reason");
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new CaseError("refund-amount");
  let refund: QuoteRefund | null = null;
  let done = false;
  const claimed = await update(ctx, id, (current) => {
    [refund, done] = [null, false];
    const quote = current.quotes.find((q) => q.n === input.n);
    if (!quote) throw new CaseError("not-refundable");
    const existing = (quote.refunds ?? []).find((r) => r.k === input.k);
    if (existing) {
      [refund, done] = [existing, existing.state === "done"];
      return current;
    }
    const { paidCents, leftCents } = refundable(quote);
    if (paidCents <= 0) throw new CaseError("not-refundable");
    if (input.k !== (quote.refunds ?? []).length + 1) throw new CaseError("stale-refund");
    if (input.amountCents > leftCents) throw new CaseError("refund-amount", String(leftCents));
    refund = { k: input.k, amountCents: input.amountCents, reason, byUid: admin.uid, at: ctx.now().toISOString(), state: "pending", reference: null, doneAt: null };
    const pending = refund;
    return { ...current, quotes: current.quotes.map((q) => (q.n === input.n ? { ...q, refunds: [...(q.refunds ?? []), pending] } : q)) };
  });
  if (done || !refund) return claimed;
  const claim: QuoteRefund = refund;
  const quote = claimed.quotes.find((q) => q.n === input.n)!;

  // The provider's refund of what was paid through it; paid outside Amarre: the recorded adapter's.
  const port = quote.payment?.mode === "provider" && ctx.deps.payments ? ctx.deps.payments : createRecordedPayments();
  const key = quoteKeys.refund(id, input.n, claim.k);
  let reference: string;
  try {
    ({ reference } = await asCaseError(() => port.refund({ key, reference: quote.payment?.reference ?? `rec_${quoteKeys.checkout(id, input.n, 0)}`, amountCents: claim.amountCents, reason: claim.reason })));
  } catch (error) {
    // Nothing was refunded (or the same key will find it): the number is free for the next press.
    await update(ctx, id, (current) => ({
      ...current,
      quotes: current.quotes.map((q) => (q.n === input.n ? { ...q, refunds: (q.refunds ?? []).filter((r) => !(r.k === claim.k && r.state === "pending")) } : q)),
    }));
    throw error;
  }

  let flipped = false;
  const item = await update(ctx, id, (current) => {
    flipped = false;
    const held = current.quotes.find((q) => q.n === input.n)?.refunds?.find((r) => r.k === claim.k);
    if (!held || held.state === "done") return current;
    flipped = true;
    const at = ctx.now().toISOString();
    return {
      ...current,
      quotes: current.quotes.map((q) => (q.n === input.n ? { ...q, refunds: (q.refunds ?? []).map((r) => (r.k === claim.k ? { ...r, state: "done" as const, reference, doneAt: at } : r)) } : q)),
      history: [...current.history, { at, byUid: admin.uid, by: "team" as const, from: current.status, to: current.status, comment: claim.reason, quote: { n: input.n, event: "refunded" as const, amountCents: claim.amountCents } }],
    };
  });
  if (!flipped) return item;
  const paid: CaseQuote = item.quotes.find((q) => q.n === input.n)!;
  const made = paid.refunds!.find((r) => r.k === claim.k)!;
  try {
    // The quote's own invoice first (issued once), then its correction.
    await ctx.deps.invoiceQuote?.(item, paid);
    await ctx.deps.correctQuote?.(item, paid, made);
  } catch (error) {
    console.error(`[cases] the corrective invoice of refund ${claim.k} of quote ${input.n} of case ${id} failed:`, error);
  }
  await notify(ctx, "quote-refunded", item);
  return item;
}
