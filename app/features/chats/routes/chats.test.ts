import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import { formatDay } from "#app/features/bookings/view";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action as boatAction } from "#app/features/listings/routes/boat-detail";
import { action as dockAction } from "#app/features/listings/routes/dock-detail";
import { loader as rootLoader } from "#app/root";
import { action as chatAction, loader as chatLoader } from "./chat";
import { loader as messagesLoader } from "./messages";
import { loader as aliasLoader } from "./messages-alias";
import { action as reservationAction, loader as reservationLoader } from "#app/features/bookings/routes/reservation";
import { action as rentalAction } from "#app/features/bookings/routes/rental";

/**
 * Conversations through their pages, with real Requests on the embedded backend: the contact
 * form of boat and dock pages, the conversation page and its reply form, /mensajes and its old
 * address, and every guard — visitors sign in, strangers get a 404, the owner cannot write to
 * themselves, bad messages are 400s with the text kept.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Olga Owner" });
  renter = await createTestUser(services, { displayName: "Rita Renter" });
  stranger = await createTestUser(services, { displayName: "Sergio Stranger" });
});
afterAll(() => services.close());

const context = () => loadContext(services);
const location = (result: unknown) => (result instanceof Response ? result.headers.get("Location") : null);

const contact = (id: string, fields: Record<string, string>, cookie?: string, lang = "") =>
  settle(() => boatAction({ request: formPost(`${lang}/boat/${id}`, fields, cookie), params: { id }, context: context() }));
const openChat = (chatId: string, cookie: string, query = "") => settle(() => chatLoader({ request: authedRequest(`/chat/${chatId}${query}`, cookie), params: { chatId }, context: context() }));
const reply = (chatId: string, fields: Record<string, string>, cookie: string, lang = "") =>
  settle(() => chatAction({ request: formPost(`${lang}/chat/${chatId}`, fields, cookie), params: { chatId }, context: context() }));
const chatIdOf = (result: unknown) => /\/chat\/([A-Za-z0-9]+)#responder$/.exec(location(result) ?? "")?.[1] ?? "";
const textOf = (parts: Array<{ text?: string; hidden?: string }>) => parts.map((part) => part.text ?? `[${part.hidden}]`).join("");

describe("contact the owner", () => {
  it("opens the conversation about the boat and continues it the second time", async () => {
    const boat = await createBoat(services, owner.uid);
    const first = await contact(boat.id, { intent: "contact", message: "Hola, ¿está libre el 12 de julio?" }, renter.cookie);
    expect(statusOf(first)).toBe(303);
    const chatId = chatIdOf(first);
    expect(chatId).toMatch(/^[A-Za-z0-9]{20}$/);
    const again = await contact(boat.id, { intent: "contact", message: "Somos cuatro." }, renter.cookie, "/en");
    expect(location(again)).toBe(`/en/chat/${chatId}#responder`);
    const page = dataOf(await openChat(chatId, owner.cookie));
    expect(page.messages.map((m: { parts: [] }) => textOf(m.parts))).toEqual(["Hola, ¿está libre el 12 de julio?", "Somos cuatro."]);
    expect(page.other.name).toBe("Rita Renter");
    expect(page.listing.to).toBe(`/boat/${boat.id}`);
  });

  it("works from a dock's page too (a buyer writing to the seller)", async () => {
    const dock = await createDock(services, owner.uid, { kind: "sale" });
    const result = await settle(() => dockAction({ request: formPost(`/dock/${dock.id}`, { intent: "contact", message: "¿Se puede visitar?" }, renter.cookie), params: { id: dock.id }, context: context() }));
    expect(statusOf(result)).toBe(303);
    const page = dataOf(await openChat(chatIdOf(result), owner.cookie));
    expect(page.messages).toHaveLength(1);
  });

  it("refuses visitors, the owner, empty and too long messages, unpublished listings and forged forms", async () => {
    const boat = await createBoat(services, owner.uid);
    const draft = await createBoat(services, owner.uid, { status: "draft" });
    const visitor = await contact(boat.id, { intent: "contact", message: "hola" });
    expect(statusOf(visitor)).toBe(302);
    expect(location(visitor)).toBe(`/login?redirect=${encodeURIComponent(`/boat/${boat.id}`)}`);

    const self = await contact(boat.id, { intent: "contact", message: "hola" }, owner.cookie, "/fr");
    expect(statusOf(self)).toBe(409);
    expect(dataOf(self).contact).toEqual({ errors: ["C’est votre propre annonce : vous ne pouvez pas vous écrire à vous-même."], text: "hola" });

    const empty = await contact(boat.id, { intent: "contact", message: "   " }, renter.cookie, "/de");
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty).contact.errors).toEqual(["Schreiben Sie Ihre Nachricht."]);
    const long = await contact(boat.id, { intent: "contact", message: "x".repeat(2001) }, renter.cookie, "/en");
    expect(statusOf(long)).toBe(400);
    expect(dataOf(long).contact).toMatchObject({ errors: ["A message can be at most 2000 characters long."] });
    expect(dataOf(long).contact.text).toHaveLength(2001);

    expect(statusOf(await contact(draft.id, { intent: "contact", message: "hola" }, renter.cookie))).toBe(404);
    expect(statusOf(await contact("nope", { intent: "contact", message: "hola" }, renter.cookie))).toBe(404);
    expect(statusOf(await contact(boat.id, { intent: "other", message: "hola" }, renter.cookie))).toBe(400);
    expect(statusOf(await contact(boat.id, { intent: "contact" }, renter.cookie))).toBe(400);
    // Nothing was written by any of these.
    expect(await services.chats.list(renter.uid).then((list) => list.filter((m) => m.listingId === boat.id || m.listingId === draft.id))).toEqual([]);
  });
});

describe("the chat forms read their bodies through the body gate and one schema", () => {
  const raw = (path: string, cookie: string, headers: Record<string, string>, body: BodyInit) =>
    authedRequest(path, cookie, { method: "POST", headers, body });

  it("contact the owner: a body no form sends is a translated 400, a missing message its field's message", async () => {
    const boat = await createBoat(services, owner.uid);
    const utf8 = await settle(() =>
      boatAction({ request: raw(`/en/boat/${boat.id}`, renter.cookie, { "Content-Type": "application/x-www-form-urlencoded" }, new Uint8Array([0x6d, 0x65, 0x73, 0x73, 0x61, 0x67, 0x65, 0x3d, 0xff, 0xfe])), params: { id: boat.id }, context: context() }),
    );
    expect(statusOf(utf8)).toBe(400);
    expect(JSON.stringify(dataOf(utf8))).toContain("could not read what was sent");
    const missing = await contact(boat.id, { intent: "contact" }, renter.cookie, "/en");
    expect(statusOf(missing)).toBe(400);
    expect(dataOf(missing).contact).toEqual({ errors: ["Write your message."], text: "" });
    const forged = await contact(boat.id, { intent: "other", message: "hola" }, renter.cookie, "/en");
    expect(dataOf(forged).contact).toEqual({ errors: ["We did not understand the form. Reload the page and try again."], text: "hola" });
    expect(await services.chats.list(renter.uid).then((list) => list.filter((m) => m.listingId === boat.id))).toEqual([]);
  });

  it("the conversation: thousands of fields are a 413; an empty reply keeps its 400, a stranger still gets the 404", async () => {
    const boat = await createBoat(services, owner.uid);
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "Hola" }, renter.cookie));
    const fields = await settle(() =>
      chatAction({ request: raw(`/chat/${chatId}`, owner.cookie, { "Content-Type": "application/x-www-form-urlencoded" }, Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&")), params: { chatId }, context: context() }),
    );
    expect(statusOf(fields)).toBe(413);
    const missing = await reply(chatId, { intent: "send" }, owner.cookie, "/fr");
    expect(statusOf(missing)).toBe(400);
    expect(dataOf(missing)).toEqual({ errors: ["Écrivez votre message."], text: "" });
    expect(statusOf(await reply(chatId, { intent: "send", text: "" }, stranger.cookie))).toBe(404);
    expect(statusOf(await reply(chatId, { intent: "read" }, stranger.cookie))).toBe(404);
    expect(dataOf(await openChat(chatId, renter.cookie)).messages).toHaveLength(1);
  });
});

describe("/chat/{chatId}", () => {
  it("is for its two people only: sign-in for visitors, 404 for anyone else, in the loader and the action", async () => {
    const boat = await createBoat(services, owner.uid);
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "Hola" }, renter.cookie));
    const visitor = await settle(() => chatLoader({ request: pageRequest(`/chat/${chatId}`), params: { chatId }, context: context() }));
    expect(statusOf(visitor)).toBe(302);
    expect(location(visitor)).toBe(`/login?redirect=${encodeURIComponent(`/chat/${chatId}`)}`);
    expect(statusOf(await openChat(chatId, stranger.cookie))).toBe(404);
    expect(statusOf(await openChat("doesnotexist", renter.cookie))).toBe(404);
    expect(statusOf(await openChat("../../etc", renter.cookie))).toBe(404);
    expect(statusOf(await reply(chatId, { intent: "send", text: "Me cuelo" }, stranger.cookie))).toBe(404);
    const visitorPost = await settle(() => chatAction({ request: formPost(`/chat/${chatId}`, { intent: "send", text: "hola" }), params: { chatId }, context: context() }));
    expect(statusOf(visitorPost)).toBe(302);
    // The stranger's attempt left nothing behind.
    expect(dataOf(await openChat(chatId, renter.cookie)).messages).toHaveLength(1);
  });

  it("never writes on a GET: opening the conversation, its older pages and reloads leave it unread", async () => {
    const boat = await createBoat(services, owner.uid);
    const writer = await createTestUser(services, { displayName: "Gema Get" });
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "¿Está libre en agosto?" }, writer.cookie));
    const before = await services.chats.unreadCount(owner.uid);
    const [member] = (await services.chats.list(owner.uid)).filter((m) => m.chatId === chatId);
    expect(member).toMatchObject({ unread: true, readSeq: 0 });
    for (const query of ["", "", "?antes=2"]) await openChat(chatId, owner.cookie, query);
    expect(dataOf(await openChat(chatId, owner.cookie)).unread).toBe(true);
    expect(await services.chats.unreadCount(owner.uid)).toBe(before);
    const [after] = (await services.chats.list(owner.uid)).filter((m) => m.chatId === chatId);
    expect(after).toMatchObject({ unread: true, readSeq: 0 });
    // The writer's side shows no receipt either.
    expect(dataOf(await openChat(chatId, writer.cookie)).otherReadSeq).toBe(0);
  });

  it("marks a conversation read only for one of its two people (404 for anyone else, sign-in for visitors)", async () => {
    const boat = await createBoat(services, owner.uid);
    const writer = await createTestUser(services, { displayName: "Rosa Read" });
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "Hola, ¿puedo verlo?" }, writer.cookie));
    const before = await services.chats.unreadCount(owner.uid);
    expect(statusOf(await reply(chatId, { intent: "read" }, stranger.cookie))).toBe(404);
    const visitor = await settle(() => chatAction({ request: formPost(`/chat/${chatId}`, { intent: "read" }), params: { chatId }, context: context() }));
    expect(statusOf(visitor)).toBe(302);
    expect(await services.chats.unreadCount(owner.uid)).toBe(before);
    // The writer marking it read changes nothing of the owner's.
    expect(dataOf(await reply(chatId, { intent: "read" }, writer.cookie))).toEqual({ read: true });
    expect(await services.chats.unreadCount(owner.uid)).toBe(before);
    // The owner, from the form without JavaScript: read, and back to the page (a GET after the POST).
    const read = await reply(chatId, { intent: "read", then: "page" }, owner.cookie, "/en");
    expect(statusOf(read)).toBe(303);
    expect(location(read)).toBe(`/en/chat/${chatId}#responder`);
    expect(await services.chats.unreadCount(owner.uid)).toBe(before - 1);
    expect(dataOf(await openChat(chatId, writer.cookie)).otherReadSeq).toBe(1);
  });

  it("hides the email and phone a new person writes, for both; the owner answers; receipts and unread counts follow", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const newcomer = await createTestUser(services, { displayName: "Nuria Nueva" });
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "Escríbeme a nuria.nueva@gmail.com o llama al 612 34 56 78." }, newcomer.cookie));

    // The owner's header counts the unread conversation; /mensajes shows it, masked.
    const root = dataOf(await rootLoader({ request: authedRequest("/", owner.cookie), params: {}, context: context() }));
    const unreadBefore = await services.chats.unreadCount(owner.uid);
    expect(root.user.unreadChats).toBe(unreadBefore);
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    const inbox = dataOf(await settle(() => messagesLoader({ request: authedRequest("/mensajes", owner.cookie), params: {}, context: context() })));
    const listed = inbox.conversations.find((c: { id: string }) => c.id === chatId);
    expect(listed).toMatchObject({ unread: true, other: { name: "Nuria Nueva" }, last: { mine: false, text: "Escríbeme a [correo oculto] o llama al [teléfono oculto]." } });

    const ownerView = dataOf(await openChat(chatId, owner.cookie));
    expect(ownerView.shared).toBe(false);
    expect(ownerView.messages[0].parts).toEqual([{ text: "Escríbeme a " }, { hidden: "email" }, { text: " o llama al " }, { hidden: "phone" }, { text: "." }]);
    // Opening it (a GET) reads only: the page offers the read intent, which marks it read.
    expect(ownerView.unread).toBe(true);
    expect(await services.chats.unreadCount(owner.uid)).toBe(unreadBefore);
    expect(dataOf(await reply(chatId, { intent: "read" }, owner.cookie))).toEqual({ read: true });
    expect(await services.chats.unreadCount(owner.uid)).toBe(unreadBefore - 1);
    expect(dataOf(await openChat(chatId, owner.cookie)).unread).toBe(false);
    const writerView = dataOf(await openChat(chatId, newcomer.cookie));
    expect(textOf(writerView.messages[0].parts)).toBe("Escríbeme a [email] o llama al [phone].");
    expect(writerView.otherReadSeq).toBe(1);

    const answered = await reply(chatId, { intent: "send", text: "¡Hola Nuria! Sí, está libre. Mi número es +34 699 11 22 33" }, owner.cookie);
    expect(statusOf(answered)).toBe(303);
    expect(location(answered)).toBe(`/chat/${chatId}#responder`);
    const newcomerInbox = dataOf(await settle(() => messagesLoader({ request: authedRequest("/en/mensajes", newcomer.cookie), params: {}, context: context() })));
    expect(newcomerInbox.conversations[0]).toMatchObject({ id: chatId, unread: true, listing: expect.any(String), last: { mine: false, text: "¡Hola Nuria! Sí, está libre. Mi número es [phone hidden]" } });

    // A confirmed booking 40 days ahead would still refund the whole rental if cancelled (moderate: until 10 days before): still hidden.
    const later = addDays(today(new Date()), 40);
    const far = await services.bookings.book({ uid: newcomer.uid, lang: "es" }, boat.id, { start: later, end: later, part: null, people: 2, withSkipper: false });
    expect(far.status).toBe("confirmed");
    expect(dataOf(await openChat(chatId, owner.cookie)).shared).toBe(false);
    // A confirmed trip 5 days ahead would refund only half the rental: everything shows, earlier messages too.
    const start = addDays(today(new Date()), 5);
    const near = await services.bookings.book({ uid: newcomer.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    const after = dataOf(await openChat(chatId, owner.cookie));
    expect(after.shared).toBe(true);
    // /mensajes shows the last message whole to both of them (the owner's bookings as owner, the renter's as renter).
    const inboxOf = async (cookie: string) => dataOf(await settle(() => messagesLoader({ request: authedRequest("/mensajes", cookie), params: {}, context: context() })));
    for (const cookie of [owner.cookie, newcomer.cookie]) {
      expect((await inboxOf(cookie)).conversations.find((c: { id: string }) => c.id === chatId).last.text).toBe("¡Hola Nuria! Sí, está libre. Mi número es +34 699 11 22 33");
    }
    expect(after.messages.map((m: { parts: [] }) => textOf(m.parts))).toEqual([
      "Escríbeme a nuria.nueva@gmail.com o llama al 612 34 56 78.",
      "¡Hola Nuria! Sí, está libre. Mi número es +34 699 11 22 33",
    ]);
    // Cancelled: hidden again.
    await services.bookings.act(near.id, newcomer.uid, "renter", "cancel");
    const cancelled = dataOf(await openChat(chatId, owner.cookie));
    expect(cancelled.shared).toBe(false);
    expect(textOf(cancelled.messages[0].parts)).toBe("Escríbeme a [email] o llama al [phone].");
  });

  it("shows the page with disguised and split contact details masked, the rest as typed", async () => {
    const boat = await createBoat(services, owner.uid);
    const writer = await createTestUser(services, { displayName: "Eva Evasiva" });
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "Hola, somos 4 para el 12/06/2027 a las 10:30. ¿450 € por día?" }, writer.cookie));
    for (const text of ["mi número es ６１２ ３４５", "678, o insta @eva_boats", "o escríbeme: e v a b o a t s @ g m a i l . c o m"]) {
      expect(statusOf(await reply(chatId, { intent: "send", text }, writer.cookie))).toBe(303);
    }
    const page = dataOf(await openChat(chatId, owner.cookie));
    expect(page.shared).toBe(false);
    expect(page.messages.map((m: { parts: [] }) => textOf(m.parts))).toEqual([
      "Hola, somos 4 para el 12/06/2027 a las 10:30. ¿450 € por día?",
      "mi número es [phone]",
      "[phone], o [handle]",
      "o escríbeme: [email]",
    ]);
  });

  it("answers bad replies with a translated 400 that keeps the text, and refuses bodies no form sends", async () => {
    const boat = await createBoat(services, owner.uid);
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "Hola" }, renter.cookie));
    const empty = await reply(chatId, { intent: "send", text: "\n\n" }, owner.cookie, "/en");
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty).errors).toEqual(["Write your message."]);
    const long = await reply(chatId, { intent: "send", text: "ä".repeat(2001) }, owner.cookie);
    expect(statusOf(long)).toBe(400);
    expect(dataOf(long).text).toHaveLength(2001);
    expect(statusOf(await reply(chatId, { intent: "delete", text: "x" }, owner.cookie))).toBe(400);
    const json = await settle(() =>
      chatAction({ request: authedRequest(`/chat/${chatId}`, owner.cookie, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }), params: { chatId }, context: context() }),
    );
    expect(statusOf(json)).toBe(415);
    expect(dataOf(await openChat(chatId, renter.cookie)).messages).toHaveLength(1);
  });

  it("pages a long conversation: the newest 20 at the bottom, older ones behind a link", async () => {
    const boat = await createBoat(services, owner.uid);
    const { chatId } = await services.chats.start(renter.uid, { listingId: boat.id, text: "1" });
    for (let i = 2; i <= 120; i += 1) await services.chats.send(i % 3 ? renter.uid : owner.uid, chatId, String(i));
    const latest = dataOf(await openChat(chatId, owner.cookie));
    expect(latest.messages.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(latest.olderBefore).toBe(101);
    const older = dataOf(await openChat(chatId, owner.cookie, "?before=101"));
    expect(older.messages[0].seq).toBe(81);
    expect(older.latest).toBe(false);
    const oldest = dataOf(await openChat(chatId, owner.cookie, "?antes=21") /* the older word, in emails already sent */);
    expect(oldest.messages.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(oldest.olderBefore).toBeNull();
  });

  it("slows a person down after 60 messages in 10 minutes (429, translated)", async () => {
    const boat = await createBoat(services, owner.uid);
    const chatty = await createTestUser(services);
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "0" }, chatty.cookie));
    for (let i = 1; i < 60; i += 1) expect(statusOf(await reply(chatId, { intent: "send", text: String(i) }, chatty.cookie))).toBe(303);
    const limited = await reply(chatId, { intent: "send", text: "one too many" }, chatty.cookie, "/en");
    expect(statusOf(limited)).toBe(429);
    expect(dataOf(limited).errors).toEqual(["You have sent too many messages in a row. Wait a few minutes and try again."]);
  });
});

describe("when contact details will show", () => {
  const notice = (result: unknown) => String(dataOf(result).contactNotice).replace(/\s/g, " ");

  it("tells both people, in their language, the day and time a confirmed booking will show them; before it, what it takes", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    // Flexible: the whole rental back until the day before the trip (docs/PRODUCT.md).
    await services.listings.saveStep(owner.uid, boat.id, "conditions", { licence: "pnb", fuelPolicy: "not-included-return-full", instantBooking: true, cancellationPolicy: "flexible" });
    const onRequest = await createBoat(services, owner.uid);
    const writer = await createTestUser(services, { displayName: "Clara Cuándo" });
    const chatId = chatIdOf(await contact(boat.id, { intent: "contact", message: "¿Me pasas tu móvil? El mío es el 612 34 56 78." }, writer.cookie));

    const waiting = "Por tu seguridad, los correos, teléfonos y cuentas de mensajería que se escriban aquí se ocultan hasta que tengáis una reserva confirmada que ya no se pueda cancelar con el reembolso completo del alquiler. Amarre aún no cobra en línea: el alquiler se paga directamente al propietario al empezar el viaje, nunca antes.";
    expect(notice(await openChat(chatId, owner.cookie))).toBe(waiting);
    // A request shows nothing and promises nothing.
    const requested = await services.bookings.book({ uid: writer.uid, lang: "es" }, onRequest.id, { start: addDays(today(new Date()), 20), end: addDays(today(new Date()), 20), part: null, people: 2, withSkipper: false });
    expect(requested.status).toBe("pending");
    expect(notice(await openChat(chatId, writer.cookie))).toBe(waiting);

    // Booked 3 days ahead (4 when the night before is a change of the clocks, always a Sunday's).
    let start = addDays(today(new Date()), 3);
    if (new Date(`${addDays(start, -1)}T12:00:00Z`).getUTCDay() === 0) start = addDays(start, 1);
    const booked = await services.bookings.book({ uid: writer.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect(booked).toMatchObject({ status: "confirmed", cancellationPolicy: "flexible" });
    // Midnight in Madrid, the day before the trip: when cancelling stops giving the rental back.
    const dayBefore = addDays(start, -1);
    const ownerView = await openChat(chatId, owner.cookie);
    expect(dataOf(ownerView).shared).toBe(false);
    expect(notice(ownerView)).toBe(
      `Los datos de contacto se mostrarán el ${formatDay(dayBefore, "es", "long")} a las 00:00, cuando cancelar vuestra reserva ya no devuelva el alquiler completo. Hasta entonces, los correos, teléfonos y cuentas de mensajería que se escriban aquí se ocultan. Amarre aún no cobra en línea: el alquiler se paga directamente al propietario al empezar el viaje, nunca antes.`,
    );
    const open = (lang: string) => settle(() => chatLoader({ request: authedRequest(`${lang}/chat/${chatId}`, writer.cookie), params: { chatId }, context: context() }));
    expect(notice(await open("/en"))).toBe(
      `Contact details will show on ${formatDay(dayBefore, "en", "long")} at 12:00 AM, when cancelling your booking will no longer refund the whole rental. Until then, email addresses, phone numbers and messenger accounts written here stay hidden. Amarre does not take payments online yet: the rental is paid directly to the owner when the trip starts, never before.`,
    );
    expect(notice(await open("/fr"))).toBe(
      `Les coordonnées s’afficheront le ${formatDay(dayBefore, "fr", "long")} à 00:00, quand l’annulation de votre réservation ne remboursera plus la totalité de la location. D’ici là, les e-mails, numéros de téléphone et comptes de messagerie écrits ici restent masqués. Amarre n’encaisse pas encore en ligne : la location se paie directement au propriétaire au début de la sortie, jamais avant.`,
    );
    expect(notice(await open("/de"))).toBe(
      `Kontaktdaten werden am ${formatDay(dayBefore, "de", "long")} um 00:00 Uhr angezeigt, wenn eine Stornierung Ihrer Buchung nicht mehr die ganze Miete erstattet. Bis dahin bleiben E-Mail-Adressen, Telefonnummern und Messenger-Konten, die hier geschrieben werden, verborgen. Amarre nimmt noch keine Zahlungen online entgegen: Die Miete wird zu Beginn der Fahrt direkt an den Eigentümer gezahlt, nie vorher.`,
    );
    expect(textOf(dataOf(ownerView).messages[0].parts)).toBe("¿Me pasas tu móvil? El mío es el [phone].");

    // Cancelled: back to what it takes.
    await services.bookings.act(booked.id, writer.uid, "renter", "cancel");
    expect(notice(await openChat(chatId, owner.cookie))).toBe(waiting);
  });
});

describe("a booking's page", () => {
  it("lets each side write to the other about the booking, in the same conversation as the listing's; nobody else", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    // Six days ahead (moderate): cancelling would refund only half the rental, so contact details show.
    const start = addDays(today(new Date()), 6);
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    const params = { id: booking.id };
    const before = dataOf(await reservationLoader({ request: authedRequest(`/ajustes/mis-reservas/${booking.id}`, renter.cookie), params, context: context() }));
    expect(before.detail.chat.open).toBe(false);
    const empty = await settle(() => reservationAction({ request: formPost(`/ajustes/mis-reservas/${booking.id}`, { intent: "message", message: " " }, renter.cookie), params, context: context() }));
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty).refusal.message).toBe("Escribe tu mensaje.");
    const sent = await settle(() => reservationAction({ request: formPost(`/ajustes/mis-reservas/${booking.id}`, { intent: "message", message: "¿A qué hora quedamos?" }, renter.cookie), params, context: context() }));
    expect(statusOf(sent)).toBe(303);
    const chatId = chatIdOf(sent);
    const answered = await settle(() => rentalAction({ request: formPost(`/ajustes/gestion-de-alquileres/${booking.id}`, { intent: "message", message: "A las diez. Mi móvil: 600 111 222" }, owner.cookie), params, context: context() }));
    expect(chatIdOf(answered)).toBe(chatId);
    const after = dataOf(await reservationLoader({ request: authedRequest(`/ajustes/mis-reservas/${booking.id}`, renter.cookie), params, context: context() }));
    expect(after.detail.chat).toEqual({ id: chatId, open: true });
    // A confirmed booking that can no longer be cancelled with the whole rental back: the number shows.
    expect(textOf(dataOf(await openChat(chatId, renter.cookie)).messages[1].parts)).toBe("A las diez. Mi móvil: 600 111 222");
    const strangers = await settle(() => reservationAction({ request: formPost(`/ajustes/mis-reservas/${booking.id}`, { intent: "message", message: "hola" }, stranger.cookie), params, context: context() }));
    expect(statusOf(strangers)).toBe(404);
  });
});

describe("/mensajes", () => {
  it("needs a signed-in person and lists only their conversations; /mensajes1 moves there for good", async () => {
    const visitor = await settle(() => messagesLoader({ request: pageRequest("/mensajes"), params: {}, context: context() }));
    expect(statusOf(visitor)).toBe(302);
    const boat = await createBoat(services, owner.uid);
    await contact(boat.id, { intent: "contact", message: "Hola" }, renter.cookie);
    const strangers = dataOf(await settle(() => messagesLoader({ request: authedRequest("/mensajes", stranger.cookie), params: {}, context: context() })));
    expect(strangers.conversations).toEqual([]);
    const alias = await settle(() => aliasLoader({ request: pageRequest("/fr/mensajes1?x=1"), params: {}, context: context() }));
    expect(statusOf(alias)).toBe(301);
    expect(location(alias)).toBe("/fr/mensajes?x=1");
  });
});
