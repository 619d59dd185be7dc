/**
 * Quotes past their day, moved by the scheduler (decision 054): a case whose pending quote is past
 * its valid-until day (Madrid) goes back to review — where a declined quote sends it — with the
 * quote marked `expired`, a history entry and one email to the requester. A Checkout still open on
 * it is closed first; a payment completed meanwhile applies instead (the work starts).
 */
import { CASES, isQuoteExpired, pendingQuote, QUOTE_STEPS, type Case } from "./model";
import { type CasesContext, notify, read, update, withDefaults } from "./context";
import { closeQuoteCheckout } from "./quote-payments";

/** Cases read per query, and queries per pass (at most 2,000 quoted cases looked at). */
const PAGE = 100;
const MAX_PAGES = 20;

/**
 * One pass: every `quoted` case (oldest first, in pages) whose pending quote is past its day.
 * Idempotent on every server: each case's move is a transaction that re-reads it, so two passes
 * at once expire it once and email once. Answers how many it expired; a case that failed is
 * logged and the pass goes on (then fails, so the operations page shows it).
 */
export async function expireQuotes(ctx: CasesContext): Promise<{ expired: number; paid: number }> {
  const now = ctx.now();
  let after: unknown[] | null = null;
  const failures: string[] = [];
  let expired = 0;
  let paid = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const docs: Array<Omit<Case, "id"> & { id: string }> = await ctx.store.query<Omit<Case, "id">>({
      collection: CASES,
      where: [["status", "==", "quoted"]],
      orderBy: [["createdAt", "asc"]],
      limit: PAGE,
      ...(after ? { startAfter: after } : {}),
    });
    for (const doc of docs) {
      const item = withDefaults(doc as Case);
      const quote = pendingQuote(item);
      if (!quote || !isQuoteExpired(quote, now)) continue;
      try {
        const outcome = await expireQuote(ctx, item.id, quote.n);
        if (outcome === "expired") expired++;
        if (outcome === "paid") paid++;
      } catch (error) {
        failures.push(item.id);
        console.error(`[cases] expiring quote ${quote.n} of case ${item.id} failed:`, error);
      }
    }
    if (docs.length < PAGE) break;
    const last: { createdAt: string; id: string } = docs[docs.length - 1]!;
    after = [last.createdAt, last.id];
  }
  if (failures.length > 0) throw new Error(`${failures.length} quotes could not be expired (cases ${failures.slice(0, 5).join(", ")})`);
  return { expired, paid };
}

/** Expires quote `n` of a case if it is still pending and past its day: `expired`, `paid` (its checkout was paid meanwhile) or `unchanged`. */
export async function expireQuote(ctx: CasesContext, id: string, n: number): Promise<"expired" | "paid" | "unchanged"> {
  const current = await read(ctx, id);
  const quote = current ? pendingQuote(current) : null;
  if (!current || !quote || quote.n !== n || !isQuoteExpired(quote, ctx.now())) return "unchanged";
  // Nobody may pay it from now on; a payment made meanwhile applies.
  const checkout = quote.payment?.mode === "provider" && !quote.payment.paidAt ? quote.payment : null;
  if (checkout && (await closeQuoteCheckout(ctx, id, n, checkout))) return "paid";
  let changed = false;
  const item = await update(ctx, id, (latest) => {
    changed = false;
    const still = pendingQuote(latest);
    // Answered, replaced, paid or given another checkout since it was read: the next pass decides.
    if (!still || still.n !== n || !QUOTE_STEPS.expire.from.includes(latest.status) || !isQuoteExpired(still, ctx.now())) return latest;
    if ((still.payment?.checkoutId ?? null) !== (checkout?.checkoutId ?? null) || still.payment?.paidAt) return latest;
    changed = true;
    const at = ctx.now().toISOString();
    return {
      ...latest,
      status: QUOTE_STEPS.expire.to,
      quotes: latest.quotes.map((q) => (q.n === n ? { ...q, status: "expired" as const, ...(q.payment ? { payment: { ...q.payment, url: null } } : {}) } : q)),
      history: [...latest.history, { at, byUid: null, by: "team" as const, from: latest.status, to: QUOTE_STEPS.expire.to, comment: "", quote: { n, event: "expired" as const } }],
    };
  });
  if (!changed) return "unchanged";
  await notify(ctx, "quote-expired", item);
  return "expired";
}
