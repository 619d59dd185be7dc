import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useRevalidator, type MetaFunction } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isChatError } from "#app/features/chats/.server";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { Avatar } from "#app/components/avatar";
import { FormAlert, labelClass, TextareaInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { MAX_MESSAGE, type MessagePart } from "#app/features/chats/chats";
import { dateTimeFormat } from "#app/framework/intl";
import { languageOf } from "#app/i18n";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useChatStream } from "#app/features/chats/use-chat-stream";
import { useLang } from "#app/utils/use-lang";
import { contactNoticeFor, listingViews } from "./chat.server";
import { chatActionSchema, messageErrors, typed } from "./forms.server";
import { withRetryAfter } from "#app/utils/headers";
import { usePending } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";

/**
 * /chat/{chatId}: one conversation, for its two people only (a 404 for anyone else, sign-in for
 * visitors). The newest messages at the bottom, older ones behind a link; a reply form that is a
 * plain POST; read receipts on the person's own messages. When JavaScript runs, new messages and
 * receipts arrive over the app's one event stream.
 *
 * The loader only reads (a GET never writes: prefetches, crawlers and reloads change nothing).
 * Reading is an action the page posts (`intent=read`, decision record 034): with JavaScript a
 * fetcher posts it as soon as the newest messages are on screen with unread ones among them, and
 * again when new ones arrive; without it, the same small form shows a "mark as read" button, and
 * a reply marks the conversation read too (who answers has read it).
 */
export const handle = { i18n: ["chats"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "chats");
  const user = await ctx.requireUser();
  const { chats, users } = ctx.services;
  const chatId = args.params.chatId ?? "";
  // `before`; `antes` is its older name (links from before decision record 033).
  const before = ctx.url.searchParams.get("before") ?? ctx.url.searchParams.get("antes");
  const beforeSeq = before !== null && /^\d{1,9}$/.test(before) ? Number(before) : undefined;
  const page = await chats.page(user.uid, chatId, { before: beforeSeq });
  invariantResponse(page, ctx.request);
  const { me } = page;
  const [people, listings] = await Promise.all([users.getMany([me.otherUid]), listingViews(ctx, [me.listingId])]);
  const other = people.get(me.otherUid);
  // No profile: the other person deleted their account (their messages stay, nobody reads replies).
  const otherView = { name: other?.displayName ?? ctx.t("deletedAccount"), slug: other?.slug ?? null, photo: other?.photo ?? null, deleted: !other };
  return {
    meta: { title: ctx.t("chat.meta", { name: otherView.name }), description: ctx.t("list.intro") },
    chatId,
    other: otherView,
    listing: listings.get(me.listingId) ?? { title: ctx.t("gone"), to: null },
    shared: page.shared,
    /** Whether contact details show, and while they do not, when they will (or what it takes). */
    contactNotice: contactNoticeFor(ctx, page),
    lastSeq: me.lastSeq,
    otherReadSeq: me.otherReadSeq,
    olderBefore: page.olderBefore,
    latest: beforeSeq === undefined,
    /** Messages the person has not read yet (what the page's read form posts). */
    unread: me.readSeq < me.lastSeq,
    messages: page.messages.map((message, index) => ({
      seq: message.seq,
      mine: message.senderUid === user.uid,
      at: message.createdAt,
      parts: page.parts[index] ?? [{ text: message.text }],
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "chats");
  const user = await ctx.requireUser();
  const chatId = args.params.chatId ?? "";
  const submission = parseWithZod(await ctx.formData(), { schema: chatActionSchema(ctx.t) });
  const intent = submission.payload.intent;
  if (intent !== "read" && intent !== "send") return data({ errors: [ctx.t("errors.unknown")], text: "" }, { status: 400 });
  // Only a participant may read or write; anyone else learns nothing about the conversation.
  const member = await ctx.services.chats.member(user.uid, chatId);
  invariantResponse(member, ctx.request);
  // An empty or too long reply: the message, and the text kept in the form.
  if (submission.status !== "success") return data({ errors: messageErrors(submission.error, "text", ctx.t), text: typed(submission.payload, "text") }, { status: 400 });
  if (submission.value.intent === "read") return markRead(ctx, user.uid, chatId, submission.value.then === "page");
  const { text } = submission.value;
  // The other person deleted their account: nobody would read the reply.
  if (!(await ctx.services.users.get(member.otherUid))) return data({ errors: [ctx.t("chat.deleted")], text }, { status: 409 });
  const limited = await ctx.auth.limit("chatMessagesPerPerson", user.uid);
  if (limited) return data({ errors: [ctx.t("errors.tooMany")], text }, { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  try {
    await ctx.services.chats.send(user.uid, chatId, text);
  } catch (error) {
    if (!isChatError(error)) throw error;
    if (error.code === "not-found") notFound(ctx.request);
    // The store gave up under contention: nothing was saved, the text stays in the form.
    if (error.code === "busy") return data({ errors: [ctx.t("errors.busy")], text }, { status: 409 });
    return data({ errors: [text.trim() === "" ? ctx.t("errors.empty") : ctx.t("errors.tooLong", { max: MAX_MESSAGE })], text }, { status: 400 });
  }
  throw redirect(href("chat", { lang: ctx.lang, params: { chatId }, hash: "responder" }), 303);
}

/**
 * `intent=read`: the person has the newest messages on screen; the other side's receipts follow.
 * Only a participant may (the action checked: anyone else gets the same 404 as for a missing
 * conversation). The fetcher gets a small answer; the form without JavaScript (`then=page`)
 * goes back to the page.
 */
async function markRead(ctx: ReturnType<typeof requestContext>, uid: string, chatId: string, backToPage: boolean) {
  await ctx.services.chats.markRead(uid, chatId);
  if (backToPage) throw redirect(href("chat", { lang: ctx.lang, params: { chatId }, hash: "responder" }), 303);
  return data({ read: true as const });
}

// A 429 carries its Retry-After (see withRetryAfter).
export const headers = withRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

/** A message's text, with hidden contact details as labelled marks. */
export function MessageText({ parts }: { parts: MessagePart[] }) {
  const { t } = useTranslation("chats");
  return (
    <>
      {parts.map((part, index) =>
        "hidden" in part ? (
          <mark key={index} title={t("hidden.why")} className="rounded bg-slate-900/10 px-1 font-medium text-inherit dark:bg-black/25">
            {t(`hidden.${part.hidden}`)}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

export default function ChatPage() {
  const { t } = useTranslation("chats");
  const { chatId, other, listing, contactNotice, messages, lastSeq, otherReadSeq, olderBefore, latest, unread } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The reply form's answer (the read intent's goes to its fetcher, or back to the page).
  const reply = answer && "errors" in answer ? answer : undefined;
  useLiveConversation({ chatId, latest, lastSeq, otherReadSeq, unread });
  const { bottom, form, textarea } = useNewestInView(latest, messages.at(-1)?.seq ?? 0);

  return (
    <main id="main" className="flex flex-col gap-4">
      <ChatHeader other={other} listing={listing} />

      <p className="rounded-xl bg-sea-50 px-4 py-3 text-sm text-sea-900 dark:bg-white/5 dark:text-slate-200" role="note">
        {contactNotice}
      </p>

      {olderBefore !== null ? (
        <LocalizedLink to={href("chat", { params: { chatId }, search: { before: String(olderBefore) } })} className="self-center text-sm font-semibold text-sea-700 underline dark:text-sea-300">
          {t("chat.older")}
        </LocalizedLink>
      ) : null}

      {/* The messages and the reply box, the target of links to the conversation (#responder): both
          fit on the screen, so the newest messages show above the box, with or without JavaScript. */}
      <div id="responder" className="flex scroll-mt-20 flex-col gap-4">
        {/* Its own scrolling box, anchored at the bottom: on a phone it fills the screen above the reply box. */}
        <section
          aria-label={t("chat.messages")}
          aria-live="polite"
          aria-relevant="additions"
          tabIndex={0}
          data-chat-messages
          className={
            "flex min-h-[10rem] flex-col-reverse overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 px-3 py-2 dark:border-white/10 " +
            (latest ? "max-h-[calc(100dvh-20rem)] sm:max-h-[calc(100dvh-22rem)]" : "max-h-[calc(100dvh-12rem)]")
          }
        >
          <div>
            {messages.length === 0 ? <p className="text-slate-600 dark:text-slate-400">{t("chat.empty")}</p> : null}
            <MessageList messages={messages} otherName={other.name} otherReadSeq={otherReadSeq} />
            <div ref={bottom} />
          </div>
        </section>

        {latest && unread ? (
          // Without JavaScript, reading is this button; with it, `useLiveConversation` posts the same intent.
          <Form method="post" className="self-center text-sm" data-chat-read>
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="then" value="page" />
            <Button variant="link" size="inline">
              {t("chat.markRead")}
            </Button>
          </Form>
        ) : null}

        {latest && other.deleted ? (
          <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-white/5 dark:text-slate-300" role="note" data-chat-deleted>
            {t("chat.deleted")}
          </p>
        ) : latest ? (
          <ReplyForm key={lastSeq} formRef={form} textareaRef={textarea} otherName={other.name} reply={reply} />
        ) : (
          <LocalizedLink to={href("chat", { params: { chatId }, hash: "responder" })} className="self-center text-sm font-semibold text-sea-700 underline dark:text-sea-300">
            {t("chat.newer")}
          </LocalizedLink>
        )}
      </div>
    </main>
  );
}

type ChatData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * The conversation kept live: a new message or a receipt in it (the event stream) loads the page
 * again; the newest messages on screen with unread ones among them are posted as read, once per
 * newest message (the action's revalidation then brings `unread` back false).
 */
function useLiveConversation({ chatId, latest, lastSeq, otherReadSeq, unread }: Pick<ChatData, "chatId" | "latest" | "lastSeq" | "otherReadSeq" | "unread">) {
  const revalidator = useRevalidator();
  const live = useChatStream();
  const progress = live?.chats.find((chat) => chat.id === chatId);
  const behind = progress !== undefined && latest && (progress.lastSeq > lastSeq || progress.otherReadSeq > otherReadSeq);
  useEffect(() => {
    if (behind && revalidator.state === "idle") revalidator.revalidate();
  }, [behind, revalidator]);

  const reader = useFetcher<typeof action>();
  const postedUpTo = useRef(0);
  useEffect(() => {
    if (!latest || !unread || postedUpTo.current >= lastSeq || reader.state !== "idle") return;
    postedUpTo.current = lastSeq;
    reader.submit({ intent: "read" }, { method: "post" });
  }, [latest, unread, lastSeq, reader]);
}

/**
 * The newest message right above the reply box: on load, on each new message and while typing
 * (a phone's keyboard shrinks the screen). The list scrolls in its own box, bottom first
 * (column-reverse), so without JavaScript the newest messages are the ones in view too.
 */
function useNewestInView(latest: boolean, newest: number) {
  const bottom = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!latest) return;
    const reveal = () => {
      bottom.current?.scrollIntoView({ block: "nearest" });
      form.current?.scrollIntoView({ block: "nearest" });
    };
    reveal();
    const viewport = window.visualViewport;
    const field = textarea.current;
    const whileTyping = () => {
      if (document.activeElement === field) reveal();
    };
    viewport?.addEventListener("resize", whileTyping);
    field?.addEventListener("focus", whileTyping);
    return () => {
      viewport?.removeEventListener("resize", whileTyping);
      field?.removeEventListener("focus", whileTyping);
    };
  }, [latest, newest]);
  return { bottom, form, textarea };
}

/** Who the conversation is with, about which listing, and the links back to the inbox and to their profile. */
function ChatHeader({ other, listing }: Pick<ChatData, "other" | "listing">) {
  const { t } = useTranslation("chats");
  return (
    <header className="flex flex-wrap items-center gap-4 border-b border-slate-200 pb-4 dark:border-white/10">
      <Avatar name={other.name} photo={other.photo} />
      <div className="min-w-0 flex-1 basis-48">
        <h1 className="truncate text-2xl font-extrabold tracking-tight">{other.name}</h1>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">
          {t("chat.about")}{" "}
          {listing.to ? (
            <LocalizedLink to={listing.to} className="font-semibold text-sea-700 underline dark:text-sea-300">{listing.title}</LocalizedLink>
          ) : (
            <span className="font-semibold">{listing.title}</span>
          )}
        </p>
      </div>
      <nav aria-label={t("chat.links")} className="flex flex-wrap gap-2 text-sm">
        <LocalizedLink to={href("messages")} className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-100 dark:border-white/20 dark:hover:bg-white/10">
          {t("chat.back")}
        </LocalizedLink>
        {other.slug ? (
          <LocalizedLink to={href("user", { params: { slug: other.slug } })} className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-100 dark:border-white/20 dark:hover:bg-white/10">
            {t("chat.profile")}
          </LocalizedLink>
        ) : null}
      </nav>
    </header>
  );
}

/** The messages, oldest first, each day's first under its date; the last of mine says whether it was read. */
function MessageList({ messages, otherName, otherReadSeq }: { messages: ChatData["messages"]; otherName: string; otherReadSeq: number }) {
  const { t } = useTranslation("chats");
  const iso = languageOf(useLang()).iso;
  const time = dateTimeFormat(iso, { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Madrid" });
  const day = dateTimeFormat(iso, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" });
  const lastMine = [...messages].reverse().find((message) => message.mine)?.seq;
  return (
    <ol className="flex flex-col gap-2">
      {messages.map((message, index) => {
        const date = day.format(new Date(message.at));
        const previous = messages[index - 1];
        const newDay = !previous || day.format(new Date(previous.at)) !== date;
        return (
          <li key={message.seq} id={`m${message.seq}`} className="flex flex-col">
            {newDay ? <p className="my-3 self-center rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600 first-letter:uppercase dark:bg-white/10 dark:text-slate-300">{date}</p> : null}
            <div className={"max-w-[85%] sm:max-w-[70%] " + (message.mine ? "self-end" : "self-start")}>
              <p className="sr-only">{message.mine ? t("chat.you") : otherName}</p>
              <p
                className={
                  "whitespace-pre-wrap break-words rounded-2xl px-4 py-2 " +
                  (message.mine ? "rounded-br-sm bg-sea-700 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-white/10 dark:text-slate-100")
                }
              >
                <MessageText parts={message.parts} />
              </p>
              <p className={"mt-0.5 text-xs text-slate-500 dark:text-slate-400 " + (message.mine ? "text-right" : "")}>
                <time dateTime={message.at}>{time.format(new Date(message.at))}</time>
                {message.mine && message.seq === lastMine ? <span> · {message.seq <= otherReadSeq ? t("chat.read") : t("chat.sent")}</span> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The reply box: what was typed comes back with the action's messages when it was refused. */
function ReplyForm({
  formRef,
  textareaRef,
  otherName,
  reply,
}: {
  formRef: React.RefObject<HTMLFormElement>;
  textareaRef: React.RefObject<HTMLTextAreaElement>;
  otherName: string;
  reply: { errors?: string[]; text?: string } | undefined;
}) {
  const { t } = useTranslation("chats");
  const busy = usePending();
  return (
    <Form ref={formRef} method="post" id="reply" className="space-y-2">
      <input type="hidden" name="intent" value="send" />
      <FormAlert id="reply-errors" errors={reply?.errors} />
      <label htmlFor="reply-text" className={labelClass}>{t("chat.reply.label", { name: otherName })}</label>
      <div className="flex items-end gap-2">
        <TextareaInput
          ref={textareaRef}
          id="reply-text"
          name="text"
          required
          rows={2}
          maxLength={MAX_MESSAGE}
          defaultValue={reply?.text ?? ""}
          aria-invalid={reply?.errors ? true : undefined}
          aria-describedby={reply?.errors ? "reply-errors" : undefined}
          placeholder={t("chat.reply.placeholder")}
          className="min-h-[3rem] flex-1 resize-y"
        />
        <Button size="lg" disabled={busy}>
          {t("chat.reply.submit")}
        </Button>
      </div>
    </Form>
  );
}
