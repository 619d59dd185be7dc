import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, createBookingsService, lineOf, today, type Booking } from "#app/features/bookings/.server";
import { createHandoverService } from "#app/features/handover/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as photoLoader } from "./handover-photo";
import { action as depositAction } from "#app/features/deposits/routes/deposit";
import { action as rentalAction, loader as rentalLoader } from "#app/features/bookings/routes/rental";
import { action as reservationAction, loader as reservationLoader } from "#app/features/bookings/routes/reservation";

/**
 * Check-in and check-out on the booking pages with real Requests on the embedded backend
 * (decision 032): multipart POSTs with real image bytes, every refusal translated (400 with the
 * field's message, 403 answering one's own record, 404 anyone else, 409 not now), the private
 * photos, a clean check-out releasing the deposit, and a deposit claim refused without check-out
 * evidence.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Olga Owner" });
  renter = await createTestUser(services, { displayName: "Rita Renter" });
  stranger = await createTestUser(services, { displayName: "Sara Stranger" });
  admin = await createTestAdmin(services, { displayName: "Alba Admin" });
}, 60_000);
afterAll(() => services.close());

const context = () => loadContext(services);
const renterPath = (id: string, lang = "") => `${lang}/ajustes/mis-reservas/${id}`;
const ownerPath = (id: string, lang = "") => `${lang}/ajustes/gestion-de-alquileres/${id}`;
/** A one-day trip of the renter on a new boat of the owner, booked three days ago, `inDays` days from today. */
async function trip(inDays = 0): Promise<Booking> {
  const clock = new Date(Date.now() - 3 * 86_400_000);
  const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: services.payments, now: () => clock });
  const boat = await createBoat(services, owner.uid, { instantBooking: true });
  const day = addDays(today(new Date()), inDays);
  const booking = await bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day, end: day, part: null, people: 2, withSkipper: false });
  await services.bookings.applyDue();
  return (await services.bookings.getFor(booking.id, renter.uid))!.booking;
}
const jpeg = async () => new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2255aa" } }).jpeg().toBuffer());
const pageOf = (side: "renter" | "owner", id: string, cookie?: string, lang = "") =>
  settle(() => (side === "renter" ? reservationLoader : rentalLoader)({ request: cookie ? authedRequest((side === "renter" ? renterPath : ownerPath)(id, lang), cookie) : pageRequest(renterPath(id)), params: { id }, context: context() }));
/** The booking page's form as a browser sends it without JavaScript: one multipart POST. */
function post(side: "renter" | "owner", id: string, fields: Record<string, string>, cookie: string, files: Array<[Uint8Array, string, string]> = [], lang = "") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [bytes, name, type] of files) form.append("photos", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  const path = (side === "renter" ? renterPath : ownerPath)(id, lang);
  return settle(() => (side === "renter" ? reservationAction : rentalAction)({ request: authedRequest(path, cookie, { method: "POST", body: form }), params: { id }, context: context() }));
}
const photo = (id: string, photoId: string, cookie?: string) =>
  photoLoader({ request: cookie ? authedRequest(`/resources/handover-photo/${id}/${photoId}`, cookie) : pageRequest(`/resources/handover-photo/${id}/${photoId}`), params: { bookingId: id, photoId }, context: context() }) as Promise<Response>;
const refusal = (result: unknown) => dataOf(result).refusal;

describe("Entrega / Devolución on the booking pages", () => {
  it("renter checks in with a photo, the owner confirms, check-out, the owner confirms: the deposit is released at once", async () => {
    const booking = await trip();
    expect(lineOf(booking.money, "deposit")?.state).toBe("direct");
    const before = dataOf(await pageOf("renter", booking.id, renter.cookie)).detail.handover;
    expect(before).toMatchObject({ side: "renter", engine: true, checkIn: null, checkOut: null, can: ["check-in"], opensOn: null });

    const checkedIn = await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "412,5", notes: "Casco sin marcas." }, renter.cookie, [[await jpeg(), "casco.jpg", "image/jpeg"]]);
    expect(statusOf(checkedIn)).toBe(303);
    expect((checkedIn as Response).headers.get("Location")).toBe(`/ajustes/mis-reservas/${booking.id}#handover-title`);
    expect((await followNotice(services, checkedIn as Response)).notice?.key).toBe("bookings:handover.done.check-in");
    const ownerPage = dataOf(await pageOf("owner", booking.id, owner.cookie)).detail.handover;
    expect(ownerPage.checkIn).toMatchObject({ by: "renter", fuelEighths: 8, engineHours: 412.5, notes: "Casco sin marcas.", confirmation: null });
    expect(ownerPage.can).toEqual(["confirm-check-in", "check-out"]);
    // The other side was asked to confirm, in their language.
    expect((await services.mailbox.list(owner.uid)).some((m: { subject: string }) => m.subject.startsWith("Rita Renter ha anotado la entrega"))).toBe(true);

    const url: string = ownerPage.checkIn.photos[0].url;
    const photoId = url.split("/").pop()!;
    expect(url).toBe(`/resources/handover-photo/${booking.id}/${photoId}`);
    for (const cookie of [owner.cookie, renter.cookie, admin.cookie]) {
      const response = await photo(booking.id, photoId, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect((await photo(booking.id, photoId, stranger.cookie)).status).toBe(404);
    expect((await photo(booking.id, photoId)).status).toBe(404);

    // The renter cannot confirm her own check-in: 403; the owner confirms (multipart, as the page's form sends it).
    expect(statusOf(await post("renter", booking.id, { intent: "confirm-check-in", status: "confirmed" }, renter.cookie))).toBe(403);
    expect(statusOf(await post("owner", booking.id, { intent: "confirm-check-in", status: "confirmed" }, owner.cookie))).toBe(303);
    const twice = await post("owner", booking.id, { intent: "confirm-check-in", status: "confirmed" }, owner.cookie, [], "/en");
    expect(statusOf(twice)).toBe(409);
    expect(refusal(twice).message).toBe("It has an answer already: you have it on this page.");

    const backwards = await post("renter", booking.id, { intent: "check-out", fuel: "3", engineHours: "400" }, renter.cookie, [], "/en");
    expect(statusOf(backwards)).toBe(400);
    expect(refusal(backwards).fields).toEqual({ engineHours: "The engine hours cannot be less than at the handover." });
    expect(refusal(backwards).values).toMatchObject({ intent: "check-out", fuel: "3", engineHours: "400" });
    // Back as full as it left: the boat's fuel is not included (full-to-full), nothing to claim.
    expect(statusOf(await post("renter", booking.id, { intent: "check-out", fuel: "8", engineHours: "418.2", notes: "Devuelto limpio." }, renter.cookie))).toBe(303);
    expect(lineOf((await services.bookings.getFor(booking.id, owner.uid))!.booking.money, "deposit")?.state).toBe("direct");
    // Rita reads Amarre in German now: the answer's email comes in her language.
    await services.users.update(renter.uid, { lang: "de" });
    expect(statusOf(await post("owner", booking.id, { intent: "confirm-check-out", status: "confirmed", note: "Todo en orden." }, owner.cookie))).toBe(303);
    expect((await services.mailbox.list(renter.uid)).some((m: { subject: string }) => m.subject.startsWith("Rückgabe bestätigt: Die Kaution für"))).toBe(true);
    expect(lineOf((await services.bookings.getFor(booking.id, owner.uid))!.booking.money, "deposit")?.state).toBe("released");
    const after = dataOf(await pageOf("renter", booking.id, renter.cookie)).detail.handover;
    expect(after.checkOut).toMatchObject({ engineHours: 418.2, confirmation: { by: "owner", status: "confirmed", note: "Todo en orden." } });
    expect(after.checkOut.depositReleasedAt).not.toBeNull();
    expect(after.can).toEqual([]);
  }, 60_000);

  it("a full-to-full boat back with less fuel: the renter is told before saving, the owner asked whether he claims it, nothing released unasked", async () => {
    await services.users.update(renter.uid, { lang: "es" });
    const booking = await trip();
    const deposit = async () => lineOf((await services.bookings.getFor(booking.id, owner.uid))!.booking.money, "deposit")?.state;
    expect(statusOf(await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "100" }, renter.cookie))).toBe(303);
    // Her return form knows the boat goes back full and what it left with.
    expect(dataOf(await pageOf("renter", booking.id, renter.cookie)).detail.handover).toMatchObject({ can: ["check-out"], fullToFull: true, checkIn: { fuelEighths: 8 } });
    expect(statusOf(await post("renter", booking.id, { intent: "check-out", fuel: "6", engineHours: "104" }, renter.cookie))).toBe(303);
    expect(dataOf(await pageOf("owner", booking.id, owner.cookie)).detail.handover.checkOut).toMatchObject({ fuelEighths: 6, fuelShort: true, confirmation: null });

    // A plain "yes" is not enough: a 400 on the fuel's choice, what he wrote kept, the deposit held.
    const plain = await post("owner", booking.id, { intent: "confirm-check-out", status: "confirmed", note: "Bien." }, owner.cookie, [], "/en");
    expect(statusOf(plain)).toBe(400);
    expect(refusal(plain).fields).toEqual({ fuel: "Choose whether you claim the missing fuel or let it go and release the deposit." });
    expect(refusal(plain).values).toMatchObject({ intent: "confirm-check-out", status: "confirmed", note: "Bien." });
    const unsaid = await post("owner", booking.id, { intent: "confirm-check-out", status: "confirmed", fuel: "claim" }, owner.cookie, [], "/en");
    expect(refusal(unsaid).fields).toEqual({ note: "Say what fuel is missing (your claim can quote it)." });
    expect(await deposit()).toBe("direct");

    // He keeps the deposit for the fuel: confirmed, held, and Rita is told why.
    expect(statusOf(await post("owner", booking.id, { intent: "confirm-check-out", status: "confirmed", fuel: "claim", note: "Faltan 2/8 de gasolina." }, owner.cookie))).toBe(303);
    expect(await deposit()).toBe("direct");
    expect(dataOf(await pageOf("renter", booking.id, renter.cookie)).detail.handover.checkOut).toMatchObject({ fuelShort: true, confirmation: { status: "confirmed", fuel: "claim", note: "Faltan 2/8 de gasolina." }, depositReleasedAt: null });
    expect((await services.mailbox.list(renter.uid)).some((m: { subject: string }) => m.subject.startsWith("Devolución confirmada con menos combustible"))).toBe(true);
  }, 60_000);

  it("refuses bad input with the field's message in the page's language, nothing kept", async () => {
    const booking = await trip();
    const en = (fields: Record<string, string>, files: Array<[Uint8Array, string, string]> = []) => post("renter", booking.id, fields, renter.cookie, files, "/en");
    const missing = await en({ intent: "check-in", engineHours: "10" });
    expect(statusOf(missing)).toBe(400);
    expect(refusal(missing).fields).toEqual({ fuel: "Choose the fuel level." });
    const hours = await en({ intent: "check-in", fuel: "8", engineHours: "lots" });
    expect(refusal(hours).fields).toEqual({ engineHours: "Enter the hour meter in numbers, for example 412.5." });
    const fuel = await en({ intent: "check-in", fuel: "12", engineHours: "10" });
    expect(refusal(fuel).fields).toEqual({ fuel: "Fuel goes from 0/8 (empty) to 8/8 (full)." });
    const long = await en({ intent: "check-in", fuel: "8", engineHours: "10", notes: "x".repeat(2_001) });
    expect(statusOf(long)).toBe(400);
    expect(refusal(long).fields).toEqual({ notes: "Notes can be at most 2,000 characters." });
    // Larger than any form field of ours: the body reader's translated 400, never a 500.
    const huge = await en({ intent: "check-in", fuel: "8", engineHours: "10", notes: "x".repeat(100_001) });
    expect(statusOf(huge)).toBe(400);
    const html = new TextEncoder().encode("<html><body>not a photo</body></html>");
    const notImage = await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "10" }, renter.cookie, [[html, "photo.jpg", "image/jpeg"]], "/fr");
    expect(statusOf(notImage)).toBe(400);
    expect(refusal(notImage).fields).toEqual({ photos: "Seules les photos JPEG, PNG ou WebP sont acceptées." });
    const early = await en({ intent: "check-out", fuel: "8", engineHours: "10" });
    expect(statusOf(early)).toBe(409);
    expect(refusal(early).message).toBe("Record the handover first; the return comes after it.");
    // Nothing to confirm yet: the record does not exist (404).
    expect(statusOf(await post("owner", booking.id, { intent: "confirm-check-in", status: "confirmed" }, owner.cookie, [], "/de"))).toBe(404);
    expect(await services.handover.forBooking(booking.id, { uid: renter.uid, role: "user" })).toEqual({ checkIn: null, checkOut: null });

    // Another day's trip: not yet (409), and the page says when it opens.
    const later = await trip(5);
    const wrongDay = await post("renter", later.id, { intent: "check-in", fuel: "8", engineHours: "10" }, renter.cookie, [], "/de");
    expect(statusOf(wrongDay)).toBe(409);
    expect(refusal(wrongDay).message).toMatch(/^Noch nicht/);
    expect(dataOf(await pageOf("renter", later.id, renter.cookie)).detail.handover).toMatchObject({ can: [], opensOn: later.start });
  }, 60_000);

  it("reads the handover forms through the body gate and the booking page's schema: bodies no form sends are 400/413/415, a bad status a translated 400", async () => {
    const booking = await trip();
    const raw = (init: RequestInit, lang = "") => settle(() => reservationAction({ request: hostilePost(renterPath(booking.id, lang), renter.cookie, init), params: { id: booking.id }, context: context() }));
    const json = await raw(hostileBodies.json({ intent: "check-in", fuel: "8", engineHours: "10" }), "/en");
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("check-in", "notes")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("check-in")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.brokenMultipart()))).toBe(400);
    expect(statusOf(await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "10" }, renter.cookie))).toBe(303);
    const maybe = await post("owner", booking.id, { intent: "confirm-check-in", status: "maybe", note: "¿?" }, owner.cookie, [], "/en");
    expect(statusOf(maybe)).toBe(400);
    expect(refusal(maybe)).toMatchObject({ field: "status", values: { intent: "confirm-check-in", status: "maybe", note: "¿?" } });
    expect(refusal(maybe).fields.status).toMatch(/confirm/i);
    // A stranger learns nothing of the form: 404 before its fields.
    expect(statusOf(await post("owner", booking.id, { intent: "confirm-check-in", status: "maybe" }, stranger.cookie))).toBe(404);
    expect((await services.handover.forBooking(booking.id, { uid: renter.uid, role: "user" }))?.checkIn?.confirmation).toBeNull();
  }, 60_000);

  it("only the booking's two people, each on their own page: others 404", async () => {
    const booking = await trip();
    expect(statusOf(await pageOf("renter", booking.id, stranger.cookie))).toBe(404);
    expect(statusOf(await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "10" }, stranger.cookie))).toBe(404);
    expect(statusOf(await post("owner", booking.id, { intent: "check-in", fuel: "8", engineHours: "10" }, stranger.cookie))).toBe(404);
    // The owner posting on the renter's page (and the reverse): 404, nothing written.
    expect(statusOf(await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "10" }, owner.cookie))).toBe(404);
    expect(statusOf(await post("owner", booking.id, { intent: "check-in", fuel: "8", engineHours: "10" }, renter.cookie))).toBe(404);
    expect((await services.handover.forBooking(booking.id, { uid: admin.uid, role: "admin" }))?.checkIn).toBeNull();
    // The owner records the check-in; the renter's status-less answer is a 400 with the field.
    expect(statusOf(await post("owner", booking.id, { intent: "check-in", fuel: "7", engineHours: "10" }, owner.cookie))).toBe(303);
    const noStatus = await post("renter", booking.id, { intent: "confirm-check-in", note: "?" }, renter.cookie, [], "/en");
    expect(statusOf(noStatus)).toBe(400);
    expect(refusal(noStatus).fields).toEqual({ status: "Choose whether you confirm it or do not agree." });
    const noNote = await post("renter", booking.id, { intent: "confirm-check-in", status: "disputed" }, renter.cookie, [], "/en");
    expect(refusal(noNote).fields).toEqual({ note: "Say what you do not agree with." });
    expect(statusOf(await post("renter", booking.id, { intent: "confirm-check-in", status: "disputed", note: "Faltaban dos chalecos." }, renter.cookie))).toBe(303);
  }, 60_000);

  it("notes and answers with a control character (%00 and the like): 400 with the field's message, nothing kept, the answer still to give", async () => {
    const booking = await trip();
    const MESSAGE = "This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text.";
    const notes = await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "10", notes: "Casco\u0000 sin marcas" }, renter.cookie, [], "/en");
    expect(statusOf(notes)).toBe(400);
    expect(refusal(notes).fields).toEqual({ notes: MESSAGE });
    expect((await services.handover.forBooking(booking.id, { uid: admin.uid, role: "admin" }))?.checkIn).toBeNull();
    expect(statusOf(await post("renter", booking.id, { intent: "check-in", fuel: "8", engineHours: "10", notes: "Casco sin marcas" }, renter.cookie))).toBe(303);
    const note = await post("owner", booking.id, { intent: "confirm-check-in", status: "disputed", note: "Falta\u001b un chaleco" }, owner.cookie, [], "/en");
    expect(statusOf(note)).toBe(400);
    expect(refusal(note).fields).toEqual({ note: MESSAGE });
    expect((await services.handover.forBooking(booking.id, { uid: admin.uid, role: "admin" }))?.checkIn?.confirmation).toBeNull();
    expect(statusOf(await post("owner", booking.id, { intent: "confirm-check-in", status: "disputed", note: "Falta un chaleco." }, owner.cookie))).toBe(303);
  }, 60_000);
});

describe("a deposit claim points at the check-out", () => {
  /** A trip that ended yesterday; with `checkOut`, its handover and return recorded on the day (the owner's return notes damage). */
  async function finished(checkOut: boolean) {
    const clock = new Date(Date.now() - 10 * 86_400_000);
    const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: services.payments, now: () => clock });
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const day = addDays(today(new Date()), -1);
    const booking = await bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day, end: day, part: null, people: 2, withSkipper: false });
    if (checkOut) {
      const onTheDay = new Date(Date.now() - 86_400_000);
      const handover = createHandoverService({ store: services.store, blobs: services.blobs, bookings: services.bookings, listings: services.listings, now: () => onTheDay });
      await handover.record(renter.uid, booking.id, "check-in", { fuelEighths: 8, engineHours: 100 });
      await handover.record(owner.uid, booking.id, "check-out", { fuelEighths: 2, engineHours: 104, notes: "Arañazo profundo en la banda de babor.", damage: true, photos: [await jpeg()] });
    }
    return booking;
  }
  const claim = (id: string, fields: Record<string, string | string[]>, lang = "") =>
    settle(() => depositAction({ request: formPost(`${lang}/ajustes/gestion-de-alquileres/${id}/fianza`, fields, owner.cookie), params: { id }, context: context() }));

  it("refused without a check-out record, or without pointing at its photos or notes (400); accepted with them", async () => {
    const bare = await finished(false);
    const none = await claim(bare.id, { intent: "claim", amount: "100", reason: "Arañazo", quote: "arañazo" }, "/en");
    expect(statusOf(none)).toBe(400);
    expect(dataOf(none).errors).toEqual({ evidence: "This trip has no recorded return: record it on the booking's page and claim again." });
    expect(await services.deposits.forBooking(bare.id, { uid: admin.uid, role: "admin" })).toBeNull();

    const booking = await finished(true);
    const nothing = await claim(booking.id, { intent: "claim", amount: "100", reason: "Arañazo" }, "/en");
    expect(statusOf(nothing)).toBe(400);
    expect(dataOf(nothing).errors).toEqual({ evidence: "Choose photos of the return or quote its notes." });
    const notQuoted = await claim(booking.id, { intent: "claim", amount: "100", reason: "Arañazo", quote: "hélice doblada" });
    expect(dataOf(notQuoted).errors).toEqual({ evidence: "La cita no está en las notas de la devolución: copia las palabras tal cual." });
    const records = await services.handover.forBooking(booking.id, { uid: owner.uid, role: "user" });
    const photoId = records!.checkOut!.photos[0]!.id;
    const done = await claim(booking.id, { intent: "claim", amount: "150", reason: "Reparar el arañazo", quote: "arañazo profundo", evidencePhotos: [photoId] });
    expect(statusOf(done)).toBe(303);
    const saved = await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" });
    expect(saved).toMatchObject({ checkoutId: `${booking.id}-check-out`, evidence: { photoIds: [photoId], quote: "arañazo profundo" } });
  }, 60_000);
});
