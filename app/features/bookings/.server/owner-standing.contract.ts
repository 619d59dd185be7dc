import { expect, it } from "vitest";
import type { DocumentStore } from "#app/.server/store";
import { createRecordedPayments } from "#app/.server/payments";
import { relevanceScore, type Listing, type ListingsService } from "#app/features/listings/.server";
import type { WeatherEvidence } from "#app/features/weather/.server";
import { addDays, today } from "#app/utils/dates";
import { standingBonus } from "./owner-standing-model";
import { createBookingsService } from "./service";

/**
 * The owner's standing through the real booking actions, the same on every store (issue 49,
 * decision 061): requests answered, accepted, declined and expired with a clock; instant
 * bookings outside the response figures; owner cancellations counted, the weather's not; the
 * standing folded into the owner's listings' relevance; parallel answers losing no count. Run by
 * `owner-standing.test.ts` (SQLite) and `owner-standing.firestore.test.ts` (the Firestore emulator).
 */
export type OwnerStandingFixture = {
  store: DocumentStore;
  listings: ListingsService;
  /** A new owner who may publish (a profile with lessor data); their uid. */
  owner(): Promise<string>;
  /** A published boat of `ownerUid`. */
  boat(ownerUid: string, instant: boolean): Promise<Listing>;
};

const HOUR = 3_600_000;

export function ownerStandingSuite(setup: () => OwnerStandingFixture, options: { parallel: number }) {
  let renters = 0;
  const renter = () => ({ uid: `standing-renter-${Date.now()}-${++renters}`, lang: "es" });
  const trip = (start: string) => ({ start, end: start, part: null, people: 2, withSkipper: false });
  function service(clock: { now: Date }, weather: WeatherEvidence | null = null) {
    const { store, listings } = setup();
    return createBookingsService({ store, listings, payments: createRecordedPayments(), now: () => clock.now, weatherEvidence: async () => weather });
  }

  it("answers, acceptances and expiries through the booking actions; instant bookings and withdrawn requests left out; owner cancellations counted, the weather's not", async () => {
    const clock = { now: new Date("2027-05-03T08:00:00Z") };
    const { listings } = setup();
    const ownerUid = await setup().owner();
    const bookings = service(clock);
    const boat = await setup().boat(ownerUid, false);
    const day = (n: number) => addDays(today(clock.now), n);
    expect(await bookings.ownerStanding(ownerUid)).toMatchObject({ requests: 0, responseRate: null, cancellations: 0, badge: false });

    // Five requests: three accepted within the hour, one declined after two hours, one left to expire.
    const asked = [];
    for (let i = 0; i < 5; i++) asked.push(await bookings.book(renter(), boat.id, trip(day(10 + i))));
    clock.now = new Date(clock.now.getTime() + HOUR / 2);
    for (const request of asked.slice(0, 3)) await bookings.act(request.id, ownerUid, "owner", "accept");
    clock.now = new Date(clock.now.getTime() + 1.5 * HOUR);
    await bookings.act(asked[3].id, ownerUid, "owner", "decline", { reason: "Mantenimiento" });
    // A sixth request the renter withdraws before an answer counts for nobody.
    const withdrawn = await bookings.book(renter(), boat.id, trip(day(20)));
    await bookings.act(withdrawn.id, withdrawn.renterUid, "renter", "cancel");
    expect(await bookings.ownerStanding(ownerUid)).toMatchObject({ requests: 4, answered: 4, responseRate: null });
    // The 48 hours pass: the fifth expires when it is next read.
    clock.now = new Date(clock.now.getTime() + 48 * HOUR);
    expect((await bookings.getFor(asked[4].id, ownerUid))?.booking.status).toBe("expired");
    const five = await bookings.ownerStanding(ownerUid);
    expect(five).toMatchObject({ requests: 5, answered: 4, responseRate: 80, acceptanceRate: 75, typicalHours: 1, speed: "hour", cancellations: 0, meetsBar: false });

    // Folded into the owner's listings' relevance.
    const folded = (await listings.get(boat.id))!;
    expect(folded.standingBonus).toBe(standingBonus(five));
    expect(folded.relevance).toBe(relevanceScore(folded) + standingBonus(five));

    // An instant booking needs no answer; the owner's cancellation of it counts, a weather cancellation does not.
    const instant = await setup().boat(ownerUid, true);
    const booked = await bookings.book(renter(), instant.id, trip(day(30)));
    await bookings.act(booked.id, ownerUid, "owner", "cancel");
    const stormy: WeatherEvidence = { source: "fixture", issuedAt: clock.now.toISOString(), boatClass: "small", date: day(3), windKnots: 25, gustKnots: 32, waveM: 2, beaufort: 6, reasons: [{ kind: "wind", beaufort: 6, limit: 5 }] };
    const weatherBookings = service(clock, stormy);
    const windy = await weatherBookings.book(renter(), instant.id, trip(day(3)));
    await weatherBookings.cancelForWeather(windy.id, ownerUid, "owner");
    const after = await bookings.ownerStanding(ownerUid);
    expect(after).toMatchObject({ requests: 5, cancellations: 1 });
    expect((await listings.get(instant.id))!.standingBonus).toBe(standingBonus(after));
    expect((await listings.get(boat.id))!.standingBonus).toBe(standingBonus(after));

    // Twelve months later the window has moved on: nothing of May 2027 is left, and the scheduler's
    // pass finds this owner by the month that left (no event since) and takes the standing out of the listings.
    clock.now = new Date("2028-06-02T08:00:00Z");
    expect(await bookings.ownerStanding(ownerUid)).toMatchObject({ requests: 0, cancellations: 0, responseRate: null });
    expect((await bookings.applyDue()).standings).toBeGreaterThanOrEqual(1);
    const refolded = (await listings.get(boat.id))!;
    expect(refolded.standingBonus).toBe(0);
    expect(refolded.relevance).toBe(relevanceScore(refolded));
    expect((await bookings.applyDue()).standings).toBe(0);
  });

  it(`${options.parallel} answers at once lose no count`, async () => {
    const clock = { now: new Date("2027-08-02T08:00:00Z") };
    const ownerUid = await setup().owner();
    const bookings = service(clock);
    const boat = await setup().boat(ownerUid, false);
    const requests = [];
    for (let i = 0; i < options.parallel; i++) requests.push(await bookings.book(renter(), boat.id, trip(addDays(today(clock.now), 5 + i))));
    clock.now = new Date(clock.now.getTime() + 2 * HOUR);
    const results = await Promise.allSettled(requests.map((request, i) => bookings.act(request.id, ownerUid, "owner", i % 3 === 0 ? "decline" : "accept")));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const declined = requests.filter((_, i) => i % 3 === 0).length;
    expect(await bookings.ownerStanding(ownerUid)).toMatchObject({
      requests: options.parallel,
      answered: options.parallel,
      responseRate: 100,
      acceptanceRate: Math.round((100 * (options.parallel - declined)) / options.parallel),
      typicalHours: 3,
      speed: "hours",
    });
  });
}
