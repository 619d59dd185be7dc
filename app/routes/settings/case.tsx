import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isCaseError, MAX_DOCUMENT_BYTES, type Case } from "#app/.server/domain/cases";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";
import { cardClass, primaryButton } from "#app/components/booking";
import { CaseDetailRows, CaseStatusBadge } from "#app/components/case";
import { FormAlert, hintClass, inputClass, labelClass, Notice } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment } from "#app/utils/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";

/**
 * /ajustes/mis-gestiones/{id}: one case for its requester — the request, its history with the
 * team's comments, the documents (downloads), adding documents while the case waits for them
 * (multipart, any file name) and messages with the team. Anyone else gets a 404.
 */
export const handle = { i18n: ["cases"] };

const MAX_UPLOADS = 5;

async function viewer(ctx: RequestContext) {
  const user = await ctx.requireUser();
  return { uid: user.uid, role: user.role === "admin" ? ("admin" as const) : ("user" as const) };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "cases");
  const who = await viewer(ctx);
  const id = args.params.id ?? "";
  // A visitor's request, opened from its email once signed in: the link's secret makes it theirs.
  const claim = ctx.url.searchParams.get("vincular");
  if (claim !== null) {
    const claimed = await ctx.services.cases.claimWithToken(id, claim, who);
    if (claimed) throw redirect(`${href("settings-case", { lang: ctx.lang, params: { id } })}?done=claimed`, 303);
    notFound(ctx.request);
  }
  const found = await ctx.services.cases.getFor(id, who);
  if (!found) notFound(ctx.request);
  const item: Case = found.item;
  return {
    meta: { title: ctx.t("detail.meta"), description: ctx.t("list.intro") },
    item: {
      id: item.id,
      type: item.type,
      status: item.status,
      createdAt: item.createdAt,
      contact: item.contact,
      details: Object.entries(item.details),
      history: item.history.map(({ at, to, comment, by }) => ({ at, to, comment, by })),
      documents: item.documents.map(({ id, name, size, uploadedAt, by }) => ({ id, name, size, uploadedAt, by })),
      messages: item.messages.map(({ at, from, text }) => ({ at, from, text })),
    },
  };
}

type Reply = { intent: "documents" | "message"; errors: string[] };

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "cases");
  const who = await viewer(ctx);
  const id = args.params.id ?? "";
  if (!(await ctx.services.cases.getFor(id, who))) notFound(ctx.request);
  const back = (done: string) => redirect(`${href("settings-case", { lang: ctx.lang, params: { id } })}?done=${done}`, 303);
  const refuse = (intent: Reply["intent"], errors: string[], status = 400) => data<Reply>({ intent, errors }, { status });

  if ((ctx.request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    let files: File[];
    const errors: string[] = [];
    try {
      const upload = await readMultipart(ctx.request, { maxFileBytes: MAX_DOCUMENT_BYTES, maxFiles: MAX_UPLOADS, maxFieldBytes: 1024, maxFields: 8, acceptFile: (field) => field === "documents" });
      files = upload.form.getAll("documents").filter((value): value is File => typeof value !== "string" && value.size > 0);
      for (const name of upload.tooLarge) errors.push(ctx.t("errors.too-large", { name }));
      if (upload.overCount.length > 0) errors.push(ctx.t("errors.tooMany"));
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      return refuse("documents", [ctx.t("errors.unreadable")]);
    }
    if (errors.length > 0) return refuse("documents", errors);
    if (files.length === 0) return refuse("documents", [ctx.t("errors.none")]);
    try {
      const uploads = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
      await ctx.services.cases.addDocuments(id, who, uploads);
    } catch (error) {
      if (!isCaseError(error)) throw error;
      if (error.code === "invalid-transition") return refuse("documents", [ctx.t("errors.notWaiting")], 409);
      if (error.code === "too-many-documents") return refuse("documents", [ctx.t("errors.tooMany")]);
      if (error.code === "invalid-document") return refuse("documents", [ctx.t(`errors.${error.reason}`, { name: files.map((f) => f.name).join(", ") })]);
      throw error;
    }
    return back("documents");
  }

  const form = await ctx.formData();
  if (form.get("intent") !== "message") return refuse("message", [ctx.t("errors.unknown")]);
  const text = String(form.get("message") ?? "");
  if (!text.trim()) return refuse("message", [ctx.t("errors.emptyMessage")]);
  await ctx.services.cases.addMessage(id, who, text);
  return back("message");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function CasePage() {
  const { t } = useTranslation("cases");
  const lang = useLang();
  const { item } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const done = search.get("done");
  return (
    <main id="main" className="space-y-6">
      <p>
        <LocalizedLink to={href("settings-cases")} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">{t("detail.back")}</LocalizedLink>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">{t(`types.${item.type}`)}</h1>
        <CaseStatusBadge status={item.status} />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("list.reference", { id: item.id })} · {t("list.since", { date: formatMoment(item.createdAt, lang) })}
      </p>
      {done === "documents" ? (
        <Notice>{t("detail.uploaded")}</Notice>
      ) : done === "message" ? (
        <Notice>{t("detail.sent")}</Notice>
      ) : done === "created" ? (
        <Notice>{t("detail.created")}</Notice>
      ) : done === "claimed" ? (
        <Notice>{t("detail.claimed")}</Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="summary-title" className={cardClass}>
          <h2 id="summary-title" className="text-xl font-bold">{t("detail.summary")}</h2>
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600 dark:text-slate-400">{t("detail.contact")}</dt>
              <dd className="text-right">{[item.contact.name, item.contact.email, item.contact.phone].filter(Boolean).join(" · ")}</dd>
            </div>
            <CaseDetailRows details={item.details} />
          </dl>
        </section>
        <section aria-labelledby="history-title" className={cardClass}>
          <h2 id="history-title" className="text-xl font-bold">{t("detail.history")}</h2>
          <ol className="mt-3 space-y-3 text-sm">
            {item.history.map((entry) => (
              <li key={`${entry.at}-${entry.to}`}>
                <time dateTime={entry.at} className="tabular-nums text-slate-600 dark:text-slate-400">{formatMoment(entry.at, lang)}</time>{" "}
                <CaseStatusBadge status={entry.to} />
                {entry.comment ? <p className="mt-1 whitespace-pre-line">{entry.comment}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <section aria-labelledby="documents-title" className={cardClass}>
        <h2 id="documents-title" className="text-xl font-bold">{t("detail.documents")}</h2>
        {item.documents.length === 0 ? <p className="mt-2 text-sm">{t("detail.noDocuments")}</p> : null}
        <ul className="mt-3 space-y-2 text-sm">
          {item.documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-3">
              <span className="break-all">{doc.name} <span className="text-slate-500 dark:text-slate-400">· {Math.max(1, Math.round(doc.size / 1024))} KB</span></span>
              <a href={href("case-document", { params: { caseId: item.id, documentId: doc.id } })} className="font-semibold text-sea-800 underline dark:text-sea-200" download>
                {t("detail.download")}
              </a>
            </li>
          ))}
        </ul>
        {item.status === "waiting_documents" ? (
          <Form method="post" encType="multipart/form-data" className="mt-5 space-y-3 border-t border-slate-200 pt-5 dark:border-white/10">
            <h3 className="font-semibold">{t("detail.uploadTitle")}</h3>
            <p className={hintClass}>{t("detail.uploadIntro")}</p>
            {reply?.intent === "documents" ? <FormAlert id="documents-errors" errors={reply.errors} /> : null}
            <label htmlFor="documents" className={labelClass}>{t("detail.files")}</label>
            <input id="documents" name="documents" type="file" multiple required accept="application/pdf,image/jpeg,image/png" className="block w-full text-sm" />
            <button type="submit" className={primaryButton} disabled={busy}>{t("detail.upload")}</button>
          </Form>
        ) : null}
      </section>
      <section aria-labelledby="messages-title" className={cardClass}>
        <h2 id="messages-title" className="text-xl font-bold">{t("detail.messages")}</h2>
        {item.messages.length === 0 ? <p className="mt-2 text-sm">{t("detail.noMessages")}</p> : null}
        <ol className="mt-3 space-y-3 text-sm">
          {item.messages.map((message) => (
            <li key={message.at} className={message.from === "team" ? "rounded-lg bg-sea-50 p-3 dark:bg-white/5" : "rounded-lg border border-slate-200 p-3 dark:border-white/10"}>
              <p className="font-semibold">
                {message.from === "team" ? t("detail.fromTeam") : t("detail.fromYou")}{" "}
                <time dateTime={message.at} className="font-normal text-slate-600 dark:text-slate-400">{formatMoment(message.at, lang)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line">{message.text}</p>
            </li>
          ))}
        </ol>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="message" />
          {reply?.intent === "message" ? <FormAlert id="message-errors" errors={reply.errors} /> : null}
          <label htmlFor="message" className={labelClass}>{t("detail.message")}</label>
          <textarea id="message" name="message" rows={3} required maxLength={4000} className={inputClass} />
          <button type="submit" className={primaryButton} disabled={busy}>{t("detail.send")}</button>
        </Form>
      </section>
    </main>
  );
}
