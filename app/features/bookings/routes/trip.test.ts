import ICAL from "ical.js";
import { giveTestLicence } from "#tests/licence-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, isReference, REFERENCE_ALPHABET, referenceCandidate, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { followNotice } from "#tests/notice";
import { sectionText } from "#tests/money-places";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as tripCalendarLoader } from "#app/features/bookings/routes/trip-calendar";
import { action as summaryAction } from "#app/features/bookings/routes/summary";
import { CHECKOUT_REFRESH_SECONDS } from "#app/features/bookings/view";
import { loader as reservationLoader, meta as reservationMeta } from "./reservation";
import { action as rentalAction, loader as rentalLoader } from "./rental";

/**
 * The trip page (issue 24, item 5) with real Requests against the embedded store: the booking's
 * short reference (format, uniqueness, backfill), the banner after booking, the meeting point
 * (the boat's default, the owner's override, validated with translated messages), and the
 * trip's `.ics` for its renter, the owner and the team only (404 for anyone else), parsed by
 * a real iCalendar parser.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Armadora" });
  renter = await createTestUser(services, { displayName: "Rafa Renter" });
  // Boats need a licence without a skipper (issue 49): one kept on the profile covers them.
  await giveTestLicence(services, renter.uid);
  stranger = await createTestUser(services, { displayName: "Sergio Stranger" });
  admin = await createTestAdmin(services, { displayName: "Ana Admin" });
});
afterAll(() => services.close());

const context = () => loadContext(services);
const day = (n: number) => addDays(today(new Date()), n);

async function bookInstant(title: string, start: number, lang = "") {
  const boat = await createBoat(services, owner.uid, { instantBooking: true, title });
  const fields = { listing: boat.id, start: day(start), end: day(start), people: "2" };
  const path = `${lang}/boat/rent/boat/ReservationSummary?${new URLSearchParams(fields)}`;
  const result = await settle(() => summaryAction({ request: formPost(path, fields, renter.cookie), params: {}, context: context() }));
  expect(statusOf(result)).toBe(303);
  const location = (result as Response).headers.get("Location") ?? "";
  const id = /mis-reservas\/([A-Za-z0-9]{20})/.exec(location)![1]!;
  const { notice } = await followNotice(services, result as Response);
  return { boat, id, location, notice };
}

const calendarOf = (id: string, cookie: string | null, lang = "es") =>
  settle(() =>
    tripCalendarLoader({ request: cookie ? authedRequest(`/resources/trip/${id}.ics?lang=${lang}`, cookie) : pageRequest(`/resources/trip/${id}.ics`), params: { file: `${id}.ics` }, context: context() }),
  );

describe("booking references", () => {
  it("are AMR- and five characters without 0, O, 1 or I, derived first from the id", () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 200; i++) {
      const reference = referenceCandidate(`id${i}`.padEnd(20, "x"), i % 3);
      expect(reference).toMatch(/^AMR-[2-9A-HJ-NP-Z]{5}$/);
      expect(isReference(reference)).toBe(true);
    }
    expect(referenceCandidate("KzAjpIUq3t51ch8wv3w6", 0)).toBe(referenceCandidate("KzAjpIUq3t51ch8wv3w6", 0));
  });

  it("are unique: each is claimed in a document of its own beside its booking", async () => {
    const first = await bookInstant("Lancha de la referencia", 20);
    const booking = (await services.bookings.getFor(first.id, renter.uid))!.booking;
    expect(isReference(booking.reference)).toBe(true);
    // Every reference is claimed in its own document: the same one twice is impossible.
    expect(await services.store.get("booking_references", booking.reference)).toMatchObject({ bookingId: first.id });
    const others = await Promise.all([21, 22, 23].map((n) => bookInstant(`Lancha número ${n} de prueba`, n)));
    const references = await Promise.all(others.map(async ({ id }) => (await services.bookings.getFor(id, renter.uid))!.booking.reference));
    expect(new Set([booking.reference, ...references]).size).toBe(4);
  });

  it("are backfilled on bookings stored without one, the derived candidate first", async () => {
    const { id } = await bookInstant("Lancha de antes de las referencias", 25);
    const stored = (await services.bookings.getFor(id, renter.uid))!.booking.reference;
    await services.store.delete("booking_references", stored);
    await services.store.update("bookings", id, { reference: null });
    // Read before the backfill: the derived reference, the same the backfill will store.
    expect((await services.bookings.getFor(id, renter.uid))!.booking.reference).toBe(referenceCandidate(id, 0));
    expect(await services.bookings.backfillReferences()).toBeGreaterThanOrEqual(1);
    expect((await services.store.get<{ reference: string }>("bookings", id))!.reference).toBe(referenceCandidate(id, 0));
    expect(await services.bookings.backfillReferences()).toBe(0);
  });
});

describe("the trip page", () => {
  it("a request waiting for the owner says what will be owed, to whom and when, once accepted", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: false, title: "Velero por solicitud" });
    const request = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(30), end: day(31), part: null, people: 2, withSkipper: false });
    expect(request.status).toBe("pending");
    for (const [side, path, loader, cookie] of [
      ["renter", `/ajustes/mis-reservas/${request.id}`, reservationLoader, renter.cookie],
      ["owner", `/ajustes/gestion-de-alquileres/${request.id}`, rentalLoader, owner.cookie],
    ] as const) {
      const page = dataOf(await settle(() => loader({ request: authedRequest(path, cookie), params: { id: request.id }, context: context() })));
      const money = await sectionText(side, path, page.detail, "money-title");
      // The rental (2 days × 300 €), to the owner on the first day, and the deposit handed over on boarding.
      expect(money, side).toMatch(/Alquiler .*600\s€/);
      expect(money, side).toMatch(/Fianza .*500\s€/);
    }
  });

  it("opens with the booked banner and shows the reference, the meeting point and the calendar file", async () => {
    const { boat, id, location, notice } = await bookInstant("Lancha con punto de encuentro", 12);
    expect(location).toBe(`/ajustes/mis-reservas/${id}`);
    expect(notice?.key).toBe("bookings:trip.banner.booked.title");
    await services.listings.saveStep(owner.uid, boat.id, "location", { homePort: { portSlug: "club-de-mar-palma" }, meetingPoint: "Pantalán 3, amarre 12", meetingTime: "09:30" });
    const page = dataOf(await settle(() => reservationLoader({ request: authedRequest(`/ajustes/mis-reservas/${id}`, renter.cookie), params: { id }, context: context() })));
    expect(page.detail.booking.reference).toMatch(/^AMR-/);
    expect(page.detail.trip).toMatchObject({
      reference: page.detail.booking.reference,
      meeting: { place: "Pantalán 3, amarre 12", time: "09:30", source: "listing" },
      calendarHref: `/resources/trip/${id}.ics?lang=es`,
    });
    // Booked 12 days ahead under the fixture's policy (moderate): cancelling would still refund the whole rental (decision 026).
    expect(page.detail.trip.contact).toBeNull();
    // The rental's invoice, the renter's to read (no service fee without online payments: decision 048).
    expect(page.detail.trip.invoices.map((invoice: { kind: string }) => invoice.kind)).toEqual(["rental"]);
  });

  it("shows the owner's phone once cancelling the trip would no longer refund the whole rental (moderate, 2 days ahead: half)", async () => {
    await services.users.update(owner.uid, { phone: "+34 600 111 222" });
    const { id } = await bookInstant("Lancha para mañana mismo", 2);
    const page = dataOf(await settle(() => reservationLoader({ request: authedRequest(`/ajustes/mis-reservas/${id}`, renter.cookie), params: { id }, context: context() })));
    expect(page.detail.trip.contact).toEqual({ phone: "+34 600 111 222" });
  });

  it("lets the owner set this booking's meeting point: translated field messages, what was typed kept, 404 for others", async () => {
    const { id } = await bookInstant("Lancha con cita propia", 14);
    const post = (fields: Record<string, string>, cookie: string, lang = "") =>
      settle(() => rentalAction({ request: formPost(`${lang}/ajustes/gestion-de-alquileres/${id}`, { intent: "meeting", ...fields }, cookie), params: { id }, context: context() }));
    const bad = await post({ meetingPoint: "x".repeat(161), meetingTime: "25:99" }, owner.cookie);
    expect(statusOf(bad)).toBe(400);
    const refusal = dataOf(bad).refusal;
    expect(refusal.fields.meetingTime).toBe("Escribe la hora en formato 24 horas, por ejemplo 09:30.");
    expect(refusal.fields.meetingPoint).toMatch(/punto de encuentro/i);
    expect(refusal.values).toEqual({ meetingPoint: "x".repeat(161), meetingTime: "25:99" });
    const english = dataOf(await post({ meetingPoint: "Dock B", meetingTime: "9h" }, owner.cookie, "/en")).refusal;
    expect(english.fields.meetingTime).toBe("Write the time in 24-hour format, for example 09:30.");
    // Only the listing's owner: the renter has no such button, a stranger gets a 404.
    expect(statusOf(await settle(() => rentalAction({ request: formPost(`/ajustes/gestion-de-alquileres/${id}`, { intent: "meeting", meetingPoint: "Aquí" }, stranger.cookie), params: { id }, context: context() })))).toBe(404);
    const ok = await post({ meetingPoint: "  Muelle de la Lonja,\r\n puerta 2 ", meetingTime: "10:15" }, owner.cookie);
    expect(statusOf(ok)).toBe(303);
    expect((ok as Response).headers.get("Location")).toBe(`/ajustes/gestion-de-alquileres/${id}#meeting-title`);
    expect((await followNotice(services, ok as Response)).notice?.key).toBe("bookings:done.meeting");
    const ownerPage = dataOf(await settle(() => rentalLoader({ request: authedRequest(`/ajustes/gestion-de-alquileres/${id}`, owner.cookie), params: { id }, context: context() })));
    expect(ownerPage.detail.trip.meeting).toEqual({ place: "Muelle de la Lonja,  puerta 2", time: "10:15", source: "booking" });
    expect(ownerPage.detail.canSetMeeting).toBe(true);
    // Emptied: back to the listing's default (none here).
    expect(statusOf(await post({ meetingPoint: "", meetingTime: "" }, owner.cookie))).toBe(303);
    expect((await services.bookings.getFor(id, owner.uid))!.booking.meeting).toBeNull();
  });
});

describe("back from the provider's checkout", () => {
  const pageOf = async (id: string, query: string, cookie = renter.cookie) =>
    settle(() => reservationLoader({ request: authedRequest(`/ajustes/mis-reservas/${id}${query}`, cookie), params: { id }, context: context() }));

  it("says booked, paying (reloading itself until the provider's word is in) or unpaid, from the booking's status now", async () => {
    const { id } = await bookInstant("Lancha pagada con tarjeta", 30);
    // Confirmed by the time the renter is back (the webhook came first): booked.
    expect(dataOf(await pageOf(id, "?checkout=complete")).checkout).toBe("booked");
    expect(dataOf(await pageOf(id, "?checkout=cancelled")).checkout).toBeNull();
    expect(dataOf(await pageOf(id, "")).checkout).toBeNull();
    // Paid, the webhook not yet in: the banner says so and the page reloads itself (no JavaScript needed).
    const expiresAt = new Date(Date.now() + 25 * 60_000).toISOString();
    const stored = (await services.store.get<{ money: object }>("bookings", id))!;
    await services.store.update("bookings", id, { status: "awaiting-payment", money: { ...stored.money, checkout: { url: "https://checkout.stripe.test/c/pay/cs_1", expiresAt } } });
    const paying = dataOf(await pageOf(id, "?checkout=complete"));
    expect(paying.checkout).toBe("paying");
    expect(paying.detail.booking.money.checkoutExpiresAt).toBe(expiresAt);
    const tags = reservationMeta({ data: paying } as Parameters<typeof reservationMeta>[0]);
    expect(tags).toContainEqual({ httpEquiv: "refresh", content: String(CHECKOUT_REFRESH_SECONDS) });
    // Left the checkout without paying: the days are still held, until the checkout lapses.
    const unpaid = dataOf(await pageOf(id, "?checkout=cancelled"));
    expect(unpaid.checkout).toBe("unpaid");
    expect(reservationMeta({ data: unpaid } as Parameters<typeof reservationMeta>[0])).not.toContainEqual(expect.objectContaining({ httpEquiv: "refresh" }));
    // Any other value is no banner; the page is still the renter's only.
    expect(dataOf(await pageOf(id, "?checkout=%3Cscript%3E")).checkout).toBeNull();
    expect(statusOf(await pageOf(id, "?checkout=complete", stranger.cookie))).toBe(404);
  });
});

describe("the trip's .ics", () => {
  it("reads the booking page's buttons through the body gate and one schema per intent: bodies no form sends are 400/413/415, a bad field a translated 400", async () => {
    const { id } = await bookInstant("Lancha de cuerpos raros", 20);
    const raw = (init: RequestInit, lang = "") => settle(() => rentalAction({ request: hostilePost(`${lang}/ajustes/gestion-de-alquileres/${id}`, owner.cookie, init), params: { id }, context: context() }));
    const json = await raw(hostileBodies.json({ intent: "cancel" }), "/en");
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("cancel", "reason")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("cancel")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.brokenMultipart()))).toBe(400);
    // A reason sent twice is that field's translated message; an intent no button sends is the form's.
    const twice = await settle(() => rentalAction({ request: formPost(`/en/ajustes/gestion-de-alquileres/${id}`, { intent: "cancel", reason: ["a", "b"] }, owner.cookie), params: { id }, context: context() }));
    expect(statusOf(twice)).toBe(400);
    expect(dataOf(twice).refusal).toMatchObject({ status: 400, field: "reason" });
    const unknown = await settle(() => rentalAction({ request: formPost(`/en/ajustes/gestion-de-alquileres/${id}`, { intent: "refund-all" }, owner.cookie), params: { id }, context: context() }));
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf(unknown).refusal).toMatchObject({ field: null });
    expect((await services.bookings.getFor(id, owner.uid))?.booking.status).toBe("confirmed");
  });

  it("is for the renter, the owner and the team only: the same plain 404 for anyone else", async () => {
    const { id } = await bookInstant("Lancha del calendario", 16);
    for (const cookie of [renter.cookie, owner.cookie, admin.cookie]) expect(statusOf(await calendarOf(id, cookie))).toBe(200);
    expect(statusOf(await calendarOf(id, stranger.cookie))).toBe(404);
    expect(statusOf(await calendarOf(id, null))).toBe(404);
    expect(statusOf(await calendarOf("nope", renter.cookie))).toBe(404);
    expect(statusOf(await calendarOf("A".repeat(20), renter.cookie))).toBe(404);
  });

  it("parses with ical.js: the reference, the meeting time in Madrid, the place, DTSTAMP in UTC", async () => {
    const title = "Llaüt «Àvia» 🚤, de Ñandú\r\nX-INJECTED:1";
    const { id } = await bookInstant(title, 18);
    await services.bookings.setMeeting(id, owner.uid, { place: "Pantalán 3; amarre 12, junto a la grúa", time: "09:30" });
    const response = (await calendarOf(id, renter.cookie, "en")) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body).not.toMatch(/^TIMEZONE-ID/m);
    expect(body).not.toMatch(/^X-INJECTED/m);
    expect(body).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    const reference = (await services.bookings.getFor(id, renter.uid))!.booking.reference;
    const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    expect(event.summary).toContain(reference);
    expect(event.summary).toContain("Llaüt «Àvia» 🚤, de Ñandú");
    expect(event.location).toBe("Pantalán 3; amarre 12, junto a la grúa");
    // 09:30 in Madrid on the first day, whatever the season (written in UTC: no zone to resolve).
    expect(event.startDate.zone?.tzid).toBe("UTC");
    const start = event.startDate.toJSDate();
    const madrid = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(start);
    expect(madrid).toBe("09:30");
    expect(body.replace(/\r\n[ \t]/g, "")).toContain(`URL;VALUE=URI:http://localhost:3000/en/ajustes/mis-reservas/${id}`);
  });
});
