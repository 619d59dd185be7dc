import { beforeAll, describe, expect, it } from "vitest";
import { firestoreForFile } from "#tests/firestore-store";
import { createRecordedPayments } from "#app/.server/payments";
import { demoPorts } from "#app/.server/seed/ports";
import { FirestoreStore } from "#app/.server/store/firestore";
import { createListingsService } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { addDays, today } from "#app/utils/dates";
import type { Booking } from "./model";
import { createBookingsService } from "./service";
import { contactSuite } from "./contact.contract";
import { standingSuite } from "./standing.contract";

/**
 * The rule that must never break, on Firestore: simultaneous confirmations of the same days —
 * one wins, every other gets `taken`, and the days hold exactly the winner's slots. Runs on
 * Google's emulator where the machine has it (real transactions: contention, retries), else on
 * the in-process one (whose commits apply one at a time).
 */
const firestore = firestoreForFile("bookings");

describe(`bookings on Firestore (${firestore.emulator})`, () => {
  let store: FirestoreStore;
  let bookings: ReturnType<typeof createBookingsService>;
  let listings: ReturnType<typeof createListingsService>;

  beforeAll(async () => {
    store = firestore.store();
    const users = createUsersService(store);
    const ports = createPortsService(store);
    listings = createListingsService({ store, users, ports });
    for (const port of demoPorts) await ports.save(port);
    await users.create({ uid: "owner-1", email: "owner-1@amarre.test", displayName: "Armadora Uno", kind: "person" });
    await users.setLessor("owner-1", { legalName: "Armadora Uno", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    bookings = createBookingsService({ store, listings, payments: createRecordedPayments() });
  });

  it("20 simultaneous confirmations of the same days: exactly one wins, the others are `taken`", async () => {
    const boat = await publishBoat(listings, "owner-1", { instantBooking: true });
    const start = addDays(today(new Date()), 40);
    const end = addDays(start, 2);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => bookings.book({ uid: `renter-${i}`, lang: "es" }, boat.id, { start, end, part: null, people: 2, withSkipper: false })),
    );
    const won = results.filter((r): r is PromiseFulfilledResult<Booking> => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ name: "BookingError", code: "taken" });
    const slots = await bookings.slots(boat.id, start, end);
    expect(slots).toHaveLength(6);
    expect(new Set(slots.map((slot) => slot.ref))).toEqual(new Set([won[0].value.id]));
  }, 120_000);

  it("releases the days in the same transaction as a cancellation, so they can be booked again", async () => {
    const boat = await publishBoat(listings, "owner-1", { instantBooking: true });
    const start = addDays(today(new Date()), 60);
    const first = await bookings.book({ uid: "renter-a", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    await bookings.act(first.id, "renter-a", "renter", "cancel");
    expect(await bookings.isFree(boat, start, start)).toBe(true);
    const second = await bookings.book({ uid: "renter-b", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect(second.status).toBe("confirmed");
  }, 60_000);

  describe("contact details between two people", { timeout: 60_000 }, () => {
    contactSuite(() => ({
      store,
      listings,
      ownerUid: "owner-1",
      boat: ({ policy, instant }) => publishBoat(listings, "owner-1", { cancellationPolicy: policy, instantBooking: instant, dayPriceCents: 210_00 }),
    }));
  });

  describe("what each side's record shows the other", { timeout: 60_000 }, () => {
    standingSuite(() => ({ store, listings, ownerUid: "owner-1", boat: () => publishBoat(listings, "owner-1", { instantBooking: true }) }));
  });
});
