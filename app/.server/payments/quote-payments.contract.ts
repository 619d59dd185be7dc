/**
 * The contract of paid quotes (decision 054), one suite every adapter passes
 * (`quote-payments.test.ts` runs it on `recorded` and on `stripe` against the local fake):
 * - `collect` answers `direct` exactly when the adapter does not charge; a charging adapter
 *   answers a `redirect` to pay, with its expiry, the same for the same key;
 * - its completion is named by the provider's event as the collection's reference, for that case
 *   and quote, amount and currency (what the cases compare before applying it), and the money is
 *   taken at once (captured, nothing held);
 * - `closeCollection` closes an open one (it can no longer be paid) and says when it was paid
 *   meanwhile, with the payment to apply; asked again it answers the same;
 * - a quote's refunds (`refund` on the payment) return at most what was taken, once per key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPaymentsError } from "./errors";
import type { Collection, PaymentsAdapter } from "./index";

export interface QuotePaymentsHarness {
  payments: PaymentsAdapter;
  /**
   * The requester pays a `redirect` collection: the provider's event as the webhook reads it, and
   * the payment's reference (charging adapters only).
   */
  pay?(collection: Extract<Collection, { kind: "redirect" }>): Promise<{ checkout: string; caseId: string; quoteN: number; amountCents: number | null; currency: string | null; paymentIntent: string }>;
  /** Whether a collection can still be paid at the provider. */
  payable?(checkout: string): Promise<boolean>;
  moved?(reference: string): Promise<{ held: number; captured: number; refunded: number }>;
  cleanup(): Promise<void>;
}

const customer = { uid: "req-1", email: "lucia@amarre.test", name: "Lucía Martín" };
let sequence = 0;
const caseId = () => `QuOtEcOnTrAcT${Date.now().toString(36).slice(-4)}${String(++sequence).padStart(3, "0")}`.slice(0, 20);

export function describeQuotePaymentsContract(name: string, setup: () => Promise<QuotePaymentsHarness>) {
  describe(`quote payments contract: ${name}`, () => {
    let h: QuotePaymentsHarness;
    let payments: PaymentsAdapter;
    beforeAll(async () => {
      h = await setup();
      payments = h.payments;
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    const collect = (id: string, amountCents = 12_100) =>
      payments.collect({ key: `case_${id}_quote_1_checkout_1`, purpose: "quote", reference: id, quoteN: 1, amountCents, description: "ITB with the fees", customer, returnUrl: `https://amarre.test/en/ajustes/mis-gestiones/${id}` });

    it("collects directly without charging, else a redirect to pay with its expiry; the same for the same key", async () => {
      const id = caseId();
      const before = Date.now();
      const first = await collect(id);
      expect(await collect(id)).toEqual(first);
      if (!payments.charges) {
        expect(first).toEqual({ kind: "direct", reference: `rec_case_${id}_quote_1_checkout_1` });
        return;
      }
      expect(first.kind).toBe("redirect");
      if (first.kind !== "redirect") return;
      expect(first.url).toMatch(/^https?:\/\//);
      expect(Date.parse(first.expiresAt)).toBeGreaterThanOrEqual(before + 30 * 60_000);
      expect(await h.payable!(first.reference)).toBe(true);
    });

    it("a paid collection is named by the provider's event, for its case, quote, amount and currency, and taken at once", async () => {
      const id = caseId();
      const collection = await collect(id, 7_700);
      if (collection.kind !== "redirect") return;
      const paid = await h.pay!(collection);
      expect(paid).toMatchObject({ checkout: collection.reference, caseId: id, quoteN: 1, amountCents: 7_700, currency: "eur" });
      expect(await h.moved!(paid.paymentIntent)).toEqual({ held: 0, captured: 7_700, refunded: 0 });
    });

    it("closing an open collection makes it unpayable; one paid meanwhile is answered paid, with the payment to apply; the same again", async () => {
      const open = await collect(caseId());
      const closed = await payments.closeCollection({ key: "close-open", checkout: open.reference });
      expect(closed).toEqual({ state: "closed" });
      if (open.kind !== "redirect") return;
      expect(await h.payable!(open.reference)).toBe(false);
      expect(await payments.closeCollection({ key: "close-open", checkout: open.reference })).toEqual({ state: "closed" });

      const paidMeanwhile = await collect(caseId(), 5_000);
      if (paidMeanwhile.kind !== "redirect") return;
      const paid = await h.pay!(paidMeanwhile);
      const answer = { state: "paid", paymentIntent: paid.paymentIntent, amountCents: 5_000, currency: "eur" };
      expect(await payments.closeCollection({ key: "close-paid", checkout: paidMeanwhile.reference })).toEqual(answer);
      expect(await payments.closeCollection({ key: "close-paid", checkout: paidMeanwhile.reference })).toEqual(answer);
    });

    it("refunds a paid quote in parts up to what was taken, once per key; more is refused", async () => {
      const collection = await collect(caseId(), 10_000);
      const reference = collection.kind === "redirect" ? (await h.pay!(collection)).paymentIntent : collection.reference;
      const first = await payments.refund({ key: "quote-refund-1", reference, amountCents: 3_000, reason: "Fees lower" });
      expect(await payments.refund({ key: "quote-refund-1", reference, amountCents: 3_000, reason: "Fees lower" })).toEqual(first);
      await payments.refund({ key: "quote-refund-2", reference, amountCents: 7_000, reason: "Work cancelled" });
      if (!payments.charges) return;
      expect(await h.moved!(reference)).toEqual({ held: 0, captured: 10_000, refunded: 10_000 });
      const refused = await payments.refund({ key: "quote-refund-3", reference, amountCents: 1, reason: "Third" }).then(
        () => null,
        (error: unknown) => (isPaymentsError(error) ? error.kind : error),
      );
      expect(refused).toBe("refused");
    });
  });
}
