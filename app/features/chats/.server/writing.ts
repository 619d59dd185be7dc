/**
 * Writing: opening a conversation or continuing it, and marking it read. Each message is one
 * transaction that numbers it after the conversation's last (no gaps, no ties), tried again
 * under contention.
 */
import { isStoreError, type Transaction } from "#app/.server/store";
import { MAX_MESSAGE } from "#app/features/chats/chats";
import type { Listing } from "#app/features/listings/.server";
import { CHAT_ID, CONTEXT, getMember, readSides, type ChatsContext } from "./context";
import { leadText } from "./mask";
import { CHAT_EMAIL_DELAY_MS, CHAT_MEMBERS, CHAT_MESSAGES, CHATS, ChatError, chatIdFor, cleanMessage, memberId, messageId, type Chat, type ChatMember, type ChatMessage } from "./model";

/** Rounds of a message's transaction (each with the store's own retries) before `busy`. */
export const WRITE_ATTEMPTS = 3;

/**
 * A message's transaction, tried again when the store gives up on it under contention:
 * `aborted` (Firestore's own retries spent) or `already-exists` (another writer took the
 * message number this one read as free — the emulator reports a stale read so); either way
 * nothing was written. After the last try the person is told the conversation was busy
 * (`busy`) and keeps their text. Each try reads the conversation afresh, so the message
 * numbers stay without gaps or ties.
 */
async function writeRetried<R>(ctx: ChatsContext, fn: (tx: Transaction) => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.store.runTransaction(fn);
    } catch (error) {
      if (!isStoreError(error, "aborted") && !isStoreError(error, "already-exists")) throw error;
      if (attempt >= WRITE_ATTEMPTS) throw new ChatError("busy");
      // Apart, so the writers that collided do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * 25 + Math.random() * 50));
    }
  }
}

function validText(text: unknown): string {
  const clean = typeof text === "string" ? cleanMessage(text) : "";
  if (clean.length === 0 || clean.length > MAX_MESSAGE) throw new ChatError("invalid");
  return clean;
}

/** The message's writes: the message, the conversation's counter, both sides. All reads are done. */
function writeMessage(tx: Transaction, chat: Omit<Chat, "id">, chatId: string, mine: ChatMember, theirs: ChatMember, text: string, at: Date): ChatMessage {
  const seq = chat.lastSeq + 1;
  const createdAt = at.toISOString();
  // The messages before it as the masking reads them, kept on the message and, with it, on the conversation.
  const lead = chat.lastSeq === 0 ? [] : chat.recent;
  const message: ChatMessage = { id: messageId(chatId, seq), chatId, seq, senderUid: mine.uid, text, createdAt, ...(lead ? { lead } : {}) };
  const { id: _id, ...record } = message;
  tx.create(CHAT_MESSAGES, message.id, record);
  const recent = lead ? { recent: [...lead, { senderUid: mine.uid, createdAt, text: leadText(text) }].slice(-CONTEXT) } : {};
  tx.update(CHATS, chatId, { lastSeq: seq, lastAt: createdAt, ...recent });
  const last = { lastSeq: seq, lastAt: createdAt, lastText: text, lastSenderUid: mine.uid };
  // Writing means having read the conversation: the other side's receipts follow.
  tx.update(CHAT_MEMBERS, mine.id, { ...last, readSeq: seq, unread: false, emailDueAt: null });
  tx.update(CHAT_MEMBERS, theirs.id, {
    ...last,
    otherReadSeq: seq,
    unread: true,
    // The first unread message sets when its email goes; the rest of the burst joins it.
    ...(theirs.emailDueAt ? {} : { emailDueAt: new Date(at.getTime() + CHAT_EMAIL_DELAY_MS).toISOString(), emailFromSeq: seq }),
  });
  return message;
}

function newMember(chatId: string, uid: string, otherUid: string, listing: Listing, at: string): ChatMember {
  return {
    id: memberId(chatId, uid),
    chatId,
    uid,
    otherUid,
    listingId: listing.id,
    listingKind: listing.kind,
    lastSeq: 0,
    lastAt: at,
    lastText: "",
    lastSenderUid: "",
    readSeq: 0,
    otherReadSeq: 0,
    unread: false,
    emailDueAt: null,
    emailFromSeq: 0,
  };
}

/**
 * Writes to the owner of a listing about it (or, from the owner, to `to`, someone who wrote
 * or booked): opens the pair's conversation about the listing the first time, continues it
 * after. Returns the conversation's id and whether it is new.
 */
export async function start(ctx: ChatsContext, fromUid: string, input: { listingId: string; to?: string; text: string; kind?: "boat" | "dock"; publishedOnly?: boolean }): Promise<{ chatId: string; created: boolean; message: ChatMessage }> {
  const text = validText(input.text);
  const listing = typeof input.listingId === "string" && CHAT_ID.test(input.listingId) ? await ctx.listings.get(input.listingId) : null;
  if (!listing || (input.kind && listing.kind !== input.kind) || (input.publishedOnly && listing.status !== "published")) throw new ChatError("not-found");
  const to = input.to ?? listing.ownerUid;
  if (to === fromUid) throw new ChatError("self");
  // Conversations are about a listing, with its owner on one side.
  if (to !== listing.ownerUid && fromUid !== listing.ownerUid) throw new ChatError("not-found");
  const chatId = chatIdFor(listing.id, fromUid, to);
  const at = ctx.now();
  return writeRetried(ctx, async (tx) => {
    const existing = await readSides(tx, chatId, fromUid);
    if (existing) return { chatId, created: false, message: writeMessage(tx, existing.chat, chatId, existing.mine, existing.theirs, text, at) };
    const createdAt = at.toISOString();
    const chat: Omit<Chat, "id"> = {
      participants: [fromUid, to].sort() as [string, string],
      listingId: listing.id,
      listingKind: listing.kind,
      startedBy: fromUid,
      lastSeq: 0,
      lastAt: createdAt,
      createdAt,
    };
    const mine = newMember(chatId, fromUid, to, listing, createdAt);
    const theirs = newMember(chatId, to, fromUid, listing, createdAt);
    tx.create(CHATS, chatId, chat);
    for (const member of [mine, theirs]) {
      const { id, ...record } = member;
      tx.create(CHAT_MEMBERS, id, record);
    }
    return { chatId, created: true, message: writeMessage(tx, chat, chatId, mine, theirs, text, at) };
  });
}

/** A participant writes in the conversation; `not-found` for anyone else. */
export async function send(ctx: ChatsContext, uid: string, chatId: string, text: string): Promise<ChatMessage> {
  const clean = validText(text);
  if (typeof chatId !== "string" || !CHAT_ID.test(chatId)) throw new ChatError("not-found");
  const at = ctx.now();
  return writeRetried(ctx, async (tx) => {
    const sides = await readSides(tx, chatId, uid);
    if (!sides) throw new ChatError("not-found");
    return writeMessage(tx, sides.chat, chatId, sides.mine, sides.theirs, clean, at);
  });
}

/** Marks the conversation read up to its last message for the person; the other side's receipts follow. */
export async function markRead(ctx: ChatsContext, uid: string, chatId: string): Promise<boolean> {
  const me = await getMember(ctx, uid, chatId);
  if (!me || me.readSeq >= me.lastSeq) return false;
  return ctx.store.runTransaction(async (tx) => {
    const sides = await readSides(tx, chatId, uid);
    if (!sides || sides.mine.readSeq >= sides.chat.lastSeq) return false;
    tx.update(CHAT_MEMBERS, sides.mine.id, { readSeq: sides.chat.lastSeq, unread: false, emailDueAt: null });
    tx.update(CHAT_MEMBERS, sides.theirs.id, { otherReadSeq: sides.chat.lastSeq });
    return true;
  });
}
