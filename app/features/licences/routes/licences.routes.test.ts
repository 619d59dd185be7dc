import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, createBookingsService, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { expectLicencePhotoPrivate, licenceJpeg } from "#tests/licence-fixtures";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action as summaryAction, loader as summaryLoader } from "#app/features/bookings/routes/summary";
import { action as rentalAction, loader as rentalLoader } from "#app/features/bookings/routes/rental";
import { action as settingsAction, loader as settingsLoader } from "./my-licence";
import { action as boatFormAction } from "#app/features/listings/routes/boat-form";
import { requiredLicence } from "#app/features/licences";
import { loader as photoLoader } from "./licence-photo";

/**
 * Licences through the pages (issue 49, part 3), with real Requests on the embedded backend: the
 * summary asks for a licence, refuses an expired one or a title below the boat's with the skipper
 * offered (or said not to be), keeps it on the profile and gives a copy with the booking; the
 * owner reads it on the request; its photo reaches the renter, the owner and the team only; the
 * owner's check-in needs "licence seen"; the settings page changes and removes it.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Olga Owner" });
  admin = await createTestAdmin(services, { displayName: "Alba Admin" });
  stranger = await createTestUser(services, { displayName: "Sara Stranger" });
}, 60_000);
afterAll(() => services.close());

const context = () => loadContext(services);
const day = (n: number) => addDays(today(new Date()), n);
const SUMMARY = "/boat/rent/boat/ReservationSummary";
type Licence = { licenceType?: string; licenceNumber?: string; licenceExpiresOn?: string; photo?: Uint8Array | null };

function summary(choice: Record<string, string>, cookie: string | null, lang = "") {
  const path = `${lang}${SUMMARY}?${new URLSearchParams(choice)}`;
  return settle(() => summaryLoader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: {}, context: context() }));
}
/** The summary's confirmation as its multipart form sends it without JavaScript. */
function confirm(choice: Record<string, string>, licence: Licence, cookie: string, lang = "") {
  const form = new FormData();
  for (const [key, value] of Object.entries(choice)) form.append(key, value);
  for (const [key, value] of Object.entries(licence)) if (key !== "photo" && typeof value === "string") form.append(key, value);
  form.append("licencePhoto", licence.photo ? new Blob([licence.photo as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }) : new Blob([]), licence.photo ? "licencia.jpg" : "");
  return settle(() => summaryAction({ request: authedRequest(`${lang}${SUMMARY}`, cookie, { method: "POST", body: form }), params: {}, context: context() }));
}
const photo = (path: string, params: Record<string, string>, cookie?: string) =>
  photoLoader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params, context: context() }) as Promise<Response>;
const bookedId = (result: unknown) => {
  expect(statusOf(result)).toBe(303);
  return /\/ajustes\/mis-reservas\/([^/?#]+)/.exec((result as Response).headers.get("Location") ?? "")![1]!;
};

describe("the booking summary's licence", () => {
  it("asks for one only where the boat needs it without a skipper, pre-filled from the profile", async () => {
    const renter = await createTestUser(services);
    const small = await createBoat(services, owner.uid, { lengthM: 4.8, licence: "licencia-navegacion" });
    // 4.8 m but 200 CV: the law asks a licence however small the boat.
    expect(dataOf(await summary({ listing: small.id, start: day(30), people: "2" }, renter.cookie)).licence).toMatchObject({ required: "licencia-navegacion", saved: null, withSkipperUrl: null });
    const skippered = await createBoat(services, owner.uid, { skipper: { mode: "optional", dailyPriceCents: 150_00 } });
    const asked = dataOf(await summary({ listing: skippered.id, start: day(30), people: "2" }, renter.cookie)).licence;
    expect(asked).toMatchObject({ required: "pnb" });
    expect(asked.withSkipperUrl).toContain("skipper=on");
    expect(dataOf(await summary({ listing: skippered.id, start: day(30), people: "2", skipper: "on" }, renter.cookie)).licence).toBeNull();
  });

  it("refuses an expired licence and a title below the boat's with the reason, offering the skipper or saying there is none", async () => {
    const renter = await createTestUser(services);
    const skippered = await createBoat(services, owner.uid, { skipper: { mode: "optional", dailyPriceCents: 150_00 } });
    const bare = await createBoat(services, owner.uid);
    const trip = { start: day(40), end: day(42), people: "2" };
    const expired = await confirm({ listing: skippered.id, ...trip }, { licenceType: "pnb", licenceNumber: "PNB-1", licenceExpiresOn: day(41), photo: await licenceJpeg() }, renter.cookie);
    expect(statusOf(expired)).toBe(400);
    expect(dataOf(expired).licenceRefusal).toMatchObject({ reason: "expired", field: "expiresOn", photoSent: true });
    expect(dataOf(expired).licenceRefusal.message).toMatch(/^Tu titulación caduca el .*: no puedes llevar este barco sin patrón\.$/);
    const wrong = await confirm({ listing: bare.id, ...trip }, { licenceType: "licencia-navegacion", licenceNumber: "LN-1", licenceExpiresOn: "2040-01-01" }, renter.cookie, "/en");
    expect(statusOf(wrong)).toBe(400);
    expect(dataOf(wrong).licenceRefusal).toMatchObject({ reason: "type", field: "type", message: "This boat asks for PNB (Patrón de Navegación Básica) and your licence is Licencia de Navegación (basic licence): it does not cover its length or power." });
    // The page offers what fits: the skipper of the first boat; the second says it has none.
    expect(dataOf(await summary({ listing: skippered.id, ...trip }, renter.cookie)).licence.withSkipperUrl).toContain("skipper=on");
    expect(dataOf(await summary({ listing: bare.id, ...trip }, renter.cookie)).licence.withSkipperUrl).toBeNull();
    // Nothing booked; the licence typed is kept (photo and all) for next time.
    expect(await services.bookings.listForRenter(renter.uid)).toEqual([]);
    expect(await services.licences.get(renter.uid)).toMatchObject({ type: "licencia-navegacion", number: "LN-1" });
    // With the skipper, the same renter books the first boat without any licence check.
    const form = new FormData();
    for (const [key, value] of Object.entries({ listing: skippered.id, ...trip, skipper: "on" })) form.append(key, value);
    bookedId(await settle(() => summaryAction({ request: authedRequest(SUMMARY, renter.cookie, { method: "POST", body: form }), params: {}, context: context() })));
  });

  it("refuses missing or malformed fields on their own, translated", async () => {
    const renter = await createTestUser(services);
    const boat = await createBoat(services, owner.uid);
    const choice = { listing: boat.id, start: day(50), people: "2" };
    const cases: Array<[Licence, string, string, string]> = [
      [{ licenceType: "pnb", licenceNumber: "PNB-2", licenceExpiresOn: "2040-01-01" }, "", "photo", "Añade una foto de tu titulación."],
      [{ licenceType: "jefe", licenceNumber: "PNB-2", licenceExpiresOn: "2040-01-01" }, "/de", "type", "Wählen Sie die Art des Führerscheins."],
      [{ licenceType: "pnb", licenceNumber: "x".repeat(5000), licenceExpiresOn: "2040-01-01" }, "/fr", "number", "Le numéro ne peut contenir que des lettres, chiffres, espaces, points, barres obliques ou tirets (40 caractères au plus)."],
      [{ licenceType: "pnb", licenceNumber: "PNB-2", licenceExpiresOn: "2040-02-31" }, "/en", "expiresOn", "Enter a valid expiry date."],
      [{ licenceType: "pnb", licenceNumber: "PNB-2", licenceExpiresOn: "2040-01-01", photo: new TextEncoder().encode("%PDF-1.7 no image") }, "", "photo", "No hemos podido leer la foto: sube una imagen JPEG, PNG o WebP."],
    ];
    for (const [licence, lang, field, message] of cases) {
      const result = await confirm(choice, licence, renter.cookie, lang);
      expect(statusOf(result), field).toBe(400);
      expect(dataOf(result).licenceRefusal).toMatchObject({ field, message, reason: null });
    }
    expect(await services.bookings.listForRenter(renter.uid)).toEqual([]);
  });

  it("books with a valid licence: kept on the profile, a copy for the owner; its photo for the renter, the owner and the team only", async () => {
    const renter = await createTestUser(services, { displayName: "Rita Renter" });
    const boat = await createBoat(services, owner.uid);
    const id = bookedId(await confirm({ listing: boat.id, start: day(60), end: day(61), people: "2" }, { licenceType: "per", licenceNumber: "PER 46/2014", licenceExpiresOn: "2035-06-30", photo: await licenceJpeg() }, renter.cookie));
    const ownerPage = dataOf(await settle(() => rentalLoader({ request: authedRequest(`/ajustes/gestion-de-alquileres/${id}`, owner.cookie), params: { id }, context: context() })));
    expect(ownerPage.detail.licence).toMatchObject({ type: "per", number: "PER 46/2014", expiresOn: "2035-06-30", expired: false });
    const url: string = ownerPage.detail.licence.photoUrl;
    const params = await expectLicencePhotoPrivate(services, url, [renter.cookie, owner.cookie, admin.cookie], stranger.cookie);
    expect((await photo(url, { ...params, photoId: "0".repeat(24) }, owner.cookie)).status).toBe(404);
    // The one on the profile: its holder and the team; the booking's owner only sees the booking's copy.
    const saved = (await services.licences.get(renter.uid))!;
    const mine = { uid: renter.uid, photoId: saved.photo!.id };
    const mineUrl = `/resources/my-licence-photo/${mine.uid}/${mine.photoId}`;
    expect((await photo(mineUrl, mine, renter.cookie)).status).toBe(200);
    expect((await photo(mineUrl, mine, admin.cookie)).status).toBe(200);
    expect((await photo(mineUrl, mine, owner.cookie)).status).toBe(404);
    expect((await photo(mineUrl, mine, stranger.cookie)).status).toBe(404);
    // Next time the summary fills it in, and a confirmation without a new photo keeps the saved one.
    const other = await createBoat(services, owner.uid);
    const again = dataOf(await summary({ listing: other.id, start: day(70), people: "2" }, renter.cookie)).licence;
    expect(again.saved).toMatchObject({ type: "per", number: "PER 46/2014", expiresOn: "2035-06-30" });
    bookedId(await confirm({ listing: other.id, start: day(70), people: "2" }, { licenceType: "per", licenceNumber: "PER 46/2014", licenceExpiresOn: "2035-06-30" }, renter.cookie));
  });
});

describe("the listing form's licence", () => {
  it("refuses a licence below the law's minimum on its field, translated, and lets the owner ask for more", async () => {
    const draft = await createBoat(services, owner.uid, { status: "draft", lengthM: 7, licence: "per" });
    const path = (lang: string) => `${lang}/boat/form/add-motor-boat?id=${draft.id}&step=conditions`;
    const conditions = { fuelPolicy: "not-included-return-full", cancellationPolicy: "moderate" };
    const post = (licence: string, lang = "") => settle(() => boatFormAction({ request: formPost(path(lang), { ...conditions, licence }, owner.cookie), params: {}, context: context() }));
    const below = await post("licencia-navegacion");
    expect(statusOf(below)).toBe(400);
    expect(dataOf(below).result.error).toEqual({ licence: ["Por su tipo, eslora y potencia, la ley pide como mínimo el PNB: puedes pedir una titulación superior, nunca una inferior."] });
    const none = await post("none", "/de");
    expect(dataOf(none).result.error).toEqual({ licence: ["Nach Typ, Länge und Leistung verlangt das Gesetz mindestens den PNB: Sie können einen höheren Schein verlangen, nie einen niedrigeren."] });
    expect(statusOf(await post("patron-yate"))).toBe(302);
    expect((await services.listings.get(draft.id))?.data).toMatchObject({ licence: "patron-yate" });
    // A stored licence below the law (saved before the rule) is read as the law's minimum.
    await services.store.update("listings", draft.id, { "data.licence": "none" });
    const stored = (await services.listings.get(draft.id))!;
    expect(stored.kind === "boat" && requiredLicence(stored.data)).toBe("pnb");
  });
});

describe("check-in's \"licence seen\"", () => {
  it("is required of the owner when the booking holds a licence, and shown on the record", async () => {
    const renter = await createTestUser(services);
    await services.licences.save(renter.uid, { type: "pnb", number: "PNB-9", expiresOn: "2040-01-01", photo: await licenceJpeg() });
    const clock = new Date(Date.now() - 3 * 86_400_000);
    const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: services.payments, now: () => clock });
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const booking = await bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(0), end: day(0), part: null, people: 2, withSkipper: false });
    await services.licences.give(booking);
    const path = `/ajustes/gestion-de-alquileres/${booking.id}`;
    const panel = dataOf(await settle(() => rentalLoader({ request: authedRequest(path, owner.cookie), params: { id: booking.id }, context: context() }))).detail.handover;
    expect(panel).toMatchObject({ side: "owner", licence: true, can: ["check-in"] });
    const post = (fields: Record<string, string>, lang = "") => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      return settle(() => rentalAction({ request: authedRequest(`${lang}${path}`, owner.cookie, { method: "POST", body: form }), params: { id: booking.id }, context: context() }));
    };
    const figures = { intent: "check-in", fuel: "8", engineHours: "120" };
    const unticked = await post(figures, "/en");
    expect(statusOf(unticked)).toBe(400);
    expect(dataOf(unticked).refusal).toMatchObject({ field: "licenceSeen", message: "Tick that you have seen the renter's licence." });
    const done = await post({ ...figures, licenceSeen: "yes" });
    expect(statusOf(done)).toBe(303);
    expect((await followNotice(services, done as Response)).notice?.key).toBe("bookings:handover.done.check-in");
    const after = dataOf(await settle(() => rentalLoader({ request: authedRequest(path, owner.cookie), params: { id: booking.id }, context: context() }))).detail;
    expect(after.handover.checkIn).toMatchObject({ by: "owner", licenceSeen: true });
    expect(after.licence).toMatchObject({ type: "pnb", number: "PNB-9" });
  });
});

describe("/ajustes/mi-titulacion", () => {
  const path = "/ajustes/mi-titulacion";
  const post = (fields: Record<string, string>, cookie: string, photoBytes?: Uint8Array) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (photoBytes) form.append("licencePhoto", new Blob([photoBytes as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), "l.jpg");
    return settle(() => settingsAction({ request: authedRequest(path, cookie, { method: "POST", body: form }), params: {}, context: context() }));
  };
  it("saves, changes and removes the person's licence; refuses a bad one translated; signed out goes to sign in", async () => {
    const person = await createTestUser(services);
    expect(statusOf(await settle(() => settingsLoader({ request: pageRequest(path), params: {}, context: context() })))).toBe(302);
    const refused = await post({ intent: "save", licenceType: "pnb", licenceNumber: "PNB-3", licenceExpiresOn: "2040-01-01" }, person.cookie);
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused)).toMatchObject({ message: "Añade una foto de tu titulación.", errors: { photo: "Añade una foto de tu titulación." } });
    const saved = await post({ intent: "save", licenceType: "pnb", licenceNumber: "PNB-3", licenceExpiresOn: "2040-01-01" }, person.cookie, await licenceJpeg());
    expect((await followNotice(services, saved as Response)).notice?.key).toBe("licences:settings.saved");
    const page = dataOf(await settingsLoader({ request: authedRequest(path, person.cookie), params: {}, context: context() }));
    expect(page.licence).toMatchObject({ type: "pnb", number: "PNB-3", expiresOn: "2040-01-01" });
    expect(page.licence.photoUrl).toContain(`/resources/my-licence-photo/${person.uid}/`);
    expect(statusOf(await post({ intent: "save", licenceType: "per", licenceNumber: "PER-3", licenceExpiresOn: "2041-01-01" }, person.cookie))).toBe(303);
    expect(await services.licences.get(person.uid)).toMatchObject({ type: "per", number: "PER-3" });
    const json = await settle(() => settingsAction({ request: authedRequest(path, person.cookie, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }), params: {}, context: context() }));
    expect(statusOf(json)).toBe(415);
    const removed = await post({ intent: "remove" }, person.cookie);
    expect((await followNotice(services, removed as Response)).notice?.key).toBe("licences:settings.removed");
    expect(await services.licences.get(person.uid)).toBeNull();
  });
});
