/** Conversations between two people about a listing: messages, receipts, unread counts, emails. The folder's only door. */
export { CHAT_EMAIL_DELAY_MS, CHAT_MEMBERS, CHAT_MESSAGES, CHATS, ChatError, chatIdFor, cleanMessage, isChatError, type Chat, type ChatErrorCode, type ChatMember, type ChatMessage } from "./model";
export { conversationParts, findContactDetails, maskedText, messageParts, type ContactKind } from "./mask";
export { createChatsService, type ChatsService } from "./service";
export { type ChatPage } from "./reads";
export { createChatNotifier } from "./notifications";
