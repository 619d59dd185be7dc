import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { addDays, POLICY_RULES, today } from "#app/features/bookings/.server";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import { createChatsService, type ChatsService } from "./service";
import { createChatNotifier } from "./notifications";
import { deleteField } from "#app/.server/store";
import { CHAT_EMAIL_DELAY_MS, CHAT_MESSAGES, type ChatMember, type ChatMessage } from "./model";
import { isChatError } from "./model";
import type { MessagePart } from "#app/features/chats/chats";

/**
 * The conversations service on the embedded store, with its clock in the test's hand: one
 * conversation per listing and pair, messages numbered without gaps even when written at once,
 * receipts, unread state, and one email per burst of unread messages.
 */
let services: Services;
let clock = new Date("2026-06-01T10:00:00Z");
let emails: Array<{ member: ChatMember; messages: ChatMessage[]; parts: MessagePart[][]; unread: number; shared: boolean }> = [];
let chats: ChatsService;

beforeAll(async () => {
  services = await createTestServices();
  chats = createChatsService({
    store: services.store,
    listings: services.listings,
    contactRevealAt: (a, b, at) => services.bookings.contactRevealAt(a, b, at),
    notify: async (input) => {
      emails.push(input);
    },
    now: () => clock,
  });
});
afterAll(() => services.close());

async function people() {
  const owner = await createOwner(services, { displayName: "Olga Owner" });
  const renter = await createTestUser(services, { displayName: "Rita Renter" });
  const boat = await createBoat(services, owner.uid, { instantBooking: true });
  return { owner, renter, boat };
}

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe("conversations", () => {
  it("opens one conversation per listing and pair, and continues it", async () => {
    const { owner, renter, boat } = await people();
    const first = await chats.start(renter.uid, { listingId: boat.id, text: "¿Está libre en julio?" });
    const second = await chats.start(renter.uid, { listingId: boat.id, text: "Somos cuatro." });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ chatId: first.chatId, created: false });
    // The owner answering from a booking's page lands in the same conversation.
    const answer = await chats.start(owner.uid, { listingId: boat.id, to: renter.uid, text: "Sí, libre." });
    expect(answer.chatId).toBe(first.chatId);
    const page = await chats.page(owner.uid, first.chatId);
    expect(page?.messages.map((m) => [m.seq, m.text])).toEqual([
      [1, "¿Está libre en julio?"],
      [2, "Somos cuatro."],
      [3, "Sí, libre."],
    ]);
    expect((await chats.list(renter.uid)).map((m) => m.chatId)).toContain(first.chatId);
  });

  it("lists a person's conversations the latest first, a page at a time", async () => {
    const renter = await createTestUser(services);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const owner = await createOwner(services);
      const boat = await createBoat(services, owner.uid);
      tick(1_000);
      ids.push((await chats.start(renter.uid, { listingId: boat.id, text: `hola ${i}` })).chatId);
    }
    const first = await chats.list(renter.uid, { limit: 2 });
    expect(first.map((m) => m.chatId)).toEqual([ids[2], ids[1]]);
    const next = await chats.list(renter.uid, { limit: 2, before: first.at(-1)!.lastAt });
    expect(next.map((m) => m.chatId)).toEqual([ids[0]]);
    // A message moves its conversation to the top.
    tick(1_000);
    await chats.send(renter.uid, ids[0]!, "¿sigue libre?");
    expect((await chats.list(renter.uid, { limit: 1 }))[0]?.chatId).toBe(ids[0]);
    expect((await chats.list(renter.uid, { before: "not a date" })).length).toBe(3);
  });

  it("refuses writing to oneself, about a missing listing, empty or too long messages, and strangers", async () => {
    const { owner, renter, boat } = await people();
    const stranger = await createTestUser(services);
    const refusal = (promise: Promise<unknown>) => promise.then(() => "written", (error: unknown) => (isChatError(error) ? error.code : String(error)));
    expect(await refusal(chats.start(owner.uid, { listingId: boat.id, text: "hola" }))).toBe("self");
    expect(await refusal(chats.start(renter.uid, { listingId: "missing", text: "hola" }))).toBe("not-found");
    expect(await refusal(chats.start(renter.uid, { listingId: boat.id, text: "  \n " }))).toBe("invalid");
    expect(await refusal(chats.start(renter.uid, { listingId: boat.id, text: "x".repeat(2001) }))).toBe("invalid");
    // Someone who is not the owner cannot open a conversation between two other people.
    expect(await refusal(chats.start(stranger.uid, { listingId: boat.id, to: renter.uid, text: "hola" }))).toBe("not-found");
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "hola" });
    expect(await refusal(chats.send(stranger.uid, chatId, "hola"))).toBe("not-found");
    expect(await chats.page(stranger.uid, chatId)).toBeNull();
    expect(await chats.markRead(stranger.uid, chatId)).toBe(false);
  });

  it("numbers messages written at the same moment by both people without gaps or ties", async () => {
    const { owner, renter, boat } = await people();
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "0" });
    await Promise.all(Array.from({ length: 20 }, (_, i) => chats.send(i % 2 ? owner.uid : renter.uid, chatId, `m${i}`)));
    const seqs = [];
    let page = await chats.page(renter.uid, chatId);
    expect(page?.messages).toHaveLength(20);
    for (const message of page!.messages) seqs.push(message.seq);
    // A page shows 20 (CHAT_PAGE_SIZE): the first message is on the next one.
    expect(page?.olderBefore).toBe(2);
    seqs.unshift(...(await chats.page(renter.uid, chatId, { before: 2 }))!.messages.map((m) => m.seq));
    expect(seqs).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    page = await chats.page(renter.uid, chatId, { before: 11 });
    expect(page?.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page?.olderBefore).toBeNull();
  });

  it("keeps unread state and read receipts for each side", async () => {
    const { owner, renter, boat } = await people();
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "Hola" });
    expect(await chats.unreadCount(owner.uid)).toBe(1);
    expect(await chats.unreadCount(renter.uid)).toBe(0);
    expect((await chats.member(renter.uid, chatId))?.otherReadSeq).toBe(0);
    expect(await chats.markRead(owner.uid, chatId)).toBe(true);
    expect(await chats.markRead(owner.uid, chatId)).toBe(false);
    expect(await chats.unreadCount(owner.uid)).toBe(0);
    // The renter's side now knows the owner has read message 1.
    expect((await chats.member(renter.uid, chatId))?.otherReadSeq).toBe(1);
  });

  it("sends one email for a burst of unread messages, none if they were read in time", async () => {
    const { owner, renter, boat } = await people();
    // What the other tests left unread goes first.
    tick(CHAT_EMAIL_DELAY_MS + 1);
    await chats.applyDue();
    emails = [];
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "Hola, ¿me llamas al 612 345 678?" });
    tick(30_000);
    await chats.send(renter.uid, chatId, "Es para el sábado.");
    tick(30_000);
    await chats.send(renter.uid, chatId, "Gracias.");
    expect(await chats.applyDue()).toBe(0);
    tick(CHAT_EMAIL_DELAY_MS);
    expect(await chats.applyDue()).toBe(1);
    expect(await chats.applyDue()).toBe(0);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ member: { uid: owner.uid, chatId }, unread: 3, shared: false });
    expect(emails[0]!.messages.map((m) => m.text)).toEqual(["Hola, ¿me llamas al 612 345 678?", "Es para el sábado.", "Gracias."]);

    // The owner reads the next message before its email is due: no email.
    await chats.send(renter.uid, chatId, "¿Sigues ahí?");
    await chats.markRead(owner.uid, chatId);
    tick(CHAT_EMAIL_DELAY_MS + 1);
    expect(await chats.applyDue()).toBe(0);
    expect(emails).toHaveLength(1);

    // A new burst after that is a new email, about that burst only.
    await chats.send(renter.uid, chatId, "Otra pregunta.");
    tick(CHAT_EMAIL_DELAY_MS + 1);
    expect(await chats.applyDue()).toBe(1);
    expect(emails[1]!.messages.map((m) => m.text)).toEqual(["Otra pregunta."]);
  });

  const shown = (parts: MessagePart[][] | undefined) => parts?.map((message) => message.map((part) => ("hidden" in part ? `[${part.hidden}]` : part.text)).join(""));
  const DAY = 86_400_000;

  it("shows contact details once cancelling a confirmed booking would no longer refund the whole rental, and hides them again when it is cancelled", async () => {
    const { owner, renter, boat } = await people();
    clock = new Date();
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "mi correo: rita@example.com, móvil 612 345 678" });
    const hidden = ["mi correo: [email], móvil [phone]"];
    expect(await chats.page(owner.uid, chatId)).toMatchObject({ shared: false });
    expect(shown((await chats.page(owner.uid, chatId))?.parts)).toEqual(hidden);

    // Booked (instant: confirmed) for in 400 days: cancelling would refund the whole rental, so nothing shows yet.
    const start = addDays(today(clock), 400);
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect(booking.status).toBe("confirmed");
    expect(booking.cancellationPolicy).toBe("moderate");
    expect((await chats.page(owner.uid, chatId))?.shared).toBe(false);
    expect(shown((await chats.page(owner.uid, chatId))?.parts)).toEqual(hidden);

    // Just before the last full refund (moderate: 10 days before the trip) it still hides; just after, both people see everything.
    const freeUntil = Date.parse(booking.startsAt) - POLICY_RULES.moderate[0]!.daysBefore * DAY;
    clock = new Date(freeUntil - 60_000);
    expect((await chats.page(owner.uid, chatId))?.shared).toBe(false);
    clock = new Date(freeUntil + 60_000);
    expect((await chats.page(owner.uid, chatId))?.shared).toBe(true);
    expect((await chats.page(renter.uid, chatId))?.shared).toBe(true);
    expect(shown((await chats.page(owner.uid, chatId))?.parts)).toEqual(["mi correo: rita@example.com, móvil 612 345 678"]);

    // Cancelled: hidden again, whatever the clock says.
    await services.bookings.act(booking.id, renter.uid, "renter", "cancel");
    expect((await chats.page(owner.uid, chatId))?.shared).toBe(false);
    expect(shown((await chats.page(owner.uid, chatId))?.parts)).toEqual(hidden);
  });

  it("never unmasks for a booking booked and cancelled a minute later", async () => {
    const { owner, renter, boat } = await people();
    clock = new Date();
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "llámame al 612 345 678" });
    const start = addDays(today(clock), 400);
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect((await chats.page(owner.uid, chatId))?.shared).toBe(false);
    tick(60_000);
    await services.bookings.act(booking.id, renter.uid, "renter", "cancel");
    for (const at of [clock, new Date(Date.parse(booking.startsAt) - DAY), new Date(Date.parse(booking.startsAt) + DAY)]) {
      clock = at;
      expect((await chats.page(owner.uid, chatId))?.shared).toBe(false);
    }
    expect(shown((await chats.page(owner.uid, chatId))?.parts)).toEqual(["llámame al [phone]"]);
  });

  it("a flexible trip booked 3 days ahead: hidden on the page and in the email while cancelling would refund the whole rental, shown in both once it would not", async () => {
    const { owner, renter, boat } = await people();
    // Flexible: the whole rental back until the day before the trip.
    await services.listings.saveStep(owner.uid, boat.id, "conditions", { licence: "pnb", fuelPolicy: "not-included-return-full", instantBooking: true, cancellationPolicy: "flexible" });
    // What the other tests left due goes first.
    clock = new Date(Date.now() + 3 * 365 * DAY);
    await chats.applyDue();
    clock = new Date();
    emails = [];
    const start = addDays(today(clock), 3);
    const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect(booking).toMatchObject({ status: "confirmed", cancellationPolicy: "flexible" });
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "llámame al 612 345 678" });
    tick(CHAT_EMAIL_DELAY_MS + 1);
    expect(await chats.applyDue()).toBe(1);
    expect(emails.at(-1)?.shared).toBe(false);
    expect(shown(emails.at(-1)?.parts)).toEqual(["llámame al [phone]"]);
    const before = await chats.page(owner.uid, chatId);
    expect(before?.shared).toBe(false);
    expect(shown(before?.parts)).toEqual(["llámame al [phone]"]);
    // The page knows when: the moment the full refund ends, the day before the trip begins.
    const lastFull = Date.parse(booking.startsAt) - POLICY_RULES.flexible[0]!.daysBefore * DAY;
    expect(before?.revealAt).toBe(new Date(lastFull + 1).toISOString());

    clock = new Date(lastFull + 60_000);
    await chats.send(renter.uid, chatId, "o al 699 11 22 33");
    tick(CHAT_EMAIL_DELAY_MS + 1);
    expect(await chats.applyDue()).toBe(1);
    expect(emails.at(-1)?.shared).toBe(true);
    expect(shown(emails.at(-1)?.parts)?.at(-1)).toBe("o al 699 11 22 33");
    const after = await chats.page(renter.uid, chatId);
    expect(after).toMatchObject({ shared: true, revealAt: null });
    expect(shown(after?.parts)).toEqual(["llámame al 612 345 678", "o al 699 11 22 33"]);
  });

  it("hides a number split over two messages on the page and in the email alike", async () => {
    const { owner, renter, boat } = await people();
    clock = new Date("2026-06-02T10:00:00Z");
    tick(CHAT_EMAIL_DELAY_MS + 1);
    await chats.applyDue();
    emails = [];
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "Hola, mi número es 612 345" });
    tick(20_000);
    await chats.send(renter.uid, chatId, "678, llámame");
    tick(CHAT_EMAIL_DELAY_MS + 1);
    expect(await chats.applyDue()).toBe(1);
    const page = await chats.page(owner.uid, chatId);
    expect(shown(page?.parts)).toEqual(["Hola, mi número es [phone]", "[phone], llámame"]);
    expect(emails.at(-1)?.messages.map((m) => m.text)).toEqual(["Hola, mi número es 612 345", "678, llámame"]);
    expect(shown(emails.at(-1)?.parts)).toEqual(shown(page?.parts));
  });

  it("hides a number split across a page's edge, the message before it kept on the page's first or read again", async () => {
    const { owner, renter, boat } = await people();
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "Hola, mi número es 612 345" });
    tick(20_000);
    await chats.send(renter.uid, chatId, "678, llámame");
    for (let i = 0; i < 19; i++) await chats.send(owner.uid, chatId, `Vale ${i}`);
    const page = await chats.page(owner.uid, chatId);
    // The first message is on the page before (20 a page): what crosses into this one is still hidden.
    expect(page?.messages[0]?.seq).toBe(2);
    expect(page?.messages[0]).not.toHaveProperty("lead");
    expect(shown(page?.parts)?.[0]).toBe("[phone], llámame");
    // A message written before `lead` was kept: the messages before the page are read again.
    await services.store.update(CHAT_MESSAGES, page!.messages[0]!.id, { lead: deleteField() });
    expect(shown((await chats.page(owner.uid, chatId))?.parts)?.[0]).toBe("[phone], llámame");
  });

  it("emails what the page shows the recipient at that moment: disguised and split details hidden, then shown once contact is allowed", async () => {
    const { owner, renter, boat } = await people();
    const mailed = createChatsService({
      store: services.store,
      listings: services.listings,
      contactRevealAt: (a, b, at) => services.bookings.contactRevealAt(a, b, at),
      notify: createChatNotifier({ mailbox: services.mailbox, users: services.users, listings: services.listings, link: (chatId) => `https://amarre.test/chat/${chatId}` }),
      now: () => clock,
    });
    // What the other tests left due goes first.
    clock = new Date(Date.now() + 3 * 365 * 86_400_000);
    await chats.applyDue();
    clock = new Date();
    const { chatId } = await mailed.start(renter.uid, { listingId: boat.id, text: "Somos 4 el 12/06/2027. Mi número: ６１２ ３４５" });
    tick(30_000);
    await mailed.send(renter.uid, chatId, "678, o escríbeme a rita%40gmail.com");
    tick(CHAT_EMAIL_DELAY_MS + 1);
    expect(await mailed.applyDue()).toBe(1);
    const [email] = await services.mailbox.list(owner.uid);
    expect(email!.text).toContain("> Somos 4 el 12/06/2027. Mi número: [teléfono oculto]");
    expect(email!.text).toContain("> [teléfono oculto], o escríbeme a [correo oculto]");
    expect(email!.text).not.toMatch(/６１２|678|rita/);
    const page = await mailed.page(owner.uid, chatId);
    expect(shown(page?.parts)).toEqual(["Somos 4 el 12/06/2027. Mi número: [phone]", "[phone], o escríbeme a [email]"]);

    // Once a confirmed trip can no longer be cancelled with the whole rental back (moderate, 5 days ahead: half of it),
    // the next email quotes the details as typed, like the page.
    const start = addDays(today(clock), 5);
    await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    await mailed.send(renter.uid, chatId, "Mi móvil otra vez: 612 345 678");
    tick(CHAT_EMAIL_DELAY_MS + 1);
    expect(await mailed.applyDue()).toBe(1);
    const [second] = await services.mailbox.list(owner.uid);
    expect(second!.text).toContain("> Mi móvil otra vez: 612 345 678");
  });
});
