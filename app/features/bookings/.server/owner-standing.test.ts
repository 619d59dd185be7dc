import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecordedPayments } from "#app/.server/payments";
import { addDays, today } from "#app/utils/dates";
import { createBookingsService } from "./service";
import type { Services } from "#app/.server/services";
import { createOwner } from "#tests/listing-fixtures";
import { createTestServices, dataOf, loadContext, settle } from "#tests/test-services";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { loader as userLoader } from "#app/features/profiles/routes/user";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { ownerStandingSuite } from "./owner-standing.contract";
import { standingBackfillSuite } from "./owner-standing-backfill.contract";
import { ATTEMPTS } from "./owner-standing-backfill";

/** The owner's standing through the booking actions on the embedded store (SQLite). */
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe("bookings: the owner's standing (SQLite)", () => {
  ownerStandingSuite(
    () => ({
      store: services.store,
      listings: services.listings,
      owner: async () => (await createOwner(services)).uid,
      boat: (ownerUid, instant) => publishBoat(services.listings, ownerUid, { instantBooking: instant }),
    }),
    { parallel: 12 },
  );
});

describe("bookings: the owners' standing rebuilt from their bookings' history (SQLite)", () => {
  standingBackfillSuite(
    () => ({
      store: services.store,
      listings: services.listings,
      owner: async () => (await createOwner(services)).uid,
      boat: (ownerUid, instant) => publishBoat(services.listings, ownerUid, { instantBooking: instant }),
      stillHere: async (uid) => (await services.users.get(uid)) !== null,
    }),
    { parallel: ATTEMPTS - 1 },
  );
});

describe("bookings: the owner's standing in search's relevance order (SQLite)", () => {
  it("of two boats alike, the one whose owner answers every request comes first; its owner's cancellation sends it back", async () => {
    const clock = { now: new Date("2027-09-06T08:00:00Z") };
    const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: createRecordedPayments(), now: () => clock.now });
    const [answering, silent] = [await createOwner(services), await createOwner(services)];
    // Alike but for a type no other boat of this store has (sorted by relevance, then newest: the silent owner's is newer).
    const alike = { type: "fishing", instantBooking: false };
    const first = await publishBoat(services.listings, answering.uid, alike);
    const second = await publishBoat(services.listings, silent.uid, alike);
    const order = async () => (await services.listings.search({ type: "fishing" })).items.map((l) => l.id);
    expect(await order()).toEqual([second.id, first.id]);

    for (let i = 0; i < 5; i++) {
      const request = await bookings.book({ uid: `search-renter-${i}`, lang: "es" }, first.id, { start: addDays(today(clock.now), 10 + i), end: addDays(today(clock.now), 10 + i), part: null, people: 2, withSkipper: false });
      await bookings.act(request.id, answering.uid, "owner", "accept");
    }
    expect(await order()).toEqual([first.id, second.id]);

    const confirmed = await bookings.book({ uid: "search-renter-9", lang: "es" }, first.id, { start: addDays(today(clock.now), 30), end: addDays(today(clock.now), 30), part: null, people: 2, withSkipper: false });
    await bookings.act(confirmed.id, answering.uid, "owner", "accept");
    for (const extra of [40, 41, 42]) {
      const booked = await bookings.book({ uid: `search-renter-${extra}`, lang: "es" }, first.id, { start: addDays(today(clock.now), extra), end: addDays(today(clock.now), extra), part: null, people: 2, withSkipper: false });
      await bookings.act(booked.id, answering.uid, "owner", "accept");
      await bookings.act(booked.id, answering.uid, "owner", "cancel");
    }
    expect(await order()).toEqual([second.id, first.id]);
  });
});

describe("the owner's standing on the boat page and the public profile (SQLite)", () => {
  it("says 'new' below five requests, then the typical time and rate in the page's language, on both pages", async () => {
    const clock = { now: new Date() };
    const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: createRecordedPayments(), now: () => clock.now });
    const owner = await createOwner(services, { displayName: "Armadora Rápida" });
    const boat = await publishBoat(services.listings, owner.uid, { instantBooking: false });
    const profile = (await services.users.get(owner.uid))!;
    const pages = async (prefix: string) => {
      const request = (path: string) => new Request(`http://localhost${prefix}${path}`);
      const boatPage = dataOf(await settle(() => boatLoader({ request: request(`/boat/${boat.id}`), params: { id: boat.id }, context: loadContext(services) })));
      const userPage = dataOf(await settle(() => userLoader({ request: request(`/user/${profile.slug}`), params: { slug: profile.slug }, context: loadContext(services) })));
      expect(userPage.standing).toEqual(boatPage.standing);
      return boatPage.standing;
    };
    expect(await pages("")).toMatchObject({ summary: null, newOwner: expect.stringContaining("Propietario nuevo"), badge: null, cancellations: null });

    for (let i = 0; i < 5; i++) {
      const day = addDays(today(clock.now), 10 + i);
      const request = await bookings.book({ uid: `page-renter-${i}`, lang: "es" }, boat.id, { start: day, end: day, part: null, people: 2, withSkipper: false });
      clock.now = new Date(clock.now.getTime() + 4 * 3_600_000);
      await bookings.act(request.id, owner.uid, "owner", i === 0 ? "decline" : "accept");
    }
    // "100 %" as each language writes it (the space's kind is the runtime's ICU's).
    const all = (locale: string) => new Intl.NumberFormat(locale, { style: "percent" }).format(1);
    const words = { "": `Responde en pocas horas · ${all("es")}`, "/en": `Responds within a few hours · ${all("en")}`, "/fr": `Répond en quelques heures · ${all("fr")}`, "/de": `Antwortet innerhalb weniger Stunden · ${all("de")}` };
    for (const [prefix, summary] of Object.entries(words)) {
      expect(await pages(prefix)).toMatchObject({ summary, newOwner: null, badge: null, rates: expect.stringContaining("80"), cancellations: expect.any(String) });
    }
  });
});
