/**
 * The Stripe fake's Refunds: of a PaymentIntent's successful charge, at most what is left of it,
 * each with its balance transaction; read one, or list them (by PaymentIntent).
 */
import { recordBalance } from "./balance";
import { listAnswer } from "./lists";
import { intent } from "./payment-intents";
import { int, obj, shaped, str, StripeFailure, type Obj, type Route } from "./shared";

export const refundRoutes: Record<string, Route> = {
  "POST /v1/refunds": (state, _params, body) => {
    const piId = str(body.payment_intent);
    if (!piId) throw new StripeFailure(400, "invalid_request_error", "The fake refunds payment intents only", "parameter_missing", "payment_intent");
    const pi = intent(state, piId);
    if (pi.status !== "succeeded") throw new StripeFailure(400, "invalid_request_error", "This PaymentIntent has no successful charge to refund.", "charge_not_refundable", "payment_intent");
    const refunded = [...state.refunds.values()].filter((r) => r.payment_intent === piId).reduce((sum, r) => sum + (r.amount as number), 0);
    const left = (pi.amount_received as number) - refunded;
    if (left <= 0) throw new StripeFailure(400, "invalid_request_error", `Charge for ${piId} has already been refunded.`, "charge_already_refunded");
    const amount = int(body.amount) ?? left;
    if (amount > left) throw new StripeFailure(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount_too_large", "amount");
    const refund: Obj = {
      id: state.id("re"),
      object: "refund",
      amount,
      currency: pi.currency,
      payment_intent: piId,
      reason: str(body.reason) ?? null,
      metadata: obj(body.metadata),
      status: "succeeded",
      created: state.now(),
    };
    refund.balance_transaction = recordBalance(state, { source: refund.id as string, amount: -amount, type: "refund", currency: pi.currency });
    state.refunds.set(refund.id as string, refund);
    return shaped("refund", refund);
  },
  "GET /v1/refunds/{refund}": (state, params) => {
    const found = state.refunds.get(params.refund);
    if (!found) throw new StripeFailure(404, "invalid_request_error", `No such refund: '${params.refund}'`, "resource_missing", "refund");
    return shaped("refund", found);
  },
  "GET /v1/refunds": (state, _params, query) => {
    const paymentIntent = str(query.payment_intent);
    const items = [...state.refunds.values()].filter((r) => !paymentIntent || r.payment_intent === paymentIntent);
    return listAnswer("GET /v1/refunds", items, query, "/v1/refunds");
  },
};
