import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, createBookingsService, lineOf, today } from "#app/features/bookings/.server";
import { createHandoverService } from "#app/features/handover/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import { DEPOSIT_CLAIM_CLOSINGS } from "./model";

/**
 * The app's own wiring (`services.ts`): `startBackgroundWork` runs the `deposit-closings` pass,
 * recorded like the other schedulers, which finishes a claim whose closing stopped ten minutes
 * ago — as the scheduler, the decision's amount and note kept, the owner's and the renter's
 * email once — with nobody pressing anything.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Olga Owner" });
  renter = await createTestUser(services, { displayName: "Pepa Persona" });
}, 60_000);
afterAll(() => services.close());

/** A finished one-day trip with its deposit held, claimed by the owner (the check-out noted the damage). */
async function claimedTrip(): Promise<string> {
  const boatId = (await createBoat(services, owner.uid, { instantBooking: true })).id;
  const clock = new Date(Date.now() - 10 * 86_400_000);
  const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: services.payments, now: () => clock });
  const day = addDays(today(new Date()), -1);
  const booking = await bookings.book({ uid: renter.uid, lang: "es" }, boatId, { start: day, end: day, part: null, people: 2, withSkipper: false });
  const onTheDay = new Date(`${day}T10:00:00Z`);
  const handover = createHandoverService({ store: services.store, blobs: services.blobs, bookings: services.bookings, listings: services.listings, now: () => onTheDay });
  await handover.record(renter.uid, booking.id, "check-in", { fuelEighths: 8, engineHours: 100 });
  await handover.record(owner.uid, booking.id, "check-out", { fuelEighths: 4, engineHours: 103, notes: "Toldo bimini rasgado.", damage: true });
  await services.deposits.claim(owner.uid, booking.id, { amountCents: 200_00, reason: "Toldo roto", evidence: { quote: "bimini rasgado" } });
  return booking.id;
}

describe("the deposit-closings scheduler", () => {
  it("finishes a closing that stopped before the money moved, as the scheduler, once, when the servers' background work starts", async () => {
    const id = await claimedTrip();
    await services.store.create(DEPOSIT_CLAIM_CLOSINGS, id, { by: "team-gone", kind: "decide", at: new Date(Date.now() - 10 * 60_000).toISOString(), keptCents: 150_00, note: "Se queda el toldo" });
    expect((await services.deposits.stuckClosings()).map((c) => c.bookingId)).toEqual([id]);

    services.startBackgroundWork();
    await vi.waitFor(() => expect(services.operations.schedulers().find((s) => s.name === "deposit-closings")).toMatchObject({ runs: 1, running: false }));
    expect(services.operations.schedulers().find((s) => s.name === "deposit-closings")).toMatchObject({ lastOutcome: "ok", failures: 0 });
    expect(await services.deposits.forBooking(id, { uid: "team", role: "admin" })).toMatchObject({ status: "decided", decision: { keptCents: 150_00, by: "team-gone", note: "Se queda el toldo" }, closingFinished: { by: "scheduler" } });
    const money = (await services.bookings.getFor(id, owner.uid))!.booking.money;
    expect(money.lines.filter((l) => l.kind === "claim").map((l) => l.amountCents)).toEqual([150_00]);
    expect(lineOf(money, "deposit")).toMatchObject({ state: "released", amountCents: 350_00 });
    // Each of the two hears that the claim was resolved, once.
    const settled = async (uid: string) => (await services.mailbox.list(uid, { limit: 50 })).filter((e) => e.link?.includes(id) && e.subject.startsWith("Resuelta la reclamación de la fianza")).length;
    expect([await settled(renter.uid), await settled(owner.uid)]).toEqual([1, 1]);
    expect(await services.deposits.stuckClosings()).toEqual([]);
  });
});
