import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, createBookingsService, today, type Booking } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createStripePayments } from "./stripe";
import { createStripeWebhooks } from "./stripe-webhooks";

/**
 * The booking engine with the Stripe adapter, against the local fake of Stripe (which checks every
 * request against Stripe's OpenAPI description), and the signed webhook in between: a request is
 * a Checkout that holds the money, the webhook makes it a request, the owner's acceptance
 * captures it, the renter's cancellation refunds the policy's share; the deposit is held off
 * session, the owner paid by a transfer. What reaches Stripe is read back from the fake.
 */
const SECRET = "whsec_bookings_test_secret";
let services: Services;
let fake: StripeFake;
let ownerUid = "";
let clock = new Date();

beforeAll(async () => {
  services = await createTestServices();
  fake = await startStripeFake();
  ownerUid = (await createOwner(services, { displayName: "Armadora Stripe" })).uid;
});
afterAll(async () => {
  await fake?.close();
  await services?.close();
});

function engine() {
  const payments = createStripePayments({ secretKey: "sk_test_bookings", apiBase: fake.url, maxNetworkRetries: 0 });
  const bookings = createBookingsService({
    store: services.store,
    listings: services.listings,
    payments,
    now: () => clock,
    customerOf: async (uid) => ({ uid, email: `${uid}@amarre.test`, name: "Rita Renter" }),
    returnUrl: (booking) => `https://amarre.test/ajustes/mis-reservas/${booking.id}`,
    payoutAccountOf: async () => "acct_1OwnerFake",
  });
  const webhooks = createStripeWebhooks({ store: services.store, webhookSecret: SECRET, bookings });
  return { bookings, webhooks };
}

/** What Stripe would POST to the webhook for an event the fake produced. */
function signed(event: object) {
  const payload = JSON.stringify(event);
  return { rawBody: payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

const states = (booking: Booking) => Object.fromEntries(booking.money.lines.map((line) => [line.id, line.state]));

describe("bookings with Stripe (the local fake)", { timeout: 60_000 }, () => {
  it("request → checkout → webhook → accept (captured) → the renter cancels (the rental's share refunded, never the fee)", async () => {
    clock = new Date();
    const { bookings, webhooks } = engine();
    const boat = await createBoat(services, ownerUid, { dayPriceCents: 450_00 });
    const start = addDays(today(clock), 40);
    const booked = await bookings.book({ uid: "stripe-renter-1", lang: "es" }, boat.id, { start, end: addDays(start, 1), part: null, people: 2, withSkipper: false });
    expect(booked.status).toBe("awaiting-payment");
    expect(booked.money.checkout?.url).toMatch(/^https?:\/\//);
    const session = fake.sessions.get(booked.money.reference!)!;
    expect(session).toMatchObject({ amount_total: booked.price.totalCents, metadata: { bookingId: booked.id } });

    // The renter pays at Checkout; Stripe's signed event (twice: a replay changes nothing).
    const event = fake.completeCheckout(booked.money.reference!);
    expect((await webhooks.handle(signed(event))).status).toBe(200);
    expect((await webhooks.handle(signed(event))).result).toBe("duplicate");
    const requested = (await bookings.getFor(booked.id, ownerUid))!.booking;
    expect(requested.status).toBe("pending");
    expect(states(requested)).toEqual({ rental: "authorised", fee: "authorised" });
    const intent = requested.money.reference!;
    expect(intent).toMatch(/^pi_/);

    const accepted = (await bookings.act(booked.id, ownerUid, "owner", "accept")).booking;
    expect(states(accepted)).toMatchObject({ rental: "captured", fee: "captured", payout: "scheduled" });
    expect(fake.paymentIntents.get(intent)).toMatchObject({ status: "succeeded", amount_received: booked.price.totalCents });

    const cancelled = (await bookings.act(booked.id, "stripe-renter-1", "renter", "cancel")).booking;
    expect(states(cancelled)).toMatchObject({ "refund-rental": "refunded", payout: "voided" });
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent);
    expect(refunds.map((refund) => refund.amount)).toEqual([booked.price.ownerCents]);
    expect(cancelled.opsPending).toBe(false);
  });

  it("an instant booking: the deposit held off session two days before, the owner paid a day after the start, the deposit let go after the end", async () => {
    clock = new Date();
    const { bookings, webhooks } = engine();
    const boat = await createBoat(services, ownerUid, { instantBooking: true, dayPriceCents: 300_00 });
    const start = addDays(today(clock), 10);
    const booked = await bookings.book({ uid: "stripe-renter-2", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    await webhooks.handle(signed(fake.completeCheckout(booked.money.reference!)));
    const confirmed = (await bookings.getFor(booked.id, ownerUid))!.booking;
    expect(confirmed.status).toBe("confirmed");
    expect(states(confirmed)).toMatchObject({ rental: "captured", fee: "captured", deposit: "scheduled", payout: "scheduled" });

    clock = new Date(Date.parse(confirmed.startsAt) - 47 * 3_600_000);
    await bookings.applyDue();
    const held = (await bookings.getFor(booked.id, ownerUid))!.booking;
    const deposit = held.money.lines.find((line) => line.id === "deposit")!;
    expect(deposit.state).toBe("authorised");
    expect(fake.paymentIntents.get(deposit.reference!)).toMatchObject({ amount: booked.price.depositCents, capture_method: "manual", status: "requires_capture" });

    clock = new Date(Date.parse(confirmed.startsAt) + 25 * 3_600_000);
    await bookings.applyDue();
    expect([...fake.transfers.values()].filter((transfer) => transfer.destination === "acct_1OwnerFake").map((t) => t.amount)).toContain(booked.price.ownerCents);

    clock = new Date(Date.parse(confirmed.endsAt) + 49 * 3_600_000);
    await bookings.applyDue();
    await bookings.applyDue();
    const done = (await bookings.getFor(booked.id, ownerUid))!.booking;
    expect(states(done)).toMatchObject({ deposit: "released", payout: "paid-out" });
    expect(fake.paymentIntents.get(deposit.reference!)).toMatchObject({ status: "canceled" });
  });

  it("a completed checkout applies only to the booking it was opened for: booking A's payment, its metadata naming booking B, confirms neither (logged, acknowledged so Stripe stops)", async () => {
    clock = new Date();
    const { bookings, webhooks } = engine();
    const boat = await createBoat(services, ownerUid, { instantBooking: true });
    const start = addDays(today(clock), 60);
    const a = await bookings.book({ uid: "stripe-renter-a", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    const b = await bookings.book({ uid: "stripe-renter-b", lang: "es" }, boat.id, { start: addDays(start, 2), end: addDays(start, 2), part: null, people: 2, withSkipper: false });
    expect([a.status, b.status]).toEqual(["awaiting-payment", "awaiting-payment"]);

    // A's renter pays A's Checkout; the event Stripe would send, with B's id put in its metadata.
    const genuine = fake.completeCheckout(a.money.reference!) as { id: string; data: { object: { metadata: Record<string, string> } } };
    const forged = { ...genuine, id: `${genuine.id}forged`, data: { object: { ...genuine.data.object, metadata: { ...genuine.data.object.metadata, bookingId: b.id } } } };
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const outcome = await webhooks.handle(signed(forged));
    const logged = warned.mock.calls.map((args) => args.join(" "));
    warned.mockRestore();
    expect(outcome).toMatchObject({ status: 200, result: "not-applied" });
    expect(logged.some((line) => line.includes(forged.id) && line.includes(b.id) && line.includes(a.money.reference!))).toBe(true);
    expect(logged.join("\n")).not.toMatch(/@amarre\.test|Rita/);
    const afterB = (await bookings.getFor(b.id, ownerUid))!.booking;
    expect(afterB).toMatchObject({ status: "awaiting-payment", money: { reference: b.money.reference } });
    expect((await bookings.getFor(a.id, ownerUid))!.booking).toMatchObject({ status: "awaiting-payment", money: { reference: a.money.reference } });

    // A's own event still confirms A, with A's PaymentIntent; B is untouched.
    expect(await webhooks.handle(signed(genuine))).toMatchObject({ status: 200, result: "handled" });
    const paidA = (await bookings.getFor(a.id, ownerUid))!.booking;
    expect(paidA.status).toBe("confirmed");
    expect(paidA.money.reference).toBe(fake.sessions.get(a.money.reference!)!.payment_intent);
    expect((await bookings.getFor(b.id, ownerUid))!.booking.status).toBe("awaiting-payment");

    // B's Checkout cannot be expired by another booking's expiry either.
    const c = await bookings.book({ uid: "stripe-renter-c", lang: "es" }, boat.id, { start: addDays(start, 4), end: addDays(start, 4), part: null, people: 2, withSkipper: false });
    const expiredC = fake.expireCheckout(c.money.reference!) as { id: string; data: { object: { metadata: Record<string, string> } } };
    const forgedExpiry = { ...expiredC, id: `${expiredC.id}forged`, data: { object: { ...expiredC.data.object, metadata: { bookingId: b.id } } } };
    vi.spyOn(console, "warn").mockImplementationOnce(() => undefined);
    expect(await webhooks.handle(signed(forgedExpiry))).toMatchObject({ status: 200, result: "not-applied" });
    expect((await bookings.getFor(b.id, ownerUid))!.booking.status).toBe("awaiting-payment");
    expect(await bookings.isFree(boat, addDays(start, 2), addDays(start, 2))).toBe(false);
  });

  it("a checkout left unpaid lapses: the days are free again and the checkout is let go", async () => {
    clock = new Date();
    const { bookings, webhooks } = engine();
    const boat = await createBoat(services, ownerUid, { instantBooking: true });
    const start = addDays(today(clock), 20);
    const booked = await bookings.book({ uid: "stripe-renter-3", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect(await bookings.isFree(boat, start, start)).toBe(false);
    await webhooks.handle(signed(fake.expireCheckout(booked.money.reference!)));
    expect((await bookings.getFor(booked.id, "stripe-renter-3"))!.booking.status).toBe("expired");
    expect(await bookings.isFree(boat, start, start)).toBe(true);
  });
});
