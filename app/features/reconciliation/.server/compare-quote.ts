import type { PaidQuote } from "#app/features/cases/.server";
import type { ProviderPayment, ProviderRefund } from "#app/.server/payments";
import type { BookingComparison } from "./compare";
import type { LedgerExpectation, QuoteDifference } from "./model";

/** What the provider holds for a paid quote: its PaymentIntent, the refunds listed for it, and those the quote names that the list did not hold. */
export type QuoteFacts = { payment: ProviderPayment | null; refunds: ProviderRefund[]; elsewhere: ProviderRefund[] };

const REFUND_OK = ["succeeded", "pending"];

/**
 * One paperwork quote paid through the provider against what the provider holds for it (pure;
 * decisions 053 and 054): its payment captured at Checkout (`succeeded`, for the amount
 * received), each of the quote's refunds (that amount, not failed nor canceled), every refund of
 * the PaymentIntent at the provider that the quote does not list, and the balance transactions
 * of each. A refund still `pending` on the quote (the provider being asked) is not compared, nor
 * taken for one the quote lacks: the team's retry uses the same key.
 */
export function compareQuote(paid: PaidQuote, facts: QuoteFacts): BookingComparison {
  const { quote } = paid;
  const refunds = quote.refunds ?? [];
  const result: BookingComparison = {
    differences: [],
    objects: 0,
    manual: 0,
    inFlight: refunds.filter((r) => r.state === "pending").length,
    ledger: { capturedCents: 0, refundedCents: 0, transferredCents: 0 },
    stripe: { capturedCents: 0, refundedCents: 0, transferredCents: 0, feeCents: 0 },
  };
  const differ = (kind: QuoteDifference["kind"], object: QuoteDifference["object"], line: string | null, reference: string | null, ledger: QuoteDifference["ledger"], stripe: QuoteDifference["stripe"]) =>
    result.differences.push({ caseId: paid.caseId, caseReference: paid.caseReference, quoteN: quote.n, line, object, kind, reference, ledger, stripe });
  const checkBalance = (line: string, balance: ProviderPayment["balance"], expected: number, expectation: LedgerExpectation) => {
    if (!balance) return;
    result.stripe.feeCents += balance.feeCents;
    if (Math.abs(balance.amountCents) !== expected) differ("amount", "balance", line, balance.reference, { cents: expected, state: expectation }, { cents: Math.abs(balance.amountCents), state: null });
  };

  const cents = quote.payment?.amountCents ?? quote.amountCents;
  const payment = facts.payment;
  result.objects++;
  result.ledger.capturedCents += cents;
  if (!payment) differ("missing", "quote-payment", "payment", quote.payment?.reference ?? null, { cents, state: "captured" }, { cents: null, state: null });
  else if (payment.status !== "succeeded") {
    const figure = payment.status === "requires_capture" ? payment.capturableCents : payment.amountCents;
    differ("state", "quote-payment", "payment", payment.reference, { cents, state: "captured" }, { cents: figure, state: payment.status });
  } else {
    result.stripe.capturedCents += payment.receivedCents;
    if (payment.receivedCents !== cents) differ("amount", "quote-payment", "payment", payment.reference, { cents, state: "captured" }, { cents: payment.receivedCents, state: payment.status });
    checkBalance("payment", payment.balance, payment.receivedCents, "captured");
  }

  const atProvider = new Map([...facts.elsewhere, ...facts.refunds].map((r) => [r.reference, r]));
  for (const line of refunds.filter((r) => r.state === "done")) {
    const id = `refund-${line.k}`;
    result.objects++;
    result.ledger.refundedCents += line.amountCents;
    const refund = line.reference ? atProvider.get(line.reference) : undefined;
    if (!refund) {
      differ("missing", "refund", id, line.reference, { cents: line.amountCents, state: "refunded" }, { cents: null, state: null });
      continue;
    }
    if (refund.status === null || REFUND_OK.includes(refund.status)) result.stripe.refundedCents += refund.amountCents;
    if (refund.status !== null && !REFUND_OK.includes(refund.status)) differ("state", "refund", id, refund.reference, { cents: line.amountCents, state: "refunded" }, { cents: refund.amountCents, state: refund.status });
    else if (refund.amountCents !== line.amountCents) differ("amount", "refund", id, refund.reference, { cents: line.amountCents, state: "refunded" }, { cents: refund.amountCents, state: refund.status });
    else checkBalance(id, refund.balance, refund.amountCents, "refunded");
  }
  const listed = new Set(refunds.map((r) => r.reference));
  for (const refund of result.inFlight > 0 ? [] : facts.refunds.filter((r) => !listed.has(r.reference))) {
    result.objects++;
    if (refund.status === null || REFUND_OK.includes(refund.status)) result.stripe.refundedCents += refund.amountCents;
    differ("missing", "refund", null, refund.reference, { cents: null, state: null }, { cents: refund.amountCents, state: refund.status });
  }
  return result;
}
