import { isStoreError, type DocumentStore, type StoreError, type Transaction, type Unsubscribe } from "#app/.server/store";
import { CHAT_PAGE_SIZE, MAX_MESSAGE, type ChatStreamState, type MessagePart } from "#app/utils/chats";
import type { Listing } from "../listings";
import { conversationParts, WINDOW_MESSAGES } from "./mask";
import {
  CHAT_EMAIL_DELAY_MS,
  CHAT_MEMBERS,
  CHAT_MESSAGES,
  CHATS,
  ChatError,
  chatIdFor,
  cleanMessage,
  memberId,
  messageId,
  type Chat,
  type ChatMember,
  type ChatMessage,
} from "./model";

/** Rounds of a message's transaction (each with the store's own retries) before `busy`. */
export const WRITE_ATTEMPTS = 3;

/**
 * The conversations service: starting or continuing a conversation about a listing, writing,
 * reading (with read receipts and unread counts), the live state for the email event stream,
 * and the grouped emails about unread messages. Whether contact details show is the bookings'
 * business (`contactAllowedBetween`, asked at the service's clock); what is hidden is `mask.ts`'s,
 * computed here once for the page and the email alike (decision record 026).
 */
export type ChatsDeps = {
  store: DocumentStore;
  listings: { get(id: string): Promise<Listing | null> };
  /** Whether the two people may see each other's contact details at `at` (a booking that cannot be bought back). */
  contactAllowedBetween(a: string, b: string, at: Date): Promise<boolean>;
  /** Emails a person about the messages they have not read (`parts`: each as the page shows it); failures are logged. */
  notify?: (input: { member: ChatMember; messages: ChatMessage[]; parts: MessagePart[][]; unread: number; shared: boolean }) => Promise<void>;
  now?: () => Date;
};

export type ChatPage = {
  chat: Chat;
  me: ChatMember;
  /** The page's messages, oldest first (the newest at the bottom). */
  messages: ChatMessage[];
  /** The number of the oldest message before this page, when there is one. */
  olderBefore: number | null;
  /** Contact details show (a booking between the two that can no longer be cancelled for free). */
  shared: boolean;
  /** Each message as shown, in parts (contact details hidden unless `shared`), in the order of `messages`. */
  parts: MessagePart[][];
};

const ID = /^[A-Za-z0-9]{1,40}$/;
/** Messages read before a page (or an email's first message) for the masking window: the same sender's last ones, with replies between. */
const CONTEXT = (WINDOW_MESSAGES - 1) * 2;

export function createChatsService(deps: ChatsDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * A message's transaction, tried again when the store gives up on it under contention:
   * `aborted` (Firestore's own retries spent) or `already-exists` (another writer took the
   * message number this one read as free — the emulator reports a stale read so); either way
   * nothing was written. After the last try the person is told the conversation was busy
   * (`busy`) and keeps their text. Each try reads the conversation afresh, so the message
   * numbers stay without gaps or ties.
   */
  async function writeRetried<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await store.runTransaction(fn);
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
    const message: ChatMessage = { id: messageId(chatId, seq), chatId, seq, senderUid: mine.uid, text, createdAt };
    const { id: _id, ...record } = message;
    tx.create(CHAT_MESSAGES, message.id, record);
    tx.update(CHATS, chatId, { lastSeq: seq, lastAt: createdAt });
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

  async function readSides(tx: Transaction, chatId: string, uid: string) {
    const chat = await tx.get<Omit<Chat, "id">>(CHATS, chatId);
    if (!chat || !chat.participants.includes(uid)) return null;
    const other = chat.participants[0] === uid ? chat.participants[1] : chat.participants[0];
    const [mine, theirs] = await tx.getMany<Omit<ChatMember, "id">>(CHAT_MEMBERS, [memberId(chatId, uid), memberId(chatId, other)]);
    if (!mine || !theirs) return null;
    return { chat, mine: mine as ChatMember, theirs: theirs as ChatMember };
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

  async function getMember(uid: string, chatId: string): Promise<ChatMember | null> {
    if (typeof chatId !== "string" || !ID.test(chatId)) return null;
    return store.get<Omit<ChatMember, "id">>(CHAT_MEMBERS, memberId(chatId, uid));
  }

  return {
    /**
     * Writes to the owner of a listing about it (or, from the owner, to `to`, someone who wrote
     * or booked): opens the pair's conversation about the listing the first time, continues it
     * after. Returns the conversation's id and whether it is new.
     */
    async start(fromUid: string, input: { listingId: string; to?: string; text: string; kind?: "boat" | "dock"; publishedOnly?: boolean }): Promise<{ chatId: string; created: boolean; message: ChatMessage }> {
      const text = validText(input.text);
      const listing = typeof input.listingId === "string" && ID.test(input.listingId) ? await deps.listings.get(input.listingId) : null;
      if (!listing || (input.kind && listing.kind !== input.kind) || (input.publishedOnly && listing.status !== "published")) throw new ChatError("not-found");
      const to = input.to ?? listing.ownerUid;
      if (to === fromUid) throw new ChatError("self");
      // Conversations are about a listing, with its owner on one side.
      if (to !== listing.ownerUid && fromUid !== listing.ownerUid) throw new ChatError("not-found");
      const chatId = chatIdFor(listing.id, fromUid, to);
      const at = now();
      return writeRetried(async (tx) => {
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
    },

    /** A participant writes in the conversation; `not-found` for anyone else. */
    async send(uid: string, chatId: string, text: string): Promise<ChatMessage> {
      const clean = validText(text);
      if (typeof chatId !== "string" || !ID.test(chatId)) throw new ChatError("not-found");
      const at = now();
      return writeRetried(async (tx) => {
        const sides = await readSides(tx, chatId, uid);
        if (!sides) throw new ChatError("not-found");
        return writeMessage(tx, sides.chat, chatId, sides.mine, sides.theirs, clean, at);
      });
    },

    /** The person's side of a conversation, or null when they are not in it. */
    member: getMember,

    /**
     * A page of a conversation for one of its two people (null for anyone else): the newest
     * messages, or those before message `before`.
     */
    async page(uid: string, chatId: string, options: { before?: number } = {}): Promise<ChatPage | null> {
      const me = await getMember(uid, chatId);
      if (!me) return null;
      const before = options.before !== undefined && Number.isSafeInteger(options.before) && options.before > 0 ? options.before : null;
      const [chat, docs, shared] = await Promise.all([
        store.get<Omit<Chat, "id">>(CHATS, chatId),
        // A few messages before the page too, so a number split across its first message is still caught.
        store.query<Omit<ChatMessage, "id">>({
          collection: CHAT_MESSAGES,
          where: before === null ? [["chatId", "==", chatId]] : [["chatId", "==", chatId], ["seq", "<", before]],
          orderBy: [["seq", "desc"]],
          limit: CHAT_PAGE_SIZE + CONTEXT,
        }),
        deps.contactAllowedBetween(uid, me.otherUid, now()),
      ]);
      if (!chat) return null;
      const all = (docs as ChatMessage[]).reverse();
      const context = Math.max(0, all.length - CHAT_PAGE_SIZE);
      const messages = all.slice(context);
      const parts = conversationParts(all, !shared).slice(context);
      const oldest = messages[0]?.seq ?? 1;
      return { chat: chat as Chat, me, messages, olderBefore: oldest > 1 ? oldest : null, shared, parts };
    },

    /** Marks the conversation read up to its last message for the person; the other side's receipts follow. */
    async markRead(uid: string, chatId: string): Promise<boolean> {
      const me = await getMember(uid, chatId);
      if (!me || me.readSeq >= me.lastSeq) return false;
      return store.runTransaction(async (tx) => {
        const sides = await readSides(tx, chatId, uid);
        if (!sides || sides.mine.readSeq >= sides.chat.lastSeq) return false;
        tx.update(CHAT_MEMBERS, sides.mine.id, { readSeq: sides.chat.lastSeq, unread: false, emailDueAt: null });
        tx.update(CHAT_MEMBERS, sides.theirs.id, { otherReadSeq: sides.chat.lastSeq });
        return true;
      });
    },

    /** The person's conversations, the latest first; `before` (a `lastAt`) for the next page. */
    async list(uid: string, options: { limit?: number; before?: string } = {}): Promise<ChatMember[]> {
      const before = options.before && !Number.isNaN(Date.parse(options.before)) ? options.before : null;
      return store.query<Omit<ChatMember, "id">>({
        collection: CHAT_MEMBERS,
        where: before ? [["uid", "==", uid], ["lastAt", "<", before]] : [["uid", "==", uid]],
        orderBy: [["lastAt", "desc"]],
        limit: options.limit ?? 50,
      });
    },

    /** How many of the person's conversations have messages they have not read. */
    unreadCount(uid: string): Promise<number> {
      return store.count({ collection: CHAT_MEMBERS, where: [["uid", "==", uid], ["unread", "==", true]] });
    },

    /**
     * Live state for the email event stream: the unread count and the latest conversations'
     * progress, soon after the call and whenever either changes.
     */
    watch(uid: string, onChange: (state: ChatStreamState) => void, onError: (error: StoreError) => void): Unsubscribe {
      let recent: ChatMember[] | null = null;
      let unread: number | null = null;
      const emit = () => {
        if (recent === null || unread === null) return;
        onChange({ unread, chats: recent.map((m) => ({ id: m.chatId, lastSeq: m.lastSeq, readSeq: m.readSeq, otherReadSeq: m.otherReadSeq })) });
      };
      const stops = [
        store.watch<Omit<ChatMember, "id">>(
          { collection: CHAT_MEMBERS, where: [["uid", "==", uid]], orderBy: [["lastAt", "desc"]], limit: 50 },
          (docs) => {
            recent = docs;
            emit();
          },
          onError,
        ),
        store.watch(
          { collection: CHAT_MEMBERS, where: [["uid", "==", uid], ["unread", "==", true]], limit: 100 },
          (docs) => {
            unread = docs.length;
            emit();
          },
          onError,
        ),
      ];
      return () => stops.forEach((stop) => stop());
    },

    /**
     * Sends the emails that are due: one per person and conversation for the messages they have
     * not read since it was set (a burst of messages is one email); nothing if they read them in
     * the meantime. Idempotent across servers: each email is claimed in a transaction first.
     */
    async applyDue(): Promise<number> {
      const at = now();
      const due = await store.query<Omit<ChatMember, "id">>({ collection: CHAT_MEMBERS, where: [["emailDueAt", "<=", at.toISOString()]], orderBy: [["emailDueAt", "asc"]], limit: 100 });
      let sent = 0;
      for (const candidate of due) {
        const member = await store.runTransaction(async (tx) => {
          const current = await tx.get<Omit<ChatMember, "id">>(CHAT_MEMBERS, candidate.id);
          if (!current?.emailDueAt || current.emailDueAt > at.toISOString()) return null;
          tx.update(CHAT_MEMBERS, candidate.id, { emailDueAt: null });
          return current as ChatMember;
        });
        if (!member || member.readSeq >= member.lastSeq) continue;
        const from = Math.max(member.readSeq, member.emailFromSeq - 1);
        // With the messages just before, as the page reads them, so the email hides what the page hides.
        const docs = await store.query<Omit<ChatMessage, "id">>({
          collection: CHAT_MESSAGES,
          where: [["chatId", "==", member.chatId], ["seq", ">", Math.max(0, from - CONTEXT)]],
          orderBy: [["seq", "asc"]],
          limit: 200 + CONTEXT,
        });
        const all = docs as ChatMessage[];
        const unread = all.map((message, index) => ({ message, index })).filter(({ message }) => message.seq > from && message.senderUid !== member.uid);
        const messages = unread.map(({ message }) => message);
        if (messages.length === 0) continue;
        try {
          const shared = await deps.contactAllowedBetween(member.uid, member.otherUid, at);
          const shown = conversationParts(all, !shared);
          const parts = unread.map(({ index }) => shown[index]!);
          await deps.notify?.({ member, messages, parts, unread: messages.length, shared });
          sent += 1;
        } catch (error) {
          console.warn(`[chats] emailing ${member.uid} about conversation ${member.chatId} failed:`, error);
        }
      }
      return sent;
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
