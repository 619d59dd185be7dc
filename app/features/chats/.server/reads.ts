/** Reading: a page of a conversation (its messages as shown, contact details hidden or not), a person's conversations, the unread count, and its live state for the event stream. */
import type { StoreError, Unsubscribe } from "#app/.server/store";
import { CHAT_PAGE_SIZE, type ChatStreamState, type MessagePart } from "#app/features/chats/chats";
import { contactAt, CONTEXT, getMember, type ChatsContext } from "./context";
import { conversationParts } from "./mask";
import { CHAT_MEMBERS, CHAT_MESSAGES, CHATS, type Chat, type ChatMember, type ChatMessage, type LeadMessage } from "./model";

export type ChatPage = {
  chat: Chat;
  me: ChatMember;
  /** The page's messages, oldest first (the newest at the bottom). */
  messages: ChatMessage[];
  /** The number of the oldest message before this page, when there is one. */
  olderBefore: number | null;
  /** Contact details show (a booking between the two that can no longer be cancelled with the whole rental refunded). */
  shared: boolean;
  /** While they do not: when a confirmed booking between the two will show them (null: none will). */
  revealAt: string | null;
  /** Each message as shown, in parts (contact details hidden unless `shared`), in the order of `messages`. */
  parts: MessagePart[][];
};

/**
 * A page of a conversation for one of its two people (null for anyone else): the newest
 * messages, or those before message `before`.
 */
export async function page(ctx: ChatsContext, uid: string, chatId: string, options: { before?: number } = {}): Promise<ChatPage | null> {
  const me = await getMember(ctx, uid, chatId);
  if (!me) return null;
  const before = options.before !== undefined && Number.isSafeInteger(options.before) && options.before > 0 ? options.before : null;
  const [chat, docs, { shared, revealAt }] = await Promise.all([
    ctx.store.get<Omit<Chat, "id">>(CHATS, chatId),
    ctx.store.query<Omit<ChatMessage, "id">>({
      collection: CHAT_MESSAGES,
      where: before === null ? [["chatId", "==", chatId]] : [["chatId", "==", chatId], ["seq", "<", before]],
      orderBy: [["seq", "desc"]],
      limit: CHAT_PAGE_SIZE,
    }),
    contactAt(ctx, uid, me.otherUid, ctx.now()),
  ]);
  if (!chat) return null;
  const ordered = [...(docs as ChatMessage[])].reverse();
  const messages = ordered.map(({ lead: _lead, ...message }) => message);
  // The messages before the page, so a number split across its first message is still caught:
  // kept on its first message (`lead`), read again only for messages written before that was kept.
  const first = ordered[0];
  const context: LeadMessage[] =
    first === undefined || first.seq <= 1
      ? []
      : Array.isArray(first.lead)
        ? first.lead
        : ((await ctx.store.query<Omit<ChatMessage, "id">>({
            collection: CHAT_MESSAGES,
            where: [["chatId", "==", chatId], ["seq", "<", first.seq]],
            orderBy: [["seq", "desc"]],
            limit: CONTEXT,
          })) as ChatMessage[]).reverse();
  const parts = conversationParts([...context, ...messages], !shared).slice(context.length);
  const oldest = messages[0]?.seq ?? 1;
  return { chat: chat as Chat, me, messages, olderBefore: oldest > 1 ? oldest : null, shared, revealAt: revealAt?.toISOString() ?? null, parts };
}

/** The person's conversations, the latest first; `before` (a `lastAt`) for the next page. */
export async function list(ctx: ChatsContext, uid: string, options: { limit?: number; before?: string } = {}): Promise<ChatMember[]> {
  const before = options.before && !Number.isNaN(Date.parse(options.before)) ? options.before : null;
  return ctx.store.query<Omit<ChatMember, "id">>({
    collection: CHAT_MEMBERS,
    where: before ? [["uid", "==", uid], ["lastAt", "<", before]] : [["uid", "==", uid]],
    orderBy: [["lastAt", "desc"]],
    limit: options.limit ?? 50,
  });
}

/** How many of the person's conversations have messages they have not read. */
export function unreadCount(ctx: ChatsContext, uid: string): Promise<number> {
  return ctx.store.count({ collection: CHAT_MEMBERS, where: [["uid", "==", uid], ["unread", "==", true]] });
}

/**
 * Live state for the email event stream: the unread count and the latest conversations'
 * progress, soon after the call and whenever either changes.
 */
export function watch(ctx: ChatsContext, uid: string, onChange: (state: ChatStreamState) => void, onError: (error: StoreError) => void): Unsubscribe {
  let recent: ChatMember[] | null = null;
  let unread: number | null = null;
  const emit = () => {
    if (recent === null || unread === null) return;
    onChange({ unread, chats: recent.map((m) => ({ id: m.chatId, lastSeq: m.lastSeq, readSeq: m.readSeq, otherReadSeq: m.otherReadSeq })) });
  };
  const stops = [
    ctx.store.watch<Omit<ChatMember, "id">>(
      { collection: CHAT_MEMBERS, where: [["uid", "==", uid]], orderBy: [["lastAt", "desc"]], limit: 50 },
      (docs) => {
        recent = docs;
        emit();
      },
      onError,
    ),
    ctx.store.watch(
      { collection: CHAT_MEMBERS, where: [["uid", "==", uid], ["unread", "==", true]], limit: 100 },
      (docs) => {
        unread = docs.length;
        emit();
      },
      onError,
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
