import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { addDays, today } from "#app/.server/domain/bookings";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import { createChatsService, type ChatsService } from "./service";
import { CHAT_EMAIL_DELAY_MS, type ChatMember, type ChatMessage } from "./model";
import { isChatError } from "./model";

/**
 * The conversations service on the embedded store, with its clock in the test's hand: one
 * conversation per listing and pair, messages numbered without gaps even when written at once,
 * receipts, unread state, and one email per burst of unread messages.
 */
let services: Services;
let clock = new Date("2026-06-01T10:00:00Z");
let emails: Array<{ member: ChatMember; messages: ChatMessage[]; unread: number; shared: boolean }> = [];
let chats: ChatsService;

beforeAll(async () => {
  services = await createTestServices();
  chats = createChatsService({
    store: services.store,
    listings: services.listings,
    confirmedBetween: (a, b) => services.bookings.confirmedBetween(a, b),
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
    expect(page?.messages).toHaveLength(21);
    for (const message of page!.messages) seqs.push(message.seq);
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

  it("shares contact details once a booking between the two is confirmed, and not before", async () => {
    const { owner, renter, boat } = await people();
    const { chatId } = await chats.start(renter.uid, { listingId: boat.id, text: "mi correo: rita@example.com" });
    expect((await chats.page(owner.uid, chatId))?.shared).toBe(false);
    const start = addDays(today(new Date()), 30);
    await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect((await chats.page(owner.uid, chatId))?.shared).toBe(true);
    expect((await chats.page(renter.uid, chatId))?.shared).toBe(true);
  });
});
