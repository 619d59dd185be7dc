import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createRecordedPayments, type PaymentsPort } from "./index";
import { createStripePayments, paymentIntentOfCheckout } from "./stripe";

/**
 * The payments port's reads of what the provider moved (`records`, decision 053): `recorded` says
 * honestly there is nothing to read; the Stripe adapter reads PaymentIntents, refunds, transfers
 * and balance transactions from the local fake, each request checked against Stripe's OpenAPI
 * description, and answers in cents and Stripe's own states.
 */
describe("payments records: recorded", () => {
  it("has nothing to compare: no provider moved anything", () => {
    const payments = createRecordedPayments();
    expect(payments.records).toBeNull();
    expect(payments.charges).toBe(false);
  });
});

describe("payments records: stripe (local fake checked against Stripe's OpenAPI description)", () => {
  let fake: StripeFake;
  let payments: PaymentsPort;
  const customer = { uid: "renter-1", email: "renter@amarre.test", name: "Zoë" };
  beforeAll(async () => {
    fake = await startStripeFake();
    payments = createStripePayments({ secretKey: "sk_test_records", apiBase: fake.url, maxNetworkRetries: 0 });
  });
  afterAll(() => fake.close());

  /** A booking held at Checkout, captured, partly refunded twice and paid out: what Stripe keeps of it. */
  async function movedBooking(bookingId: string) {
    const authorization = await payments.authorize({ key: `${bookingId}:rental:authorize`, bookingId, purpose: "booking", amountCents: 1_232_00, customer, returnUrl: "https://amarre.test/ajustes/mis-reservas/x" });
    const event = fake.completeCheckout(authorization.reference);
    const pi = paymentIntentOfCheckout((event.data as { object: { payment_intent: string } }).object)!;
    await payments.capture({ key: `${bookingId}:rental:capture`, reference: pi, amountCents: 1_232_00 });
    const first = await payments.refund({ key: `${bookingId}:refund-rental:refund`, reference: pi, amountCents: 560_00, reason: "policy" });
    const second = await payments.refund({ key: `${bookingId}:refund-fee:refund`, reference: pi, amountCents: 112_00, reason: "owner-cancel" });
    const transfer = await payments.transfer({ key: `${bookingId}:payout:transfer`, bookingId, amountCents: 560_00, destination: "acct_owner1" });
    return { checkout: authorization.reference, pi, refunds: [first.reference, second.reference], transfer: transfer.reference };
  }

  it("reads a captured payment with what it put in the balance (gross, Stripe's fee, net), also through its checkout", async () => {
    const moved = await movedBooking("b-records-1");
    const records = payments.records!;
    const payment = await records.payment(moved.pi);
    expect(payment).toEqual({
      reference: moved.pi,
      status: "succeeded",
      amountCents: 1_232_00,
      capturableCents: 0,
      receivedCents: 1_232_00,
      currency: "eur",
      bookingId: "b-records-1",
      balance: { reference: expect.stringMatching(/^txn_/), amountCents: 1_232_00, feeCents: 18_73, netCents: 1_213_27, type: "charge", status: "pending" },
    });
    expect(await records.payment(moved.checkout)).toEqual(payment);
    // A hold not captured yet has moved nothing into the balance.
    const held = await payments.authorize({ key: "b-records-held:rental:authorize", bookingId: "b-records-held", purpose: "booking", amountCents: 300_00, customer, returnUrl: "https://amarre.test/x" });
    const heldPi = paymentIntentOfCheckout((fake.completeCheckout(held.reference).data as { object: { payment_intent: string } }).object)!;
    expect(await records.payment(heldPi)).toMatchObject({ status: "requires_capture", capturableCents: 300_00, receivedCents: 0, balance: null });
  });

  it("lists a payment's refunds and a booking's transfers, each with its balance transaction, and reads them one by one", async () => {
    const moved = await movedBooking("b-records-2");
    await movedBooking("b-records-3");
    const records = payments.records!;
    const refunds = await records.refundsOf(moved.pi);
    expect(refunds.map((r) => [r.reference, r.amountCents, r.status, r.balance?.amountCents, r.balance?.type]).sort()).toEqual(
      [
        [moved.refunds[0], 560_00, "succeeded", -560_00, "refund"],
        [moved.refunds[1], 112_00, "succeeded", -112_00, "refund"],
      ].sort(),
    );
    expect(await records.refund(moved.refunds[0]!)).toMatchObject({ paymentReference: moved.pi, amountCents: 560_00 });
    const transfers = await records.transfersOf("b-records-2");
    expect(transfers).toEqual([
      { reference: moved.transfer, amountCents: 560_00, reversedCents: 0, reversed: false, group: "b-records-2", destination: "acct_owner1", balance: expect.objectContaining({ amountCents: -560_00, feeCents: 0, type: "transfer", status: "available" }) },
    ]);
    expect(await records.transfer(moved.transfer)).toEqual(transfers[0]);
    const balance = transfers[0]!.balance!;
    expect(await records.balanceMove(balance.reference)).toEqual(balance);
    expect(await records.balanceMovesOf(moved.transfer)).toEqual([balance]);
  });

  it("answers null or nothing for what Stripe does not have", async () => {
    const records = payments.records!;
    expect(await records.payment("pi_nothing")).toBeNull();
    expect(await records.refund("re_nothing")).toBeNull();
    expect(await records.transfer("tr_nothing")).toBeNull();
    expect(await records.balanceMove("txn_nothing")).toBeNull();
    expect(await records.refundsOf("pi_nothing")).toEqual([]);
    expect(await records.transfersOf("no-such-booking")).toEqual([]);
  });

  it("only reads: every request it made is a GET of the description, answered 200 or 404", async () => {
    const before = fake.requests.length;
    const moved = await movedBooking("b-records-4");
    const writes = fake.requests.length;
    const records = payments.records!;
    await Promise.all([records.payment(moved.pi), records.refundsOf(moved.pi), records.transfersOf("b-records-4"), records.refund("re_nothing")]);
    const reads = fake.requests.slice(writes);
    expect(writes).toBeGreaterThan(before);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.method === "GET" && r.operation !== "" && [200, 404].includes(r.status))).toBe(true);
    expect(new Set(reads.map((r) => r.operation))).toEqual(new Set(["GET /v1/payment_intents/{intent}", "GET /v1/balance_transactions/{id}", "GET /v1/refunds", "GET /v1/transfers", "GET /v1/refunds/{refund}"]));
  });

  it("pages lists as Stripe does and checks every listed item against the description", async () => {
    const moved = await movedBooking("b-records-5");
    const get = async (query: string) => {
      const response = await fetch(`${fake.url}/v1/refunds?${query}`, { headers: { Authorization: "Bearer sk_test_records" } });
      return { status: response.status, body: (await response.json()) as { object: string; data: Array<{ id: string }>; has_more: boolean; url: string } };
    };
    const first = await get(`payment_intent=${moved.pi}&limit=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: "list", has_more: true, url: "/v1/refunds" });
    expect(first.body.data.map((r) => r.id)).toEqual([moved.refunds[1]]);
    const next = await get(`payment_intent=${moved.pi}&limit=1&starting_after=${first.body.data[0]!.id}`);
    expect([next.body.data.map((r) => r.id), next.body.has_more]).toEqual([[moved.refunds[0]], false]);
    expect((await get("limit=1000")).status).toBe(400);
    expect((await get("colour=blue")).status).toBe(400);
    // An item that breaks its published shape is never listed.
    fake.refunds.get(moved.refunds[0]!)!.amount = "560.00";
    expect((await get(`payment_intent=${moved.pi}`)).status).toBe(500);
    fake.refunds.get(moved.refunds[0]!)!.amount = 560_00;
  });
});
