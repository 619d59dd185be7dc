import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { BOOKINGS, type Booking } from "#app/.server/domain/bookings";
import { createTestServices } from "#tests/test-services";

/**
 * The demo's invoices say what the demo's money did: Lucía's cancellation of an instant booking
 * under the moderate policy, 30 days ahead, refunds the whole rental and keeps the fee — so one
 * corrective invoice (R) of the rental, naming the rule and the invoice it corrects, and none of
 * the fee; the platform's invoices carry the company the legal notice names.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { demoListings: true });
}, 180_000);
afterAll(() => services?.close());

describe("the demo invoices", () => {
  it("show the renter's refund under its rule: the rental corrected in full, the fee not", async () => {
    const renter = (await services.identity.getUserByEmail("renter@amarre.test"))!.uid;
    const cancelled = (await services.store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renter], ["status", "==", "cancelled"]], limit: 10 })).filter((booking) =>
      booking.history.some((entry) => entry.to === "confirmed"),
    );
    expect(cancelled).toHaveLength(1);
    const booking = cancelled[0]!;
    expect(booking.cancellationPolicy).toBe("moderate");
    const invoices = await services.invoices.forBooking(booking.id);
    const rental = invoices.find((invoice) => invoice.kind === "rental")!;
    const fee = invoices.find((invoice) => invoice.kind === "fee")!;
    expect(invoices.map((invoice) => invoice.id)).toEqual([`${booking.id}_rental`, `${booking.id}_fee`, `${booking.id}_rental_R`]);
    expect(invoices[2]).toMatchObject({
      series: "R",
      totalCents: -rental.totalCents,
      corrects: { id: rental.id, number: rental.number },
      reason: { rule: "policy", by: "renter", policy: "moderate", percent: 100 },
    });
    expect(fee.seller).toMatchObject({ uid: null, name: "Amarre Marketplace S.L.", taxId: "B67294813", address: "Passeig Marítim 32, 3.º B, 07014 Palma (Illes Balears)" });
  });
});
