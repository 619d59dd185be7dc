import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useFetcher, useFetchers, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { languageOf, type Lang } from "#app/i18n";
import type { MailboxEmail } from "#app/features/mailbox/mailbox-types";
import { seoMeta } from "#app/utils/meta";
import { useEmails } from "#app/features/mailbox/use-emails";
import { useLang } from "#app/utils/use-lang";
import { dateTimeFormat } from "#app/framework/intl";
import { requestContext } from "#app/.server/http/request-context";

export const handle = { i18n: ["inbox"] };

/** Ids the store makes (20 alphanumerics), with room for other adapters' ids; never a path. */
const emailId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** The page's one form: a button with an `intent`, and the email's `id` where it needs one. */
const inboxSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("markRead"), id: emailId }),
  z.object({ intent: z.literal("markUnread"), id: emailId }),
  z.object({ intent: z.literal("markAllRead") }),
]);

type Intent = z.infer<typeof inboxSchema>["intent"];

export async function loader(args: LoaderFunctionArgs) {
  const { requireUser, lang, t, services } = requestContext(args, "inbox");
  const user = await requireUser();
  // System emails read in the page's language.
  const emails = await services.mailbox.list(user.uid, { lang });
  return { meta: { title: t("meta.title"), description: t("meta.description") }, emails };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "inbox");
  const user = await ctx.requireUser();
  const { t } = ctx;
  const { mailbox } = ctx.services;
  const parsed = parseWithZod(await ctx.formData(), { schema: inboxSchema });
  if (parsed.status !== "success") {
    return data({ ok: false as const, error: t("errors.invalid") }, { status: 400 });
  }
  const submission = parsed.value;
  if (submission.intent === "markAllRead") {
    await mailbox.markAllRead(user.uid);
    return data({ ok: true as const, intent: submission.intent });
  }
  const done =
    submission.intent === "markRead"
      ? await mailbox.markRead(user.uid, submission.id)
      : await mailbox.markUnread(user.uid, submission.id);
  if (!done) return data({ ok: false as const, error: t("errors.notFound") }, { status: 404 });
  return data({ ok: true as const, intent: submission.intent });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

const FETCHER_PREFIX = "inbox:";
const ALL_FETCHER = `${FETCHER_PREFIX}all`;

/**
 * Read states the page shows before the server confirms them: from every inbox form being
 * submitted (by fetchers), "mark all read" first, then single emails on top.
 */
function useOptimisticReadState() {
  const fetchers = useFetchers();
  let allRead = false;
  const byId = new Map<string, boolean>();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(FETCHER_PREFIX) || !fetcher.formData) continue;
    // The form being sent, read by the same schema as the action (a form it refuses changes nothing on screen).
    const submission = parseWithZod(fetcher.formData, { schema: inboxSchema });
    if (submission.status !== "success") continue;
    const sent = submission.value;
    if (sent.intent === "markAllRead") allRead = true;
    else byId.set(sent.id, sent.intent === "markRead");
  }
  return (email: MailboxEmail) => byId.get(email.id) ?? (allRead || email.read);
}

/** Only web links and site paths become links. */
function safeHref(link: string | null): string | null {
  if (!link) return null;
  if (/^https?:\/\//i.test(link)) return link;
  if (link.startsWith("/") && !link.startsWith("//")) return link;
  return null;
}

/**
 * "1 de marzo de 2025 · 11:05" in the page's language. A fixed time zone, and a date and a
 * 24-hour time formatted separately (the glue between them and AM/PM spacing differ between
 * ICU versions), keep the server's and the browser's text identical.
 */
function useDateFormat(lang: Lang) {
  return useMemo(() => {
    const locale = languageOf(lang).iso;
    const date = dateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" });
    const time = dateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Madrid" });
    return (iso: string) => {
      const moment = new Date(iso);
      return `${date.format(moment)} · ${time.format(moment)}`;
    };
  }, [lang]);
}

const buttonClass =
  "rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:border-white/20 dark:text-slate-200 dark:hover:bg-white/10";

function EmailItem({ email, read, formatDate }: { email: MailboxEmail; read: boolean; formatDate: (iso: string) => string }) {
  const { t } = useTranslation("inbox");
  const fetcher = useFetcher<typeof action>({ key: `${FETCHER_PREFIX}${email.id}` });
  const nextIntent: Intent = read ? "markUnread" : "markRead";
  const href = safeHref(email.link);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <li
      className={
        "rounded-2xl border p-5 " +
        (read
          ? "border-slate-200 dark:border-white/10"
          : "border-sea-300 bg-sea-50/60 dark:border-sea-400/40 dark:bg-white/5")
      }
      data-read={read ? "true" : "false"}
    >
      <article aria-labelledby={`email-${email.id}-subject`}>
        <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={`email-${email.id}-subject`} className={"flex items-center gap-2 text-lg " + (read ? "font-medium" : "font-bold")}>
            {read ? null : <span aria-hidden="true" className="inline-block h-2.5 w-2.5 shrink-0 rounded-full bg-sea-600 dark:bg-sea-300" />}
            {read ? null : <span className="sr-only">{t("unread")}: </span>}
            <span>{email.subject}</span>
          </h2>
          <time dateTime={email.createdAt} className="text-sm text-slate-500 dark:text-slate-400">
            {formatDate(email.createdAt)}
          </time>
        </header>
        <p className="mt-3 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{email.text}</p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {href ? (
            <a href={href} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">
              {t("open")}
            </a>
          ) : null}
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={email.id} />
            {/* Raw: Button lives in the listings chunk; the inbox loads none of it, and two files (5 KiB) for a button are not worth it. */}
            <button type="submit" name="intent" value={nextIntent} className={buttonClass}>
              {t(read ? "actions.markUnread" : "actions.markRead")}
              <span className="sr-only">: {email.subject}</span>
            </button>
          </fetcher.Form>
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </article>
    </li>
  );
}

export default function Inbox() {
  const { t } = useTranslation("inbox");
  const lang = useLang();
  const { emails: initial } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const allFetcher = useFetcher<typeof action>({ key: ALL_FETCHER });
  const formatDate = useDateFormat(lang);
  const isRead = useOptimisticReadState();
  const emails = useEmails(initial);
  const shown = emails.map((email) => ({ email, read: isRead(email) }));
  const unread = shown.filter((item) => !item.read).length;
  const allError = allFetcher.state === "idle" && allFetcher.data && !allFetcher.data.ok ? allFetcher.data.error : null;
  const error = actionData && !actionData.ok ? actionData.error : allError;

  return (
    <main id="main">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="flex flex-wrap items-baseline gap-3 text-3xl font-extrabold tracking-tight">
          <span>{t("title")}</span>
          <span aria-live="polite" className="text-base font-semibold text-sea-700 dark:text-sea-300" data-testid="unread-count">
            {t("unreadCount", { count: unread })}
          </span>
        </h1>
        {shown.length > 0 ? (
          <allFetcher.Form method="post">
            {/* Raw, as the other inbox button: no listings chunk on this page. */}
            <button type="submit" name="intent" value="markAllRead" className={buttonClass} disabled={unread === 0}>
              {t("actions.markAllRead")}
            </button>
          </allFetcher.Form>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-white/20">
          <p className="text-lg font-semibold">{t("empty.title")}</p>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("empty.body")}</p>
        </div>
      ) : (
        <ul className="mt-8 space-y-4" aria-label={t("listLabel")}>
          {shown.map(({ email, read }) => (
            <EmailItem key={email.id} email={email} read={read} formatDate={formatDate} />
          ))}
        </ul>
      )}
    </main>
  );
}
