import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, createBookingsService, today, type Booking } from "#app/.server/domain/bookings";
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
