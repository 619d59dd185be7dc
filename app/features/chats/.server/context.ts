/**
 * What every conversations operation shares: the dependencies with their defaults, a person's
 * side of a conversation, and both sides read in a transaction. Each operation module takes this
 * context; `service.ts` makes it once and wires the operations.
 */
import type { DocumentStore, Transaction } from "#app/.server/store";
import type { MessagePart } from "#app/features/chats/chats";
import type { Listing } from "#app/features/listings/.server";
import { WINDOW_MESSAGES } from "./mask";
import { CHAT_MEMBERS, CHATS, memberId, type Chat, type ChatMember, type ChatMessage } from "./model";

export type ChatsDeps = {
  store: DocumentStore;
  listings: { get(id: string): Promise<Listing | null> };
  /**
   * When the two people's contact details show, as their bookings stand at `at` (a booking that
   * cannot be bought back, decision 026): a moment no later than `at` when they show, a later one
   * when a confirmed booking will show them, null when none will.
   */
  contactRevealAt(a: string, b: string, at: Date): Promise<Date | null>;
  /** Emails a person about the messages they have not read (`parts`: each as the page shows it); failures are logged. */
  notify?: (input: { member: ChatMember; messages: ChatMessage[]; parts: MessagePart[][]; unread: number; shared: boolean }) => Promise<void>;
  now?: () => Date;
};

export type ChatsContext = ChatsDeps & { now: () => Date };

export function createChatsContext(deps: ChatsDeps): ChatsContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}

/** A conversation's id: what `chatIdFor` makes. */
export const CHAT_ID = /^[A-Za-z0-9]{1,40}$/;
/** Messages read before a page (or an email's first message) for the masking window: the same sender's last ones, with replies between. */
export const CONTEXT = (WINDOW_MESSAGES - 1) * 2;

/**
 * Whether the contact details between `uid` and the other person show at `at` (`shared`) and,
 * while they do not, when they will (`revealAt`, null when no confirmed booking will show them).
 */
export async function contactAt(ctx: ChatsContext, uid: string, otherUid: string, at: Date): Promise<{ shared: boolean; revealAt: Date | null }> {
  const from = await ctx.contactRevealAt(uid, otherUid, at);
  const shared = from !== null && from.getTime() <= at.getTime();
  return { shared, revealAt: shared ? null : from };
}

/** The person's side of a conversation, or null when they are not in it. */
export async function getMember(ctx: ChatsContext, uid: string, chatId: string): Promise<ChatMember | null> {
  if (typeof chatId !== "string" || !CHAT_ID.test(chatId)) return null;
  return ctx.store.get<Omit<ChatMember, "id">>(CHAT_MEMBERS, memberId(chatId, uid));
}

/** The conversation and both sides, read in the transaction; null when `uid` is not in it. */
export async function readSides(tx: Transaction, chatId: string, uid: string) {
  const chat = await tx.get<Omit<Chat, "id">>(CHATS, chatId);
  if (!chat || !chat.participants.includes(uid)) return null;
  const other = chat.participants[0] === uid ? chat.participants[1] : chat.participants[0];
  const [mine, theirs] = await tx.getMany<Omit<ChatMember, "id">>(CHAT_MEMBERS, [memberId(chatId, uid), memberId(chatId, other)]);
  if (!mine || !theirs) return null;
  return { chat, mine: mine as ChatMember, theirs: theirs as ChatMember };
}
