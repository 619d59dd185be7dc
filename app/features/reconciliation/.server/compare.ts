import type { Booking, MoneyLine } from "#app/features/bookings/.server";
import type { ProviderPayment, ProviderRefund, ProviderTransfer } from "#app/.server/payments";
import type { Difference, LedgerExpectation, ReconciledObject, Totals } from "./model";

/**
 * One booking's ledger against what the provider holds for it (pure; decision 053):
 * - the booking's payment (rental and fee, one PaymentIntent): captured for the sum of the two
 *   lines, still held for it, or let go;
 * - the deposit's hold: held for the deposit, captured for the claim the team decided, or let go;
 * - each refund line: a refund of that amount at the provider, not failed nor canceled;
 * - the payout: a transfer of that amount, not reversed (a payout paid by hand is not compared);
 * - each captured payment, refund and transfer: its balance transaction moved the same cents;
 * - and the other way: every refund of the booking's payments and every transfer of its transfer
 *   group at the provider is on the ledger.
 * A line whose provider call is still to be made (`op`) is not compared, nor is an object at the
 * provider that such a call may have made: the scheduler retries it with the same key.
 */
export type ProviderFacts = {
  payment: ProviderPayment | null;
  deposit: ProviderPayment | null;
  /** Refunds listed for the booking's payments, and transfers listed for its transfer group. */
  refunds: ProviderRefund[];
  transfers: ProviderTransfer[];
  /** Refunds and transfers the ledger names that the lists did not hold, read by their id. */
  elsewhere: { refunds: ProviderRefund[]; transfers: ProviderTransfer[] };
};

export type BookingComparison = {
  differences: Difference[];
  objects: number;
  manual: number;
  inFlight: number;
  ledger: Totals;
  stripe: Totals & { feeCents: number };
};

/** The provider's words for each thing the ledger may expect of a payment. */
const PAYMENT_STATES: Record<"captured" | "held" | "let-go", readonly string[]> = {
  captured: ["succeeded"],
  held: ["requires_capture"],
  "let-go": ["canceled"],
};
const REFUND_OK = ["succeeded", "pending"];

/** A payout the adapter recorded without a transfer: the owner has no connected account (decision 024). */
const paidByHand = (reference: string) => reference.startsWith("manual_");

/** What the ledger expects of the booking's payment, from the rental's line (null: nothing to compare yet). */
function paymentExpectation(rental: MoneyLine): "captured" | "held" | "let-go" | null {
  if (rental.state === "captured") return "captured";
  if (rental.state === "authorised") return "held";
  if (rental.state === "voided") return "let-go";
  return null;
}

/** What the ledger expects of the deposit's hold. */
function depositExpectation(deposit: MoneyLine, claim: MoneyLine | undefined): "captured" | "held" | "let-go" | null {
  if (deposit.state === "authorised" || deposit.state === "disputed") return "held";
  if (deposit.state === "released") return claim ? "captured" : "let-go";
  if (deposit.state === "voided" || deposit.state === "scheduled") return "let-go";
  return null;
}

export function compareBooking(booking: Pick<Booking, "id" | "reference" | "money">, facts: ProviderFacts): BookingComparison {
  const { money } = booking;
  const lineOf = (id: string) => money.lines.find((l) => l.id === id);
  const result: BookingComparison = {
    differences: [],
    objects: 0,
    manual: 0,
    inFlight: money.lines.filter((l) => l.op !== null).length,
    ledger: { capturedCents: 0, refundedCents: 0, transferredCents: 0 },
    stripe: { capturedCents: 0, refundedCents: 0, transferredCents: 0, feeCents: 0 },
  };
  const differ = (kind: Difference["kind"], object: ReconciledObject, line: string | null, reference: string | null, ledger: Difference["ledger"], stripe: Difference["stripe"]) =>
    result.differences.push({ bookingId: booking.id, bookingReference: booking.reference, line, object, kind, reference, ledger, stripe });

  /** A balance transaction that moved other cents than its object (`expected`, unsigned). */
  function checkBalance(line: string, balance: { reference: string; amountCents: number; feeCents: number } | null, expected: number, expectation: LedgerExpectation) {
    if (!balance) return;
    result.stripe.feeCents += balance.feeCents;
    if (Math.abs(balance.amountCents) !== expected) differ("amount", "balance", line, balance.reference, { cents: expected, state: expectation }, { cents: Math.abs(balance.amountCents), state: null });
  }

  /** A payment (the booking's or the deposit's) against what the ledger expects of it. */
  function checkPayment(object: "payment" | "deposit", line: string, reference: string | null, payment: ProviderPayment | null, expectation: "captured" | "held" | "let-go", cents: number) {
    result.objects++;
    if (expectation === "captured") result.ledger.capturedCents += cents;
    if (!payment) {
      // A checkout never paid has no payment: nothing was held, nothing to let go.
      if (expectation !== "let-go") differ("missing", object, line, reference, { cents, state: expectation }, { cents: null, state: null });
      return;
    }
    if (payment.status === "succeeded") result.stripe.capturedCents += payment.receivedCents;
    if (!PAYMENT_STATES[expectation].includes(payment.status)) {
      const figure = payment.status === "succeeded" ? payment.receivedCents : payment.status === "requires_capture" ? payment.capturableCents : payment.amountCents;
      differ("state", object, line, payment.reference, { cents, state: expectation }, { cents: figure, state: payment.status });
      return;
    }
    const figure = expectation === "captured" ? payment.receivedCents : expectation === "held" ? payment.capturableCents : null;
    if (figure !== null && figure !== cents) differ("amount", object, line, payment.reference, { cents, state: expectation }, { cents: figure, state: payment.status });
    if (expectation === "captured") checkBalance(line, payment.balance, payment.receivedCents, expectation);
  }

  const rental = lineOf("rental");
  const fee = lineOf("fee");
  if (rental && rental.op === null && (fee === undefined || fee.op === null)) {
    const expectation = paymentExpectation(rental);
    if (expectation && money.reference) checkPayment("payment", "rental", money.reference, facts.payment, expectation, rental.amountCents + (fee?.amountCents ?? 0));
  }

  const deposit = lineOf("deposit");
  if (deposit && deposit.op === null && deposit.reference) {
    const claim = lineOf("claim");
    const expectation = depositExpectation(deposit, claim);
    if (expectation) checkPayment("deposit", "deposit", deposit.reference, facts.deposit, expectation, expectation === "captured" ? (claim?.amountCents ?? 0) : deposit.amountCents);
  }

  const refunds = new Map([...facts.elsewhere.refunds, ...facts.refunds].map((r) => [r.reference, r]));
  for (const line of money.lines.filter((l) => l.kind === "refund" && l.state === "refunded" && l.op === null)) {
    result.objects++;
    result.ledger.refundedCents += line.amountCents;
    const refund = line.reference ? refunds.get(line.reference) : undefined;
    if (!refund) {
      differ("missing", "refund", line.id, line.reference, { cents: line.amountCents, state: "refunded" }, { cents: null, state: null });
      continue;
    }
    if (refund.status === null || REFUND_OK.includes(refund.status)) result.stripe.refundedCents += refund.amountCents;
    if (refund.status !== null && !REFUND_OK.includes(refund.status)) differ("state", "refund", line.id, refund.reference, { cents: line.amountCents, state: "refunded" }, { cents: refund.amountCents, state: refund.status });
    else if (refund.amountCents !== line.amountCents) differ("amount", "refund", line.id, refund.reference, { cents: line.amountCents, state: "refunded" }, { cents: refund.amountCents, state: refund.status });
    else checkBalance(line.id, refund.balance, refund.amountCents, "refunded");
  }
  // A refund still being made (its line's call not cleared yet) is not taken for one the ledger lacks.
  const refundInFlight = money.lines.some((l) => l.kind === "refund" && l.op !== null);
  const refundLines = new Set(money.lines.map((l) => l.reference));
  for (const refund of refundInFlight ? [] : facts.refunds.filter((r) => !refundLines.has(r.reference))) {
    result.objects++;
    if (refund.status === null || REFUND_OK.includes(refund.status)) result.stripe.refundedCents += refund.amountCents;
    differ("missing", "refund", null, refund.reference, { cents: null, state: null }, { cents: refund.amountCents, state: refund.status });
  }

  const transfers = new Map([...facts.elsewhere.transfers, ...facts.transfers].map((t) => [t.reference, t]));
  const payout = lineOf("payout");
  if (payout && payout.state === "paid-out" && payout.op === null) {
    if (payout.reference && paidByHand(payout.reference)) result.manual++;
    else {
      result.objects++;
      result.ledger.transferredCents += payout.amountCents;
      const transfer = payout.reference ? transfers.get(payout.reference) : undefined;
      const expected = { cents: payout.amountCents, state: "paid-out" as const };
      if (!transfer) differ("missing", "transfer", "payout", payout.reference, expected, { cents: null, state: null });
      else {
        result.stripe.transferredCents += transfer.amountCents - transfer.reversedCents;
        if (transfer.reversed || transfer.reversedCents > 0) differ("state", "transfer", "payout", transfer.reference, expected, { cents: transfer.amountCents - transfer.reversedCents, state: "reversed" });
        else if (transfer.amountCents !== payout.amountCents) differ("amount", "transfer", "payout", transfer.reference, expected, { cents: transfer.amountCents, state: null });
        else checkBalance("payout", transfer.balance, transfer.amountCents, "paid-out");
      }
    }
  }
  for (const transfer of payout?.op ? [] : facts.transfers.filter((t) => t.reference !== payout?.reference)) {
    result.objects++;
    result.stripe.transferredCents += transfer.amountCents - transfer.reversedCents;
    differ("missing", "transfer", null, transfer.reference, { cents: null, state: null }, { cents: transfer.amountCents - transfer.reversedCents, state: transfer.reversed ? "reversed" : null });
  }
  return result;
}
