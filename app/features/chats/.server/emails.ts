/** The grouped emails about unread messages, sent by the scheduler. */
import { contactAt, CONTEXT, type ChatsContext } from "./context";
import { conversationParts } from "./mask";
import { CHAT_MEMBERS, CHAT_MESSAGES, type ChatMember, type ChatMessage } from "./model";

/**
 * Sends the emails that are due: one per person and conversation for the messages they have
 * not read since it was set (a burst of messages is one email); nothing if they read them in
 * the meantime. Idempotent across servers: each email is claimed in a transaction first.
 */
export async function applyDue(ctx: ChatsContext): Promise<number> {
  const at = ctx.now();
  const due = await ctx.store.query<Omit<ChatMember, "id">>({ collection: CHAT_MEMBERS, where: [["emailDueAt", "<=", at.toISOString()]], orderBy: [["emailDueAt", "asc"]], limit: 100 });
  let sent = 0;
  for (const candidate of due) {
    const member = await ctx.store.runTransaction(async (tx) => {
      const current = await tx.get<Omit<ChatMember, "id">>(CHAT_MEMBERS, candidate.id);
      if (!current?.emailDueAt || current.emailDueAt > at.toISOString()) return null;
      tx.update(CHAT_MEMBERS, candidate.id, { emailDueAt: null });
      return current as ChatMember;
    });
    if (!member || member.readSeq >= member.lastSeq) continue;
    const from = Math.max(member.readSeq, member.emailFromSeq - 1);
    // With the messages just before, as the page reads them, so the email hides what the page hides.
    const docs = await ctx.store.query<Omit<ChatMessage, "id">>({
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
      const { shared } = await contactAt(ctx, member.uid, member.otherUid, at);
      const shown = conversationParts(all, !shared);
      const parts = unread.map(({ index }) => shown[index]!);
      await ctx.notify?.({ member, messages, parts, unread: messages.length, shared });
      sent += 1;
    } catch (error) {
      console.warn(`[chats] emailing ${member.uid} about conversation ${member.chatId} failed:`, error);
    }
  }
  return sent;
}
