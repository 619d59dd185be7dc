/** The paid quotes whose money the daily reconciliation compares with the provider (decisions 053 and 054). */
import { scanQuery } from "#app/.server/store";
import { CASES, type Case, type CaseQuote } from "./model";
import { type CasesContext, withDefaults } from "./context";

/** Cases read per page while looking for the ones with a quote paid through a provider. */
const PAGE = 200;

/** A quote paid through the provider, with the case it belongs to. */
export type PaidQuote = { caseId: string; caseReference: string; quote: CaseQuote };

/** Paid at Checkout through the provider (not `direct`: paid outside Amarre, nothing to compare). */
const paidThroughProvider = (quote: CaseQuote) => quote.payment?.mode === "provider" && quote.payment.paidAt !== null && quote.payment.reference !== null;

/** When the quote's money last changed: its payment, or the latest of its refunds. */
function lastMoneyAt(quote: CaseQuote): string {
  return [quote.payment?.paidAt ?? "", ...(quote.refunds ?? []).map((r) => r.doneAt ?? r.at)].reduce((a, b) => (b > a ? b : a), "");
}

/**
 * Quotes paid through the provider whose payment or refunds changed since `since` (cases changed
 * since then, oldest change first, at most `limit` quotes; `more` when others changed too), and
 * every such quote of the cases named by `ids` (what an earlier run found), read as stored —
 * nothing written. Served by the `cases (updatedAt)` index (one collection, no collectionGroup);
 * at most 5 × `limit` changed cases are read in all.
 */
export async function quoteMoneyActivity(ctx: CasesContext, input: { since: string; ids?: readonly string[]; limit: number }): Promise<{ quotes: PaidQuote[]; more: boolean }> {
  const found = new Map<string, PaidQuote>();
  const add = (item: Case, quote: CaseQuote) => found.set(`${item.id}/${quote.n}`, { caseId: item.id, caseReference: item.reference, quote });
  let more = false;
  const read = await scanQuery<Case>(
    ctx.store,
    { collection: CASES, where: [["updatedAt", ">=", input.since]], orderBy: [["updatedAt", "asc"]] },
    { pageSize: PAGE, maxRead: input.limit * 5 },
    (doc) => {
      const item = withDefaults(doc);
      for (const quote of item.quotes.filter((q) => paidThroughProvider(q) && lastMoneyAt(q) >= input.since)) {
        if (found.size >= input.limit) more = true;
        else add(item, quote);
      }
      return !more;
    },
  );
  more ||= read !== "done";
  const named = [...new Set(input.ids ?? [])];
  const again = named.length ? await ctx.store.getMany<Case>(CASES, named) : [];
  for (const doc of again) {
    if (!doc) continue;
    const item = withDefaults(doc);
    for (const quote of item.quotes.filter(paidThroughProvider)) add(item, quote);
  }
  return { quotes: [...found.values()], more };
}
