/**
 * The Stripe fake's PaymentIntents: read, create (confirmed off-session on a customer's saved
 * card, or declined), capture (at most what is capturable, once), cancel (not once captured or
 * canceled).
 */
import { recordCharge } from "./balance";
import { int, obj, shaped, str, StripeFailure, type FakeState, type Obj, type Route } from "./shared";

export const intentView = (p: Obj) => shaped("payment_intent", p);

export function intent(state: FakeState, idValue: string): Obj {
  const found = state.paymentIntents.get(idValue);
  if (!found) throw new StripeFailure(404, "invalid_request_error", `No such payment_intent: '${idValue}'`, "resource_missing", "intent");
  return found;
}

export const paymentIntentRoutes: Record<string, Route> = {
  "GET /v1/payment_intents/{intent}": (state, params) => intentView(intent(state, params.intent)),
  "POST /v1/payment_intents": ({ id, now, paymentIntents, customersCards, declinedPaymentMethods }, _params, body) => {
    const customer = str(body.customer);
    const paymentMethod = str(body.payment_method);
    const confirm = body.confirm === "true";
    if (confirm && body.off_session === "true") {
      if (!customer || !paymentMethod) throw new StripeFailure(400, "invalid_request_error", "off_session confirmation needs a customer and a payment_method", "parameter_missing", customer ? "payment_method" : "customer");
      if (customersCards.get(paymentMethod) !== customer) {
        throw new StripeFailure(400, "invalid_request_error", `The PaymentMethod ${paymentMethod} is not attached to customer ${customer}.`, "resource_missing", "payment_method");
      }
    }
    if (paymentMethod && declinedPaymentMethods.has(paymentMethod) && confirm) {
      throw new StripeFailure(402, "card_error", "Your card was declined.", "card_declined");
    }
    const manual = body.capture_method === "manual";
    const amount = int(body.amount)!;
    const created: Obj = {
      id: id("pi"),
      object: "payment_intent",
      amount,
      amount_capturable: confirm && manual ? amount : 0,
      amount_received: confirm && !manual ? amount : 0,
      capture_method: str(body.capture_method) ?? "automatic",
      confirmation_method: "automatic",
      currency: str(body.currency),
      customer: customer ?? null,
      payment_method: paymentMethod ?? null,
      metadata: obj(body.metadata),
      setup_future_usage: str(body.setup_future_usage) ?? null,
      status: !confirm ? "requires_confirmation" : manual ? "requires_capture" : "succeeded",
      payment_method_types: ["card"],
      created: now(),
      livemode: false,
      charges: { object: "list", data: [], has_more: false, url: "/v1/charges" },
    };
    paymentIntents.set(created.id as string, created);
    return intentView(created);
  },
  "POST /v1/payment_intents/{intent}/capture": (state, params, body) => {
    const pi = intent(state, params.intent);
    if (pi.status !== "requires_capture") {
      throw new StripeFailure(400, "invalid_request_error", `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}.`, "payment_intent_unexpected_state");
    }
    const amount = int(body.amount_to_capture) ?? (pi.amount_capturable as number);
    if (amount > (pi.amount_capturable as number)) {
      throw new StripeFailure(400, "invalid_request_error", "amount_to_capture is greater than the amount capturable.", "amount_too_large", "amount_to_capture");
    }
    Object.assign(pi, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
    recordCharge(state, pi, amount);
    return intentView(pi);
  },
  "POST /v1/payment_intents/{intent}/cancel": (state, params, body) => {
    const pi = intent(state, params.intent);
    if (pi.status === "succeeded" || pi.status === "canceled") {
      throw new StripeFailure(400, "invalid_request_error", `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`, "payment_intent_unexpected_state");
    }
    Object.assign(pi, { status: "canceled", amount_capturable: 0, cancellation_reason: str(body.cancellation_reason) ?? null, canceled_at: state.now() });
    return intentView(pi);
  },
};
