import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactShown, contactShownFrom } from "./contact";
import { bookingStatuses, type Booking } from "./model";
import { refundFor } from "./policy";
import { cancellationPolicies } from "#app/features/listings/schemas";

/**
 * The rule of decision 026 as properties: details show exactly when a renter's cancellation would
 * no longer refund the whole rental (the refund's own function says so), and the moment
 * `contactShownFrom` announces is the one at which `contactShown` turns true — for every policy,
 * start, status and moment asked about.
 */
const MIN = Date.parse("2026-01-01T00:00:00Z");
const MAX = Date.parse("2029-01-01T00:00:00Z");
type Stored = Pick<Booking, "status" | "price" | "cancellationPolicy" | "startsAt">;

const booking: fc.Arbitrary<Stored> = fc
  .record({
    status: fc.constantFrom(...bookingStatuses),
    policy: fc.constantFrom(...cancellationPolicies),
    start: fc.integer({ min: MIN, max: MAX }),
    ownerCents: fc.integer({ min: 1, max: 5_000_000 }),
  })
  .map(({ status, policy, start, ownerCents }) => ({
    status,
    cancellationPolicy: policy,
    startsAt: new Date(start).toISOString(),
    price: { ownerCents, serviceFeeCents: Math.round(ownerCents / 10), totalCents: ownerCents + Math.round(ownerCents / 10) } as Booking["price"],
  }));
const moment = fc.integer({ min: MIN - 400 * 86_400_000, max: MAX + 86_400_000 }).map((ms) => new Date(ms));

describe("when contact details show (decision 026)", () => {
  it("a single booking: shown exactly when a confirmed one no longer refunds the whole rental, or it is completed", () => {
    fc.assert(
      fc.property(booking, moment, (one, at) => {
        const expected = one.status === "completed" || (one.status === "confirmed" && refundFor(one, "renter", at).rentalRefundCents < one.price.ownerCents);
        expect(contactShown([one], at)).toBe(expected);
      }),
    );
  });

  it("the moment announced is the first at which they show, for any bookings between two people", () => {
    fc.assert(
      fc.property(fc.array(booking, { maxLength: 4 }), moment, fc.double({ min: 0, max: 1, noNaN: true }), (between, at, fraction) => {
        const from = contactShownFrom(between, at);
        expect(contactShown(between, at)).toBe(from !== null && from.getTime() <= at.getTime());
        if (from === null) {
          expect(between.every((one) => one.status !== "confirmed" && one.status !== "completed")).toBe(true);
          return;
        }
        expect(contactShown(between, from)).toBe(true);
        if (from.getTime() > at.getTime()) {
          expect(contactShown(between, new Date(from.getTime() - 1))).toBe(false);
          expect(contactShown(between, new Date(at.getTime() + Math.floor((from.getTime() - 1 - at.getTime()) * fraction)))).toBe(false);
          // Never later than the trip's start: by then nobody can cancel it.
          const starts = between.filter((one) => one.status === "confirmed").map((one) => Date.parse(one.startsAt));
          expect(from.getTime()).toBeLessThanOrEqual(Math.min(...starts) + 1);
        }
      }),
    );
  });
});
