/** Conversations: limits and shapes shared by the chats domain, its pages and the browser (client-safe). */
export const MAX_MESSAGE = 2000;
/** Messages shown per page of a conversation (the newest; older ones behind a link): 20, so a page reads at most 40 documents (issue 47). */
export const CHAT_PAGE_SIZE = 20;

/**
 * A message as shown: its text in parts, where contact details typed before a confirmed booking
 * between the two people are replaced by what they were (an email address, a phone number).
 */
export type MessagePart = { text: string } | { hidden: "email" | "phone" | "handle" };

/** What the email event stream says about conversations (`event: chat`). */
export type ChatStreamState = {
  /** Conversations with messages the person has not read. */
  unread: number;
  /** The person's latest conversations: how far they go and how far each side has read. */
  chats: Array<{ id: string; lastSeq: number; readSeq: number; otherReadSeq: number }>;
};

export function isChatStreamState(value: unknown): value is ChatStreamState {
  if (!value || typeof value !== "object") return false;
  const state = value as Partial<ChatStreamState>;
  return (
    typeof state.unread === "number" &&
    Array.isArray(state.chats) &&
    state.chats.every((chat) => chat && typeof chat.id === "string" && typeof chat.lastSeq === "number" && typeof chat.readSeq === "number" && typeof chat.otherReadSeq === "number")
  );
}
