import { createHash } from "node:crypto";

/**
 * Conversations between two people, about a listing (and so about the bookings of it between
 * them). Three collections, all written in one transaction per message:
 * - `chats/{chatId}`: the two people, the listing, and the number of the last message (`lastSeq`),
 *   which numbers every message of the conversation without gaps or ties;
 * - `chat_members/{chatId}_{uid}`: each person's side — the other person, the last message, how
 *   far they have read (`readSeq`), how far the other person has read (`otherReadSeq`, the read
 *   receipts), whether something is unread, and when the email about unread messages is due;
 * - `chat_messages/{chatId}_{seq}`: the messages, as typed. Contact details are hidden when a
 *   message is shown, not when it is stored, so they appear once a booking is confirmed.
 * The conversation keeps its last messages as the masking reads them (`recent`), and each message
 * a copy of them as they were when it was written (`lead`): a page of messages is masked with
 * the ones before it without reading them again (decision 015's amendment of issue 47).
 */
export const CHATS = "chats";
export const CHAT_MEMBERS = "chat_members";
export const CHAT_MESSAGES = "chat_messages";

/** How long after an unread message its recipient is emailed: the messages of a burst share one email. */
export const CHAT_EMAIL_DELAY_MS = 2 * 60_000;
/** The messages an email quotes (the rest are counted). */
export const EMAIL_QUOTED_MESSAGES = 5;

export type Chat = {
  id: string;
  /** The two people, sorted. */
  participants: [string, string];
  listingId: string;
  listingKind: "boat" | "dock";
  /** Who wrote first. */
  startedBy: string;
  lastSeq: number;
  lastAt: string;
  createdAt: string;
  /** The last `CONTEXT` messages as the masking reads them; absent on conversations with messages written before it was kept. */
  recent?: LeadMessage[];
};

/** A message as the masking reads it before a later one: who wrote it, when, and its text (its last `EDGE + 1` characters when longer, `leadText`). */
export type LeadMessage = { senderUid: string; createdAt: string; text: string };

export type ChatMember = {
  id: string;
  chatId: string;
  uid: string;
  otherUid: string;
  listingId: string;
  listingKind: "boat" | "dock";
  lastSeq: number;
  lastAt: string;
  lastText: string;
  lastSenderUid: string;
  readSeq: number;
  otherReadSeq: number;
  unread: boolean;
  /** When this person is emailed about the messages they have not read (null: nothing due). */
  emailDueAt: string | null;
  /** The first message the due email is about. */
  emailFromSeq: number;
};

export type ChatMessage = {
  id: string;
  chatId: string;
  seq: number;
  senderUid: string;
  text: string;
  createdAt: string;
  /** The conversation's `recent` when it was written: the messages before it that the masking reads (absent when that was not kept). */
  lead?: LeadMessage[];
};

/**
 * One conversation per listing and pair of people: its id is derived from the three, so
 * "contact the owner" twice (or at the same moment) continues the same conversation.
 */
export function chatIdFor(listingId: string, a: string, b: string): string {
  const [first, second] = [a, b].sort();
  const digest = createHash("sha256").update(`listing\u0000${listingId}\u0000${first}\u0000${second}`).digest();
  // 20 characters of [A-Za-z0-9], like the store's own ids.
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(digest.subarray(0, 20), (byte) => alphabet[byte % 62]).join("");
}

export const memberId = (chatId: string, uid: string) => `${chatId}_${uid}`;
export const messageId = (chatId: string, seq: number) => `${chatId}_${String(seq).padStart(9, "0")}`;

/** `busy`: the store gave up on the write under contention, every retry included; nothing was saved. */
export type ChatErrorCode = "not-found" | "self" | "invalid" | "unavailable" | "busy";

export class ChatError extends Error {
  override readonly name = "ChatError";
  constructor(readonly code: ChatErrorCode) {
    super(`chat: ${code}`);
  }
}

export function isChatError(error: unknown, code?: ChatErrorCode): error is ChatError {
  return error instanceof ChatError && (code === undefined || error.code === code);
}

/** A message as people type it: no control characters, no runs of blank lines, trimmed. */
export function cleanMessage(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
