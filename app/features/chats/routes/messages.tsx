import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { Avatar } from "#app/components/avatar";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment } from "#app/features/bookings";
import { dateTimeFormat } from "#app/framework/intl";
import { languageOf } from "#app/i18n";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useChatStream } from "#app/features/chats/use-chat-stream";
import { useLang } from "#app/utils/use-lang";
import { listingViews, preview, sharedWith } from "./chat.server";

/**
 * /mensajes: the person's conversations, the latest first — the other person, the listing, the
 * last message (contact details hidden before a confirmed booking between the two) and whether
 * something is unread. Live: a conversation's new message marks it unread without a reload.
 */
export const handle = { i18n: ["chats"] };

/** Conversations per page; older ones behind a link. */
const PAGE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "chats");
  const user = await ctx.requireUser();
  const { chats, users } = ctx.services;
  // `before`; `antes` is its older name (links in emails and pages from before decision record 033).
  const before = ctx.url.searchParams.get("before") ?? ctx.url.searchParams.get("antes") ?? undefined;
  const page = await chats.list(user.uid, { limit: PAGE, before });
  const members = page.filter((member) => member.lastSeq > 0);
  const [people, listings, shared] = await Promise.all([
    users.getMany([...new Set(members.map((member) => member.otherUid))]),
    listingViews(ctx, members.map((member) => member.listingId)),
    sharedWith(ctx, user.uid, members),
  ]);
  return {
    meta: { title: ctx.t("list.meta"), description: ctx.t("list.intro") },
    // "Today" as the server saw it: the browser hydrates the same times and days (decision 044).
    now: new Date().toISOString(),
    older: page.length === PAGE ? page.at(-1)!.lastAt : null,
    paged: before !== undefined,
    conversations: members.map((member) => {
      const other = people.get(member.otherUid);
      return {
        id: member.chatId,
        other: { name: other?.displayName ?? ctx.t("deletedAccount"), photo: other?.photo ?? null },
        listing: listings.get(member.listingId)?.title ?? ctx.t("gone"),
        last: { mine: member.lastSenderUid === user.uid, text: preview(ctx, member.lastText, shared.has(member.otherUid)), at: member.lastAt },
        lastSeq: member.lastSeq,
        unread: member.unread,
      };
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Messages() {
  const { t } = useTranslation("chats");
  const lang = useLang();
  const { conversations, older, paged, now: renderedAt } = useLoaderData<typeof loader>();
  const live = useChatStream();
  const iso = languageOf(lang).iso;
  const zone = "Europe/Madrid";
  const dayOf = dateTimeFormat(iso, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: zone });
  const time = dateTimeFormat(iso, { hour: "2-digit", minute: "2-digit", timeZone: zone });
  const thisYear = dateTimeFormat(iso, { day: "numeric", month: "short", timeZone: zone });
  const otherYear = dateTimeFormat(iso, { day: "numeric", month: "short", year: "numeric", timeZone: zone });
  // Today's messages by their time, this year's by their day, older ones with the year.
  const shortMoment = (at: string) => {
    const date = new Date(at);
    const now = new Date(renderedAt);
    if (dayOf.format(date) === dayOf.format(now)) return time.format(date);
    return date.getUTCFullYear() === now.getUTCFullYear() ? thisYear.format(date) : otherYear.format(date);
  };
  return (
    <main id="main" className="space-y-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("list.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("list.intro")}</p>
      </header>
      {conversations.length === 0 && !paged ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-white/20">
          <p className="font-semibold">{t("list.empty")}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("list.emptyHint")}</p>
          <LocalizedLink to={href("boat-search")} className="mt-4 inline-block rounded-full bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800">
            {t("list.browse")}
          </LocalizedLink>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 dark:divide-white/10 dark:border-white/10">
          {conversations.map((conversation) => {
            const progress = live?.chats.find((chat) => chat.id === conversation.id);
            const unread = progress ? progress.readSeq < progress.lastSeq : conversation.unread;
            const newer = progress !== undefined && progress.lastSeq > conversation.lastSeq;
            return (
              <li key={conversation.id}>
                <LocalizedLink
                  to={href("chat", { params: { chatId: conversation.id }, hash: "responder" })}
                  className={"flex items-center gap-4 p-4 hover:bg-slate-50 dark:hover:bg-white/5 " + (unread ? "bg-sea-50/60 dark:bg-white/[0.04]" : "")}
                >
                  <Avatar name={conversation.other.name} photo={conversation.other.photo} />
                  <div className="min-w-0 flex-1">
                    <p className={"truncate " + (unread ? "font-bold" : "font-semibold")}>{conversation.other.name}</p>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-400">{conversation.listing}</p>
                    <p className={"truncate text-sm " + (unread ? "font-semibold text-slate-900 dark:text-white" : "text-slate-600 dark:text-slate-400")}>
                      {conversation.last.mine ? <span>{t("list.you")} </span> : null}
                      {newer ? t("list.newMessage") : conversation.last.text}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1.5">
                    <time dateTime={conversation.last.at} title={formatMoment(conversation.last.at, lang)} className="text-xs text-slate-500 dark:text-slate-400">
                      {shortMoment(conversation.last.at)}
                    </time>
                    {unread ? <span className="rounded-full bg-coral-500 px-2 py-0.5 text-xs font-bold text-white">{t("list.unread")}</span> : null}
                  </div>
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      )}
      {older || paged ? (
        <nav aria-label={t("list.pages")} className="flex justify-center gap-4 text-sm font-semibold">
          {paged ? <LocalizedLink to={href("messages")} className="text-sea-700 underline dark:text-sea-300">{t("list.latest")}</LocalizedLink> : null}
          {older ? <LocalizedLink to={href("messages", { search: { before: older } })} className="text-sea-700 underline dark:text-sea-300">{t("list.older")}</LocalizedLink> : null}
        </nav>
      ) : null}
    </main>
  );
}
