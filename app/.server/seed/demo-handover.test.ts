import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { lineOf, today } from "#app/.server/domain/bookings";
import { seedDemoData, seedSteps } from "#app/.server/seed";
import { seedDemoHandover } from "#app/.server/seed/handover";
import { createTestServices } from "#tests/test-services";

/**
 * The demo's check-in and check-out (decision 032): Lucía's trip on Javier's motorboat starts
 * today, confirmed, its deposit held, nothing recorded — both pages offer the check-in; the two
 * trips that ended yesterday have their records, and Javier's claim points at the check-out's
 * photo and quotes its notes. Seeding again adds nothing.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { demoListings: true });
}, 180_000);
afterAll(() => services?.close());

describe("the demo handovers", () => {
  it("a trip starting today ready for check-in; yesterday's trips recorded; the claim points at the check-out", async () => {
    const uid = async (email: string) => (await services.identity.getUserByEmail(email))!.uid;
    const [renter, owner] = await Promise.all([uid("renter@amarre.test"), uid("owner@amarre.test")]);
    const trips = await services.bookings.listForRenter(renter);
    const todays = trips.filter((booking) => booking.start === today(new Date()));
    expect(todays).toHaveLength(1);
    const trip = todays[0]!;
    expect(trip).toMatchObject({ ownerUid: owner, status: "confirmed" });
    expect(["direct", "authorised"]).toContain(lineOf(trip.money, "deposit")?.state);
    const listing = await services.listings.get(trip.listingId);
    for (const side of ["renter", "owner"] as const) {
      const records = (await services.handover.forBooking(trip.id, { uid: side === "renter" ? renter : owner, role: "user" }))!;
      expect(records).toEqual({ checkIn: null, checkOut: null });
      expect((await services.handover.offer(trip, side, listing, records)).can).toEqual(["check-in"]);
    }

    const claim = (await services.deposits.listOpen()).find((each) => each.renterUid === renter && each.ownerUid === owner)!;
    const records = (await services.handover.forBooking(claim.bookingId, { uid: owner, role: "user" }))!;
    expect(records.checkIn?.confirmation?.status).toBe("confirmed");
    expect(records.checkOut).toMatchObject({ by: "owner", damage: true, confirmation: { by: "renter", status: "disputed" } });
    expect(claim.checkoutId).toBe(records.checkOut!.id);
    expect(claim.evidence?.photoIds).toEqual(records.checkOut!.photos.map((photo) => photo.id));
    expect(records.checkOut!.notes).toContain(claim.evidence!.quote);

    // The test services leave the blog out; every other step is applied and not run again, and the step itself run again adds nothing.
    expect(await seedDemoData(services, seedSteps.filter((step) => step.id !== "blog-v1"))).toEqual({ applied: [] });
    await seedDemoHandover(services);
    expect((await services.bookings.listForRenter(renter)).filter((booking) => booking.start === today(new Date()))).toHaveLength(1);
  }, 60_000);
});
