import Stripe from "stripe";
import { PaymentsError } from "./errors";
import type { PaymentRecords, ProviderBalanceMove, ProviderPayment, ProviderRefund, ProviderTransfer } from "./index";

/**
 * Stripe's side of the ledger, read back for the daily reconciliation (decision 053): GETs only,
 * no Idempotency-Key needed, nothing changed.
 * - a payment: `GET /v1/payment_intents/{id}` (amount, amount_capturable, amount_received,
 *   status, metadata.bookingId) and the balance transaction of its charge; a `cs_…` reference is
 *   read through its Checkout Session first;
 * - refunds: `GET /v1/refunds/{id}`, `GET /v1/refunds?payment_intent=`;
 * - transfers: `GET /v1/transfers/{id}`, `GET /v1/transfers?transfer_group=` (the booking's id);
 * - balance transactions: `GET /v1/balance_transactions/{id}`, `GET /v1/balance_transactions?source=`.
 *
 * The charge of a PaymentIntent is `latest_charge` in the API version the SDK speaks; in the
 * 2020-08-27 description the fake answers from, it is the last of `charges.data`. Both are read:
 * an expanded charge names its balance transaction, a bare charge id is looked up by `source`.
 * A list is read to its end, at most MAX_LISTED objects (a booking has a handful).
 */
const MAX_LISTED = 1000;

/** Null for an object Stripe does not have (404 `resource_missing`); every other failure is a PaymentsError. */
async function found<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing")) return null;
    if (error instanceof Stripe.errors.StripeError) throw new PaymentsError(error instanceof Stripe.errors.StripeInvalidRequestError ? "refused" : "unavailable", `Stripe: ${error.message}`, error.code ?? null, { cause: error });
    throw error;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value ? (typeof value === "string" ? value : value.id) : null);

function balanceOf(txn: Stripe.BalanceTransaction): ProviderBalanceMove {
  return { reference: txn.id, amountCents: txn.amount, feeCents: txn.fee, netCents: txn.net, type: txn.type, status: txn.status };
}

type ChargeLike = { id: string; balance_transaction?: string | Stripe.BalanceTransaction | null };

/** The PaymentIntent's charge: `latest_charge` (current API) or the last of `charges.data` (2020-08-27). */
function chargeOf(intent: Stripe.PaymentIntent): ChargeLike | string | null {
  const latest = (intent as { latest_charge?: string | ChargeLike | null }).latest_charge;
  if (latest) return latest;
  const listed = (intent as { charges?: { data?: ChargeLike[] } }).charges?.data ?? [];
  return listed.at(-1) ?? null;
}

export function createStripeRecords(stripe: Stripe): PaymentRecords {
  async function balanceMove(reference: string | null): Promise<ProviderBalanceMove | null> {
    if (!reference) return null;
    const txn = await found(() => stripe.balanceTransactions.retrieve(reference));
    return txn ? balanceOf(txn) : null;
  }

  async function balanceMovesOf(source: string): Promise<ProviderBalanceMove[]> {
    const listed = await found(() => stripe.balanceTransactions.list({ source, limit: 100 }).autoPagingToArray({ limit: MAX_LISTED }));
    return (listed ?? []).map(balanceOf);
  }

  async function chargeBalance(intent: Stripe.PaymentIntent): Promise<ProviderBalanceMove | null> {
    const charge = chargeOf(intent);
    if (!charge) return null;
    if (typeof charge === "string") return (await balanceMovesOf(charge)).find((m) => m.type === "charge" || m.type === "payment") ?? null;
    const txn = charge.balance_transaction;
    if (txn && typeof txn === "object") return balanceOf(txn);
    return txn ? balanceMove(txn) : ((await balanceMovesOf(charge.id)).find((m) => m.type === "charge" || m.type === "payment") ?? null);
  }

  async function paymentView(intent: Stripe.PaymentIntent): Promise<ProviderPayment> {
    return {
      reference: intent.id,
      status: intent.status,
      amountCents: intent.amount,
      capturableCents: intent.amount_capturable ?? 0,
      receivedCents: intent.amount_received ?? 0,
      currency: intent.currency,
      bookingId: intent.metadata?.bookingId ?? null,
      balance: intent.status === "succeeded" ? await chargeBalance(intent) : null,
    };
  }

  async function refundView(refund: Stripe.Refund): Promise<ProviderRefund> {
    return {
      reference: refund.id,
      paymentReference: idOf(refund.payment_intent),
      amountCents: refund.amount,
      status: refund.status ?? null,
      balance: await balanceMove(idOf(refund.balance_transaction)),
    };
  }

  async function transferView(transfer: Stripe.Transfer): Promise<ProviderTransfer> {
    return {
      reference: transfer.id,
      amountCents: transfer.amount,
      reversedCents: transfer.amount_reversed,
      reversed: transfer.reversed,
      group: transfer.transfer_group ?? null,
      destination: idOf(transfer.destination as string | { id: string } | null),
      balance: await balanceMove(idOf(transfer.balance_transaction)),
    };
  }

  return {
    async payment(reference) {
      let intentId: string | null = reference;
      if (reference.startsWith("cs_")) {
        const session = await found(() => stripe.checkout.sessions.retrieve(reference));
        intentId = idOf(session?.payment_intent);
      }
      if (!intentId) return null;
      const intent = await found(() => stripe.paymentIntents.retrieve(intentId));
      return intent ? paymentView(intent) : null;
    },
    async refund(reference) {
      const refund = await found(() => stripe.refunds.retrieve(reference));
      return refund ? refundView(refund) : null;
    },
    async refundsOf(paymentReference) {
      const listed = await found(() => stripe.refunds.list({ payment_intent: paymentReference, limit: 100 }).autoPagingToArray({ limit: MAX_LISTED }));
      return Promise.all((listed ?? []).map(refundView));
    },
    async transfer(reference) {
      const transfer = await found(() => stripe.transfers.retrieve(reference));
      return transfer ? transferView(transfer) : null;
    },
    async transfersOf(bookingId) {
      const listed = await found(() => stripe.transfers.list({ transfer_group: bookingId, limit: 100 }).autoPagingToArray({ limit: MAX_LISTED }));
      return Promise.all((listed ?? []).map(transferView));
    },
    balanceMove,
    balanceMovesOf,
  };
}
