import { describe, expect, it } from "vitest";
import type { PaidQuote } from "#app/features/cases/.server";
import type { ProviderPayment, ProviderRefund } from "#app/.server/payments";
import { compareQuote } from "./index";

/**
 * One paid quote against Stripe's objects (pure; decisions 053 and 054): what the route test with
 * the fake does not reach — a payment Stripe lacks or that is not captured, a balance transaction
 * of other cents, a refund Stripe failed, and a refund still being made (not compared, and not
 * taken for one the quote lacks).
 */
const at = "2026-12-01T10:00:00.000Z";
const paid = (refunds: NonNullable<PaidQuote["quote"]["refunds"]> = []): PaidQuote => ({
  caseId: "CaSe0000000000000001",
  caseReference: "GES-7K3Q9",
  quote: {
    n: 2,
    amountCents: 121_00,
    description: "ITB",
    validUntil: "2026-12-10",
    sentAt: at,
    byUid: "team-1",
    status: "accepted",
    answeredAt: at,
    reason: "",
    payment: { mode: "provider", checkoutId: "cs_1", url: null, expiresAt: null, attempt: 1, reference: "pi_1", amountCents: 121_00, paidAt: at },
    refunds,
  },
});
const balance = (cents: number) => ({ reference: `txn_${cents}`, amountCents: cents, feeCents: 207, netCents: cents - 207, type: "charge", status: "pending" });
const payment = (over: Partial<ProviderPayment> = {}): ProviderPayment => ({ reference: "pi_1", status: "succeeded", amountCents: 121_00, capturableCents: 0, receivedCents: 121_00, currency: "eur", bookingId: null, balance: balance(121_00), ...over });
const refund = (reference: string, cents: number, status = "succeeded"): ProviderRefund => ({ reference, paymentReference: "pi_1", amountCents: cents, status, balance: { ...balance(-cents), feeCents: 0, type: "refund" } });
const done = (k: number, cents: number, reference: string) => ({ k, amountCents: cents, reason: "r", byUid: "team-1", at, state: "done" as const, reference, doneAt: at });
const subject = { caseId: "CaSe0000000000000001", caseReference: "GES-7K3Q9", quoteN: 2 };

describe("compareQuote", () => {
  it("agrees with Stripe's payment, refund and balance transactions, counting each object and Stripe's fee", () => {
    const result = compareQuote(paid([done(1, 20_00, "re_1")]), { payment: payment(), refunds: [refund("re_1", 20_00)], elsewhere: [] });
    expect(result).toMatchObject({ differences: [], objects: 2, inFlight: 0, ledger: { capturedCents: 121_00, refundedCents: 20_00 }, stripe: { capturedCents: 121_00, refundedCents: 20_00, feeCents: 207 } });
  });

  it("says a payment Stripe lacks, one not captured, and a balance transaction of other cents, with both figures", () => {
    expect(compareQuote(paid(), { payment: null, refunds: [], elsewhere: [] }).differences).toEqual([{ ...subject, line: "payment", object: "quote-payment", kind: "missing", reference: "pi_1", ledger: { cents: 121_00, state: "captured" }, stripe: { cents: null, state: null } }]);
    expect(compareQuote(paid(), { payment: payment({ status: "canceled", receivedCents: 0 }), refunds: [], elsewhere: [] }).differences).toEqual([{ ...subject, line: "payment", object: "quote-payment", kind: "state", reference: "pi_1", ledger: { cents: 121_00, state: "captured" }, stripe: { cents: 121_00, state: "canceled" } }]);
    expect(compareQuote(paid(), { payment: payment({ balance: balance(100_00) }), refunds: [], elsewhere: [] }).differences).toEqual([{ ...subject, line: "payment", object: "balance", kind: "amount", reference: "txn_10000", ledger: { cents: 121_00, state: "captured" }, stripe: { cents: 100_00, state: null } }]);
  });

  it("says a refund Stripe failed, found by its id when the list lacks it", () => {
    const result = compareQuote(paid([done(1, 20_00, "re_1")]), { payment: payment(), refunds: [], elsewhere: [refund("re_1", 20_00, "failed")] });
    expect(result.differences).toEqual([{ ...subject, line: "refund-1", object: "refund", kind: "state", reference: "re_1", ledger: { cents: 20_00, state: "refunded" }, stripe: { cents: 20_00, state: "failed" } }]);
  });

  it("leaves a refund still being made alone: not compared, and Stripe's refund not taken for one the quote lacks", () => {
    const pending = { k: 1, amountCents: 20_00, reason: "r", byUid: "team-1", at, state: "pending" as const, reference: null, doneAt: null };
    const result = compareQuote(paid([pending]), { payment: payment(), refunds: [refund("re_9", 20_00)], elsewhere: [] });
    expect(result).toMatchObject({ differences: [], inFlight: 1, objects: 1 });
    // Once it is done, a refund at Stripe the quote does not list is one.
    expect(compareQuote(paid(), { payment: payment(), refunds: [refund("re_9", 20_00)], elsewhere: [] }).differences).toEqual([{ ...subject, line: null, object: "refund", kind: "missing", reference: "re_9", ledger: { cents: null, state: null }, stripe: { cents: 20_00, state: "succeeded" } }]);
  });
});
