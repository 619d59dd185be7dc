import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, createBookingsService, today, type Booking } from "#app/features/bookings/.server";
import { createStripePayments } from "#app/.server/payments/stripe";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createTestServices } from "#tests/test-services";
import { claimsSuite } from "./claims.contract";
import { createReconciliationService, createTeamNotifier, RECONCILIATION_RUNS, RUNS_KEPT, type ReconciliationRun } from "./index";

/**
 * The reconciliation on the embedded store, with the bookings engine and the Stripe adapter
 * against the local fake: bookings in several states (a request held, a request declined, a trip
 * captured, one cancelled and refunded, one whose deposit was claimed in part and whose owner was
 * paid) agree with Stripe; then differences planted at Stripe — a refund the ledger does not
 * know, a transfer of another amount, a capture that never happened, a refund Stripe lost — are
 * each found, with both figures, and told to the team. Nothing is corrected.
 */
let services: Services;
let fake: StripeFake;
let ownerUid = "";
let clock = new Date();
const NOW = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  services = await createTestServices();
  fake = await startStripeFake();
  ownerUid = (await createOwner(services, { displayName: "Armadora Conciliada" })).uid;
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await services?.close();
});

claimsSuite(() => ({ store: services.store, serialisesTransactions: true }));

const payments = () => createStripePayments({ secretKey: "sk_test_reconcile", apiBase: fake.url, maxNetworkRetries: 0 });
let engine: ReturnType<typeof createBookingsService>;
const notifyTeam = vi.fn(async (_run: ReconciliationRun) => "sent" as const);

function reconciliation() {
  return createReconciliationService({ store: services.store, records: payments().records, bookings: engine, notifyTeam });
}

/** A booking paid at Checkout (the fake's completion, as the webhook hands it over). */
async function book(renter: string, listingId: string, start: string, end = start): Promise<Booking> {
  const booked = await engine.book({ uid: renter, lang: "es" }, listingId, { start, end, part: null, people: 2, withSkipper: false });
  const event = fake.completeCheckout(booked.money.reference!);
  const pi = (event.data as { object: { payment_intent: string } }).object.payment_intent;
  await engine.paymentAuthorised({ bookingId: booked.id, checkout: booked.money.reference!, reference: pi, amountCents: booked.price.totalCents, currency: "eur" });
  return (await engine.getFor(booked.id, ownerUid))!.booking;
}

const ids: Record<string, Booking> = {};

describe("the reconciliation with Stripe (embedded store, local fake)", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    engine = createBookingsService({
      store: services.store,
      listings: services.listings,
      payments: payments(),
      now: () => clock,
      customerOf: async (uid) => ({ uid, email: `${uid}@amarre.test`, name: "Rita" }),
      returnUrl: (booking) => `https://amarre.test/ajustes/mis-reservas/${booking.id}`,
      payoutAccountOf: async () => "acct_1OwnerReconcile",
    });
    const instant = await createBoat(services, ownerUid, { instantBooking: true, dayPriceCents: 400_00 });
    const onRequest = await createBoat(services, ownerUid, { dayPriceCents: 250_00 });
    // 70 hours ago: a trip the next day (its deposit held at once), others weeks ahead (one declined, one cancelled).
    clock = new Date(NOW - 70 * HOUR);
    const soon = today(new Date(clock.getTime() + 30 * HOUR));
    ids.trip = await book("renter-trip", instant.id, soon);
    ids.declined = await book("renter-declined", onRequest.id, addDays(soon, 25));
    await engine.act(ids.declined.id, ownerUid, "owner", "decline");
    ids.cancelled = await book("renter-cancelled", instant.id, addDays(soon, 30));
    await engine.act(ids.cancelled.id, "renter-cancelled", "renter", "cancel");
    ids.captured = await book("renter-captured", instant.id, addDays(soon, 40));
    await engine.applyDue();
    // The day after the trip: completed, the owner paid, the deposit claimed and 120 € kept.
    clock = new Date(Date.parse(ids.trip.endsAt) + 2 * HOUR);
    await engine.applyDue();
    await engine.claimDeposit(ids.trip.id, ownerUid);
    await engine.settleDeposit(ids.trip.id, 120_00);
    // A request made since, still waiting for the owner: held.
    ids.held = await book("renter-held", onRequest.id, addDays(soon, 20));
    for (const key of Object.keys(ids)) ids[key] = (await engine.getFor(ids[key]!.id, ownerUid))!.booking;
  });

  it("finds no difference when the ledger and Stripe agree, whatever state each booking is in", async () => {
    const states = Object.fromEntries(Object.entries(ids).map(([key, b]) => [key, Object.fromEntries(b.money.lines.map((l) => [l.id, l.state]))]));
    expect(states).toEqual({
      trip: { rental: "captured", fee: "captured", deposit: "released", payout: "paid-out", claim: "captured" },
      held: { rental: "authorised", fee: "authorised" },
      declined: { rental: "voided", fee: "voided" },
      cancelled: { rental: "captured", fee: "captured", deposit: "voided", payout: "voided", "refund-rental": "refunded" },
      captured: { rental: "captured", fee: "captured", deposit: "scheduled", payout: "scheduled" },
    });
    const result = await reconciliation().runNow({ uid: "admin-1", name: "Alba" });
    expect(result.outcome).toBe("done");
    const run = (result as { run: ReconciliationRun }).run;
    expect(run).toMatchObject({ state: "done", bookings: 5, differences: [], differencesMore: 0, unread: 0, manual: 0, inFlight: 0, email: "none", by: { kind: "admin", uid: "admin-1", name: "Alba" } });
    // Payments (5), the trip's deposit, the refund and the transfer.
    expect(run.objects).toBe(8);
    const captured = ids.trip!.price.totalCents + ids.cancelled!.price.totalCents + ids.captured!.price.totalCents + 120_00;
    expect(run.ledger).toEqual({ capturedCents: captured, refundedCents: ids.cancelled!.money.lines.find((l) => l.id === "refund-rental")!.amountCents, transferredCents: ids.trip!.money.lines.find((l) => l.id === "payout")!.amountCents });
    expect(run.stripe).toMatchObject(run.ledger);
    expect(run.stripe.feeCents).toBeGreaterThan(0);
    expect(notifyTeam).not.toHaveBeenCalled();
  });

  it("finds each difference planted at Stripe, with both figures, tells the team once and corrects nothing", async () => {
    const tripPi = ids.trip!.money.reference!;
    const transfer = ids.trip!.money.lines.find((l) => l.id === "payout")!.reference!;
    const lostRefund = ids.cancelled!.money.lines.find((l) => l.id === "refund-rental")!;
    const planted = fake.balance.plant({ kind: "refund", paymentIntent: tripPi, amount: 50_00 });
    fake.balance.plant({ kind: "transfer-amount", transfer, amount: 1_00 });
    fake.balance.plant({ kind: "uncaptured", paymentIntent: ids.captured!.money.reference! });
    const lost = fake.refunds.get(lostRefund.reference!)!;
    fake.refunds.delete(lostRefund.reference!);

    const result = await reconciliation().runNow({ uid: "admin-1", name: "Alba" });
    const run = (result as { run: ReconciliationRun }).run;
    const found = run.differences.map((d) => ({ booking: d.bookingId, line: d.line, object: d.object, kind: d.kind, reference: d.reference, ledger: d.ledger, stripe: d.stripe }));
    const captured = ids.captured!.price.totalCents;
    expect(found).toEqual(
      expect.arrayContaining([
        { booking: ids.trip!.id, line: null, object: "refund", kind: "missing", reference: planted.id, ledger: { cents: null, state: null }, stripe: { cents: 50_00, state: "succeeded" } },
        { booking: ids.trip!.id, line: "payout", object: "transfer", kind: "amount", reference: transfer, ledger: { cents: expect.any(Number), state: "paid-out" }, stripe: { cents: 1_00, state: null } },
        { booking: ids.captured!.id, line: "rental", object: "payment", kind: "state", reference: ids.captured!.money.reference, ledger: { cents: captured, state: "captured" }, stripe: { cents: captured, state: "requires_capture" } },
        { booking: ids.cancelled!.id, line: "refund-rental", object: "refund", kind: "missing", reference: lostRefund.reference, ledger: { cents: lostRefund.amountCents, state: "refunded" }, stripe: { cents: null, state: null } },
      ]),
    );
    expect(found).toHaveLength(4);
    expect(run.differences.every((d) => d.bookingReference?.startsWith("AMR-"))).toBe(true);
    expect(notifyTeam).toHaveBeenCalledTimes(1);
    expect(run.email).toBe("sent");
    // Nothing corrected: the ledger is as it was.
    for (const b of Object.values(ids)) expect((await engine.getFor(b.id, ownerUid))!.booking.money).toEqual(b.money);
    fake.refunds.set(lost.id as string, lost);
  });

  it("keeps the last runs only, newest first", async () => {
    const service = reconciliation();
    const before = await services.store.count({ collection: RECONCILIATION_RUNS });
    for (let i = before; i <= RUNS_KEPT; i++) await service.runNow({ uid: "admin-1", name: "Alba" });
    expect(await services.store.count({ collection: RECONCILIATION_RUNS })).toBe(RUNS_KEPT);
    expect((await service.lastFinished())?.state).toBe("done");
  });

  it("emails the team only where there is an address and a mail server, and says which was missing", async () => {
    const { run } = (await reconciliation().runNow({ uid: "admin-1", name: "Alba" })) as { run: ReconciliationRun };
    const send = vi.fn(async () => true);
    expect(await createTeamNotifier({ mailbox: { send, canSend: true }, teamEmail: null, link: "https://amarre.test/admin/operaciones" })(run)).toBe("no-address");
    expect(await createTeamNotifier({ mailbox: { send, canSend: false }, teamEmail: "equipo@amarre.test", link: "https://amarre.test/admin/operaciones" })(run)).toBe("no-mail-server");
    expect(send).not.toHaveBeenCalled();
    expect(await createTeamNotifier({ mailbox: { send, canSend: true }, teamEmail: "equipo@amarre.test", link: "https://amarre.test/admin/operaciones" })(run)).toBe("sent");
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ to: "equipo@amarre.test", lang: "es", email: expect.objectContaining({ params: expect.objectContaining({ count: run.differences.length }) }) }));
  });

  it("has nothing to compare without a provider that moves money", async () => {
    const none = createReconciliationService({ store: services.store, records: null, bookings: engine, notifyTeam });
    expect(none.available).toBe(false);
    expect(await none.runNow({ uid: "admin-1", name: "Alba" })).toEqual({ outcome: "unavailable" });
    expect(await none.runDaily()).toEqual({ outcome: "unavailable" });
  });
});
