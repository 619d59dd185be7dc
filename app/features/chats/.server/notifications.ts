import { getFixedT } from "#app/.server/i18n";
import type { Lang } from "#app/i18n";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import { byLang, langOrDefault, type MailboxService } from "#app/features/mailbox/.server";
import type { UsersService } from "#app/features/profiles/.server";
import type { MessagePart } from "#app/features/chats/chats";
import { partsToText } from "./mask";
import { EMAIL_QUOTED_MESSAGES, type ChatMember, type ChatMessage } from "./model";

/**
 * "New messages" to the person who has not read them, in their language: who wrote, about which
 * listing, the first few messages quoted (contact details hidden exactly as the conversation's page
 * hides them for the recipient at that moment: `parts`), how many more there are, and the link.
 */
export function createChatNotifier(deps: {
  mailbox: Pick<MailboxService, "deliver">;
  users: Pick<UsersService, "getMany">;
  listings: { get(id: string): Promise<Listing | null>; titleOf: ListingsService["titleOf"] };
  link: (chatId: string, lang: Lang) => string;
}) {
  return async function notify(input: { member: ChatMember; messages: ChatMessage[]; parts: MessagePart[][]; unread: number; shared: boolean }) {
    const { member, messages, parts } = input;
    const [people, listing] = await Promise.all([deps.users.getMany([member.uid, member.otherUid]), deps.listings.get(member.listingId)]);
    const to = people.get(member.uid);
    if (!to) return;
    const lang = langOrDefault(to.lang);
    const quoted = await byLang((each) => {
      const t = getFixedT(each, "emails");
      const show = (index: number) => partsToText(parts[index] ?? [{ text: messages[index]!.text }], (kind) => t(`chat.hidden.${kind}`));
      const first = Math.max(0, messages.length - EMAIL_QUOTED_MESSAGES);
      return messages
        .slice(first)
        .map((_, k) => show(first + k).split("\n").map((line) => `> ${line}`).join("\n"))
        .join("\n\n");
    });
    const link = deps.link(member.chatId, lang);
    const params = {
      name: to.displayName,
      other: people.get(member.otherUid)?.displayName ?? "Amarre",
      listing: await byLang((each) => deps.listings.titleOf(listing, each)),
      count: input.unread,
      quoted,
      more: input.unread > EMAIL_QUOTED_MESSAGES ? { t: "chat.more", values: { count: input.unread - EMAIL_QUOTED_MESSAGES } } : "",
      link,
    };
    await deps.mailbox.deliver({ uid: to.uid, to: to.email, lang, email: { subject: "chat.subject", text: "chat.text", params }, link });
  };
}
