import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, createBookingsService, lineOf, moneyView, today, type Booking } from "#app/features/bookings/.server";
import { createStripePayments } from "#app/.server/payments/stripe";
import { createStripeWebhooks } from "#app/.server/payments/stripe-webhooks";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createTestServices } from "#tests/test-services";
import { createPayoutAccountsService } from "./service";

/**
 * Payouts that wait (decision 052), with the Stripe adapter against the local fake: a payout due
 * for an owner whose account cannot receive it is neither transferred nor made "by hand"; it stays
 * scheduled, without a due date (the scheduler's passes leave it alone), shown as waiting. When
 * `account.updated` says payouts are enabled, it is due at once and the next pass transfers it,
 * once, to the owner's `acct_…`.
 */
const SECRET = "whsec_payouts_wait";
let services: Services;
let fake: StripeFake;
let clock = new Date();

beforeAll(async () => {
  services = await createTestServices();
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
  await services?.close();
});

function engine() {
  const payments = createStripePayments({ secretKey: "sk_test_wait", apiBase: fake.url, maxNetworkRetries: 0 });
  const accounts = createPayoutAccountsService({ store: services.store, connect: payments.connect, releaseWaiting: (uid) => bookings.releaseWaitingPayouts(uid), now: () => clock });
  const bookings = createBookingsService({
    store: services.store,
    listings: services.listings,
    payments,
    now: () => clock,
    customerOf: async (uid) => ({ uid, email: `${uid}@amarre.test`, name: null }),
    returnUrl: (booking) => `https://amarre.test/ajustes/mis-reservas/${booking.id}`,
    payoutAccountOf: (uid) => accounts.payoutAccountOf(uid),
  });
  const webhooks = createStripeWebhooks({ store: services.store, webhookSecret: SECRET, bookings, accounts });
  return { bookings, accounts, webhooks };
}

function signed(event: object) {
  const payload = JSON.stringify(event);
  return { rawBody: payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

const payout = (booking: Booking) => lineOf(booking.money, "payout")!;
const transfersTo = (destination: string) => [...fake.transfers.values()].filter((t) => t.destination === destination);

describe("payouts that wait for the owner's payout account (Stripe)", { timeout: 60_000 }, () => {
  it("a payout due without an account waits (not transferred, not by hand, not picked up again); account.updated makes it due and the next pass transfers it once", async () => {
    clock = new Date();
    const { bookings, accounts, webhooks } = engine();
    const owner = await createOwner(services, { displayName: "Ona Waits" });
    const boat = await createBoat(services, owner.uid, { instantBooking: true, dayPriceCents: 300_00 });
    const start = addDays(today(clock), 5);
    const booked = await bookings.book({ uid: "wait-renter", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    await webhooks.handle(signed(fake.completeCheckout(booked.money.reference!)));
    expect((await bookings.getFor(booked.id, owner.uid))!.booking.status).toBe("confirmed");

    // A day after the start: the payout is due, and the owner has no payout account.
    clock = new Date(Date.parse(booked.startsAt) + 25 * 3_600_000);
    const transfersBefore = fake.transfers.size;
    await bookings.applyDue();
    const waiting = (await bookings.getFor(booked.id, owner.uid))!.booking;
    expect(payout(waiting)).toMatchObject({ state: "scheduled", op: null, dueAt: null, waiting: "payout-account", reference: null });
    expect(waiting).toMatchObject({ payoutWaiting: true, opsPending: false });
    expect(waiting.moneyDueAt === null || waiting.moneyDueAt > clock.toISOString()).toBe(true);
    expect(moneyView(waiting.money, clock.toISOString()).lines.find((l) => l.id === "payout")).toMatchObject({ state: "waiting", processing: false });
    expect(fake.transfers.size).toBe(transfersBefore);

    // Later passes leave it alone: nothing is written again.
    clock = new Date(clock.getTime() + 3_600_000);
    await bookings.applyDue();
    expect((await bookings.getFor(booked.id, owner.uid))!.booking.updatedAt).toBe(waiting.updatedAt);

    // The owner starts onboarding; Stripe still needs things: the payout still waits.
    await accounts.onboardingLink(owner.uid, { email: null, returnUrl: "https://amarre.test/ajustes/cobros?connect=return", refreshUrl: "https://amarre.test/ajustes/cobros?connect=refresh" });
    const { accountId } = (await accounts.get(owner.uid))!;
    expect(await webhooks.handle(signed(await fake.updateAccount(accountId, ["external_account"])))).toMatchObject({ status: 200, result: "handled" });
    await bookings.applyDue();
    expect(payout((await bookings.getFor(booked.id, owner.uid))!.booking)).toMatchObject({ state: "scheduled", waiting: "payout-account" });

    // Stripe enables payouts: the event (delivered twice) makes the payout due now; the next pass transfers it.
    const enabled = await fake.updateAccount(accountId, []);
    expect(await webhooks.handle(signed(enabled))).toMatchObject({ status: 200, result: "handled" });
    expect(await webhooks.handle(signed(enabled))).toMatchObject({ status: 200, result: "duplicate" });
    const due = (await bookings.getFor(booked.id, owner.uid))!.booking;
    expect(payout(due)).toMatchObject({ state: "scheduled", waiting: null, dueAt: clock.toISOString() });
    expect(due).toMatchObject({ payoutWaiting: false, moneyDueAt: clock.toISOString() });

    await bookings.applyDue();
    await bookings.applyDue();
    const paid = (await bookings.getFor(booked.id, owner.uid))!.booking;
    expect(payout(paid)).toMatchObject({ state: "paid-out", op: null, reference: expect.stringMatching(/^tr_/) });
    expect(transfersTo(accountId).map((t) => [t.id, t.amount])).toEqual([[payout(paid).reference, booked.price.ownerCents]]);
    expect(paid.money.lines.some((l) => l.reference?.startsWith("manual_"))).toBe(false);
  });

  it("an owner whose account can receive payouts is paid on the day, to their account", async () => {
    clock = new Date();
    const { bookings, accounts, webhooks } = engine();
    const owner = await createOwner(services);
    await accounts.onboardingLink(owner.uid, { email: null, returnUrl: "https://amarre.test/r", refreshUrl: "https://amarre.test/f" });
    const { accountId } = (await accounts.get(owner.uid))!;
    await webhooks.handle(signed(await fake.updateAccount(accountId, [])));
    expect(await accounts.payoutAccountOf(owner.uid)).toBe(accountId);

    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const start = addDays(today(clock), 4);
    const booked = await bookings.book({ uid: "paid-renter", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    await webhooks.handle(signed(fake.completeCheckout(booked.money.reference!)));
    clock = new Date(Date.parse(booked.startsAt) + 25 * 3_600_000);
    await bookings.applyDue();
    const paid = (await bookings.getFor(booked.id, owner.uid))!.booking;
    expect(payout(paid)).toMatchObject({ state: "paid-out", reference: expect.stringMatching(/^tr_/) });
    expect(transfersTo(accountId)).toHaveLength(1);
  });

  it("an account.updated naming an account no owner has is acknowledged and changes nothing", async () => {
    const { webhooks } = engine();
    fake.addAccount("acct_1NobodysAccount");
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const outcome = await webhooks.handle(signed(await fake.updateAccount("acct_1NobodysAccount", [])));
    const logged = warned.mock.calls.map((args) => args.join(" ")).join("\n");
    warned.mockRestore();
    expect(outcome).toMatchObject({ status: 200, result: "not-applied" });
    expect(logged).toContain("acct_1NobodysAccount");
  });
});
