import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ConnectAccountState } from "#app/.server/payments";
import { createStripeWebhooks, PAYMENT_EVENTS_COLLECTION, type BookingPaymentEvents } from "#app/.server/payments/stripe-webhooks";
import type { Services } from "#app/.server/services";
import { createTestServices, loadContext } from "#tests/test-services";
import { action } from "./stripe-webhook";

/**
 * `account.updated` at the webhook address (decision 052): read as a connected account's payout
 * state and handed to the payout accounts once; a signed event of that type we cannot read is a
 * 400 naming the field; an account no owner has is acknowledged (200 `not-applied`); a delivery
 * signed with the Connect endpoint's own secret is taken as well.
 */
const SECRET = "whsec_platformEndpoint";
const CONNECT_SECRET = "whsec_connectEndpoint";
const URL_PATH = "http://localhost:3000/api/payments/stripe-webhook";

let services: Services;
const applied: ConnectAccountState[] = [];
const known = new Set(["acct_1Known"]);
const bookings: BookingPaymentEvents = {
  paymentAuthorised: async () => "applied",
  checkoutExpired: async () => "applied",
};

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

function context() {
  const webhooks = createStripeWebhooks({
    store: services.store,
    webhookSecret: SECRET,
    connectWebhookSecret: CONNECT_SECRET,
    bookings,
    accounts: {
      async accountUpdated(state) {
        if (!known.has(state.accountId)) return "unknown-account";
        applied.push(state);
        return "applied";
      },
    },
  });
  return loadContext({ ...services, paymentWebhooks: webhooks });
}

let sequence = 0;
function accountEvent(object: Record<string, unknown>, id = `evt_acct${Date.now()}${++sequence}`) {
  return JSON.stringify({ id, object: "event", type: "account.updated", data: { object } });
}
const account = (patch: Record<string, unknown> = {}) => ({
  id: "acct_1Known",
  object: "account",
  payouts_enabled: true,
  details_submitted: true,
  requirements: { currently_due: [], disabled_reason: null },
  ...patch,
});

async function deliver(payload: string, secret = SECRET) {
  const headers = new Headers({ "Content-Type": "application/json", "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) });
  const response = (await action({ request: new Request(URL_PATH, { method: "POST", headers, body: payload }), context: context(), params: {} })) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/payments/stripe-webhook: account.updated", () => {
  it("hands the account's payout state to the payout accounts once; a replay changes nothing", async () => {
    applied.length = 0;
    const payload = accountEvent(account({ payouts_enabled: false, requirements: { currently_due: ["external_account"], disabled_reason: "requirements.past_due" } }));
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, result: "handled" } });
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, result: "duplicate" } });
    expect(applied).toEqual([{ accountId: "acct_1Known", payoutsEnabled: false, detailsSubmitted: true, currentlyDue: ["external_account"], disabledReason: "requirements.past_due" }]);
    const id = JSON.parse(payload).id as string;
    expect(await services.store.get(PAYMENT_EVENTS_COLLECTION, id)).toMatchObject({ state: "done", accountId: "acct_1Known", outcome: "applied", bookingId: null });
  });

  it("takes a delivery signed with the Connect endpoint's secret, refuses one signed with another", async () => {
    applied.length = 0;
    expect((await deliver(accountEvent(account()), CONNECT_SECRET)).status).toBe(200);
    const refused = await deliver(accountEvent(account()), "whsec_someoneElse");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("bad-signature");
    expect(applied).toHaveLength(1);
  });

  it("acknowledges an account no owner has (200 not-applied), logged with its ids only", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const answer = await deliver(accountEvent(account({ id: "acct_1Stranger", email: "someone@example.test" })));
    const logged = warned.mock.calls.map((args) => args.join(" ")).join("\n");
    warned.mockRestore();
    expect(answer).toEqual({ status: 200, body: { received: true, result: "not-applied" } });
    expect(logged).toContain("acct_1Stranger");
    expect(logged).not.toContain("someone@example.test");
  });

  it("answers 400 naming the field to a signed account.updated it cannot read, and stores nothing", async () => {
    applied.length = 0;
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const cases: Array<[Record<string, unknown>, string]> = [
      [account({ id: "acct_../../x" }), "data.object.id"],
      [account({ id: "ch_1NotAnAccount" }), "data.object.id"],
      [account({ object: "charge" }), "data.object.object"],
      [account({ payouts_enabled: "yes" }), "data.object.payouts_enabled"],
      [account({ details_submitted: undefined }), "data.object.details_submitted"],
      [account({ requirements: { currently_due: "external_account" } }), "data.object.requirements.currently_due"],
    ];
    for (const [object, field] of cases) {
      const id = `evt_bad${++sequence}`;
      const answer = await deliver(accountEvent(object, id));
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({ error: "malformed", field });
      expect(await services.store.get(PAYMENT_EVENTS_COLLECTION, id)).toBeNull();
    }
    warned.mockRestore();
    expect(applied).toEqual([]);
  });
});
