import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/utils/dates";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import { moneySuite } from "./money.contract";

/** Every money path of a booking on the embedded store (SQLite). */
let services: Services;
let ownerUid = "";

beforeAll(async () => {
  services = await createTestServices();
  ownerUid = (await createOwner(services, { displayName: "Armador Dinero" })).uid;
});
afterAll(() => services.close());

describe("booking money on SQLite", () => {
  moneySuite(() => ({
    store: services.store,
    listings: services.listings,
    ownerUid,
    serialisesTransactions: true,
    boat: ({ instant }) => createBoat(services, ownerUid, { instantBooking: instant, dayPriceCents: 450_00 }),
  }));
});

describe("bookings stored before the ledger", () => {
  it("read with their lines derived: a renter's cancellation credits the policy's share, never the fee", async () => {
    const boat = await createBoat(services, ownerUid, { instantBooking: true, dayPriceCents: 450_00 });
    const booked = await services.bookings.book({ uid: "legacy-renter", lang: "es" }, boat.id, { start: addDays(today(new Date()), 20), end: addDays(today(new Date()), 20), part: null, people: 2, withSkipper: false });
    const { money: _money, opsPending: _ops, moneyDueAt: _due, declineReason: _reason, id: _id, ...rest } = booked;
    const at = new Date().toISOString();
    // Priced as bookings were before decision 048: with a service fee, owed directly.
    const price = { ...booked.price, serviceFeeCents: 45_00, totalCents: booked.price.ownerCents + 45_00 };
    // The shape bookings had: a payment status and sums, a cancellation without its split.
    await services.store.set("bookings", booked.id, {
      ...rest,
      price,
      status: "cancelled",
      payment: { status: "partially-refunded", provider: "recorded", reference: null, paidCents: price.totalCents, refundedCents: booked.price.ownerCents },
      cancellation: { by: "renter", at, refundCents: booked.price.ownerCents, percent: 100 },
      history: [...booked.history, { at, by: "renter", uid: "legacy-renter", action: "cancel", from: "confirmed", to: "cancelled" }],
    });
    const read = (await services.bookings.getFor(booked.id, "legacy-renter"))!.booking;
    expect(read.cancellation).toMatchObject({ rentalRefundCents: booked.price.ownerCents, feeRefundCents: 0, rule: "policy" });
    expect(read.money.lines.map((l) => [l.id, l.state])).toEqual([
      ["rental", "direct"],
      ["fee", "direct"],
      ["deposit", "voided"],
      ["payout", "voided"],
      ["refund-rental", "credited"],
    ]);
  });
});
