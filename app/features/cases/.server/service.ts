import { createCasesContext, viewOf } from "./context";
import { addDocuments, deliver, document } from "./case-documents";
import { addMessage, addNote, move } from "./lifecycle";
import { acceptQuote, declineQuote, sendQuote } from "./quotes";
import { quoteCheckoutExpired, quotePaid } from "./quote-payments";
import { expireQuotes } from "./quote-expiry";
import { refundQuote } from "./quote-refunds";
import { quoteMoneyActivity } from "./quote-money-activity";
import { backfillReferences } from "./reference-backfill";
import { claim, claimLink, create, getFor, listForRequester } from "./requests";
import { overview, reindexWords, search } from "./search";
import type { CasesDeps } from "./service-types";
import { bindTo } from "#app/.server/domain/operations";

export { CASES_PAGE_SIZE, type CaseEvent, type CaseFilters, type CasesDeps, type TeamMember, type Viewer } from "./service-types";
export { CASE_WORDS } from "./word-index";

/**
 * The cases service: requests become cases; the team moves them through the lifecycle with a
 * comment the requester sees, keeps internal notes and writes to the requester; the requester
 * reads theirs and adds documents while the case waits for them. Who may see what is decided
 * here (`viewOf`), so every page and download asks the same question.
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): the requester's side (`requests.ts`), the lifecycle, notes and messages
 * (`lifecycle.ts`), quotes (`quotes.ts`; paid, refunded and expired: `quote-payments.ts`,
 * `quote-refunds.ts`, `quote-expiry.ts`), documents (`case-documents.ts`), the team's search and
 * overview (`search.ts`) over the word index (`word-index.ts`), the references' backfill
 * (`reference-backfill.ts`).
 */
export function createCasesService(deps: CasesDeps) {
  const ctx = createCasesContext(deps);
  const bind = bindTo(ctx);
  return {
    viewOf,
    create: bind(create),
    getFor: bind(getFor),
    move: bind(move),
    sendQuote: bind(sendQuote),
    acceptQuote: bind(acceptQuote),
    declineQuote: bind(declineQuote),
    /** Paid quotes (decision 054): the provider's events about a quote's checkout (the webhook's `CasePaymentEvents`). */
    quotePaid: bind(quotePaid),
    quoteCheckoutExpired: bind(quoteCheckoutExpired),
    /** The team refunds an accepted quote, whole or in part, with a corrective invoice. */
    refundQuote: bind(refundQuote),
    /** The paid quotes whose money changed lately (the daily reconciliation, decision 053). */
    quoteMoneyActivity: bind(quoteMoneyActivity),
    /** The scheduler's pass: quotes past their day move their case back to review. */
    applyDue: bind(expireQuotes),
    addNote: bind(addNote),
    addMessage: bind(addMessage),
    addDocuments: bind(addDocuments),
    deliver: bind(deliver),
    document: bind(document),
    listForRequester: bind(listForRequester),
    claimLink: bind(claimLink),
    claim: bind(claim),
    search: bind(search),
    reindexWords: bind(reindexWords),
    overview: bind(overview),
    /** Stores the references of cases made before them (`reference-backfill.ts`), once per store. */
    backfillReferences: bind(backfillReferences),
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
