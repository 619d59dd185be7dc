import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement } from "react";
import { addDays, createBookingsService, today } from "#app/features/bookings/.server";
import { getFixedT } from "#app/.server/i18n";
import { createRecordedPayments } from "#app/.server/payments";
import type { Services } from "#app/.server/services";
import { languages, localizePath } from "#app/i18n";
import { action as chatAction, loader as chatLoader } from "#app/features/chats/routes/chat";
import { action as exportAction } from "#app/features/privacy/routes/privacy-export";
import { drawnAt, textOf } from "#tests/drawn";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as invoicesLoader } from "#app/features/invoices/routes/invoices";
import { action, loader, PrivacyPage } from "./privacy";

/**
 * /ajustes/privacidad against the embedded store with real Requests: the page in four languages,
 * the export (own data, never another person's secrets) and the deletion (refusals that change
 * nothing; then sign-in refused at once, the other side's messages, invoices and bookings).
 */
let services: Services;
const context = () => loadContext(services);
const day = (n: number) => addDays(today(new Date()), n);
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const exportAs = (cookie: string | null, lang = "es") =>
  settle(() => exportAction({ request: formPost("/resources/mis-datos", { intent: "export-data", lang }, cookie ?? undefined), params: {}, context: context() }));
const deleteAs = (cookie: string, fields: Record<string, string>, lang = "") =>
  settle(() => action({ request: formPost(`${lang}/ajustes/privacidad`, { intent: "delete-account", ...fields }, cookie), params: {}, context: context() }));
const book = (renterUid: string, boatId: string, start: number, end = start) =>
  services.bookings.book({ uid: renterUid, lang: "es" }, boatId, { start: day(start), end: day(end), part: null, people: 2, withSkipper: false });

describe("/ajustes/privacidad", () => {
  it("sends visitors to sign in, from the page and from the export", async () => {
    const page = await settle(() => loader({ request: pageRequest("/ajustes/privacidad"), params: {}, context: context() }));
    expect(statusOf(page)).toBe(302);
    expect((page as Response).headers.get("Location")).toBe("/login?redirect=%2Fajustes%2Fprivacidad");
    const file = await exportAs(null, "en");
    expect(statusOf(file)).toBe(303);
    expect((file as Response).headers.get("Location")).toBe("/en/login?redirect=%2Fen%2Fajustes%2Fprivacidad");
  });

  it("is in every language: its title, and its two forms posting to the page's own address and to the export with the language", async () => {
    const person = await createTestUser(services);
    for (const { code } of languages) {
      const path = localizePath("/ajustes/privacidad", code);
      const t = getFixedT(code, "settings");
      const data = dataOf(await settle(() => loader({ request: authedRequest(path, person.cookie), params: {}, context: context() })));
      expect(data.meta.title).toBe(t("privacy.meta.title"));
      expect(data.blocked).toBeNull();
      const html = await drawnAt(path, createElement(PrivacyPage, { blocked: null, refusal: null }));
      expect(html).toContain(`action="${path}"`);
      expect(html).toContain('action="/resources/mis-datos"');
      expect(html).toContain(`name="lang" value="${code}"`);
      expect(html).toContain('name="intent" value="export-data"');
      expect(html).toContain('name="intent" value="delete-account"');
      const text = textOf(html);
      for (const key of ["privacy.title", "privacy.export.submit", "privacy.delete.submit", "privacy.delete.confirm", "privacy.delete.what.messages"]) expect(text).toContain(t(key));
    }
    expect(getFixedT("en", "settings")("privacy.delete.submit")).not.toBe(getFixedT("es", "settings")("privacy.delete.submit"));
  });

  it("exports the person's own data as a file, and of the other side only what the product shows", async () => {
    const owner = await createOwner(services, { displayName: "Olga Exporta" });
    const renter = await createTestUser(services, { displayName: "Rita Exporta" });
    const boat = await createBoat(services, owner.uid, { instantBooking: true, title: "Velero Exportado" });
    const booking = await book(renter.uid, boat.id, 30);
    await services.chats.start(renter.uid, { listingId: boat.id, text: "¿Hay chalecos para niños?" });
    await services.favourites.add(renter.uid, boat.id);

    const response = (await exportAs(renter.cookie)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="amarre-datos-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const raw = await response.text();
    const file = JSON.parse(raw);
    expect(file.profile).toMatchObject({ uid: renter.uid, email: renter.email, displayName: "Rita Exporta" });
    expect(file.bookings).toEqual([expect.objectContaining({ id: booking.id, reference: booking.reference, role: "renter", otherParty: { role: "owner", name: "Olga Exporta" } })]);
    expect(file.bookings[0].money.lines.length).toBeGreaterThan(0);
    expect(file.conversations).toEqual([expect.objectContaining({ with: "Olga Exporta", messages: [expect.objectContaining({ from: "me", text: "¿Hay chalecos para niños?" })] })]);
    expect(file.favourites).toEqual([expect.objectContaining({ listingId: boat.id })]);
    // The emails Amarre sent them: the booking's confirmation among them.
    expect(file.emails.length).toBeGreaterThan(0);
    expect(file.emails).toContainEqual(expect.objectContaining({ subject: expect.stringContaining("Velero Exportado"), read: false }));
    expect(file.invoices).toEqual([expect.objectContaining({ side: "received", buyer: "Rita Exporta", pdf: expect.stringMatching(/\/resources\/invoice\//) })]);
    // Never a secret of the person's, nor the owner's private details (email, ID document, IBAN, phone).
    for (const secret of ["passwordHash", "scrypt", PASSWORD, owner.email, "12345678Z", "ES9121000418450200051332", "+34 600 000 000"]) expect(raw).not.toContain(secret);

    // The owner's own file holds their lessor details as stored, the listing, the booking from their
    // side and the calendar feed's address once made (an export never makes one).
    const before = JSON.parse(await ((await exportAs(owner.cookie, "en")) as Response).text());
    expect(before.calendars).toEqual([expect.objectContaining({ listingId: boat.id, feed: null })]);
    await services.bookings.feedToken(owner.uid, boat.id);
    const mine = JSON.parse(await ((await exportAs(owner.cookie, "en")) as Response).text());
    expect(mine.lessor).toMatchObject({ iban: "ES9121000418450200051332", idDocument: "12345678Z" });
    expect(mine.listings).toEqual([expect.objectContaining({ id: boat.id, status: "published" })]);
    expect(mine.bookings).toEqual([expect.objectContaining({ id: booking.id, role: "owner", otherParty: { role: "renter", name: "Rita Exporta" } })]);
    expect(mine.calendars[0].feed).toMatch(new RegExp(`/ical/${boat.id}/[A-Za-z0-9_-]{32}\\.ics$`));
    expect(mine.profile.email).toBe(owner.email);
    expect(JSON.stringify(mine)).not.toContain(renter.email);
  });

  it("refuses a wrong password or no confirmation with field messages, and changes nothing", async () => {
    const person = await createTestUser(services);
    const wrong = await deleteAs(person.cookie, { currentPassword: "not-my-password", confirm: "on" }, "/en");
    expect(statusOf(wrong)).toBe(400);
    expect(dataOf(wrong).fieldErrors.currentPassword).toEqual([getFixedT("en", "settings")("privacy.delete.errors.wrongPassword")]);
    // The box comes back ticked; the password never comes back.
    expect(dataOf(wrong).confirmed).toBe(true);
    expect(JSON.stringify(dataOf(wrong))).not.toContain("not-my-password");
    const unconfirmed = await deleteAs(person.cookie, { currentPassword: PASSWORD });
    expect(statusOf(unconfirmed)).toBe(400);
    expect(dataOf(unconfirmed).fieldErrors.confirm).toEqual([getFixedT("es", "settings")("privacy.delete.errors.confirm")]);
    expect(await services.users.get(person.uid)).not.toBeNull();
    await expect(services.accounts.signIn(person.email, PASSWORD)).resolves.toMatchObject({ uid: person.uid });
  });

  it("refuses while a trip is under way, with the reason on the page and in the answer (409)", async () => {
    const owner = await createOwner(services, { displayName: "Olga Viaje" });
    const renter = await createTestUser(services, { displayName: "Rita Viaje" });
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    // Booked ten days ago, from yesterday to tomorrow: under way now.
    const past = createBookingsService({ store: services.store, listings: services.listings, payments: createRecordedPayments(), now: () => new Date(Date.now() - 10 * 86_400_000) });
    const trip = await past.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(-1), end: day(1), part: null, people: 2, withSkipper: false });
    for (const person of [renter, owner]) {
      const refused = await deleteAs(person.cookie, { currentPassword: PASSWORD, confirm: "on" });
      expect(statusOf(refused)).toBe(409);
      expect(dataOf(refused).formErrors).toEqual([getFixedT("es", "settings")("privacy.delete.refused.trip-under-way", { reference: trip.reference })]);
      const page = dataOf(await settle(() => loader({ request: authedRequest("/de/ajustes/privacidad", person.cookie), params: {}, context: context() })));
      expect(page.blocked).toBe(getFixedT("de", "settings")("privacy.delete.refused.trip-under-way", { reference: trip.reference }));
    }
    expect((await services.bookings.getFor(trip.id, renter.uid))?.booking.status).toBe("confirmed");
    await expect(services.accounts.signIn(renter.email, PASSWORD)).resolves.toMatchObject({ uid: renter.uid });
  });

  it("deletes a renter: signed out at once, sign-in refused; the owner keeps the messages (from a deleted account), the invoices with the name, and is told of the cancellation", async () => {
    const owner = await createOwner(services, { displayName: "Olga Queda" });
    const renter = await createTestUser(services, { displayName: "Rita Se Va" });
    const boat = await createBoat(services, owner.uid, { instantBooking: true, title: "Llaüt Menorquí" });
    const upcoming = await book(renter.uid, boat.id, 40, 41);
    const { chatId } = await services.chats.start(renter.uid, { listingId: boat.id, text: "Llegaremos a las diez." });
    await services.favourites.add(renter.uid, boat.id);
    const emailsBefore = (await services.mailbox.list(owner.uid)).length;

    const done = (await deleteAs(renter.cookie, { currentPassword: PASSWORD, confirm: "on" }, "/fr")) as Response;
    expect(done.status).toBe(303);
    const landed = await followNotice(services, done);
    expect(landed.location).toBe("/fr/login");
    expect(landed.notice?.text).toBe(getFixedT("fr", "settings")("privacy.deleted"));
    // The cookie the browser held before is refused at once; the old password signs nobody in.
    const old = await settle(() => loader({ request: authedRequest("/ajustes/privacidad", renter.cookie), params: {}, context: context() }));
    expect(statusOf(old)).toBe(302);
    await expect(services.accounts.signIn(renter.email, PASSWORD)).rejects.toMatchObject({ code: "invalid-credential" });
    expect(await services.users.get(renter.uid)).toBeNull();
    expect(await services.favourites.list(renter.uid)).toEqual([]);

    // The upcoming booking was cancelled by the renter's rules, and the owner was told.
    const after = (await services.bookings.getFor(upcoming.id, owner.uid))!.booking;
    expect(after).toMatchObject({ status: "cancelled", cancellation: expect.objectContaining({ by: "renter" }) });
    expect((await services.mailbox.list(owner.uid)).length).toBeGreaterThan(emailsBefore);
    // The conversation stays for the owner, from a deleted account.
    const chat = dataOf(await settle(() => chatLoader({ request: authedRequest(`/chat/${chatId}`, owner.cookie), params: { chatId }, context: context() })));
    expect(chat.other).toMatchObject({ name: "Cuenta eliminada", deleted: true });
    expect(JSON.stringify(chat)).toContain("Llegaremos a las diez.");
    // Nobody would read a reply: refused, the text kept.
    const reply = await settle(() => chatAction({ request: formPost(`/en/chat/${chatId}`, { intent: "send", text: "¿Sigues ahí?" }, owner.cookie), params: { chatId }, context: context() }));
    expect(statusOf(reply)).toBe(409);
    expect(dataOf(reply)).toEqual({ errors: [getFixedT("en", "chats")("chat.deleted")], text: "¿Sigues ahí?" });
    // The owner's invoices still list the booking's, with the renter's name as invoiced.
    const invoices = dataOf(await settle(() => invoicesLoader({ request: authedRequest("/ajustes/facturas", owner.cookie), params: {}, context: context() })));
    expect(invoices.issued.rows.map((row: { party: string }) => row.party)).toContain("Rita Se Va");
  });

  it("deletes an owner: upcoming bookings cancelled by the owner with everything refunded, booked listings archived, the others erased", async () => {
    const owner = await createOwner(services, { displayName: "Olga Cierra" });
    const renter = await createTestUser(services, { displayName: "Rita Pierde" });
    const booked = await createBoat(services, owner.uid, { instantBooking: true });
    const idle = await createBoat(services, owner.uid, { instantBooking: true });
    const upcoming = await book(renter.uid, booked.id, 20);
    const done = await deleteAs(owner.cookie, { currentPassword: PASSWORD, confirm: "on" });
    expect(statusOf(done)).toBe(303);
    const after = (await services.bookings.getFor(upcoming.id, renter.uid))!.booking;
    expect(after).toMatchObject({ status: "cancelled", cancellation: expect.objectContaining({ by: "owner", percent: 100 }) });
    expect((await services.listings.get(booked.id))?.status).toBe("archived");
    expect(await services.listings.get(idle.id)).toBeNull();
    await expect(services.accounts.signIn(owner.email, PASSWORD)).rejects.toMatchObject({ code: "invalid-credential" });
  });
});
