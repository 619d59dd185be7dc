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
 *
 * This module is the server (keys, routing, validation, idempotency); each resource's routes sit
 * beside it (`checkout.ts`, `payment-intents.ts`, `refunds.ts`, `transfers.ts`, `accounts.ts`), with the state
 * and helpers they share in `shared.ts`.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { balanceRoutes, balanceTransactions, plantDifference, type PlantedDifference } from "./balance";
import { accountObject, accountRoutes, deliver, hostedPage, updateAccount, type ConnectFakeState } from "./accounts";
import { checkoutRoutes, completeCheckout, expireCheckout } from "./checkout";
import { paymentIntentRoutes } from "./payment-intents";
import { refundRoutes } from "./refunds";
import { createState, errorAnswer, spec, StripeFailure, type Answer, type Body, type FakeState, type Obj, type Route } from "./shared";
import { transferRoutes } from "./transfers";
import { parseStripeForm, validateParameter, validateRequest, type FormValue, type Operation } from "./validate";

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

const routes = Object.entries(spec.operations).map(([key, operation]) => {
  const [method, template] = key.split(" ");
  const names: string[] = [];
  const pattern = new RegExp("^" + template.replace(/\{(\w+)\}/g, (_m, name: string) => (names.push(name), "([^/]+)")) + "$");
  return { key, method, pattern, names, operation };
});

/** Each operation the fake answers, by resource. */
const handlers: Record<string, Route> = { ...checkoutRoutes, ...paymentIntentRoutes, ...refundRoutes, ...transferRoutes, ...balanceRoutes, ...accountRoutes };

function handle(state: FakeState, operation: string, params: Record<string, string>, body: Body): Obj {
  const route = handlers[operation];
  if (!route) throw new StripeFailure(404, "invalid_request_error", `Unrecognized request URL (${operation}).`);
  return route(state, params, body);
}

export type StripeFake = {
  /** `http://127.0.0.1:<port>`: STRIPE_API_BASE for the adapter. */
  url: string;
  spec: typeof spec.source;
  requests: RecordedRequest[];
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  refunds: Map<string, Obj>;
  transfers: Map<string, Obj>;
  /** The payer pays at Checkout: a PaymentIntent held (manual capture) or taken (automatic capture: `succeeded`) on a saved card; the event Stripe sends. */
  completeCheckout(sessionId: string, options?: { paymentMethod?: string }): Obj;
  /** Checkout's time runs out: the event Stripe sends. */
  expireCheckout(sessionId: string): Obj;
  /** Balance transactions by id, and what a test does at Stripe's dashboard that the ledger does not know (reconciliation). */
  balance: { transactions: Map<string, Obj>; plant(difference: PlantedDifference): Obj };
  /** Cards that the bank declines off-session. */
  declinedPaymentMethods: Set<string>;
  /**
   * Connect (`accounts.ts`): the accounts, their links, the requirements onboarding leaves due
   * (`requirementsLeftDue`), the events delivered; `deliverEventsTo` names the webhook (and its
   * secret) that `account.updated` goes to; `addAccount` plants an account (the demo's);
   * `updateAccount` changes what it owes and answers the event Stripe would send.
   */
  connect: ConnectFakeState;
  deliverEventsTo(url: string, secret: string): void;
  /** Nothing due (payouts on) unless `due` says what is. */
  addAccount(id: string, options?: { due?: string[]; email?: string; uid?: string }): Obj;
  updateAccount(id: string, due: string[]): Promise<Obj>;
  close(): Promise<void>;
};

export async function startStripeFake(): Promise<StripeFake> {
  const state = createState();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: RecordedRequest[] = [];

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
      res.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": state.id("req"), ...headers }).end(JSON.stringify(answer.body));
    };
    try {
      // Stripe's own pages (onboarding, the Express dashboard): outside the API, no key.
      if (await hostedPage(state, req, target, raw, res)) return;
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
        answer = { status: 200, body: handle(state, route.key, params, body) };
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
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.url,
    spec: spec.source,
    requests,
    sessions: state.sessions,
    paymentIntents: state.paymentIntents,
    refunds: state.refunds,
    transfers: state.transfers,
    declinedPaymentMethods: state.declinedPaymentMethods,
    balance: { transactions: balanceTransactions(state), plant: (difference) => plantDifference(state, difference) },
    connect: state.connect,
    deliverEventsTo: (url, secret) => void (state.connect.webhook = { url, secret }),
    addAccount(id, options = {}) {
      const due = options.due ?? [];
      const planted = accountObject(id, { email: options.email ?? null, metadata: options.uid ? { uid: options.uid } : {}, due, submitted: due.length === 0, created: state.now() });
      state.connect.accounts.set(id, planted);
      return planted;
    },
    async updateAccount(id, due) {
      const sent = updateAccount(state, id, due);
      await deliver(state, sent);
      return sent;
    },
    completeCheckout: (sessionId, options = {}) => completeCheckout(state, sessionId, options),
    expireCheckout: (sessionId) => expireCheckout(state, sessionId),
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
