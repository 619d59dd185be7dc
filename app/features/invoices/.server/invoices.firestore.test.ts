import { describe, expect, it } from "vitest";
import { firestoreForFile } from "#tests/firestore-store";
import fc from "fast-check";
import { brokenRules, moneyPaths, propertyRuns, runMoneyPath } from "./money-paths";
import { testBooking, testInvoices } from "./test-fixtures";

/**
 * Gapless invoice numbers on Firestore: 20 bookings confirmed at once get 20 consecutive numbers
 * in each series — on Google's emulator where the machine has it (real optimistic transactions
 * that collide on the counter and retry), else on the in-process one. And the property of
 * `invoices.property.test.ts` on Firestore: for random booking paths driven through the real
 * bookings service, the invoices add up to the money that moved, per party.
 */
const numbers = firestoreForFile("invoices");

describe(`invoice numbers on Firestore (${numbers.emulator})`, () => {

  it("20 simultaneous confirmations: 20 consecutive numbers per series, none repeated or skipped", async () => {
    const invoices = testInvoices(numbers.store());
    const issued = (await Promise.all(Array.from({ length: 20 }, (_, i) => invoices.issueForBooking(testBooking(`fs-${i}`))))).flat();
    for (const series of ["A", "F"] as const) {
      const sequences = issued.filter((invoice) => invoice.series === series).map((invoice) => invoice.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
    // Asked again at once (a retried confirmation): nothing new, the counters unchanged.
    const again = (await Promise.all(Array.from({ length: 20 }, (_, i) => invoices.issueForBooking(testBooking(`fs-${i}`))))).flat();
    expect(again).toEqual([]);
    const next = await invoices.issueForBooking(testBooking("fs-next"));
    expect(next.map((invoice) => invoice.sequence)).toEqual([21, 21]);
    const renter = await invoices.listFor("renter");
    expect(renter.received).toHaveLength(42);
    // A page reads the count and the rows up to its end: the same rows as the whole list.
    const second = await invoices.pageFor("renter", "buyer", 2, 25);
    expect(second).toMatchObject({ total: 42, page: 2, pageCount: 2 });
    expect(second.invoices.map((invoice) => invoice.id)).toEqual(renter.received.slice(25).map((invoice) => invoice.id));
  }, 120_000);
});

describe("a booking's invoices add up to the money that moved, on Firestore (in-process emulator)", () => {
  const paths = firestoreForFile("invoice-paths", { inProcess: true });

  it("per party, for random paths (instant, request answered or not, cancelled by either side at any tier)", async () => {
    await fc.assert(
      fc.asyncProperty(moneyPaths, async (moneyPath) => {
        const { booking, invoices } = await runMoneyPath(paths.store(), moneyPath);
        expect(brokenRules(moneyPath, booking, invoices)).toEqual([]);
      }),
      { numRuns: propertyRuns(30) },
    );
  }, 300_000);
});
