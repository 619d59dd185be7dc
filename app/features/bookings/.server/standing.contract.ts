import { expect, it } from "vitest";
import type { DocumentStore } from "#app/.server/store";
import { createRecordedPayments } from "#app/.server/payments";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import type { WeatherEvidence } from "#app/features/weather/.server";
import { addDays, today } from "#app/utils/dates";
import { createBookingsService } from "./service";

/**
 * What each side's record shows the other, the same on every store (issue 44; decision 031):
 * a trip cancelled or moved for the weather never counts against the renter ("bookings
 * cancelled by them", shown to owners before they answer a request) nor against the owner (the
 * cancellations on the listing's page); a cancellation under the policy, or the owner's own, does.
 * Run by `bookings.test.ts` (SQLite) and `bookings.firestore.test.ts` (the Firestore emulator).
 */
export type StandingFixture = {
  store: DocumentStore;
  listings: Pick<ListingsService, "get" | "getMany" | "recordOwnerCancellation">;
  /** A published instant-booking boat of `ownerUid`. */
  boat(): Promise<Listing>;
  ownerUid: string;
};

export function standingSuite(setup: () => StandingFixture) {
  it("weather cancellations and moves, by either side, count against neither; the policy's and the owner's own cancellations do", async () => {
    const clock = { now: new Date("2027-06-08T08:00:00Z") };
    const evidence: WeatherEvidence = { source: "fixture", issuedAt: clock.now.toISOString(), boatClass: "small", date: "2027-06-11", windKnots: 23, gustKnots: 30, waveM: 1.8, beaufort: 6, reasons: [{ kind: "wind", beaufort: 6, limit: 5 }] };
    const { store, listings, ownerUid } = setup();
    const bookings = createBookingsService({ store, listings, payments: createRecordedPayments(), now: () => clock.now, weatherEvidence: async () => evidence });
    const boat = await setup().boat();
    const renter = { uid: `standing-renter-${Date.now()}`, lang: "es" };
    const trip = (days: number) => bookings.book(renter, boat.id, { start: addDays(today(clock.now), days), end: addDays(today(clock.now), days), part: null, people: 2, withSkipper: false });
    const ownerCancellations = async () => (await listings.get(boat.id))?.ownerCancellations ?? 0;

    const [first, second, third, fourth] = [await trip(3), await trip(4), await trip(5), await trip(6)];
    await bookings.cancelForWeather(first.id, renter.uid, "renter");
    await bookings.cancelForWeather(second.id, ownerUid, "owner");
    await bookings.moveForWeather(third.id, renter.uid, "renter", addDays(today(clock.now), 9));
    await bookings.moveForWeather(fourth.id, ownerUid, "owner", addDays(today(clock.now), 10));
    expect(await bookings.renterRecord(renter.uid)).toEqual({ completedTrips: 0, cancellations: 0 });
    expect(await ownerCancellations()).toBe(0);

    // A moved trip cancelled under the policy counts against the renter; the owner's own cancellation against the listing.
    await bookings.act(third.id, renter.uid, "renter", "cancel");
    await bookings.act(fourth.id, ownerUid, "owner", "cancel");
    expect(await bookings.renterRecord(renter.uid)).toEqual({ completedTrips: 0, cancellations: 1 });
    expect(await ownerCancellations()).toBe(1);
  });
}
