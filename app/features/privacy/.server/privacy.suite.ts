import { createRecentlyViewedCookie } from "#app/.server/http/recently-viewed-cookie";
import { beforeAll, expect, it } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createRecordedPayments } from "#app/.server/payments";
import { demoPorts } from "#app/.server/seed/ports";
import type { DocumentStore } from "#app/.server/store";
import { addDays, createBookingsService, today, type BookingsService } from "#app/features/bookings/.server";
import { createFavouritesService, type FavouritesService } from "#app/features/favourites/.server";
import { createHistoryService, type HistoryService } from "#app/features/history/.server";
import { createListingPhotosService, createListingsService, type ListingsService } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createMailboxService, type MailboxService } from "#app/features/mailbox/.server";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService, type UsersService } from "#app/features/profiles/.server";
import type { PrivacyContext } from "./context";
import { ErasureRefused } from "./model";
import { createPrivacyService, type PrivacyService } from "./service";

/**
 * Deleting an account on one store (run on SQLite and on Firestore): the profile and its slug,
 * favourites and history go; open requests and upcoming bookings are closed by the lifecycle's
 * rules on both sides; listings a booking keeps are archived, the others erased; the sessions end
 * before the identity is deleted; and while a trip is under way nothing changes at all. (The
 * identity's own deletion is in the identity contract; conversations, cases, reviews and invoices
 * are only read by the export, in the route's tests.)
 */
export function privacySuite(ports: () => { store: DocumentStore; blobs: BlobStore }) {
  let clock: Date;
  let store: DocumentStore;
  let users: UsersService;
  let listings: ListingsService;
  let bookings: BookingsService;
  let favourites: FavouritesService;
  let history: HistoryService;
  let privacy: PrivacyService;
  let mailbox: MailboxService;
  const calls: string[] = [];
  const day = (n: number) => addDays(today(clock), n);
  let next = 0;

  async function person(name: string, lessor = false) {
    const uid = `${name.toLowerCase().replace(/\W+/g, "-")}-${++next}`;
    await users.create({ uid, email: `${uid}@amarre.test`, displayName: name, kind: "person" });
    if (lessor) await users.setLessor(uid, { legalName: name, idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    return uid;
  }

  beforeAll(async () => {
    let blobs: BlobStore;
    ({ store, blobs } = ports());
    clock = new Date("2027-06-01T08:00:00Z");
    users = createUsersService(store);
    const portsService = createPortsService(store);
    for (const port of demoPorts) await portsService.save(port);
    listings = createListingsService({ store, users, ports: portsService });
    bookings = createBookingsService({ store, listings, payments: createRecordedPayments(), now: () => clock });
    favourites = createFavouritesService({ store, listings });
    history = createHistoryService({ store, listings, cookie: createRecentlyViewedCookie({ sessionSecrets: ["s"], isProduction: false }) });
    const unused = () => Promise.reject(new Error("not read by an erasure"));
    // A mail server that refuses everything: each email is kept in the mailbox and kept for a retry.
    mailbox = createMailboxService({ store, transport: { send: () => Promise.reject(new Error("550 mailbox unavailable")) } });
    const deps: PrivacyContext = {
      identity: { revokeSessions: async (uid) => void calls.push(`revoke-identity:${uid}`), deleteUser: async (uid) => void calls.push(`delete:${uid}`) },
      sessions: { revokeAll: async (uid) => void calls.push(`revoke:${uid}`) },
      blobs,
      users,
      listings,
      listingPhotos: createListingPhotosService({ blobs, listings }),
      bookings,
      chats: { list: unused, page: unused },
      cases: { listForRequester: unused },
      reviews: { written: unused, received: unused },
      invoices: { listFor: unused },
      favourites,
      history,
      calendarSync: { list: async () => [], remove: unused },
      mailbox,
      now: () => clock,
    };
    privacy = createPrivacyService(deps);
  }, 120_000);

  it("deletes a renter: requests withdrawn, upcoming bookings cancelled by the renter's rules, favourites, history and profile gone, sessions ended before the identity", async () => {
    const owner = await person("Olga Armadora", true);
    const renter = await person("Rita Se Va");
    const instant = await publishBoat(listings, owner, { instantBooking: true });
    const onRequest = await publishBoat(listings, owner, { instantBooking: false });
    const confirmed = await bookings.book({ uid: renter, lang: "es" }, instant.id, { start: day(20), end: day(20), part: null, people: 2, withSkipper: false });
    const pending = await bookings.book({ uid: renter, lang: "es" }, onRequest.id, { start: day(25), end: day(25), part: null, people: 2, withSkipper: false });
    expect([confirmed.status, pending.status]).toEqual(["confirmed", "pending"]);
    await favourites.add(renter, instant.id);
    await history.record({ uid: renter }, onRequest.id, new Request("http://localhost/"));
    const { slug, email } = (await users.get(renter))!;
    await mailbox.deliver({ uid: renter, to: email, subject: "Tu reserva", text: "Hola Rita" });
    await mailbox.send({ to: email, subject: "Tu consulta", text: "Hola Rita" });
    expect((await mailbox.failedSends()).filter((failure) => failure.to === email)).toHaveLength(2);

    const report = await privacy.eraseAccount(renter);
    // Their mailbox, and the emails to their address kept for the team to send again, are gone.
    expect(await mailbox.list(renter)).toEqual([]);
    expect((await mailbox.failedSends()).filter((failure) => failure.to === email)).toEqual([]);
    expect(report.cancelled.sort()).toEqual([confirmed.id, pending.id].sort());
    expect((await bookings.getFor(confirmed.id, owner))!.booking).toMatchObject({ status: "cancelled", cancellation: expect.objectContaining({ by: "renter" }) });
    expect((await bookings.getFor(pending.id, owner))!.booking.status).toBe("cancelled");
    expect(await favourites.list(renter)).toEqual([]);
    expect(await history.list({ uid: renter }, new Request("http://localhost/"))).toEqual([]);
    expect(await users.get(renter)).toBeNull();
    expect(await users.getBySlug(slug)).toBeNull();
    expect(calls.filter((call) => call.endsWith(`:${renter}`))).toEqual([`revoke:${renter}`, `revoke-identity:${renter}`, `delete:${renter}`]);
    // The owner's listings are untouched.
    expect((await listings.get(instant.id))?.status).toBe("published");
  });

  it("deletes an owner: requests declined, upcoming bookings cancelled by the owner (all refunded), booked listings archived, the others and the drafts erased", async () => {
    const owner = await person("Olga Cierra", true);
    const renter = await person("Rita Pierde");
    const booked = await publishBoat(listings, owner, { instantBooking: true });
    const asked = await publishBoat(listings, owner, { instantBooking: false });
    const idle = await publishBoat(listings, owner, { instantBooking: true });
    const draft = await listings.createDraft(owner, "boat", "motor");
    const confirmed = await bookings.book({ uid: renter, lang: "es" }, booked.id, { start: day(30), end: day(31), part: null, people: 2, withSkipper: false });
    const pending = await bookings.book({ uid: renter, lang: "es" }, asked.id, { start: day(35), end: day(35), part: null, people: 2, withSkipper: false });

    const report = await privacy.eraseAccount(owner);
    expect(report).toMatchObject({ cancelled: [confirmed.id], declined: [pending.id] });
    expect((await bookings.getFor(confirmed.id, renter))!.booking).toMatchObject({ status: "cancelled", cancellation: expect.objectContaining({ by: "owner", percent: 100 }) });
    expect((await bookings.getFor(pending.id, renter))!.booking.status).toBe("declined");
    expect((await listings.get(booked.id))?.status).toBe("archived");
    expect((await listings.get(asked.id))?.status).toBe("archived");
    expect(await listings.get(idle.id)).toBeNull();
    expect(await listings.get(draft.id)).toBeNull();
    expect(report.listingsKept.sort()).toEqual([booked.id, asked.id].sort());
    expect(await users.get(owner)).toBeNull();
    // The decline and the cancellation above were standing events; the owner's record went with the account.
    expect(await bookings.ownerStanding(owner)).toEqual(await bookings.ownerStanding("nobody"));
  });

  it("refuses while a trip is under way, on either side, and changes nothing", async () => {
    const owner = await person("Olga Navega", true);
    const renter = await person("Rita Navega");
    const boat = await publishBoat(listings, owner, { instantBooking: true });
    const later = await publishBoat(listings, owner, { instantBooking: true });
    const trip = await bookings.book({ uid: renter, lang: "es" }, boat.id, { start: day(2), end: day(4), part: null, people: 2, withSkipper: false });
    const upcoming = await bookings.book({ uid: renter, lang: "es" }, later.id, { start: day(40), end: day(40), part: null, people: 2, withSkipper: false });
    const saved = clock;
    clock = new Date(Date.parse(trip.startsAt) + 3_600_000);
    try {
      for (const uid of [renter, owner]) {
        await expect(privacy.eraseAccount(uid)).rejects.toEqual(new ErasureRefused("trip-under-way", trip.id));
        expect(await privacy.blocker(uid)).toEqual({ reason: "trip-under-way", bookingId: trip.id });
        expect(await users.get(uid)).not.toBeNull();
        expect(calls.some((call) => call.endsWith(`:${uid}`))).toBe(false);
      }
      expect((await bookings.getFor(upcoming.id, renter))!.booking.status).toBe("confirmed");
      expect((await listings.get(boat.id))?.status).toBe("published");
    } finally {
      clock = saved;
    }
  });
}
