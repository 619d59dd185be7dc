import { expect, it } from "vitest";
import type { DocumentStore } from "#app/.server/store";
import { createRecordedPayments } from "#app/.server/payments";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import { addDays, today } from "#app/utils/dates";
import type { CancellationPolicy } from "./model";
import { POLICY_RULES, refundFor } from "./policy";
import { createBookingsService } from "./service";

/**
 * When two people see each other's contact details, the same on every store (decision 026): once
 * a confirmed booking between them can no longer be cancelled with the whole rental refunded
 * under its own policy (`refundFor`: the policy's tiers, whatever the payment mode; without online
 * payments a cancellation costs nothing, decision 048) — never for a request, hidden again when it
 * is cancelled. Run by
 * `bookings.test.ts` (SQLite) and `bookings.firestore.test.ts` (the Firestore emulator).
 */
export type ContactFixture = {
  store: DocumentStore;
  listings: Pick<ListingsService, "get" | "getMany" | "recordOwnerCancellation">;
  /** A published boat of `ownerUid` at 210 € a day with `policy`. */
  boat(input: { policy: CancellationPolicy; instant: boolean }): Promise<Listing>;
  ownerUid: string;
};

const DAY = 86_400_000;

export function contactSuite(setup: () => ContactFixture) {
  let renters = 0;
  const renter = () => ({ uid: `contact-renter-${Date.now()}-${++renters}`, lang: "es" });
  const choice = (start: string) => ({ start, end: start, part: null, people: 2, withSkipper: false });
  function service(clock: { now: Date }) {
    const { store, listings } = setup();
    return createBookingsService({ store, listings, payments: createRecordedPayments(), now: () => clock.now });
  }

  it("a flexible boat booked 3 days ahead: hidden while cancelling refunds the whole rental, shown once the last full refund has passed, hidden again when cancelled", async () => {
    const clock = { now: new Date("2027-06-08T08:00:00Z") };
    const bookings = service(clock);
    const boat = await setup().boat({ policy: "flexible", instant: true });
    const owner = setup().ownerUid;
    const who = renter();
    const booked = await bookings.book(who, boat.id, choice(addDays(today(clock.now), 3)));
    expect(booked).toMatchObject({ status: "confirmed", cancellationPolicy: "flexible", price: { ownerCents: 210_00, serviceFeeCents: 0 } });
    // The policy would give the 210 € back: the details cannot show.
    expect(refundFor(booked, "renter", clock.now)).toMatchObject({ percent: 100, rentalRefundCents: 210_00 });
    expect(await bookings.contactAllowedBetween(who.uid, owner)).toBe(false);
    expect(await bookings.contactAllowedBetween(owner, who.uid)).toBe(false);
    // They will show the moment the full refund ends: the day before the trip begins.
    const lastFull = Date.parse(booked.startsAt) - POLICY_RULES.flexible[0]!.daysBefore * DAY;
    expect((await bookings.contactRevealAt(who.uid, owner))?.toISOString()).toBe(new Date(lastFull + 1).toISOString());
    expect((await bookings.contactRevealAt(owner, who.uid))?.toISOString()).toBe(new Date(lastFull + 1).toISOString());

    clock.now = new Date(lastFull);
    expect(refundFor(booked, "renter", clock.now).percent).toBe(100);
    expect(await bookings.contactAllowedBetween(owner, who.uid)).toBe(false);
    clock.now = new Date(lastFull + 60_000);
    expect(refundFor(booked, "renter", clock.now).percent).toBe(0);
    expect(await bookings.contactAllowedBetween(owner, who.uid)).toBe(true);
    expect(await bookings.contactAllowedBetween(who.uid, owner)).toBe(true);
    expect((await bookings.contactRevealAt(owner, who.uid))!.getTime()).toBeLessThanOrEqual(clock.now.getTime());

    const cancelled = (await bookings.act(booked.id, who.uid, "renter", "cancel")).booking;
    // Nothing was paid without a provider: nothing stays owed (decision 048).
    expect(cancelled.cancellation).toMatchObject({ rule: "unpaid", rentalRefundCents: 210_00 });
    expect(await bookings.contactAllowedBetween(owner, who.uid)).toBe(false);
    expect(await bookings.contactRevealAt(owner, who.uid)).toBeNull();
  });

  it("never for a request, whatever its days; strict shows once confirmed (no full refund to lose); a completed trip keeps them shown", async () => {
    const clock = { now: new Date("2027-06-08T08:00:00Z") };
    const bookings = service(clock);
    const owner = setup().ownerUid;
    const onRequest = await setup().boat({ policy: "strict", instant: false });
    const who = renter();
    const requested = await bookings.book(who, onRequest.id, choice(addDays(today(clock.now), 2)));
    expect(requested.status).toBe("pending");
    expect(await bookings.contactAllowedBetween(owner, who.uid)).toBe(false);
    expect(await bookings.contactRevealAt(owner, who.uid)).toBeNull();
    await bookings.act(requested.id, owner, "owner", "decline");
    expect(await bookings.contactRevealAt(owner, who.uid)).toBeNull();

    // Strict: 50 % back at most, so a confirmed booking cannot be bought back whole, even 60 days ahead.
    const strict = await setup().boat({ policy: "strict", instant: true });
    const far = await bookings.book(who, strict.id, choice(addDays(today(clock.now), 60)));
    expect(refundFor(far, "renter", clock.now).percent).toBe(50);
    expect(await bookings.contactAllowedBetween(owner, who.uid)).toBe(true);
    expect((await bookings.contactRevealAt(who.uid, owner))?.toISOString()).toBe(clock.now.toISOString());

    // After the trip: completed, and still shown.
    clock.now = new Date(Date.parse(far.endsAt) + DAY);
    expect((await bookings.getFor(far.id, who.uid))?.booking.status).toBe("completed");
    expect(await bookings.contactAllowedBetween(owner, who.uid)).toBe(true);
  });
}
