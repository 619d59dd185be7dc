import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createRecordedPayments } from "#app/.server/payments";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import { addDays, today } from "#app/utils/dates";
import { BookingError, SLOTS, type Booking } from "./model";
import { createBookingsService, type BookingChoice, type BookingEvent } from "./service";
import { contactSuite } from "./contact.contract";
import { standingSuite } from "./standing.contract";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";

/**
 * The booking engine against the real embedded store: quotes and their refusals, requests and
 * instant bookings, the lifecycle with a fake clock, cancellation refunds, blocks, and the one
 * rule that must never break — two holds of the same day cannot both be written.
 */
let services: Services;
let clock: Date;
const events: Array<{ event: BookingEvent; id: string; by: string }> = [];
let bookings: ReturnType<typeof createBookingsService>;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  clock = new Date("2027-03-01T10:00:00Z");
  bookings = createBookingsService({
    store: services.store,
    listings: services.listings,
    payments: createRecordedPayments(),
    now: () => clock,
    handlers: [
      {
        name: "test",
        on: ["requested", "booked", "accepted", "declined", "expired", "cancelled", "completed", "deposit-released", "deposit-claimed", "deposit-settled"],
        handle: async (event, booking, { by }) => {
          events.push({ event, id: booking.id, by });
        },
      },
    ],
  });
  owner = await createOwner(services, { displayName: "Armadora Pruebas" });
  renter = await createTestUser(services, { displayName: "Rita Renter" });
});
afterAll(() => services.close());

const day = (n: number) => addDays(today(clock), n);
const choice = (start: string, end = start, more: Partial<BookingChoice> = {}): BookingChoice => ({ start, end, part: null, people: 2, withSkipper: false, ...more });
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BookingError) return { code: error.code, field: error.field, reason: error.reason };
    throw error;
  }
  throw new Error("expected a refusal");
}
const renterOf = (uid = renter.uid) => ({ uid, lang: "en" });

describe("bookings: quotes and refusals", () => {
  it("prices a stay with docs/PRODUCT.md's rules (no fee without online payments) and the policy's deadlines still ahead", async () => {
    const boat = await createBoat(services, owner.uid, { dayPriceCents: 300_00, skipper: { mode: "optional", dailyPriceCents: 150_00 } });
    const quote = await bookings.quoteFor(boat.id, renter.uid, choice(day(12), day(14), { withSkipper: true }));
    expect(quote.days).toBe(3);
    expect(quote.price).toMatchObject({ rentalCents: 900_00, skipperCents: 450_00, serviceFeeCents: 0, totalCents: 1350_00, depositCents: 500_00 });
    expect(quote.instant).toBe(false);
    expect(quote.deadlines).toEqual([
      { until: new Date(Date.parse(quote.startsAt) - 10 * 86_400_000).toISOString(), percent: 100 },
      { until: quote.startsAt, percent: 50 },
    ]);
    // The first day begins at midnight in Madrid (UTC+1 in March).
    expect(quote.startsAt).toBe(`${addDays(day(12), -1)}T23:00:00.000Z`);
    // Ten days ahead the full refund's deadline has passed: only what is still ahead is listed.
    expect((await bookings.quoteFor(boat.id, renter.uid, choice(day(10)))).deadlines.map((d) => d.percent)).toEqual([50]);
  });

  it("refuses every invalid choice, naming the field, and writes nothing", async () => {
    const boat = await createBoat(services, owner.uid, { capacity: 4 });
    const paused = await createBoat(services, owner.uid, { status: "paused" });
    const forSale = await createDock(services, owner.uid);
    const cases: Array<[Promise<unknown>, Partial<{ code: string; field: string | null; reason: string }>]> = [
      [bookings.book(renterOf(), boat.id, choice(day(-1))), { code: "invalid", field: "start", reason: "past" }],
      [bookings.book(renterOf(), boat.id, choice(day(5), day(3))), { code: "invalid", field: "end", reason: "before-start" }],
      [bookings.book(renterOf(), boat.id, choice("2027-02-30")), { code: "invalid", field: "start", reason: "format" }],
      [bookings.book(renterOf(), boat.id, choice(day(5), day(5), { people: 5 })), { code: "invalid", field: "people", reason: "too-many" }],
      [bookings.book(renterOf(), boat.id, choice(day(5), day(5), { people: 0 })), { code: "invalid", field: "people" }],
      [bookings.book(renterOf(), boat.id, choice(day(5), day(5), { withSkipper: true })), { code: "invalid", field: "skipper" }],
      [bookings.book(renterOf(), boat.id, choice(day(5), day(70))), { code: "invalid", field: "end", reason: "too-long" }],
      [bookings.book(renterOf(), boat.id, choice(day(0))), { code: "invalid", field: "start", reason: "request-too-soon" }],
      [bookings.book(renterOf(owner.uid), boat.id, choice(day(5))), { code: "not-bookable", reason: "own" }],
      [bookings.book(renterOf(), paused.id, choice(day(5))), { code: "not-bookable", reason: "unavailable" }],
      [bookings.book(renterOf(), forSale.id, choice(day(5))), { code: "not-bookable", reason: "for-sale" }],
      [bookings.book(renterOf(), "nope", choice(day(5))), { code: "not-bookable" }],
    ];
    for (const [promise, expected] of cases) expect(await refusal(promise)).toMatchObject(expected);
    expect(await bookings.listForRenter(renter.uid)).toEqual([]);
    expect(await bookings.slots(boat.id, day(-5), day(80))).toEqual([]);
  });
});

describe("bookings: requests, instant bookings and held days", () => {
  it("books an instant boat at once (owed directly, nothing charged) and a request as pending for 48 hours", async () => {
    const instant = await createBoat(services, owner.uid, { instantBooking: true });
    const booked = await bookings.book(renterOf(), instant.id, choice(day(0), day(1)));
    expect(booked).toMatchObject({ status: "confirmed", instant: true, expiresAt: null, money: { provider: "recorded", charges: false } });
    const lines = Object.fromEntries(booked.money.lines.map((l) => [l.id, l]));
    expect(lines.rental).toMatchObject({ state: "direct", from: "renter", to: "owner", amountCents: booked.price.ownerCents, dueAt: booked.startsAt });
    // No fee without online payments (decision 048).
    expect(lines.fee).toBeUndefined();
    expect(lines.payout).toMatchObject({ state: "direct", amountCents: booked.price.ownerCents });
    expect(booked.money.lines.some((l) => l.state === "captured")).toBe(false);

    const onRequest = await createBoat(services, owner.uid);
    const requested = await bookings.book(renterOf(), onRequest.id, choice(day(20)));
    // Nothing is owed before the owner accepts.
    expect(requested).toMatchObject({ status: "pending", money: { lines: [] } });
    expect(requested.expiresAt).toBe(new Date(clock.getTime() + 48 * 3_600_000).toISOString());
    expect(events.filter((e) => e.id === booked.id || e.id === requested.id).map((e) => e.event)).toEqual(["booked", "requested"]);
  });

  it("refuses overlapping days with `taken` — requests, bookings and half days alike", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    await bookings.book(renterOf(), boat.id, choice(day(30), day(32)));
    const other = await createTestUser(services);
    expect(await refusal(bookings.book(renterOf(other.uid), boat.id, choice(day(32), day(34))))).toMatchObject({ code: "taken" });
    expect(await refusal(bookings.book(renterOf(other.uid), boat.id, choice(day(31), day(31), { part: "pm" })))).toMatchObject({ code: "taken" });
    // Two half days of one day: morning and afternoon are each free once.
    const am = await bookings.book(renterOf(other.uid), boat.id, choice(day(40), day(40), { part: "am" }));
    expect(am.price.lines).toEqual([{ unit: "half-day", count: 1, unitCents: 180_00, totalCents: 180_00 }]);
    await bookings.book(renterOf(other.uid), boat.id, choice(day(40), day(40), { part: "pm" }));
    expect(await refusal(bookings.book(renterOf(), boat.id, choice(day(40))))).toMatchObject({ code: "taken" });
    expect((await bookings.slots(boat.id, day(40), day(40))).map((s) => s.part)).toEqual(["am", "pm"]);
  });

  it("lets an owner block days (nobody can book them) and give them back", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const block = await bookings.block(owner.uid, boat.id, day(50), day(52));
    expect(await refusal(bookings.book(renterOf(), boat.id, choice(day(52), day(53))))).toMatchObject({ code: "taken" });
    expect(await bookings.isFree(boat, day(50), day(52))).toBe(false);
    expect(await refusal(bookings.block(renter.uid, boat.id, day(60), day(61)))).toMatchObject({ code: "not-found" });
    expect(await refusal(bookings.unblock(renter.uid, block.id))).toMatchObject({ code: "not-found" });
    await bookings.unblock(owner.uid, block.id);
    await bookings.unblock(owner.uid, block.id);
    expect(await bookings.isFree(boat, day(50), day(52))).toBe(true);
    expect((await bookings.book(renterOf(), boat.id, choice(day(52), day(53)))).status).toBe("confirmed");
  });

  it("rents a berth by day and month within its available dates, on request", async () => {
    const dock = await createDock(services, owner.uid, { kind: "rent", monthlyPriceCents: 900_00 });
    const quote = await bookings.quoteFor(dock.id, renter.uid, { start: day(3), end: day(3 + 44), part: null, people: null, withSkipper: false });
    expect(quote.instant).toBe(false);
    // 45 days of a berth priced only by the month: the rest rounds up to a second month.
    expect(quote.price.lines).toEqual([{ unit: "month", count: 2, unitCents: 900_00, totalCents: 1800_00 }]);
    const booking = await bookings.book(renterOf(), dock.id, { start: day(3), end: day(5), part: null, people: null, withSkipper: false });
    expect(booking.slotIds).toEqual([`${dock.id}_${day(3)}`, `${dock.id}_${day(4)}`, `${dock.id}_${day(5)}`]);
  });
});

describe("bookings: the lifecycle", () => {
  // Each test its own renter: a person holds at most three pending requests.
  beforeEach(async () => {
    renter = await createTestUser(services, { displayName: "Rita Renter" });
  });
  async function pending() {
    const boat = await createBoat(services, owner.uid);
    return bookings.book(renterOf(), boat.id, choice(day(20), day(21)));
  }

  it("the owner accepts (paid) or declines (days released); each action once, repeats change nothing", async () => {
    const a = await pending();
    const accepted = await bookings.act(a.id, owner.uid, "owner", "accept");
    expect(accepted.booking).toMatchObject({ status: "confirmed" });
    // Accepted without a provider: the rental becomes owed (no fee), the payout and deposit are set for the trip.
    expect(accepted.booking.money.lines.map((l) => [l.id, l.state])).toEqual([
      ["rental", "direct"],
      ["deposit", "direct"],
      ["payout", "direct"],
    ]);
    expect((await bookings.act(a.id, owner.uid, "owner", "accept")).changed).toBe(false);
    expect(await refusal(bookings.act(a.id, owner.uid, "owner", "decline"))).toMatchObject({ code: "invalid-transition" });
    expect(await refusal(bookings.act(a.id, renter.uid, "renter", "accept"))).toMatchObject({ code: "invalid-transition" });

    const b = await pending();
    await bookings.act(b.id, owner.uid, "owner", "decline");
    expect((await bookings.getFor(b.id, renter.uid))?.booking.status).toBe("declined");
    expect(await services.store.getMany(SLOTS, b.slotIds)).toEqual(b.slotIds.map(() => null));
    expect(events.filter((e) => e.id === a.id || e.id === b.id).map((e) => e.event)).toEqual(["requested", "accepted", "requested", "declined"]);
    const history = (await bookings.getFor(a.id, owner.uid))!.booking.history;
    expect(history.map((h) => [h.by, h.action, h.from, h.to])).toEqual([
      ["renter", "request", null, "pending"],
      ["owner", "accept", "pending", "confirmed"],
    ]);
  });

  it("only the renter and the owner see or act on a booking", async () => {
    const a = await pending();
    const stranger = await createTestUser(services);
    expect(await bookings.getFor(a.id, stranger.uid)).toBeNull();
    expect(await refusal(bookings.act(a.id, stranger.uid, "owner", "accept"))).toMatchObject({ code: "not-found" });
    expect(await refusal(bookings.act(a.id, stranger.uid, "renter", "cancel"))).toMatchObject({ code: "not-found" });
    expect((await bookings.getFor(a.id, owner.uid))?.role).toBe("owner");
  });

  it("expires an unanswered request after 48 hours (scheduler and reads) and completes a trip after its last day", async () => {
    const a = await pending();
    const b = await pending();
    const accepted = await pending();
    await bookings.act(accepted.id, owner.uid, "owner", "accept");
    const start = clock;
    try {
      clock = new Date(start.getTime() + 47 * 3_600_000);
      expect((await bookings.getFor(a.id, renter.uid))?.booking.status).toBe("pending");
      clock = new Date(start.getTime() + 48 * 3_600_000);
      // A read applies it at once…
      expect((await bookings.getFor(a.id, renter.uid))?.booking.status).toBe("expired");
      // …and the scheduler does the rest, once.
      const due = await bookings.applyDue();
      expect(due.expired).toBeGreaterThanOrEqual(1);
      expect((await bookings.getFor(b.id, renter.uid))?.booking.status).toBe("expired");
      expect((await bookings.applyDue()).expired).toBe(0);
      expect(await services.store.getMany(SLOTS, b.slotIds)).toEqual(b.slotIds.map(() => null));
      // An owner answering too late cannot accept.
      expect(await refusal(bookings.act(b.id, owner.uid, "owner", "accept"))).toMatchObject({ code: "invalid-transition" });

      clock = new Date(`${addDays(accepted.end, 1)}T00:30:00Z`);
      await bookings.applyDue();
      expect((await bookings.getFor(accepted.id, renter.uid))?.booking.status).toBe("completed");
      expect(events.filter((e) => e.id === accepted.id).map((e) => e.event)).toEqual(["requested", "accepted", "completed"]);
    } finally {
      clock = start;
    }
  });

  it("without a provider a cancellation leaves nothing owed, whoever cancels and when; the owner's counts on the listing (the policy's refunds with a provider: money.contract.ts)", async () => {
    // moderate: 100% until 10 days before, 50% after — of money a provider holds; here nothing was paid (decision 048).
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    for (const [start, end] of [[day(30), day(30)], [day(5), day(6)]] as const) {
      const booked = await bookings.book(renterOf(), boat.id, choice(start, end));
      expect(bookings.refundPreview(booked, "renter")).toMatchObject({ percent: 100, refundCents: booked.price.totalCents, keptCents: 0 });
      const cancelled = await bookings.act(booked.id, renter.uid, "renter", "cancel");
      expect(cancelled.booking).toMatchObject({
        status: "cancelled",
        cancellation: { by: "renter", percent: 100, refundCents: booked.price.ownerCents, rentalRefundCents: booked.price.ownerCents, feeRefundCents: 0, rule: "unpaid" },
      });
      // Nothing was charged: the whole rental is a credit (no longer owed); no fee, no payout.
      expect(cancelled.booking.money.lines.find((l) => l.id === "refund-rental")).toMatchObject({ state: "credited", amountCents: booked.price.ownerCents, reason: { rule: "unpaid" } });
      expect(cancelled.booking.money.lines.find((l) => l.id === "payout")).toMatchObject({ state: "voided" });
    }

    const byOwner = await bookings.book(renterOf(), boat.id, choice(day(8)));
    const result = await bookings.act(byOwner.id, owner.uid, "owner", "cancel");
    expect(result.booking).toMatchObject({ cancellation: { by: "owner", refundCents: byOwner.price.totalCents, feeRefundCents: 0, rule: "unpaid" } });
    expect(result.booking.money.lines.filter((l) => l.kind === "refund").map((l) => [l.id, l.amountCents])).toEqual([["refund-rental", byOwner.price.ownerCents]]);
    expect((await services.listings.get(boat.id)) as unknown).toMatchObject({ ownerCancellations: 1 });
    // The days are free again.
    expect(await bookings.isFree(boat, day(5), day(8))).toBe(true);
  });
});

describe("bookings: contact details between two people (SQLite)", () => {
  contactSuite(() => ({
    store: services.store,
    listings: services.listings,
    ownerUid: owner.uid,
    boat: ({ policy, instant }) => publishBoat(services.listings, owner.uid, { cancellationPolicy: policy, instantBooking: instant, dayPriceCents: 210_00 }),
  }));
});

describe("bookings: what each side's record shows the other (SQLite)", () => {
  standingSuite(() => ({ store: services.store, listings: services.listings, ownerUid: owner.uid, boat: () => publishBoat(services.listings, owner.uid, { instantBooking: true }) }));
});

describe("bookings: no double booking under concurrency (SQLite)", () => {
  it("20 simultaneous confirmations of the same days: exactly one wins, the others are `taken`", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const renters = await Promise.all(Array.from({ length: 20 }, () => createTestUser(services)));
    const results = await Promise.allSettled(renters.map((r) => bookings.book(renterOf(r.uid), boat.id, choice(day(90), day(92)))));
    const won = results.filter((r): r is PromiseFulfilledResult<Booking> => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "taken" });
    expect(await bookings.slots(boat.id, day(90), day(92))).toHaveLength(6);
  });
});
