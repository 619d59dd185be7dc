import { describe, expect, it } from "vitest";
import { firestoreForFile } from "#tests/firestore-store";
import { createRecordedPayments } from "#app/.server/payments";
import { demoPorts } from "#app/.server/seed/ports";
import { createListingsService, type Listing } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { addDays, createBookingsService, POLICY_RULES, today } from "#app/features/bookings/.server";
import type { MessagePart } from "#app/features/chats/chats";
import { createChatsService } from "./service";
import { CHAT_EMAIL_DELAY_MS, type ChatMember } from "./model";

/**
 * Conversations on Firestore: both people writing at once still number every message once, in
 * order, with the unread state and receipts agreeing — on Google's emulator where the machine has
 * it (optimistic transactions that collide on the conversation and retry), else the in-process one.
 */
const firestore = firestoreForFile("chats");

describe(`conversations on Firestore (${firestore.emulator})`, () => {
  // Twenty transactions colliding on one conversation: the store runs each again as Firestore
  // would, up to its own limits (app/.server/store/firestore-transaction.ts), never the test.
  it("20 messages written at once by both people: numbered 1–21 without gaps or ties; unread, receipts and the email follow", { timeout: 120_000 }, async () => {
    const [renter1, owner1] = ["renter1", "owner1"];
    let clock = new Date("2026-07-01T09:00:00Z");
    const emailed: ChatMember[] = [];
    const listing = { id: "boatFs1", kind: "boat", status: "published", ownerUid: owner1 } as Listing;
    const chats = createChatsService({
      store: firestore.store(),
      listings: { get: async (id) => (id === listing.id ? listing : null) },
      contactRevealAt: async () => null,
      notify: async ({ member }) => {
        emailed.push(member);
      },
      now: () => clock,
    });
    const { chatId } = await chats.start(renter1, { listingId: listing.id, text: "Hola" });
    await Promise.all(Array.from({ length: 20 }, (_, i) => chats.send(i % 2 ? owner1 : renter1, chatId, `m${i}`)));
    const page = await chats.page(renter1, chatId);
    // 20 a page (CHAT_PAGE_SIZE): the first message is on the page before.
    const all = [...(await chats.page(renter1, chatId, { before: 2 }))!.messages, ...page!.messages];
    expect(all.map((m) => m.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(new Set(all.map((m) => m.text)).size).toBe(21);

    const [owner, renter] = await Promise.all([chats.member(owner1, chatId), chats.member(renter1, chatId)]);
    expect(owner?.lastSeq).toBe(21);
    expect(renter?.lastSeq).toBe(21);
    // Whoever wrote last has read everything; the other has something unread (both have read up to their own last message).
    const last = page!.messages.at(-1)!;
    const reader = last.senderUid === owner1 ? renter! : owner!;
    expect(reader.unread).toBe(true);
    expect(await chats.unreadCount(reader.uid)).toBe(1);

    clock = new Date(clock.getTime() + CHAT_EMAIL_DELAY_MS + 1);
    expect(await chats.applyDue()).toBeGreaterThanOrEqual(1);
    expect(emailed.map((member) => member.uid)).toContain(reader.uid);
    expect(await chats.markRead(reader.uid, chatId)).toBe(true);
    expect(await chats.unreadCount(reader.uid)).toBe(0);
    const other = await chats.member(reader.otherUid, chatId);
    expect(other?.otherReadSeq).toBe(21);
    expect((await chats.list(renter1)).map((m) => m.chatId)).toEqual([chatId]);
  });

  it("hides contact details until cancelling a confirmed booking would no longer refund the whole rental, again once it is cancelled; split numbers on the page and in the email alike", { timeout: 120_000 }, async () => {
    const store = firestore.store();
    const users = createUsersService(store);
    const ports = createPortsService(store);
    const listings = createListingsService({ store, users, ports });
    for (const port of demoPorts) await ports.save(port);
    await users.create({ uid: "owner-m", email: "owner-m@amarre.test", displayName: "Armadora Eme", kind: "person" });
    await users.setLessor("owner-m", { legalName: "Armadora Eme", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    const bookings = createBookingsService({ store, listings, payments: createRecordedPayments() });
    const boat = await publishBoat(listings, "owner-m", { instantBooking: true });
    let clock = new Date();
    const emailed: MessagePart[][][] = [];
    const chats = createChatsService({
      store,
      listings,
      contactRevealAt: (a, b, at) => bookings.contactRevealAt(a, b, at),
      notify: async ({ parts }) => {
        emailed.push(parts);
      },
      now: () => clock,
    });
    const shown = (parts: MessagePart[][] | undefined) => parts?.map((message) => message.map((part) => ("hidden" in part ? `[${part.hidden}]` : part.text)).join(""));
    const { chatId } = await chats.start("renter-m", { listingId: boat.id, text: "mi número es 612 345" });
    clock = new Date(clock.getTime() + 20_000);
    await chats.send("renter-m", chatId, "678, gracias");
    clock = new Date(clock.getTime() + CHAT_EMAIL_DELAY_MS + 1);
    expect(await chats.applyDue()).toBe(1);
    const hidden = ["mi número es [phone]", "[phone], gracias"];
    expect(shown((await chats.page("owner-m", chatId))?.parts)).toEqual(hidden);
    expect(shown(emailed[0])).toEqual(hidden);

    const start = addDays(today(clock), 400);
    const booking = await bookings.book({ uid: "renter-m", lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
    expect(booking.status).toBe("confirmed");
    expect((await chats.page("owner-m", chatId))?.shared).toBe(false);
    clock = new Date(Date.parse(booking.startsAt) - POLICY_RULES[booking.cancellationPolicy][0]!.daysBefore * 86_400_000 + 60_000);
    expect((await chats.page("owner-m", chatId))?.shared).toBe(true);
    await bookings.act(booking.id, "renter-m", "renter", "cancel");
    expect((await chats.page("owner-m", chatId))?.shared).toBe(false);
    expect(shown((await chats.page("owner-m", chatId))?.parts)).toEqual(hidden);
  });
});
