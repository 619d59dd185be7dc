/**
 * The Stripe fake's Connect: Express accounts (create, read), onboarding links and Express
 * dashboard links, checked against the trimmed description like every route; and what the owner
 * does on Stripe's hosted onboarding pages, served by the fake itself outside the API
 * (`GET /connect/onboarding/{account}?link=…`): a form whose "submit" completes the account
 * (payouts enabled, nothing due, unless a test left requirements due), sends the signed
 * `account.updated` Stripe would send to the webhook a test named (`deliverEventsTo`), then
 * sends the owner back to the link's return URL. A link is single-use: used again (or expired),
 * it sends the owner to its refresh URL, as Stripe does.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import Stripe from "stripe";
import { event, obj, shaped, str, StripeFailure, type FakeState, type Obj, type Route } from "./shared";

/** What a new Express account owes Stripe before it can be paid (a trimmed version of Spain's list). */
export const NEW_ACCOUNT_DUE = ["business_type", "external_account", "individual.dob.day", "individual.verification.document", "tos_acceptance.date"];

export type ConnectFakeState = {
  accounts: Map<string, Obj>;
  links: Map<string, { account: string; returnUrl: string; refreshUrl: string; expiresAt: number; used: boolean }>;
  /** Requirements the next onboarding submissions leave due (payouts stay off). */
  requirementsLeftDue: string[];
  /** Where `account.updated` events go, signed with `secret`. */
  webhook: { url: string; secret: string } | null;
  /** The events sent to the webhook, with the status and `result` it answered. */
  delivered: Array<{ event: Obj; status: number; result: string | null }>;
};

function account(state: FakeState, id: string): Obj {
  const found = state.connect.accounts.get(id);
  if (!found) throw new StripeFailure(404, "invalid_request_error", `No such account: '${id}'`, "account_invalid", "account");
  return found;
}

const accountView = (a: Obj) => shaped("account", a);

/** An account as Stripe keeps it: `due` still owed, payouts on once nothing is. */
export function accountObject(id: string, fields: { email?: string | null; metadata?: Record<string, string>; due?: string[]; submitted?: boolean; created: number }): Obj {
  const due = fields.due ?? NEW_ACCOUNT_DUE;
  const enabled = due.length === 0;
  return {
    id,
    object: "account",
    type: "express",
    country: "ES",
    default_currency: "eur",
    email: fields.email ?? null,
    metadata: fields.metadata ?? {},
    business_type: null,
    business_profile: null,
    capabilities: { transfers: enabled ? "active" : "inactive" },
    charges_enabled: false,
    payouts_enabled: enabled,
    details_submitted: fields.submitted ?? enabled,
    requirements: { currently_due: due, eventually_due: due, past_due: enabled ? [] : due, disabled_reason: enabled ? null : "requirements.past_due", current_deadline: null, errors: [], pending_verification: [] },
    future_requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null, current_deadline: null, errors: [], pending_verification: [] },
    external_accounts: { object: "list", data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    tos_acceptance: {},
    settings: null,
    created: fields.created,
  };
}

export const accountRoutes: Record<string, Route> = {
    "POST /v1/accounts": (state, _params, body) => {
      if (body.type !== "express") throw new StripeFailure(400, "invalid_request_error", "The fake makes Express accounts only", undefined, "type");
      const created = accountObject(state.id("acct"), { email: str(body.email) ?? null, metadata: obj(body.metadata), created: state.now() });
      state.connect.accounts.set(created.id as string, created);
      return accountView(created);
    },
    "GET /v1/accounts/{account}": (state, params) => accountView(account(state, params.account)),
    "POST /v1/account_links": (state, _params, body) => {
      const id = str(body.account)!;
      account(state, id);
      const returnUrl = str(body.return_url);
      const refreshUrl = str(body.refresh_url);
      for (const [name, value] of [["return_url", returnUrl], ["refresh_url", refreshUrl]] as const) {
        if (!value || !/^https?:\/\//.test(value)) throw new StripeFailure(400, "invalid_request_error", `Not a valid URL: ${name}`, "url_invalid", name);
      }
      const link = state.id("link");
      const expiresAt = state.now() + 300;
      state.connect.links.set(link, { account: id, returnUrl: returnUrl!, refreshUrl: refreshUrl!, expiresAt, used: false });
      return shaped("account_link", { object: "account_link", created: state.now(), expires_at: expiresAt, url: `${state.url}/connect/onboarding/${id}?link=${link}` });
    },
    "POST /v1/accounts/{account}/login_links": (state, params) => {
      const found = account(state, params.account);
      if (found.details_submitted !== true) throw new StripeFailure(400, "invalid_request_error", "Cannot create a login link for an account that has not completed onboarding.", "account_invalid", "account");
      return shaped("login_link", { object: "login_link", created: state.now(), url: `${state.url}/connect/express/${params.account}?login=${state.id("login")}` });
    },
};

/** Stripe changes an account (onboarding submitted, a requirement added): its state and the event Stripe sends. */
export function updateAccount(state: FakeState, id: string, due: string[]): Obj {
  const current = account(state, id);
  const next = accountObject(id, { email: current.email as string | null, metadata: current.metadata as Record<string, string>, due, submitted: true, created: current.created as number });
  state.connect.accounts.set(id, next);
  return event(state, "account.updated", accountView(next));
}

/** POSTs `payload` to the webhook a test named, signed as Stripe signs it. */
export async function deliver(state: FakeState, payload: Obj): Promise<number> {
  const hook = state.connect.webhook;
  if (!hook) return 0;
  const body = JSON.stringify(payload);
  const response = await fetch(hook.url, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: hook.secret }) }, body });
  const answer = (await response.json().catch(() => null)) as { result?: string } | null;
  state.connect.delivered.push({ event: payload, status: response.status, result: answer?.result ?? null });
  return response.status;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's hosted pages, as far as the owner's flow needs them; false for any other path. */
export async function hostedPage(state: FakeState, req: IncomingMessage, target: URL, raw: string, res: ServerResponse): Promise<boolean> {
  const page = /^\/connect\/(onboarding|express)\/(acct_\w+)$/.exec(target.pathname);
  if (!page) return false;
  const [, kind, id] = page;
  const html = (status: number, body: string) => res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe (fake)</title></head><body>${body}</body></html>`);
  if (!state.connect.accounts.has(id)) return (html(404, "<h1>No such account</h1>"), true);
  if (kind === "express") return (html(200, `<h1>Express dashboard (fake)</h1><p data-account="${escape(id)}">${escape(id)}</p>`), true);
  const linkId = req.method === "POST" ? new URLSearchParams(raw).get("link") : target.searchParams.get("link");
  const link = linkId ? state.connect.links.get(linkId) : undefined;
  if (!link || link.account !== id) return (html(404, "<h1>No such link</h1>"), true);
  if (link.used || link.expiresAt < state.now()) return (res.writeHead(303, { Location: link.refreshUrl }).end(), true);
  if (req.method !== "POST") {
    return (html(200, `<h1>Onboarding (Stripe fake)</h1><p>Account <span data-account="${escape(id)}">${escape(id)}</span></p><form method="post"><input type="hidden" name="link" value="${escape(linkId!)}"><button type="submit">Submit</button></form>`), true);
  }
  link.used = true;
  await deliver(state, updateAccount(state, id, [...state.connect.requirementsLeftDue]));
  res.writeHead(303, { Location: link.returnUrl }).end();
  return true;
}
