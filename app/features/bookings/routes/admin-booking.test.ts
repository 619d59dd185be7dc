import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { BookingLicence } from "#app/features/licences";
import { PriceBreakdown } from "#app/features/bookings/components/booking";
import { loader as photoLoader } from "#app/features/licences/routes/licence-photo";
import { drawnAt, textOf } from "#tests/drawn";
import { expectLicencePhotoPrivate, giveTestLicence } from "#tests/licence-fixtures";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader } from "./admin-booking";

/**
 * The team's booking page shows the renter's licence copied to the booking (decision 063) as the
 * owner's page does — type, number, expiry, photo — in four languages; its photo comes from the
 * same resource route, which the team may read and a stranger still may not. Its price card is
 * the summary's: each line with its season or the weekend (decision 062).
 */
let services: Services;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
let withLicence: string;
let without: string;
const day = (n: number) => addDays(today(new Date()), n);
const LANGS = ["", "/en", "/fr", "/de"] as const;

beforeAll(async () => {
  services = await createTestServices();
  admin = await createTestAdmin(services, { displayName: "Alba Admin" });
  owner = await createOwner(services, { displayName: "Olga Owner" });
  renter = await createTestUser(services, { displayName: "Rita Renter" });
  stranger = await createTestUser(services, { displayName: "Sara Stranger" });
  const boat = await createBoat(services, owner.uid, { instantBooking: true });
  await giveTestLicence(services, renter.uid, { type: "per", number: "PER 46/2014", expiresOn: "2035-06-30" });
  const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(40), end: day(41), part: null, people: 2, withSkipper: false });
  await services.licences.give(booking);
  withLicence = booking.id;
  without = (await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(50), end: day(50), part: null, people: 2, withSkipper: false })).id;
}, 60_000);
afterAll(() => services.close());

const context = () => loadContext(services);
const open = (id: string, cookie: string, lang = "") => settle(() => loader({ request: authedRequest(`${lang}/admin/reservas/${id}`, cookie), params: { id }, context: context() }));
const photo = (path: string, params: Record<string, string>, cookie?: string) =>
  photoLoader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params, context: context() }) as Promise<Response>;

describe("the team's booking page and the renter's licence", () => {
  it("shows the copy given with the booking, in four languages; none for a booking without one", async () => {
    const titles = ["Titulación del arrendatario en esta reserva", "The renter's licence for this booking", "Permis du locataire pour cette réservation", "Führerschein des Mieters für diese Buchung"];
    const expiry = ["30 de junio de 2035", "June 30, 2035", "30 juin 2035", "30. Juni 2035"];
    for (const [i, lang] of LANGS.entries()) {
      const result = await open(withLicence, admin.cookie, lang);
      expect(statusOf(result), lang).toBe(200);
      const { licence } = dataOf(result);
      expect(licence, lang).toMatchObject({ type: "per", number: "PER 46/2014", expiresOn: "2035-06-30", expired: false });
      expect(licence.photoUrl).toMatch(new RegExp(`^/resources/licence-photo/${withLicence}/[A-Za-z0-9]+$`));
      const text = textOf(await drawnAt(`${lang}/admin/reservas/${withLicence}`, createElement(BookingLicence, { licence, side: "team" })));
      expect(text, lang).toContain(titles[i]);
      expect(text, lang).toContain("PER (Patrón de Embarcaciones de Recreo)");
      expect(text, lang).toContain("PER 46/2014");
      expect(text, lang).toContain(expiry[i]);
    }
    expect(dataOf(await open(without, admin.cookie)).licence).toBeNull();
    // The page stays the team's: the booking's own owner and renter get the admin pages' 403.
    expect(statusOf(await open(withLicence, owner.cookie))).toBe(403);
    expect(statusOf(await open(withLicence, renter.cookie))).toBe(403);
  });

  it("its photo is served to the team by the resource route; a stranger and a visitor get its 404", async () => {
    const url: string = dataOf(await open(withLicence, admin.cookie, "/en")).licence.photoUrl;
    const params = await expectLicencePhotoPrivate(services, url, [admin.cookie, owner.cookie, renter.cookie], stranger.cookie);
    // The photo of one booking under another's address: nobody's.
    expect((await photo(url, { ...params, bookingId: without }, admin.cookie)).status).toBe(404);
  });
});

describe("the team's booking page's price", () => {
  it("lists the booking's lines with their season and the weekend, as the summary did, in four languages", async () => {
    const boat = await createBoat(services, owner.uid, { dayPriceCents: 200_00, instantBooking: true });
    let start = day(30);
    while (new Date(`${start}T12:00:00Z`).getUTCDay() !== 3) start = addDays(start, 1);
    await services.listings.seasons.add(owner.uid, boat.id, { name: "Temporada alta", start: addDays(start, 3), end: addDays(start, 20), dayPriceCents: null, percent: 40 });
    await services.listings.seasons.setWeekend(owner.uid, boat.id, { days: [5, 6, 7], dayPriceCents: null, percent: 25 });
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: addDays(start, 4), part: null, people: 2, withSkipper: false });
    const expected = [
      ["2 días × 200 €", "1 día × 250 € (fin de semana)", "2 días × 280 € (Temporada alta)", "Total 1210 €"],
      ["2 days × €200", "1 day × €250 (weekend)", "2 days × €280 (Temporada alta)", "Total €1,210"],
      ["2 jours × 200 €", "1 jour × 250 € (week-end)", "2 jours × 280 € (Temporada alta)", "Total 1 210 €"],
      ["2 Tage × 200 €", "1 Tag × 250 € (Wochenende)", "2 Tage × 280 € (Temporada alta)", "Gesamt 1.210 €"],
    ];
    for (const [i, lang] of LANGS.entries()) {
      const page = dataOf(await open(booking.id, admin.cookie, lang));
      expect(page.price).toEqual(booking.price);
      const text = textOf(await drawnAt(`${lang}/admin/reservas/${booking.id}`, createElement(PriceBreakdown, { price: page.price, figures: page.figures, charges: false }))).replace(/[\u00a0\u202f]/g, " ");
      for (const line of expected[i]!) expect(text, lang).toContain(line);
    }
  });
});
