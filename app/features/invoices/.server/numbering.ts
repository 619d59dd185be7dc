/**
 * Numbering: `invoice_counters/{series}_{year}` holds the next number; a transaction reads it,
 * writes the invoice and the incremented counter together, so a number is used exactly when an
 * invoice is written (no gaps, no repeats), on SQLite and Firestore alike.
 */
import { isStoreError, type Transaction } from "#app/.server/store";
import type { Draft, InvoicesContext, IssueOptions } from "./context";
import { INVOICE_COUNTERS, INVOICES, invoiceNumber, type Invoice, type InvoiceSeries } from "./model";

const YEAR = new Intl.DateTimeFormat("en", { timeZone: "Europe/Madrid", year: "numeric" });

/**
 * Runs an issuing transaction again when the store gives up on it. Every confirmation contends
 * for the same counter document: Firestore's own retries (five attempts) can run out in a burst,
 * and its emulator closes a transaction it has held too long. Issuing is idempotent (ids derive
 * from the booking) and a failed transaction writes nothing, so trying again never issues twice
 * nor skips a number.
 */
async function withRetries<R>(run: () => Promise<R>, attempts = 6): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isStoreError(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt + Math.random() * 50));
    }
  }
}

/** Writes the drafts not yet written, numbering each in its series; returns the ones written. */
export async function issue(ctx: InvoicesContext, drafts: Array<{ series: InvoiceSeries; draft: Draft }>, options: IssueOptions): Promise<Invoice[]> {
  const at = ctx.now();
  const year = Number(YEAR.format(at));
  const written = await withRetries(() => ctx.store.runTransaction(async (tx: Transaction) => {
    const existing = await Promise.all(drafts.map(({ draft }) => tx.get(INVOICES, draft.id)));
    const fresh = drafts.filter((_, index) => !existing[index]);
    const series = [...new Set(fresh.map((item) => item.series))];
    const counters = await Promise.all(series.map((name) => tx.get<{ next: number }>(INVOICE_COUNTERS, `${name}_${year}`)));
    const next = new Map(series.map((name, index) => [name, counters[index]?.next ?? 1]));
    const invoices: Invoice[] = [];
    for (const { series: name, draft } of fresh) {
      const sequence = next.get(name)!;
      next.set(name, sequence + 1);
      const invoice: Invoice = { ...draft, series: name, year, sequence, number: invoiceNumber(year, sequence), issuedAt: at.toISOString() };
      const { id, ...record } = invoice;
      tx.create(INVOICES, id, record);
      invoices.push(invoice);
    }
    for (const [name, value] of next) tx.set(INVOICE_COUNTERS, `${name}_${year}`, { series: name, year, next: value });
    return invoices;
  }));
  for (const invoice of options.quiet ? [] : written) {
    try {
      await ctx.notify?.(invoice);
    } catch (error) {
      console.warn(`[invoices] emailing invoice ${invoice.id} failed:`, error);
    }
  }
  return written;
}
