import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isCaseError } from "#app/.server/domain/cases";
import { CASE_TRANSITIONS, caseStatuses, type CaseStatus } from "#app/utils/cases";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";
import { CaseDetailRows, CaseStatusBadge } from "#app/components/case";
import { FormAlert, inputClass, labelClass, Notice } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment } from "#app/utils/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";

/**
 * /admin/gestiones/{id}: a case for the team — everything the requester sent, the documents,
 * the history, internal notes, messages with the requester, and a POST form with a `status`
 * select and a comment that moves the case (only the lifecycle's next steps: others are 409,
 * values that are not statuses 400). Non-admins get the admin area's 403.
 */
export const handle = { i18n: ["admin", "cases"] };

async function admin(ctx: RequestContext, checkRevoked = false) {
  const user = await ctx.requireAdmin({ checkRevoked });
  return { uid: user.uid, role: "admin" as const };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  const found = await ctx.services.cases.getFor(args.params.id ?? "", await admin(ctx));
  if (!found) notFound(ctx.request);
  const item = found.item;
  return {
    meta: { title: ctx.t("case.meta"), description: ctx.t("cases.intro") },
    item: {
      id: item.id,
      type: item.type,
      status: item.status,
      createdAt: item.createdAt,
      contact: item.contact,
      visitor: item.requesterUid === null,
      details: Object.entries(item.details),
      history: item.history,
      notes: item.notes,
      messages: item.messages,
      documents: item.documents.map(({ id, name, size, contentType, by, uploadedAt }) => ({ id, name, size, contentType, by, uploadedAt })),
    },
    next: CASE_TRANSITIONS[item.status],
  };
}

type Reply = { intent: string; errors: string[] };

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "admin");
  const who = await admin(ctx, true);
  const id = args.params.id ?? "";
  if (!(await ctx.services.cases.getFor(id, who))) notFound(ctx.request);
  const form = await ctx.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const refuse = (errors: string[], status = 400) => data<Reply>({ intent, errors }, { status });
  const back = (done: string) => redirect(`${href("admin-case", { lang: ctx.lang, params: { id } })}?done=${done}`, 303);
  try {
    if (intent === "status") {
      const status = text("status");
      if (!(caseStatuses as readonly string[]).includes(status)) return refuse([ctx.t("case.errors.status")]);
      await ctx.services.cases.move(id, who, status as CaseStatus, text("comment"));
      return back("status");
    }
    if (intent === "note" || intent === "message") {
      if (!text("text").trim()) return refuse([ctx.t("case.errors.empty")]);
      if (intent === "note") await ctx.services.cases.addNote(id, who, text("text"));
      else await ctx.services.cases.addMessage(id, who, text("text"));
      return back(intent);
    }
  } catch (error) {
    if (isCaseError(error, "invalid-transition")) return refuse([ctx.t("case.errors.transition")], 409);
    throw error;
  }
  return refuse([ctx.t("case.errors.unknown")]);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

const card = "rounded-2xl border border-slate-200 p-5 dark:border-white/10";
const button = "rounded-lg bg-sea-700 px-5 py-2.5 font-semibold text-white hover:bg-sea-800 disabled:opacity-60";

export default function AdminCase() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  const { item, next } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const done = search.get("done");
  const errorsFor = (intent: string) => (reply?.intent === intent ? <FormAlert id={`${intent}-errors`} errors={reply.errors} /> : null);
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <p><LocalizedLink to={href("admin-cases")} className="text-sm font-semibold underline">{t("case.back")}</LocalizedLink></p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{tc(`types.${item.type}`)}</h1>
        <CaseStatusBadge status={item.status} />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">{tc("list.reference", { id: item.id })} · {tc("list.since", { date: formatMoment(item.createdAt, lang) })}</p>
      {done && ["status", "note", "message"].includes(done) ? <Notice>{t(`case.done.${done}`)}</Notice> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="request-title" className={card}>
          <h2 id="request-title" className="text-xl font-bold">{tc("detail.summary")}</h2>
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex justify-between gap-4"><dt className="text-slate-600 dark:text-slate-400">{tc("detail.contact")}</dt><dd className="text-right">{[item.contact.name, item.contact.email, item.contact.phone].filter(Boolean).join(" · ")}{item.visitor ? ` (${t("cases.visitor")})` : ""}</dd></div>
            <CaseDetailRows details={item.details} />
          </dl>
          <h3 className="mt-5 font-semibold">{tc("detail.documents")}</h3>
          {item.documents.length === 0 ? <p className="text-sm">{tc("detail.noDocuments")}</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {item.documents.map((doc) => (
              <li key={doc.id} className="flex justify-between gap-3">
                <span className="break-all">{doc.name} <span className="text-slate-500 dark:text-slate-400">· {Math.max(1, Math.round(doc.size / 1024))} KB</span></span>
                <a href={href("case-document", { params: { caseId: item.id, documentId: doc.id } })} className="font-semibold underline" download>{tc("detail.download")}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="move-title" className={card}>
          <h2 id="move-title" className="text-xl font-bold">{t("case.move")}</h2>
          {next.length === 0 ? <p className="mt-2 text-sm">{t("case.closed")}</p> : (
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="status" />
              {errorsFor("status")}
              <label htmlFor="status" className={labelClass}>{t("case.status")}</label>
              <select id="status" name="status" className={inputClass} defaultValue={next[0]}>
                {caseStatuses.map((status) => <option key={status} value={status} disabled={!next.includes(status)}>{tc(`statuses.${status}`)}</option>)}
              </select>
              <label htmlFor="comment" className={labelClass}>{t("case.comment")}</label>
              <textarea id="comment" name="comment" rows={3} maxLength={2000} className={inputClass} />
              <button type="submit" className={button} disabled={busy}>{t("case.moveSubmit")}</button>
            </Form>
          )}
          <h3 className="mt-6 font-semibold">{tc("detail.history")}</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {item.history.map((entry) => (
              <li key={`${entry.at}-${entry.to}`}><time className="tabular-nums text-slate-600 dark:text-slate-400">{formatMoment(entry.at, lang)}</time> <CaseStatusBadge status={entry.to} />{entry.comment ? <p className="mt-1 whitespace-pre-line">{entry.comment}</p> : null}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="notes-title" className={card}>
          <h2 id="notes-title" className="text-xl font-bold">{t("case.notes")}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("case.notesHint")}</p>
          <ol className="mt-3 space-y-2 text-sm">
            {item.notes.map((note) => <li key={note.at} className="rounded-lg bg-amber-50 p-3 dark:bg-amber-900/30"><time className="text-xs">{formatMoment(note.at, lang)}</time><p className="whitespace-pre-line">{note.text}</p></li>)}
          </ol>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="note" />
            {errorsFor("note")}
            <label htmlFor="note" className={labelClass}>{t("case.note")}</label>
            <textarea id="note" name="text" rows={2} required maxLength={4000} className={inputClass} />
            <button type="submit" className={button} disabled={busy}>{t("case.addNote")}</button>
          </Form>
        </section>
        <section aria-labelledby="messages-title" className={card}>
          <h2 id="messages-title" className="text-xl font-bold">{tc("detail.messages")}</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {item.messages.map((message) => (
              <li key={message.at} className={message.from === "team" ? "rounded-lg bg-sea-50 p-3 dark:bg-white/5" : "rounded-lg border border-slate-200 p-3 dark:border-white/10"}>
                <p className="font-semibold">{message.from === "team" ? tc("detail.fromTeam") : item.contact.name} <time className="font-normal text-slate-600 dark:text-slate-400">{formatMoment(message.at, lang)}</time></p>
                <p className="whitespace-pre-line">{message.text}</p>
              </li>
            ))}
          </ol>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="message" />
            {errorsFor("message")}
            <label htmlFor="message" className={labelClass}>{t("case.message")}</label>
            <textarea id="message" name="text" rows={3} required maxLength={4000} className={inputClass} />
            <button type="submit" className={button} disabled={busy}>{t("case.send")}</button>
          </Form>
        </section>
      </div>
    </main>
  );
}
