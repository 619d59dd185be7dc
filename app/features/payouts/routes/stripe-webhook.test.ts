import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckoutEventOutcome } from "#app/.server/payments";
import { createStripePayments } from "#app/.server/payments/stripe";
import { createStripeWebhooks, PAYMENT_EVENTS_COLLECTION, type BookingPaymentEvents } from "#app/.server/payments/stripe-webhooks";
import type { Services } from "#app/.server/services";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createTestServices, loadContext } from "#tests/test-services";
import { action, loader } from "./stripe-webhook";

const SECRET = "whsec_testWebhookSecret";
const URL_PATH = "http://localhost:3000/api/payments/stripe-webhook";

/** The two booking calls the webhook makes, recorded; `fail` makes the next call throw. */
function fakeBookings() {
  const calls: Array<{ method: string; input: unknown }> = [];
  const state: { fail: boolean; outcome: CheckoutEventOutcome } = { fail: false, outcome: "applied" };
  const bookings: BookingPaymentEvents = {
    async paymentAuthorised(input) {
      if (state.fail) throw new Error("store unavailable");
      calls.push({ method: "paymentAuthorised", input });
      return state.outcome;
    },
    async checkoutExpired(input) {
      if (state.fail) throw new Error("store unavailable");
      calls.push({ method: "checkoutExpired", input });
      return state.outcome;
    },
  };
  return { bookings, calls, state };
}

let services: Services;
let fake: StripeFake;
let recorder: ReturnType<typeof fakeBookings>;
let context: ReturnType<typeof loadContext>;

beforeAll(async () => {
  fake = await startStripeFake();
  services = await createTestServices({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_webhook", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: fake.url });
});
afterAll(async () => {
  await services.close();
  await fake.close();
});
beforeEach(() => {
  recorder = fakeBookings();
  // The real route and store, the webhooks service on a fake of the bookings' two methods.
  context = loadContext({ ...services, paymentWebhooks: createStripeWebhooks({ store: services.store, webhookSecret: SECRET, bookings: recorder.bookings }) });
});

const payments = () => createStripePayments({ secretKey: "sk_test_webhook", apiBase: fake.url, maxNetworkRetries: 0 });

/** A Checkout for a booking, as the adapter opens it; its id. */
async function openCheckout(bookingId: string) {
  const authorization = await payments().authorize({ key: `${bookingId}:authorize`, bookingId, purpose: "booking", amountCents: 123_200, customer: { uid: "u1", email: null, name: null }, returnUrl: "https://amarre.test/r" });
  return authorization.reference;
}

function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp });
}

async function deliver(payload: string, signature: string | null) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const response = (await action({ request: new Request(URL_PATH, { method: "POST", headers, body: payload }), context, params: {} })) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/payments/stripe-webhook", () => {
  it("hands a completed Checkout to the bookings as the booking, the session, its PaymentIntent and what was paid", async () => {
    const session = await openCheckout("b-hook-1");
    const payload = JSON.stringify(fake.completeCheckout(session));
    const answer = await deliver(payload, signed(payload));
    expect(answer).toEqual({ status: 200, body: { received: true, result: "handled" } });
    const intent = fake.sessions.get(session)!.payment_intent as string;
    expect(intent).toMatch(/^pi_/);
    expect(recorder.calls).toEqual([{ method: "paymentAuthorised", input: { bookingId: "b-hook-1", checkout: session, reference: intent, amountCents: 123_200, currency: "eur" } }]);
    const event = JSON.parse(payload) as { id: string };
    expect(await services.store.get(PAYMENT_EVENTS_COLLECTION, event.id)).toMatchObject({ type: "checkout.session.completed", state: "done", bookingId: "b-hook-1" });
  });

  it("does nothing the second time Stripe sends the same event", async () => {
    const session = await openCheckout("b-hook-2");
    const payload = JSON.stringify(fake.completeCheckout(session));
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    const replay = await deliver(payload, signed(payload));
    expect(replay).toEqual({ status: 200, body: { received: true, result: "duplicate" } });
    expect(recorder.calls).toHaveLength(1);
  });

  it("tells the bookings that a Checkout expired", async () => {
    const session = await openCheckout("b-hook-3");
    const payload = JSON.stringify(fake.expireCheckout(session));
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    expect(recorder.calls).toEqual([{ method: "checkoutExpired", input: { bookingId: "b-hook-3", checkout: session } }]);
  });

  it("acknowledges (200) an event the booking it names will never take, says so in the log and on the event's record, and does not ask again", async () => {
    const session = await openCheckout("b-hook-8");
    const payload = JSON.stringify(fake.completeCheckout(session));
    recorder.state.outcome = "other-checkout";
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await deliver(payload, signed(payload))).toEqual({ status: 200, body: { received: true, result: "not-applied" } });
    const event = JSON.parse(payload) as { id: string };
    expect(warned.mock.calls.map((args) => String(args[0]))).toEqual([expect.stringMatching(new RegExp(`${event.id}.*${session}.*b-hook-8.*other-checkout`))]);
    warned.mockRestore();
    expect(await services.store.get(PAYMENT_EVENTS_COLLECTION, event.id)).toMatchObject({ state: "done", outcome: "other-checkout" });
    expect(await deliver(payload, signed(payload))).toEqual({ status: 200, body: { received: true, result: "duplicate" } });
    expect(recorder.calls).toHaveLength(1);
  });

  it("refuses a wrong, missing, stale or other secret's signature, and a body changed after signing, with a translated 400", async () => {
    const session = await openCheckout("b-hook-4");
    const payload = JSON.stringify(fake.completeCheckout(session));
    const tampered = payload.replace('"amount_total":123200', '"amount_total":1');
    expect(tampered).not.toBe(payload);
    const attempts: Array<[string, string | null]> = [
      [payload, "t=1,v1=deadbeef"],
      [payload, null],
      [payload, signed(payload, { secret: "whsec_someoneElse" })],
      [payload, signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      [tampered, signed(payload)],
    ];
    for (const [body, signature] of attempts) {
      const answer = await deliver(body, signature);
      expect(answer.status, String(signature)).toBe(400);
      expect(answer.body).toEqual({ error: "bad-signature", message: "La firma Stripe-Signature no es válida para este cuerpo: no hemos hecho nada." });
    }
    expect(recorder.calls).toEqual([]);
  });

  it("acknowledges and ignores event types it does not handle, and Checkouts that are not ours", async () => {
    const other = JSON.stringify({ id: "evt_other1", object: "event", type: "charge.refunded", data: { object: { id: "ch_1", object: "charge" } } });
    expect(await deliver(other, signed(other))).toEqual({ status: 200, body: { received: true, result: "ignored" } });
    const foreign = JSON.stringify({ id: "evt_foreign1", object: "event", type: "checkout.session.completed", data: { object: { id: "cs_x", object: "checkout.session", metadata: {}, payment_intent: "pi_x" } } });
    expect(await deliver(foreign, signed(foreign))).toEqual({ status: 200, body: { received: true, result: "ignored" } });
    expect(recorder.calls).toEqual([]);
    expect(await services.store.get(PAYMENT_EVENTS_COLLECTION, "evt_other1")).toBeNull();
  });

  it("refuses a signed event it cannot read with a translated 400, before the store is touched: odd ids, no data, the wrong object, odd metadata", async () => {
    const session = { id: "cs_test_malformed1", object: "checkout.session", metadata: { bookingId: "b-hook-7" }, payment_intent: "pi_malformed1", amount_total: 123_200, currency: "eur" };
    let n = 0;
    const completed = (patch: Record<string, unknown>) => ({ id: `evt_malformed${++n}`, object: "event", type: "checkout.session.completed", data: { object: session }, ...patch });
    const withSession = (patch: Record<string, unknown>) => completed({ data: { object: { ...session, ...patch } } });
    const malformed: Array<[string, string]> = [
      ["an id that is a slash", JSON.stringify(completed({ id: "/" }))],
      ["an id of 1,500 bytes", JSON.stringify(completed({ id: `evt_${"a".repeat(1_496)}` }))],
      ["an id that is a number", JSON.stringify(completed({ id: 12_345 }))],
      ["no id", JSON.stringify(completed({ id: undefined }))],
      ["an id that is not an event's", JSON.stringify(completed({ id: "cs_test_1" }))],
      ["a type that is a number", JSON.stringify(completed({ type: 7 }))],
      ["no data", JSON.stringify(completed({ data: undefined }))],
      ["data without object", JSON.stringify(completed({ data: {} }))],
      ["data.object a string", JSON.stringify(completed({ data: { object: "cs_test_1" } }))],
      ["an unknown type without data.object", JSON.stringify(completed({ type: "charge.refunded", data: null }))],
      ["data.object of the wrong type", JSON.stringify(withSession({ object: "charge" }))],
      ["the expired event with a charge", JSON.stringify(completed({ type: "checkout.session.expired", data: { object: { id: "ch_1", object: "charge", metadata: { bookingId: "b-hook-7" } } } }))],
      ["a session id that is a slash", JSON.stringify(withSession({ id: "/" }))],
      ["no session id", JSON.stringify(withSession({ id: undefined }))],
      ["metadata a string", JSON.stringify(withSession({ metadata: "b-hook-7" }))],
      ["metadata.bookingId a number", JSON.stringify(withSession({ metadata: { bookingId: 42 } }))],
      ["metadata.bookingId a slash", JSON.stringify(withSession({ metadata: { bookingId: "/" } }))],
      ["metadata.bookingId of 1,500 bytes", JSON.stringify(withSession({ metadata: { bookingId: "b".repeat(1_500) } }))],
      ["a payment_intent that is a number", JSON.stringify(withSession({ payment_intent: 5 }))],
      ["a completed session without its PaymentIntent", JSON.stringify(withSession({ payment_intent: null }))],
      ["an amount that is a string", JSON.stringify(withSession({ amount_total: "123200" }))],
      ["a body that is not JSON", "{\"id\": \"evt_x\", "],
      ["a body that is null", "null"],
      ["a body that is a list", "[]"],
    ];
    const events = async () => (await services.store.query({ collection: PAYMENT_EVENTS_COLLECTION, limit: 1_000 })).length;
    const before = await events();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const [what, payload] of malformed) {
      // What Remix would answer if the action threw: a bare 500.
      const answer = await deliver(payload, signed(payload)).catch((error: unknown) => ({ status: 500, body: { thrown: String(error) } }));
      expect(answer.status, what).toBe(400);
      expect(answer.body, what).toMatchObject({ error: "malformed", message: "Este evento de Stripe no tiene la forma esperada: no hemos hecho nada." });
    }
    warned.mockRestore();
    expect(recorder.calls).toEqual([]);
    expect(await events()).toBe(before);
  });

  it("answers 500 when the booking could not take the event, and handles Stripe's retry", async () => {
    const session = await openCheckout("b-hook-5");
    const payload = JSON.stringify(fake.completeCheckout(session));
    recorder.state.fail = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = await deliver(payload, signed(payload));
    expect(failed.status).toBe(500);
    expect(failed.body.error).toBe("failed");
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/Stripe will send it again/);
    recorder.state.fail = false;
    expect((await deliver(payload, signed(payload))).body).toEqual({ received: true, result: "handled" });
    expect(recorder.calls).toHaveLength(1);
  });

  it("answers 409 while another server handles the same event", async () => {
    const session = await openCheckout("b-hook-6");
    const event = fake.completeCheckout(session);
    const payload = JSON.stringify(event);
    await services.store.set(PAYMENT_EVENTS_COLLECTION, event.id as string, { type: event.type as string, state: "processing", claimedAt: new Date().toISOString(), doneAt: null, bookingId: "b-hook-6" });
    expect((await deliver(payload, signed(payload))).status).toBe(409);
    // A claim left by a server that stopped mid-way is taken over after five minutes.
    await services.store.set(PAYMENT_EVENTS_COLLECTION, event.id as string, { type: event.type as string, state: "processing", claimedAt: new Date(Date.now() - 6 * 60_000).toISOString(), doneAt: null, bookingId: "b-hook-6" });
    expect((await deliver(payload, signed(payload))).status).toBe(200);
    expect(recorder.calls).toHaveLength(1);
  });

  it("refuses bodies over 512 KB (413) and GET (405)", async () => {
    const big = JSON.stringify({ id: "evt_big", pad: "x".repeat(600 * 1024) });
    expect((await deliver(big, signed(big))).status).toBe(413);
    const response = await loader({ request: new Request(URL_PATH), context, params: {} });
    expect(response.status).toBe(405);
  });

  it("is wired with PAYMENTS_PROVIDER=stripe, and absent (404) with the recorded provider", async () => {
    expect(services.payments.provider).toBe("stripe");
    expect(services.paymentWebhooks).not.toBeNull();
    // The wired service keeps each failed delivery for the team's operations page (its event's id and type, why).
    const forged = JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" });
    const refused = (await action({ request: new Request(URL_PATH, { method: "POST", body: forged, headers: { "Stripe-Signature": signed(forged, { secret: "whsec_other" }) } }), context: loadContext(services), params: {} })) as Response;
    expect(refused.status).toBe(400);
    expect(await services.operations.webhookFailures()).toEqual([expect.objectContaining({ provider: "stripe", eventId: "evt_forged", eventType: "checkout.session.completed", reason: "bad-signature" })]);
    const recorded = await createTestServices();
    try {
      expect(recorded.payments.provider).toBe("recorded");
      expect(recorded.paymentWebhooks).toBeNull();
      const payload = "{}";
      const response = (await action({ request: new Request(URL_PATH, { method: "POST", body: payload, headers: { "Stripe-Signature": signed(payload) } }), context: loadContext(recorded), params: {} })) as Response;
      expect(response.status).toBe(404);
    } finally {
      await recorded.close();
    }
  });
});
