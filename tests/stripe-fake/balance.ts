/**
 * The Stripe fake's balance: a balance transaction for each movement of money — a charge captured
 * (`charge`, with Stripe's fee: 1.5 % + 0.25 € of a European card, pending for two days), a
 * refund (`refund`, negative) and a transfer to a connected account (`transfer`, negative) —
 * with its `source`, `amount`, `fee`, `net`, `type` and `status`; `GET /v1/balance_transactions/{id}`
 * and the list by `source` or `type`. `plantDifference` is the tests' hand at Stripe's dashboard:
 * what someone might do there that the ledger does not know.
 */
import { listAnswer } from "./lists";
import { shaped, str, StripeFailure, type FakeState, type Obj, type Route } from "./shared";

const DAY = 86_400;

/** The fake's balance transactions, by id (kept on the state object, beside the other resources). */
export function balanceTransactions(state: FakeState): Map<string, Obj> {
  const holder = state as FakeState & { balanceTransactions?: Map<string, Obj> };
  holder.balanceTransactions ??= new Map();
  return holder.balanceTransactions;
}

/** Records a movement of the balance; answers its id. */
export function recordBalance(state: FakeState, input: { source: string; amount: number; type: "charge" | "refund" | "transfer"; currency: unknown }): string {
  const fee = input.type === "charge" ? Math.round(input.amount * 0.015) + 25 : 0;
  const created = state.now();
  const txn: Obj = {
    id: state.id("txn"),
    object: "balance_transaction",
    amount: input.amount,
    fee,
    net: input.amount - fee,
    fee_details: fee ? [{ amount: fee, currency: input.currency, description: "Stripe processing fees", type: "stripe_fee" }] : [],
    currency: input.currency,
    type: input.type,
    reporting_category: input.type,
    source: input.source,
    status: input.type === "charge" ? "pending" : "available",
    created,
    available_on: input.type === "charge" ? created + 2 * DAY : created,
  };
  shaped("balance_transaction", txn);
  balanceTransactions(state).set(txn.id as string, txn);
  return txn.id as string;
}

/** A PaymentIntent captured: its charge (as the 2020-08-27 description embeds it in `charges`) and the charge's balance transaction. */
export function recordCharge(state: FakeState, pi: Obj, amount: number) {
  const chargeId = state.id("ch");
  const balance = recordBalance(state, { source: chargeId, amount, type: "charge", currency: pi.currency });
  const charge = { id: chargeId, object: "charge", amount: pi.amount, amount_captured: amount, amount_refunded: 0, captured: true, paid: true, status: "succeeded", payment_intent: pi.id, balance_transaction: balance, currency: pi.currency, created: state.now() };
  pi.charges = { object: "list", data: [charge], has_more: false, url: `/v1/charges?payment_intent=${String(pi.id)}` };
}

export const balanceRoutes: Record<string, Route> = {
  "GET /v1/balance_transactions/{id}": (state, params) => {
    const found = balanceTransactions(state).get(params.id);
    if (!found) throw new StripeFailure(404, "invalid_request_error", `No such balance transaction: '${params.id}'`, "resource_missing", "id");
    return shaped("balance_transaction", found);
  },
  "GET /v1/balance_transactions": (state, _params, query) => {
    const source = str(query.source);
    const type = str(query.type);
    const items = [...balanceTransactions(state).values()].filter((t) => (!source || t.source === source) && (!type || t.type === type));
    return listAnswer("GET /v1/balance_transactions", items, query, "/v1/balance_transactions");
  },
};

/** What someone might do in Stripe's dashboard that the ledger does not know (tests only). */
export type PlantedDifference =
  /** A refund of the PaymentIntent made at Stripe. */
  | { kind: "refund"; paymentIntent: string; amount: number }
  /** A transfer whose amount is not what was asked. */
  | { kind: "transfer-amount"; transfer: string; amount: number }
  /** A transfer taken back (reversed) in full. */
  | { kind: "transfer-reversed"; transfer: string }
  /** A PaymentIntent whose capture never happened: still held. */
  | { kind: "uncaptured"; paymentIntent: string };

export function plantDifference(state: FakeState, planted: PlantedDifference): Obj {
  if (planted.kind === "refund") {
    const pi = state.paymentIntents.get(planted.paymentIntent);
    if (!pi) throw new Error(`no PaymentIntent ${planted.paymentIntent}`);
    const refund: Obj = { id: state.id("re"), object: "refund", amount: planted.amount, currency: pi.currency, payment_intent: pi.id, reason: "requested_by_customer", metadata: {}, status: "succeeded", created: state.now() };
    refund.balance_transaction = recordBalance(state, { source: refund.id as string, amount: -planted.amount, type: "refund", currency: pi.currency });
    state.refunds.set(refund.id as string, refund);
    return refund;
  }
  if (planted.kind === "uncaptured") {
    const pi = state.paymentIntents.get(planted.paymentIntent);
    if (!pi) throw new Error(`no PaymentIntent ${planted.paymentIntent}`);
    return Object.assign(pi, { status: "requires_capture", amount_capturable: pi.amount, amount_received: 0, charges: { object: "list", data: [], has_more: false, url: "/v1/charges" } });
  }
  const transfer = state.transfers.get(planted.transfer);
  if (!transfer) throw new Error(`no transfer ${planted.transfer}`);
  if (planted.kind === "transfer-amount") return Object.assign(transfer, { amount: planted.amount });
  return Object.assign(transfer, { amount_reversed: transfer.amount, reversed: true });
}
