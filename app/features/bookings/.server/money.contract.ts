import { expect, it, vi } from "vitest";
import type { DocumentStore } from "#app/.server/store";
import type { PaymentsPort } from "#app/.server/payments";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import { addDays, today } from "#app/utils/dates";
import { BookingError, type Booking } from "./model";
import { createBookingsService } from "./service";
import type { BookingsDeps } from "./service-types";
import type { WeatherEvidence } from "#app/features/weather/.server";

/**
 * The money of every booking path, the same on every store: what the ledger says at each step
 * and which provider calls it makes (with which idempotency keys), with a provider that charges
 * (an in-memory stand-in that keeps holds, captures and refunds honest) and with none. Run by
 * `money.test.ts` (SQLite) and `money.firestore.test.ts` (the Firestore emulator).
 */
export type MoneyFixture = {
  store: DocumentStore;
  listings: Pick<ListingsService, "get" | "getMany" | "recordOwnerCancellation">;
  /** A published boat of `ownerUid` (moderate policy, 800 € deposit, 450 € a day). */
  boat(input: { instant: boolean }): Promise<Listing>;
  ownerUid: string;
  /** False on the in-process Firestore emulator: its transactions neither lock nor detect conflicts. */
  serialisesTransactions: boolean;
};

type Call = { op: string; key: string; amountCents?: number; reference?: string };

/**
 * A provider that charges: holds, captures at most what is held, refunds at most what was
 * captured, once per key. With `checkout`, a booking's authorisation is a checkout the renter
 * completes elsewhere (`cs_<n>`, as Stripe's): the booking then waits for the provider's event.
 */
export function chargingPayments(options: { failNext?: Set<string>; checkout?: boolean } = {}) {
  const calls: Call[] = [];
  const held = new Map<string, number>();
  const captured = new Map<string, number>();
  const seen = new Map<string, string>();
  const checkouts = new Map<string, number>();
  let next = 0;
  const once = (op: string, key: string, run: () => string, amountCents?: number, reference?: string) => {
    if (options.failNext?.delete(op)) throw new Error(`${op} failed (test)`);
    const done = seen.get(key);
    if (done) return done;
    calls.push({ op, key, amountCents, reference });
    const result = run();
    seen.set(key, result);
    return result;
  };
  const port: PaymentsPort = {
    provider: "stripe",
    charges: true,
    records: null,
    async authorize({ key, amountCents, purpose }) {
      if (options.checkout && purpose === "booking") {
        const reference = once("authorize", key, () => {
          const id = `cs_${++next}`;
          checkouts.set(id, amountCents);
          return id;
        }, amountCents);
        return { kind: "redirect", reference, url: `https://checkout.test/${reference}`, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() };
      }
      const reference = once("authorize", key, () => {
        const id = `pi_${++next}`;
        held.set(id, amountCents);
        return id;
      }, amountCents);
      return { kind: "authorised", reference };
    },
    async capture({ key, reference, amountCents }) {
      return {
        reference: once("capture", key, () => {
          if (amountCents > (held.get(reference) ?? 0)) throw new Error("capture over the hold");
          held.set(reference, 0);
          captured.set(reference, amountCents);
          return reference;
        }, amountCents, reference),
      };
    },
    async cancel({ key, reference }) {
      once("cancel", key, () => {
        held.set(reference, 0);
        return reference;
      }, undefined, reference);
    },
    async refund({ key, reference, amountCents }) {
      return {
        reference: once("refund", key, () => {
          const left = captured.get(reference) ?? 0;
          if (amountCents > left) throw new Error("refund over the capture");
          captured.set(reference, left - amountCents);
          return `re_${++next}`;
        }, amountCents, reference),
      };
    },
    async transfer({ key, amountCents }) {
      return { reference: once("transfer", key, () => `tr_${++next}`, amountCents) };
    },
    // No payout accounts here: a payout is transferred whatever the owner has (decision 052's wait is tested with Stripe's fake).
    connect: null,
  };
  /** The renter pays checkout `id`: the PaymentIntent now holding its amount (what the provider's event carries). */
  const completeCheckout = (id: string) => {
    const intent = `pi_${++next}`;
    held.set(intent, checkouts.get(id) ?? 0);
    return intent;
  };
  return { port, calls, captured, held, completeCheckout };
}

const HOUR = 3_600_000;

export function moneySuite(setup: () => MoneyFixture) {
  function service(payments: PaymentsPort, clock: { now: Date }, deps: Pick<BookingsDeps, "weatherEvidence"> = {}) {
    const { store, listings } = setup();
    return createBookingsService({ store, listings, payments, now: () => clock.now, ...deps });
  }
  const choice = (start: string, end = start) => ({ start, end, part: null, people: 2, withSkipper: false });
  const lines = (booking: Booking) => Object.fromEntries(booking.money.lines.map((l) => [l.id, { state: l.state, amountCents: l.amountCents }]));
  let renters = 0;
  const renter = () => ({ uid: `money-renter-${Date.now()}-${++renters}`, lang: "es" });

  it("a request with a provider: held, captured on acceptance, the rental refunded by the policy on the renter's cancellation (never the fee)", async () => {
    const clock = { now: new Date() };
    const { port, calls } = chargingPayments();
    const bookings = service(port, clock);
    const boat = await setup().boat({ instant: false });
    const who = renter();
    const start = addDays(today(clock.now), 40);
    const requested = await bookings.book(who, boat.id, choice(start, addDays(start, 1)));
    expect(requested.status).toBe("pending");
    const total = requested.price.totalCents;
    expect(lines(requested)).toEqual({ rental: { state: "authorised", amountCents: requested.price.ownerCents }, fee: { state: "authorised", amountCents: requested.price.serviceFeeCents } });
    expect(calls).toEqual([{ op: "authorize", key: `${requested.id}:booking`, amountCents: total, reference: undefined }]);

    const accepted = (await bookings.act(requested.id, setup().ownerUid, "owner", "accept")).booking;
    expect(lines(accepted)).toMatchObject({ rental: { state: "captured" }, fee: { state: "captured" }, deposit: { state: "scheduled" }, payout: { state: "scheduled", amountCents: requested.price.ownerCents } });
    expect(accepted.opsPending).toBe(false);
    expect(calls.filter((c) => c.op === "capture")).toEqual([{ op: "capture", key: `${requested.id}:rental:capture`, amountCents: total, reference: accepted.money.reference }]);

    const cancelled = (await bookings.act(requested.id, who.uid, "renter", "cancel")).booking;
    const refund = Math.floor(requested.price.ownerCents);
    expect(cancelled.cancellation).toMatchObject({ by: "renter", rule: "policy", percent: 100, rentalRefundCents: refund, feeRefundCents: 0 });
    expect(lines(cancelled)).toMatchObject({ "refund-rental": { state: "refunded", amountCents: refund }, deposit: { state: "voided" }, payout: { state: "voided" } });
    expect(lines(cancelled)["refund-fee"]).toBeUndefined();
    expect(calls.filter((c) => c.op === "refund")).toEqual([{ op: "refund", key: `${requested.id}:refund-rental:refund`, amountCents: refund, reference: accepted.money.reference }]);
  });

  it("a provider's checkout event applies only to the booking the checkout was opened for, at the amount and currency that booking expects", async () => {
    const clock = { now: new Date() };
    const { port, completeCheckout, held } = chargingPayments({ checkout: true });
    const bookings = service(port, clock);
    const boat = await setup().boat({ instant: true });
    const start = addDays(today(clock.now), 50);
    const a = await bookings.book(renter(), boat.id, choice(start));
    const b = await bookings.book(renter(), boat.id, choice(addDays(start, 2)));
    expect([a.status, b.status]).toEqual(["awaiting-payment", "awaiting-payment"]);
    expect(a.money.checkoutId).toMatch(/^cs_/);
    expect(b.money.checkoutId).not.toBe(a.money.checkoutId);
    const intents = { [a.id]: completeCheckout(a.money.checkoutId!), [b.id]: completeCheckout(b.money.checkoutId!) };
    const paid = (booking: Booking, patch: Partial<{ bookingId: string; amountCents: number | null; currency: string | null }> = {}) => ({
      bookingId: booking.id,
      checkout: booking.money.checkoutId!,
      reference: intents[booking.id]!,
      amountCents: booking.price.totalCents,
      currency: "eur",
      ...patch,
    });
    const statusOf = async (booking: Booking) => (await bookings.getFor(booking.id, setup().ownerUid))!.booking.status;

    // A's checkout, paid or lapsed, named as B's: nothing happens to either.
    expect(await bookings.paymentAuthorised(paid(a, { bookingId: b.id }))).toBe("other-checkout");
    expect(await bookings.checkoutExpired({ bookingId: b.id, checkout: a.money.checkoutId! })).toBe("other-checkout");
    // B's own checkout for another amount or currency, or for no booking at all.
    expect(await bookings.paymentAuthorised(paid(b, { amountCents: b.price.totalCents - 1 }))).toBe("other-amount");
    expect(await bookings.paymentAuthorised(paid(b, { currency: "usd" }))).toBe("other-amount");
    expect(await bookings.paymentAuthorised(paid(b, { amountCents: null, currency: null }))).toBe("other-amount");
    expect(await bookings.paymentAuthorised(paid(b, { bookingId: "A".repeat(20) }))).toBe("unknown-booking");
    expect(await bookings.paymentAuthorised(paid(b, { bookingId: "b-not-a-booking" }))).toBe("unknown-booking");
    expect([await statusOf(a), await statusOf(b)]).toEqual(["awaiting-payment", "awaiting-payment"]);

    // Each booking's own event applies, once; the checkout's id stays on the booking after it.
    expect(await bookings.paymentAuthorised(paid(a))).toBe("applied");
    expect(await bookings.paymentAuthorised(paid(a))).toBe("applied");
    const confirmed = (await bookings.getFor(a.id, setup().ownerUid))!.booking;
    expect(confirmed).toMatchObject({ status: "confirmed", money: { reference: intents[a.id], checkoutId: a.money.checkoutId } });
    expect(held.get(intents[a.id]!)).toBe(0);
    expect(await bookings.paymentAuthorised(paid(b, { bookingId: a.id }))).toBe("other-checkout");
    expect((await bookings.getFor(a.id, setup().ownerUid))!.booking.money.reference).toBe(intents[a.id]);
    expect(await statusOf(b)).toBe("awaiting-payment");
    expect(await bookings.checkoutExpired({ bookingId: b.id, checkout: b.money.checkoutId! })).toBe("applied");
    expect(await statusOf(b)).toBe("expired");
  });

  it("a request declined lets the hold go: nothing charged; an owner's cancellation refunds rental and fee", async () => {
    const clock = { now: new Date() };
    const { port, calls } = chargingPayments();
    const bookings = service(port, clock);
    const boat = await setup().boat({ instant: false });
    const start = addDays(today(clock.now), 45);
    const requested = await bookings.book(renter(), boat.id, choice(start));
    const declined = (await bookings.act(requested.id, setup().ownerUid, "owner", "decline", { reason: "  El barco está en el varadero esa semana.  " })).booking;
    expect(declined.declineReason).toBe("El barco está en el varadero esa semana.");
    expect(lines(declined)).toEqual({ rental: { state: "voided", amountCents: requested.price.ownerCents }, fee: { state: "voided", amountCents: requested.price.serviceFeeCents } });
    expect(calls.map((c) => c.op)).toEqual(["authorize", "cancel"]);

    const instant = await setup().boat({ instant: true });
    const booked = await bookings.book(renter(), instant.id, choice(addDays(start, 3)));
    const byOwner = (await bookings.act(booked.id, setup().ownerUid, "owner", "cancel")).booking;
    expect(lines(byOwner)).toMatchObject({ "refund-rental": { state: "refunded", amountCents: booked.price.ownerCents }, "refund-fee": { state: "refunded", amountCents: booked.price.serviceFeeCents }, payout: { state: "voided" } });
    const refunds = calls.filter((c) => c.op === "refund").reduce((sum, c) => sum + (c.amountCents ?? 0), 0);
    expect(refunds).toBe(booked.price.totalCents);
  });

  it("the deposit is held two days before, the owner paid 24 hours after the start, the deposit released 48 hours after the end — each once", async () => {
    const clock = { now: new Date() };
    const { port, calls } = chargingPayments();
    const bookings = service(port, clock);
    const boat = await setup().boat({ instant: true });
    const start = addDays(today(clock.now), 10);
    const booked = await bookings.book(renter(), boat.id, choice(start));
    expect(lines(booked).deposit).toEqual({ state: "scheduled", amountCents: booked.price.depositCents });
    const startsAt = Date.parse(booked.startsAt);
    clock.now = new Date(startsAt - 49 * HOUR);
    await bookings.applyDue();
    expect(calls.some((c) => c.op === "authorize" && c.key.endsWith(":deposit:authorize"))).toBe(false);
    clock.now = new Date(startsAt - 47 * HOUR);
    await bookings.applyDue();
    await bookings.applyDue();
    expect(calls.filter((c) => c.key === `${booked.id}:deposit:authorize`)).toEqual([{ op: "authorize", key: `${booked.id}:deposit:authorize`, amountCents: booked.price.depositCents, reference: undefined }]);
    clock.now = new Date(startsAt + 25 * HOUR);
    await bookings.applyDue();
    await bookings.applyDue();
    expect(calls.filter((c) => c.op === "transfer")).toEqual([{ op: "transfer", key: `${booked.id}:payout:transfer`, amountCents: booked.price.ownerCents, reference: undefined }]);
    clock.now = new Date(Date.parse(booked.endsAt) + 49 * HOUR);
    await bookings.applyDue();
    await bookings.applyDue();
    const done = (await bookings.getFor(booked.id, setup().ownerUid))!.booking;
    expect(done.status).toBe("completed");
    expect(lines(done)).toMatchObject({ deposit: { state: "released" }, payout: { state: "paid-out" } });
    expect(calls.filter((c) => c.op === "cancel")).toHaveLength(1);
    expect(done.moneyDueAt).toBeNull();
  });

  it("a trip moved for the weather after its deposit was held: that hold let go at once, the deposit held again two days before the new days and released after them, each call with a key of its own; moved within those two days, the hold stays", async () => {
    const clock = { now: new Date() };
    const { port, calls, held } = chargingPayments();
    const evidence: WeatherEvidence = { source: "fixture", issuedAt: clock.now.toISOString(), boatClass: "small", date: "2026-01-01", windKnots: 23, gustKnots: 30, waveM: 1.8, beaufort: 6, reasons: [{ kind: "wind", beaufort: 6, limit: 5 }] };
    const bookings = service(port, clock, { weatherEvidence: async () => evidence });
    const boat = await setup().boat({ instant: true });
    const depositOf = (booking: Booking) => booking.money.lines.find((l) => l.id === "deposit")!;
    const start = addDays(today(clock.now), 10);
    const booked = await bookings.book(renter(), boat.id, choice(start));
    clock.now = new Date(Date.parse(booked.startsAt) - 47 * HOUR);
    await bookings.applyDue();
    const first = depositOf((await bookings.getFor(booked.id, setup().ownerUid))!.booking);
    expect(first).toMatchObject({ state: "authorised", op: null, reference: expect.stringMatching(/^pi_/) });
    expect(held.get(first.reference!)).toBe(booked.price.depositCents);

    // A week later: the first hold goes back now; nothing is held until two days before the new day.
    const moved = await bookings.moveForWeather(booked.id, setup().ownerUid, "owner", addDays(start, 7));
    const newHoldAt = new Date(Date.parse(moved.startsAt) - 48 * HOUR).toISOString();
    expect(depositOf(moved)).toMatchObject({ state: "scheduled", op: null, dueAt: newHoldAt });
    expect(moved.opsPending).toBe(false);
    expect(moved.moneyDueAt).toBe(newHoldAt);
    expect(held.get(first.reference!)).toBe(0);
    expect(calls.filter((c) => c.op === "cancel")).toEqual([{ op: "cancel", key: `${booked.id}:deposit:cancel:${first.reference}`, amountCents: undefined, reference: first.reference }]);
    clock.now = new Date(Date.parse(newHoldAt) - HOUR);
    await bookings.applyDue();
    expect(calls.filter((c) => c.op === "authorize" && c.key.startsWith(`${booked.id}:deposit`))).toHaveLength(1);
    clock.now = new Date(Date.parse(newHoldAt) + HOUR);
    await bookings.applyDue();
    await bookings.applyDue();
    const second = depositOf((await bookings.getFor(booked.id, setup().ownerUid))!.booking);
    expect(second).toMatchObject({ state: "authorised", op: null });
    expect(second.reference).not.toBe(first.reference);
    expect(held.get(second.reference!)).toBe(booked.price.depositCents);
    expect(calls.filter((c) => c.op === "authorize" && c.key.startsWith(`${booked.id}:deposit`)).map((c) => c.key)).toEqual([`${booked.id}:deposit:authorize`, `${booked.id}:deposit:authorize:${first.reference}`]);
    clock.now = new Date(Date.parse(moved.endsAt) + 49 * HOUR);
    await bookings.applyDue();
    await bookings.applyDue();
    expect(depositOf((await bookings.getFor(booked.id, setup().ownerUid))!.booking).state).toBe("released");
    expect(held.get(second.reference!)).toBe(0);
    expect(calls.filter((c) => c.op === "cancel").map((c) => c.key)).toEqual([`${booked.id}:deposit:cancel:${first.reference}`, `${booked.id}:deposit:cancel:${second.reference}`]);

    // Held, then moved a day earlier: the new hold's moment has passed, so the hold placed stays.
    clock.now = new Date();
    const soon = await bookings.book(renter(), boat.id, choice(addDays(today(clock.now), 20)));
    clock.now = new Date(Date.parse(soon.startsAt) - 47 * HOUR);
    await bookings.applyDue();
    const placed = depositOf((await bookings.getFor(soon.id, setup().ownerUid))!.booking);
    const earlier = await bookings.moveForWeather(soon.id, setup().ownerUid, "owner", addDays(soon.start, -1));
    expect(depositOf(earlier)).toMatchObject({ state: "authorised", op: null, reference: placed.reference });
    expect(held.get(placed.reference!)).toBe(soon.price.depositCents);
    expect(calls.filter((c) => c.op === "cancel" && c.key.startsWith(soon.id))).toEqual([]);
  });

  it("a claim within 48 hours keeps the deposit held, whatever asks to release it; the decision captures the part kept; after 48 hours no claim", async () => {
    const clock = { now: new Date() };
    const { port, calls } = chargingPayments();
    const bookings = service(port, clock);
    const boat = await setup().boat({ instant: true });
    const start = addDays(today(clock.now), 5);
    const booked = await bookings.book(renter(), boat.id, choice(start));
    const late = await bookings.book(renter(), boat.id, choice(addDays(start, 1)));
    clock.now = new Date(Date.parse(booked.endsAt) + 47 * HOUR);
    await bookings.applyDue();
    await expect(bookings.claimDeposit(booked.id, "someone-else")).rejects.toMatchObject({ code: "not-found" });
    const claimed = await bookings.claimDeposit(booked.id, setup().ownerUid);
    expect(lines(claimed).deposit.state).toBe("disputed");
    // A claimed deposit is not released by a clean check-out or the owner's "release now" (issue 43): only the claim's closing moves it.
    await expect(bookings.releaseDeposit(booked.id, setup().ownerUid)).rejects.toMatchObject({ code: "invalid-transition", reason: "claimed" });
    expect(calls.filter((c) => c.op === "cancel" && c.key.startsWith(`${booked.id}:deposit`))).toEqual([]);
    clock.now = new Date(Date.parse(booked.endsAt) + 96 * HOUR);
    await bookings.applyDue();
    expect(lines((await bookings.getFor(booked.id, setup().ownerUid))!.booking).deposit.state).toBe("disputed");
    const settled = await bookings.settleDeposit(booked.id, 250_00);
    expect(lines(settled)).toMatchObject({ deposit: { state: "released", amountCents: booked.price.depositCents - 250_00 }, claim: { state: "captured", amountCents: 250_00 } });
    expect(calls.filter((c) => c.op === "capture" && c.key.startsWith(`${booked.id}:deposit`))).toEqual([
      { op: "capture", key: `${booked.id}:deposit:capture`, amountCents: 250_00, reference: expect.stringMatching(/^pi_/) },
    ]);
    // The other trip: 49 hours after its end the deposit went back by itself, and there is nothing left to claim.
    const error = await bookings.claimDeposit(late.id, setup().ownerUid).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingError);
    expect(error).toMatchObject({ code: "invalid-transition" });
  });

  it("a provider call that fails stays on its line and the scheduler makes it later, with the same key", async () => {
    const clock = { now: new Date() };
    const failNext = new Set(["capture"]);
    const { port, calls } = chargingPayments({ failNext });
    const bookings = service(port, clock);
    const boat = await setup().boat({ instant: true });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const booked = await bookings.book(renter(), boat.id, choice(addDays(today(clock.now), 30)));
    const messages = logged.mock.calls.map((args) => String(args[0]));
    logged.mockRestore();
    expect(messages.some((message) => message.includes(`capture of line rental of booking ${booked.id} failed`))).toBe(true);
    expect(booked.opsPending).toBe(true);
    expect(lines(booked).rental.state).toBe("captured");
    expect(calls.filter((c) => c.op === "capture")).toHaveLength(0);
    await bookings.applyDue();
    const after = (await bookings.getFor(booked.id, setup().ownerUid))!.booking;
    expect(after.opsPending).toBe(false);
    expect(calls.filter((c) => c.op === "capture").map((c) => c.key)).toEqual([`${booked.id}:rental:capture`]);
  });

  it("without a provider nothing is charged and no fee: amounts owed directly; a cancellation lets them all go", async () => {
    const clock = { now: new Date() };
    const { createRecordedPayments } = await import("#app/.server/payments");
    const bookings = service(createRecordedPayments(), clock);
    const boat = await setup().boat({ instant: true });
    const who = renter();
    const booked = await bookings.book(who, boat.id, choice(addDays(today(clock.now), 3)));
    // Rental, deposit and payout: no fee line (decision 048).
    expect(Object.entries(lines(booked)).map(([id, l]) => [id, l.state])).toEqual([["rental", "direct"], ["deposit", "direct"], ["payout", "direct"]]);
    const cancelled = (await bookings.act(booked.id, who.uid, "renter", "cancel")).booking;
    // Three days before, moderate: nothing was paid, so the whole rental is no longer owed and the owner receives nothing.
    expect(lines(cancelled)["refund-rental"]).toEqual({ state: "credited", amountCents: booked.price.ownerCents });
    expect(lines(cancelled).payout?.state).toBe("voided");
    expect(cancelled.money.lines.some((l) => ["captured", "refunded", "authorised"].includes(l.state))).toBe(false);
  });

  it("no squatting: one pending request per listing, three at once (also when sent together), 30 days at most", async () => {
    const clock = { now: new Date() };
    const { createRecordedPayments } = await import("#app/.server/payments");
    const bookings = service(createRecordedPayments(), clock);
    const boats = await Promise.all(Array.from({ length: 5 }, () => setup().boat({ instant: false })));
    const who = renter();
    const start = addDays(today(clock.now), 20);
    await bookings.book(who, boats[0]!.id, choice(start));
    await expect(bookings.book(who, boats[0]!.id, choice(addDays(start, 5)))).rejects.toMatchObject({ code: "too-many-requests", reason: "same-listing" });
    await expect(bookings.book(who, boats[1]!.id, choice(start, addDays(start, 30)))).rejects.toMatchObject({ code: "invalid", field: "end", reason: "request-too-long" });
    // Sent together where the store serialises transactions; one after the other where it cannot.
    const together = setup().serialisesTransactions
      ? await Promise.allSettled(boats.slice(1).map((b) => bookings.book(who, b.id, choice(start))))
      : await boats.slice(1).reduce<Promise<PromiseSettledResult<Booking>[]>>(
          async (done, b) => [...(await done), ...(await Promise.allSettled([bookings.book(who, b.id, choice(start))]))],
          Promise.resolve([]),
        );
    expect(together.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of together) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "too-many-requests", reason: "too-many" });
    // A request that leaves pending frees its place.
    const mine = (await bookings.listForRenter(who.uid)).filter((b) => b.status === "pending");
    expect(mine).toHaveLength(3);
    await bookings.act(mine[0]!.id, who.uid, "renter", "cancel");
    const free = boats.find((b) => !mine.some((m) => m.listingId === b.id))!;
    expect((await bookings.book(who, free.id, choice(start))).status).toBe("pending");
  });
}
