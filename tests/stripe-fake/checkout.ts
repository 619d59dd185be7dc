/**
 * The Stripe fake's Checkout Sessions: create (payment mode, expiry between 30 minutes and 24
 * hours), read, expire; and what the renter does on Stripe's page, paying (`completeCheckout`: a
 * PaymentIntent on a saved card, held under manual capture — a booking — or taken at once under
 * automatic capture — a paperwork quote, `succeeded` with `amount_received`, its charge and
 * balance transaction recorded, refundable) or
 * letting the time run out, each answered with Stripe's event.
 */
import { event, int, obj, publicOf, shaped, str, StripeFailure, type FakeState, type Obj, type Route } from "./shared";
import { recordCharge } from "./balance";
import { intentView } from "./payment-intents";
import type { FormValue } from "./validate";

const sessionView = (s: Obj) => shaped("checkout.session", s);

function session(state: FakeState, sessionId: string): Obj {
  const found = state.sessions.get(sessionId);
  if (!found) throw new StripeFailure(404, "invalid_request_error", `No such checkout.session: '${sessionId}'`, "resource_missing", "session");
  return found;
}

export const checkoutRoutes: Record<string, Route> = {
  "POST /v1/checkout/sessions": ({ id, now, sessions, url }, _params, body) => {
    if (body.mode !== "payment") throw new StripeFailure(400, "invalid_request_error", "The fake serves mode=payment only", undefined, "mode");
    const expiresAt = int(body.expires_at) ?? now() + 24 * 3600;
    if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600) {
      throw new StripeFailure(400, "invalid_request_error", "expires_at must be between 30 minutes and 24 hours from now", "parameter_invalid_integer", "expires_at");
    }
    const items = Object.values((body.line_items ?? {}) as Record<string, Record<string, FormValue>>);
    if (items.length === 0) throw new StripeFailure(400, "invalid_request_error", "line_items is required in payment mode", "parameter_missing", "line_items");
    let total = 0;
    let currency = "";
    // What Checkout shows the renter, line by line (the session's total is their sum, as Stripe's).
    const lines: Array<{ name: string; amount: number; quantity: number }> = [];
    for (const item of items) {
      const priceData = item.price_data as Record<string, FormValue> | undefined;
      const unit = int(priceData?.unit_amount);
      if (!priceData || unit === undefined) throw new StripeFailure(400, "invalid_request_error", "the fake needs price_data.unit_amount", "parameter_missing", "line_items");
      const name = str((priceData.product_data as Record<string, FormValue> | undefined)?.name);
      if (!name) throw new StripeFailure(400, "invalid_request_error", "Missing required param: line_items[price_data][product_data][name].", "parameter_missing", "line_items");
      if (unit <= 0) throw new StripeFailure(400, "invalid_request_error", "line_items[price_data][unit_amount] must be greater than 0 in the fake", "parameter_invalid_integer", "line_items");
      const quantity = int(item.quantity) ?? 1;
      lines.push({ name, amount: unit, quantity });
      total += unit * quantity;
      currency = str(priceData.currency) ?? currency;
    }
    const sessionId = id("cs_test");
    const created: Obj = {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      url: `${url}/pay/${sessionId}`,
      expires_at: expiresAt,
      success_url: str(body.success_url),
      cancel_url: str(body.cancel_url),
      amount_total: total,
      amount_subtotal: total,
      currency,
      customer: str(body.customer) ?? null,
      customer_email: str(body.customer_email) ?? null,
      client_reference_id: str(body.client_reference_id) ?? null,
      metadata: obj(body.metadata),
      payment_intent: null,
      payment_method_types: ["card"],
      livemode: false,
      automatic_tax: { enabled: false, status: null },
      shipping_options: [],
      // Kept for completeCheckout: what the PaymentIntent Stripe creates will carry.
      _intent: (body.payment_intent_data ?? {}) as Obj,
      // Kept for the tests: the lines the renter saw (Stripe serves them at /line_items, not served here).
      _lines: lines,
    };
    sessions.set(sessionId, created);
    return sessionView(publicOf(created));
  },
  "GET /v1/checkout/sessions/{session}": (state, params) => sessionView(publicOf(session(state, params.session))),
  "POST /v1/checkout/sessions/{session}/expire": (state, params) => {
    const found = session(state, params.session);
    if (found.status !== "open") throw new StripeFailure(400, "invalid_request_error", "Only Checkout Sessions with a status of open can be expired.", "checkout_session_not_open");
    found.status = "expired";
    found.url = null;
    return sessionView(publicOf(found));
  },
};

/** The payer pays at Checkout: a PaymentIntent held (manual capture) or taken (automatic) on a saved card; the event Stripe sends. */
export function completeCheckout(state: FakeState, sessionId: string, options: { paymentMethod?: string } = {}): Obj {
  const { id, now } = state;
  const found = state.sessions.get(sessionId);
  if (!found || found.status !== "open") throw new Error(`checkout ${sessionId} is not open`);
  const data = found._intent as Record<string, FormValue>;
  const customer = (found.customer as string | null) ?? id("cus");
  const paymentMethod = options.paymentMethod ?? id("pm");
  state.customersCards.set(paymentMethod, customer);
  const manual = data.capture_method === "manual";
  const amount = found.amount_total as number;
  const pi: Obj = {
    id: id("pi"),
    object: "payment_intent",
    amount,
    amount_capturable: manual ? amount : 0,
    amount_received: manual ? 0 : amount,
    capture_method: manual ? "manual" : "automatic",
    confirmation_method: "automatic",
    currency: found.currency,
    customer,
    payment_method: paymentMethod,
    metadata: obj(data.metadata),
    setup_future_usage: str(data.setup_future_usage) ?? null,
    status: manual ? "requires_capture" : "succeeded",
    payment_method_types: ["card"],
    created: now(),
    livemode: false,
    charges: { object: "list", data: [], has_more: false, url: "/v1/charges" },
  };
  // Taken at once: its charge and the charge's balance transaction, as a capture records them.
  if (!manual) recordCharge(state, pi, amount);
  intentView(pi);
  state.paymentIntents.set(pi.id as string, pi);
  Object.assign(found, { status: "complete", payment_intent: pi.id, customer, url: null, payment_status: manual ? "unpaid" : "paid" });
  return event(state, "checkout.session.completed", sessionView(publicOf(found)));
}

/** Checkout's time runs out: the event Stripe sends. */
export function expireCheckout(state: FakeState, sessionId: string): Obj {
  const found = state.sessions.get(sessionId);
  if (!found || found.status !== "open") throw new Error(`checkout ${sessionId} is not open`);
  Object.assign(found, { status: "expired", url: null });
  return event(state, "checkout.session.expired", sessionView(publicOf(found)));
}
