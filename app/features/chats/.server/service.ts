import { createChatsContext, getMember, type ChatsDeps } from "./context";
import { applyDue } from "./emails";
import * as reads from "./reads";
import { markRead, send, start } from "./writing";
import { bindTo } from "#app/.server/domain/operations";

/**
 * The conversations service: starting or continuing a conversation about a listing, writing,
 * reading (with read receipts and unread counts), the live state for the email event stream,
 * and the grouped emails about unread messages. Whether contact details show is the bookings'
 * business (`contactRevealAt`, asked at the service's clock); what is hidden is `mask.ts`'s,
 * computed here once for the page and the email alike (decision record 026).
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): writing and marking read (`writing.ts`), the reads and the live state
 * (`reads.ts`), and the emails (`emails.ts`).
 */
export function createChatsService(deps: ChatsDeps) {
  const ctx = createChatsContext(deps);
  const bind = bindTo(ctx);
  return {
    start: bind(start),
    send: bind(send),
    /** The person's side of a conversation, or null when they are not in it. */
    member: bind(getMember),
    page: bind(reads.page),
    markRead: bind(markRead),
    list: bind(reads.list),
    unreadCount: bind(reads.unreadCount),
    watch: bind(reads.watch),
    applyDue: bind(applyDue),
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
