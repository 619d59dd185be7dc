import { createInvoicesContext, type InvoicesDeps } from "./context";
import { correctForCancellation, correctForCaseQuoteRefund, correctForMove, issueForBooking, issueForCaseQuote } from "./issuing";
import * as reads from "./reads";
import { bindTo } from "#app/.server/domain/operations";

/**
 * The invoices service: issues a booking's two invoices when it is confirmed and their
 * corrective invoices when a cancellation refunds money — each once, however often it is asked
 * (ids derive from the booking) — and answers who may read which (the buyer, the seller, the
 * team). What is invoiced comes from the booking's `price` and, for corrections, its
 * `cancellation` (what was refunded of the rental and of the fee, and under which rule). Numbering: `invoice_counters/{series}_{year}` holds the next number; a transaction reads
 * it, writes the invoice and the incremented counter together, so a number is used exactly when
 * an invoice is written (no gaps, no repeats), on SQLite and Firestore alike.
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): issuing (`issuing.ts`) through the numbering transaction (`numbering.ts`), and
 * the reads (`reads.ts`).
 */
export function createInvoicesService(deps: InvoicesDeps) {
  const ctx = createInvoicesContext(deps);
  const bind = bindTo(ctx);
  return {
    issueForBooking: bind(issueForBooking),
    correctForCancellation: bind(correctForCancellation),
    correctForMove: bind(correctForMove),
    issueForCaseQuote: bind(issueForCaseQuote),
    correctForCaseQuoteRefund: bind(correctForCaseQuoteRefund),
    getFor: bind(reads.getFor),
    listFor: bind(reads.listFor),
    pageFor: bind(reads.pageFor),
    forBooking: bind(reads.forBooking),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
