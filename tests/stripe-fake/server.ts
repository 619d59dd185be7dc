/**
 * A local fake of the few Stripe endpoints the payments adapter calls, on 127.0.0.1 only, for
 * the payments contract suite. Every request is checked against Stripe's published OpenAPI
 * description (trimmed to those operations, `stripe-openapi.trimmed.json`): an operation not in
 * it is a 404, a parameter of the wrong name, type or enum, or a missing required one, is
 * Stripe's 400 `invalid_request_error` naming it. Answers are built from the published response
 * shapes and checked against them before they are sent.
 *
 * On top of the description it keeps the rules of Stripe the contract depends on: a secret key
 * in `Authorization`; Idempotency-Key replays (same key and parameters: the first answer again,
 * `Idempotent-Replayed: true`; same key, other parameters: 400 `idempotency_error`); a manual
 * capture takes at most what is capturable, once; a canceled or captured PaymentIntent cannot
 * be canceled; refunds at most what was received; Checkout expiry between 30 minutes and 24
 * hours. Our own rule: every POST must carry an Idempotency-Key (the adapter promises it).
 *
 * What the renter does on Stripe's pages (paying at Checkout) is done by the test through
 * `completeCheckout` / `expireCheckout`, which answer the event Stripe would send.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  loadTrimmedSpec,
  parseStripeForm,
  shapeObject,
  validateParameter,
  validateRequest,
  validateResponse,
  type FormValue,
  type Operation,
} from "./validate";

type Obj = Record<string, unknown>;
type Answer = { status: number; body: Obj };

export type RecordedRequest = {
  method: string;
  path: string;
  operation: string;
  params: { [key: string]: FormValue };
  idempotencyKey: string | null;
  stripeVersion: string | null;
  status: number;
  replayed: boolean;
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const spec = loadTrimmedSpec();
const routes = Object.entries(spec.operations).map(([key, operation]) => {
  const [method, template] = key.split(" ");
  const names: string[] = [];
  const pattern = new RegExp("^" + template.replace(/\{(\w+)\}/g, (_m, name: string) => (names.push(name), "([^/]+)")) + "$");
  return { key, method, pattern, names, operation };
});

const int = (v: FormValue | undefined) => (typeof v === "string" ? Number.parseInt(v, 10) : undefined);
const str = (v: FormValue | undefined) => (typeof v === "string" ? v : undefined);
const obj = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string")) : {};

export type StripeFake = {
  /** `http://127.0.0.1:<port>`: STRIPE_API_BASE for the adapter. */
  url: string;
  spec: typeof spec.source;
  requests: RecordedRequest[];
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  refunds: Map<string, Obj>;
  transfers: Map<string, Obj>;
  /** The renter pays at Checkout: a PaymentIntent held (manual capture) on a saved card; the event Stripe sends. */
  completeCheckout(sessionId: string, options?: { paymentMethod?: string }): Obj;
  /** Checkout's time runs out: the event Stripe sends. */
  expireCheckout(sessionId: string): Obj;
  /** Cards that the bank declines off-session. */
  declinedPaymentMethods: Set<string>;
  close(): Promise<void>;
};

export async function startStripeFake(): Promise<StripeFake> {
  let counter = 0;
  const id = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, "0")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const sessions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const transfers = new Map<string, Obj>();
  const customersCards = new Map<string, string>(); // payment method → customer
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: RecordedRequest[] = [];
  const declinedPaymentMethods = new Set<string>();
  let url = "";

  const shaped = (name: string, fields: Obj): Obj => {
    const out = shapeObject(spec.responses[name], fields);
    const problems = validateResponse(spec.responses[name], out);
    if (problems.length) throw new Error(`the fake built a ${name} that its spec refuses: ${problems.join("; ")}`);
    return out;
  };
  const sessionView = (s: Obj) => shaped("checkout.session", s);
  const intentView = (p: Obj) => shaped("payment_intent", p);

  function intent(idValue: string): Obj {
    const found = paymentIntents.get(idValue);
    if (!found) throw new StripeFailure(404, "invalid_request_error", `No such payment_intent: '${idValue}'`, "resource_missing", "intent");
    return found;
  }

  function handle(operation: string, params: Record<string, string>, body: { [key: string]: FormValue }): Obj {
    switch (operation) {
      case "POST /v1/checkout/sessions": {
        if (body.mode !== "payment") throw new StripeFailure(400, "invalid_request_error", "The fake serves mode=payment only", undefined, "mode");
        const expiresAt = int(body.expires_at) ?? now() + 24 * 3600;
        if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600) {
          throw new StripeFailure(400, "invalid_request_error", "expires_at must be between 30 minutes and 24 hours from now", "parameter_invalid_integer", "expires_at");
        }
        const items = Object.values((body.line_items ?? {}) as Record<string, Record<string, FormValue>>);
        if (items.length === 0) throw new StripeFailure(400, "invalid_request_error", "line_items is required in payment mode", "parameter_missing", "line_items");
        let total = 0;
        let currency = "";
        for (const item of items) {
          const priceData = item.price_data as Record<string, FormValue> | undefined;
          const unit = int(priceData?.unit_amount);
          if (!priceData || unit === undefined) throw new StripeFailure(400, "invalid_request_error", "the fake needs price_data.unit_amount", "parameter_missing", "line_items");
          total += unit * (int(item.quantity) ?? 1);
          currency = str(priceData.currency) ?? currency;
        }
        const sessionId = id("cs_test");
        const session: Obj = {
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
        };
        sessions.set(sessionId, session);
        return sessionView(publicOf(session));
      }
      case "GET /v1/checkout/sessions/{session}": {
        const session = sessions.get(params.session);
        if (!session) throw new StripeFailure(404, "invalid_request_error", `No such checkout.session: '${params.session}'`, "resource_missing", "session");
        return sessionView(publicOf(session));
      }
      case "POST /v1/checkout/sessions/{session}/expire": {
        const session = sessions.get(params.session);
        if (!session) throw new StripeFailure(404, "invalid_request_error", `No such checkout.session: '${params.session}'`, "resource_missing", "session");
        if (session.status !== "open") throw new StripeFailure(400, "invalid_request_error", "Only Checkout Sessions with a status of open can be expired.", "checkout_session_not_open");
        session.status = "expired";
        session.url = null;
        return sessionView(publicOf(session));
      }
      case "GET /v1/payment_intents/{intent}":
        return intentView(intent(params.intent));
      case "POST /v1/payment_intents": {
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
      }
      case "POST /v1/payment_intents/{intent}/capture": {
        const pi = intent(params.intent);
        if (pi.status !== "requires_capture") {
          throw new StripeFailure(400, "invalid_request_error", `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}.`, "payment_intent_unexpected_state");
        }
        const amount = int(body.amount_to_capture) ?? (pi.amount_capturable as number);
        if (amount > (pi.amount_capturable as number)) {
          throw new StripeFailure(400, "invalid_request_error", "amount_to_capture is greater than the amount capturable.", "amount_too_large", "amount_to_capture");
        }
        Object.assign(pi, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
        return intentView(pi);
      }
      case "POST /v1/payment_intents/{intent}/cancel": {
        const pi = intent(params.intent);
        if (pi.status === "succeeded" || pi.status === "canceled") {
          throw new StripeFailure(400, "invalid_request_error", `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`, "payment_intent_unexpected_state");
        }
        Object.assign(pi, { status: "canceled", amount_capturable: 0, cancellation_reason: str(body.cancellation_reason) ?? null, canceled_at: now() });
        return intentView(pi);
      }
      case "POST /v1/refunds": {
        const piId = str(body.payment_intent);
        if (!piId) throw new StripeFailure(400, "invalid_request_error", "The fake refunds payment intents only", "parameter_missing", "payment_intent");
        const pi = intent(piId);
        if (pi.status !== "succeeded") throw new StripeFailure(400, "invalid_request_error", "This PaymentIntent has no successful charge to refund.", "charge_not_refundable", "payment_intent");
        const refunded = [...refunds.values()].filter((r) => r.payment_intent === piId).reduce((sum, r) => sum + (r.amount as number), 0);
        const left = (pi.amount_received as number) - refunded;
        if (left <= 0) throw new StripeFailure(400, "invalid_request_error", `Charge for ${piId} has already been refunded.`, "charge_already_refunded");
        const amount = int(body.amount) ?? left;
        if (amount > left) throw new StripeFailure(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount_too_large", "amount");
        const refund: Obj = {
          id: id("re"),
          object: "refund",
          amount,
          currency: pi.currency,
          payment_intent: piId,
          reason: str(body.reason) ?? null,
          metadata: obj(body.metadata),
          status: "succeeded",
          created: now(),
        };
        refunds.set(refund.id as string, refund);
        return shaped("refund", refund);
      }
      case "POST /v1/transfers": {
        const destination = str(body.destination)!;
        if (!/^acct_\w+$/.test(destination)) throw new StripeFailure(400, "invalid_request_error", `No such destination: '${destination}'`, "resource_missing", "destination");
        const transfer: Obj = {
          id: id("tr"),
          object: "transfer",
          amount: int(body.amount) ?? 0,
          amount_reversed: 0,
          currency: str(body.currency),
          destination,
          transfer_group: str(body.transfer_group) ?? null,
          metadata: obj(body.metadata),
          reversals: { object: "list", data: [], has_more: false, url: "/v1/transfers/reversals" },
          reversed: false,
          livemode: false,
          created: now(),
        };
        transfers.set(transfer.id as string, transfer);
        return shaped("transfer", transfer);
      }
      default:
        throw new StripeFailure(404, "invalid_request_error", `Unrecognized request URL (${operation}).`);
    }
  }

  const publicOf = (session: Obj): Obj => Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith("_")));

  function errorAnswer(failure: StripeFailure): Answer {
    const body = { error: { type: failure.type, message: failure.message, ...(failure.code ? { code: failure.code } : {}), ...(failure.param ? { param: failure.param } : {}) } };
    const problems = validateResponse(spec.responses.error, body);
    if (problems.length) throw new Error(problems.join("; "));
    return { status: failure.status, body };
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const target = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = (req.method ?? "GET").toUpperCase();
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const record: RecordedRequest = {
      method,
      path: target.pathname,
      operation: "",
      params: {},
      idempotencyKey: key,
      stripeVersion: typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : null,
      status: 0,
      replayed: false,
    };
    requests.push(record);
    const send = (answer: Answer, headers: Record<string, string> = {}) => {
      record.status = answer.status;
      res.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": id("req"), ...headers }).end(JSON.stringify(answer.body));
    };
    try {
      if (!/^Bearer (sk|rk)_\w+$/.test(String(req.headers.authorization ?? ""))) {
        throw new StripeFailure(401, "invalid_request_error", "You did not provide a valid API key.");
      }
      const route = routes.find((r) => r.method === method && r.pattern.test(target.pathname));
      if (!route) throw new StripeFailure(404, "invalid_request_error", `Unrecognized request URL (${method}: ${target.pathname}). (not in the trimmed OpenAPI description)`);
      record.operation = route.key;
      const match = route.pattern.exec(target.pathname)!;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      const body = method === "GET" ? parseStripeForm(target.search.slice(1)) : parseStripeForm(raw);
      record.params = body;
      const problems = method === "GET" ? validateQuery(route.operation, body) : validateRequest(route.operation, body);
      for (const name of route.operation.pathParameters) if (!params[name]) problems.push(`${name}: missing path parameter`);
      if (problems.length) throw new StripeFailure(400, "invalid_request_error", `Invalid request: ${problems.join("; ")}`, "parameter_invalid", problems[0].split(":")[0]);
      if (method === "POST" && !key) throw new StripeFailure(400, "invalid_request_error", "The adapter promises an Idempotency-Key on every POST (the fake's own rule)");

      const fingerprint = createHash("sha256").update(`${method} ${target.pathname} ${raw}`).digest("hex");
      if (key && method === "POST") {
        const previous = idempotent.get(key);
        if (previous) {
          if (previous.fingerprint !== fingerprint) {
            throw new StripeFailure(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
          }
          record.replayed = true;
          send(previous.answer, { "Idempotent-Replayed": "true", "Idempotency-Key": key });
          return;
        }
      }
      let answer: Answer;
      try {
        answer = { status: 200, body: handle(route.key, params, body) };
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        answer = errorAnswer(error);
      }
      if (key && method === "POST") idempotent.set(key, { fingerprint, answer });
      send(answer, key ? { "Idempotency-Key": key } : {});
    } catch (error) {
      if (error instanceof StripeFailure) send(errorAnswer(error));
      else send({ status: 500, body: { error: { type: "api_error", message: String(error) } } });
    }
  }

  const server: Server = createServer((req, res) => void serve(req, res));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: Obj): Obj => ({
    id: id("evt"),
    object: "event",
    type,
    api_version: spec.source.apiVersion,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  return {
    url,
    spec: spec.source,
    requests,
    sessions,
    paymentIntents,
    refunds,
    transfers,
    declinedPaymentMethods,
    completeCheckout(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`checkout ${sessionId} is not open`);
      const data = session._intent as Record<string, FormValue>;
      const customer = (session.customer as string | null) ?? id("cus");
      const paymentMethod = options.paymentMethod ?? id("pm");
      customersCards.set(paymentMethod, customer);
      const manual = data.capture_method === "manual";
      const amount = session.amount_total as number;
      const pi: Obj = {
        id: id("pi"),
        object: "payment_intent",
        amount,
        amount_capturable: manual ? amount : 0,
        amount_received: manual ? 0 : amount,
        capture_method: manual ? "manual" : "automatic",
        confirmation_method: "automatic",
        currency: session.currency,
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
      intentView(pi);
      paymentIntents.set(pi.id as string, pi);
      Object.assign(session, { status: "complete", payment_intent: pi.id, customer, url: null, payment_status: manual ? "unpaid" : "paid" });
      return event("checkout.session.completed", sessionView(publicOf(session)));
    },
    expireCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`checkout ${sessionId} is not open`);
      Object.assign(session, { status: "expired", url: null });
      return event("checkout.session.expired", sessionView(publicOf(session)));
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  };
}

function validateQuery(operation: Operation, query: { [key: string]: FormValue }): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    const parameter = operation.queryParameters.find((p) => p.name === name);
    if (!parameter) problems.push(`${name}: unknown parameter`);
    else problems.push(...validateParameter(value, parameter.schema, name));
  }
  return problems;
}
