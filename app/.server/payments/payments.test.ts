import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { isPaymentsError } from "./errors";
import { createRecordedPayments } from "./index";
import { describePaymentsContract } from "./payments.contract";
import { createStripePayments, isManualTransfer, paymentIntentOfCheckout } from "./stripe";
import { readStripeEvent } from "./stripe-events";

describePaymentsContract("recorded", async () => ({
  payments: createRecordedPayments(),
  completeAuthorization: async (authorization) => authorization.reference,
  cleanup: async () => undefined,
}));

describePaymentsContract("stripe (local fake checked against Stripe's OpenAPI description)", async () => {
  const fake = await startStripeFake();
  return {
    payments: createStripePayments({ secretKey: "sk_test_contract", apiBase: fake.url, maxNetworkRetries: 0 }),
    async completeAuthorization(authorization) {
      if (authorization.kind !== "redirect") return authorization.reference;
      const event = fake.completeCheckout(authorization.reference);
      return paymentIntentOfCheckout((event.data as { object: { payment_intent: string } }).object)!;
    },
    async completion(authorization) {
      const read = readStripeEvent(JSON.stringify(fake.completeCheckout(authorization.reference)));
      if (read.kind !== "checkout") throw new Error(`the completion event was read as ${read.kind}`);
      return { checkout: read.checkout.id, bookingId: read.bookingId, amountCents: read.checkout.amountCents, currency: read.checkout.currency };
    },
    async moved(reference) {
      const pi = fake.paymentIntents.get(reference);
      if (!pi) throw new Error(`no PaymentIntent ${reference}`);
      const refunded = [...fake.refunds.values()].filter((r) => r.payment_intent === reference).reduce((sum, r) => sum + (r.amount as number), 0);
      return { held: pi.amount_capturable as number, captured: pi.amount_received as number, refunded };
    },
    cleanup: () => fake.close(),
  };
});

describe("stripe adapter: what it asks Stripe", () => {
  let fake: StripeFake;
  const customer = { uid: "u1", email: "zoe@amarre.test", name: "Zoë" };
  beforeAll(async () => {
    fake = await startStripeFake();
  });
  afterAll(() => fake.close());
  const payments = () => createStripePayments({ secretKey: "sk_test_requests", apiBase: fake.url, maxNetworkRetries: 0 });

  it("opens Checkout with manual capture, a card kept for the deposit, the booking in metadata, return URLs and a 30-minute expiry", async () => {
    const now = Date.now();
    const authorization = await payments().authorize({
      key: "b-42:rental:authorize",
      bookingId: "b-42",
      purpose: "booking",
      amountCents: 123_200,
      customer,
      returnUrl: "https://amarre.test/en/ajustes/mis-reservas/b-42",
    });
    expect(authorization.kind).toBe("redirect");
    const request = fake.requests.find((r) => r.operation === "POST /v1/checkout/sessions" && r.idempotencyKey === "b-42:rental:authorize")!;
    expect(request.status).toBe(200);
    const params = request.params as Record<string, Record<string, unknown> | string>;
    expect(params.mode).toBe("payment");
    expect(params.payment_intent_data).toMatchObject({ capture_method: "manual", setup_future_usage: "off_session", transfer_group: "b-42", metadata: { bookingId: "b-42" } });
    expect(params.metadata).toMatchObject({ bookingId: "b-42", purpose: "booking" });
    expect(params.customer_creation).toBe("always");
    expect(params.customer_email).toBe("zoe@amarre.test");
    expect(params.line_items).toEqual({ 0: { quantity: "1", price_data: { currency: "eur", unit_amount: "123200", product_data: { name: "Amarre b-42" } } } });
    expect(params.success_url).toBe("https://amarre.test/en/ajustes/mis-reservas/b-42?checkout=complete");
    expect(params.cancel_url).toBe("https://amarre.test/en/ajustes/mis-reservas/b-42?checkout=cancelled");
    const expiresAt = Number(params.expires_at) * 1000;
    expect(expiresAt - now).toBeGreaterThanOrEqual(30 * 60_000);
    expect(expiresAt - now).toBeLessThanOrEqual(37 * 60_000);
    if (authorization.kind === "redirect") expect(Date.parse(authorization.expiresAt)).toBe(expiresAt);
  });

  it("carries the port's key as the Idempotency-Key of every POST, and Stripe's API version", async () => {
    const p = payments();
    const { reference: session } = await p.authorize({ key: "b-43:authorize", bookingId: "b-43", purpose: "booking", amountCents: 10_000, customer, returnUrl: "https://amarre.test/r" });
    const intent = paymentIntentOfCheckout(fake.completeCheckout(session).data as never as { payment_intent: string }) ?? fake.sessions.get(session)!.payment_intent as string;
    await p.authorize({ key: "b-43:deposit", bookingId: "b-43", purpose: "deposit", amountCents: 5_000, customer, returnUrl: "https://amarre.test/r", paymentReference: intent });
    await p.capture({ key: "b-43:capture", reference: intent, amountCents: 10_000 });
    await p.refund({ key: "b-43:refund", reference: intent, amountCents: 1_000, reason: "policy" });
    await p.transfer({ key: "b-43:payout", bookingId: "b-43", amountCents: 8_000, destination: "acct_1Owner" });
    const posts = fake.requests.filter((r) => r.method === "POST" && r.idempotencyKey?.startsWith("b-43:"));
    expect(posts.map((r) => [r.operation, r.idempotencyKey])).toEqual([
      ["POST /v1/checkout/sessions", "b-43:authorize"],
      ["POST /v1/payment_intents", "b-43:deposit"],
      ["POST /v1/payment_intents/{intent}/capture", "b-43:capture"],
      ["POST /v1/refunds", "b-43:refund"],
      ["POST /v1/transfers", "b-43:payout"],
    ]);
    expect(fake.requests.filter((r) => r.method === "POST").every((r) => r.idempotencyKey)).toBe(true);
    expect(new Set(fake.requests.map((r) => r.stripeVersion)).size).toBe(1);
    const deposit = fake.requests.find((r) => r.idempotencyKey === "b-43:deposit")!.params;
    expect(deposit).toMatchObject({ off_session: "true", confirm: "true", capture_method: "manual", currency: "eur", amount: "5000" });
  });

  it("the booking's reference after Checkout is the PaymentIntent, and calls on the session reach it", async () => {
    const p = payments();
    const { reference: session } = await p.authorize({ key: "b-44:authorize", bookingId: "b-44", purpose: "booking", amountCents: 9_000, customer, returnUrl: "https://amarre.test/r" });
    const event = fake.completeCheckout(session);
    const intent = paymentIntentOfCheckout((event.data as { object: { payment_intent: string } }).object)!;
    expect(intent).toMatch(/^pi_/);
    expect(paymentIntentOfCheckout({ payment_intent: { id: intent } })).toBe(intent);
    expect(paymentIntentOfCheckout({ payment_intent: null })).toBeNull();
    // A capture that still names the Checkout Session (webhook not arrived) takes the PaymentIntent.
    expect(await p.capture({ key: "b-44:capture", reference: session, amountCents: 9_000 })).toEqual({ reference: intent });
  });

  it("a deposit the bank declines is a `declined` PaymentsError", async () => {
    const p = payments();
    const { reference: session } = await p.authorize({ key: "b-45:authorize", bookingId: "b-45", purpose: "booking", amountCents: 9_000, customer, returnUrl: "https://amarre.test/r" });
    fake.declinedPaymentMethods.add("pm_declined45");
    const event = fake.completeCheckout(session, { paymentMethod: "pm_declined45" });
    const intent = paymentIntentOfCheckout((event.data as { object: { payment_intent: string } }).object)!;
    const error = await p.authorize({ key: "b-45:deposit", bookingId: "b-45", purpose: "deposit", amountCents: 5_000, customer, returnUrl: "https://amarre.test/r", paymentReference: intent }).catch((e: unknown) => e);
    expect(isPaymentsError(error, "declined")).toBe(true);
    expect((error as { code: string }).code).toBe("card_declined");
  });

  it("a key reused with other parameters is a `conflict`; an unreachable Stripe is `unavailable` (retryable)", async () => {
    const p = payments();
    await p.transfer({ key: "b-46:payout", bookingId: "b-46", amountCents: 1_000, destination: "acct_1Owner" });
    const conflict = await p.transfer({ key: "b-46:payout", bookingId: "b-46", amountCents: 2_000, destination: "acct_1Owner" }).catch((e: unknown) => e);
    expect(isPaymentsError(conflict, "conflict")).toBe(true);
    const down = createStripePayments({ secretKey: "sk_test_x", apiBase: "http://127.0.0.1:9", maxNetworkRetries: 0, timeoutMs: 2_000 });
    const error = await down.transfer({ key: "k", bookingId: "b", amountCents: 1_000, destination: "acct_1" }).catch((e: unknown) => e);
    expect(isPaymentsError(error, "unavailable")).toBe(true);
    expect((error as { retryable: boolean }).retryable).toBe(true);
  });

  it("refuses a booking's Checkout without an absolute return URL, before calling Stripe", async () => {
    const before = fake.requests.length;
    for (const returnUrl of ["", "/ajustes/mis-reservas/b-48", "javascript:alert(1)"]) {
      const error = await payments().authorize({ key: `b-48:${returnUrl}`, bookingId: "b-48", purpose: "booking", amountCents: 1_000, customer, returnUrl }).catch((e: unknown) => e);
      expect(isPaymentsError(error, "refused"), returnUrl).toBe(true);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("a payout to an owner without a connected account calls nothing and is marked to be paid by hand", async () => {
    const before = fake.requests.length;
    const { reference } = await payments().transfer({ key: "b-47:payout", bookingId: "b-47", amountCents: 1_000, destination: null });
    expect(isManualTransfer(reference)).toBe(true);
    expect(fake.requests.length).toBe(before);
  });
});

describe("the Stripe fake checks requests against the OpenAPI description", () => {
  let fake: StripeFake;
  beforeAll(async () => {
    fake = await startStripeFake();
  });
  afterAll(() => fake.close());
  const post = (path: string, body: string, key = `k-${Math.random()}`) =>
    fetch(fake.url + path, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_x", "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": key },
      body,
    });

  it("names its source", () => {
    expect(fake.spec).toMatchObject({ repository: "github.com/stripe/openapi", path: "openapi/spec3.json" });
    expect(fake.spec.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it("refuses unknown parameters, wrong types, values outside an enum and missing required ones", async () => {
    const cases: Array<[string, string, RegExp]> = [
      ["/v1/transfers", "amount=100&currency=eur&destination=acct_1&colour=red", /colour: unknown parameter/],
      ["/v1/transfers", "amount=ten&currency=eur&destination=acct_1", /amount: expected an integer/],
      ["/v1/transfers", "amount=100&currency=eur", /destination: missing required parameter/],
      ["/v1/payment_intents", "amount=100&currency=eur&capture_method=later", /capture_method: "later" is not one of/],
      ["/v1/payment_intents", "amount=100&currency=eur&confirm=yes", /confirm: expected a boolean/],
      ["/v1/refunds", "payment_intent=pi_1&reason=changed_mind", /reason: "changed_mind" is not one of/],
      ["/v1/checkout/sessions", "success_url=https://a&cancel_url=https://b&payment_intent_data[capture_method]=manual&payment_intent_data[colour]=red", /payment_intent_data\[colour\]: unknown parameter/],
      ["/v1/checkout/sessions", "cancel_url=https://b&mode=payment", /success_url: missing required parameter/],
    ];
    for (const [path, body, message] of cases) {
      const response = await post(path, body);
      expect(response.status, body).toBe(400);
      const answer = (await response.json()) as { error: { type: string; message: string } };
      expect(answer.error.type).toBe("invalid_request_error");
      expect(answer.error.message).toMatch(message);
    }
  });

  it("answers 404 for an operation outside the description, 401 without a key, 400 for a POST without Idempotency-Key", async () => {
    expect((await post("/v1/charges", "amount=100&currency=eur")).status).toBe(404);
    expect((await fetch(fake.url + "/v1/transfers", { method: "POST", body: "amount=1" })).status).toBe(401);
    const noKey = await fetch(fake.url + "/v1/transfers", {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_x", "Content-Type": "application/x-www-form-urlencoded" },
      body: "amount=100&currency=eur&destination=acct_1",
    });
    expect(noKey.status).toBe(400);
  });

  it("replays an idempotent request and refuses its key with other parameters", async () => {
    const first = await post("/v1/transfers", "amount=100&currency=eur&destination=acct_1", "same-key");
    const again = await post("/v1/transfers", "amount=100&currency=eur&destination=acct_1", "same-key");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    const other = await post("/v1/transfers", "amount=200&currency=eur&destination=acct_1", "same-key");
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe("idempotency_error");
  });
});
