/**
 * The Stripe fake's shared state and helpers: the trimmed description, the stores of objects each
 * resource's routes keep, ids and clock, answers shaped (and checked) from the published response
 * shapes, and Stripe's error answer (`StripeFailure`).
 */
import type { ConnectFakeState } from "./accounts";
import { loadTrimmedSpec, shapeObject, validateResponse, type FormValue } from "./validate";

export type Obj = Record<string, unknown>;
export type Answer = { status: number; body: Obj };
export type Body = { [key: string]: FormValue };

export class StripeFailure extends Error {
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

export const spec = loadTrimmedSpec();

export const int = (v: FormValue | undefined) => (typeof v === "string" ? Number.parseInt(v, 10) : undefined);
export const str = (v: FormValue | undefined) => (typeof v === "string" ? v : undefined);
export const obj = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string")) : {};

/** What one running fake keeps, shared by the routes of every resource. */
export type FakeState = {
  /** `http://127.0.0.1:<port>`, once listening. */
  url: string;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  refunds: Map<string, Obj>;
  transfers: Map<string, Obj>;
  /** payment method → customer */
  customersCards: Map<string, string>;
  declinedPaymentMethods: Set<string>;
  /** Connected accounts, their links, and where their events go (`accounts.ts`). */
  connect: ConnectFakeState;
  id(prefix: string): string;
  now(): number;
};

export function createState(): FakeState {
  let counter = 0;
  return {
    url: "",
    sessions: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    transfers: new Map(),
    customersCards: new Map(),
    declinedPaymentMethods: new Set(),
    connect: { accounts: new Map(), links: new Map(), requirementsLeftDue: [], webhook: null, delivered: [] },
    id: (prefix) => `${prefix}_fake${(++counter).toString().padStart(6, "0")}`,
    now: () => Math.floor(Date.now() / 1000),
  };
}

/** One operation of the description (`"POST /v1/refunds"`) answered from the state. */
export type Route = (state: FakeState, params: Record<string, string>, body: Body) => Obj;

/** `fields` as the published shape of `name`, refused if the shape refuses it. */
export function shaped(name: string, fields: Obj): Obj {
  const out = shapeObject(spec.responses[name], fields);
  const problems = validateResponse(spec.responses[name], out);
  if (problems.length) throw new Error(`the fake built a ${name} that its spec refuses: ${problems.join("; ")}`);
  return out;
}

/** An object without the fake's own `_` fields. */
export const publicOf = (session: Obj): Obj => Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith("_")));

export function errorAnswer(failure: StripeFailure): Answer {
  const body = { error: { type: failure.type, message: failure.message, ...(failure.code ? { code: failure.code } : {}), ...(failure.param ? { param: failure.param } : {}) } };
  const problems = validateResponse(spec.responses.error, body);
  if (problems.length) throw new Error(problems.join("; "));
  return { status: failure.status, body };
}

/** The event Stripe would send about `object`. */
export function event(state: FakeState, type: string, object: Obj): Obj {
  return {
    id: state.id("evt"),
    object: "event",
    type,
    api_version: spec.source.apiVersion,
    created: state.now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
