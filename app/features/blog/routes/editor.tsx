import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isBlogError, textOf } from "#app/features/blog/.server";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { CheckboxField, Field, FileField, FormAlert, Notice, TextareaField } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { isLang, langCodes, type Lang } from "#app/i18n";
import { BLOG_LIMITS, blogFormSchema, textsOfForm, type BlogForm, type BlogText } from "#app/features/blog/schemas";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT } from "#app/utils/photos";
import { zodErrorMap } from "#app/utils/zod-errors";
import { coverView } from "./views.server";
import { useNotice, useSavedFormKey } from "#app/utils/notice";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";

/**
 * /blog/nuevo-blog: the team writes a post (`?id=` edits one): per language a title, slug,
 * excerpt and Markdown body, a cover through the photo pipeline; saved as a draft, published, or
 * unpublished again. A plain multipart POST that works without JavaScript; with JavaScript each
 * body shows a live preview rendered by the server's own Markdown and sanitiser
 * (`/resources/blog-preview`). Anonymous people sign in first; signed-in people without the admin
 * role get a 403.
 */
export const handle = { i18n: ["blog"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "blog");
  await ctx.requireAdmin();
  const id = ctx.url.searchParams.get("id");
  const post = id === null ? null : await ctx.services.blog.get(id);
  invariantResponse(id === null || post, ctx.request);
  const title = post ? textOf(post, ctx.lang).text.title : null;
  return {
    meta: { title: title ? ctx.t("editor.metaEdit", { title }) : ctx.t("editor.metaNew"), description: ctx.t("editor.intro") },
    post: post
      ? {
          id: post.id,
          status: post.status,
          cover: coverView(post.cover, 640),
          view: href("blog-post", { params: { blogId: textOf(post, ctx.lang).text.slug } }),
        }
      : null,
    values: {
      id: post?.id,
      ...(Object.fromEntries(langCodes.map((lang) => [lang, post?.texts[lang] ?? { title: "", slug: "", excerpt: "", body: "" }])) as Record<Lang, BlogText>),
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, ["blog", "zod", "validation"]);
  const admin = await ctx.requireAdmin({ checkRevoked: true });
  const formData = await ctx.formData();
  const submission = parseWithZod(formData, { schema: blogFormSchema, errorMap: zodErrorMap(ctx.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const { blog } = ctx.services;
  try {
    if (value.intent === "unpublish") {
      invariantResponse(value.id, ctx.request);
      await blog.unpublish(value.id);
      throw await ctx.redirectWithNotice(href("blog-editor", { lang: ctx.lang, search: { id: value.id } }), { key: "blog:editor.unpublished" });
    }
    const cover = value.cover && value.cover.size > 0 ? new Uint8Array(await value.cover.arrayBuffer()) : value.removeCover ? ("remove" as const) : undefined;
    const post = await blog.save(
      { uid: admin.uid, name: admin.displayName },
      { id: value.id, texts: textsOfForm(value), status: value.intent === "publish" ? "published" : "draft", cover },
    );
    if (post.status === "published") throw redirect(href("blog-post", { lang: ctx.lang, params: { blogId: textOf(post, ctx.lang).text.slug } }), 303);
    throw await ctx.redirectWithNotice(href("blog-editor", { lang: ctx.lang, search: { id: post.id } }), { key: "blog:editor.saved" });
  } catch (error) {
    if (!isBlogError(error)) throw error;
    if (error.code === "not-found") notFound(ctx.request);
    if (error.code === "slug-taken" && isLang(error.detail)) {
      return data({ result: submission.reply({ fieldErrors: { [`${error.detail}.slug`]: [ctx.t("editor.errors.slugTaken")] } }) }, { status: 400 });
    }
    if (error.code === "cover") {
      const message = ctx.t(`editor.errors.cover.${error.detail ?? "corrupt"}`, { max: MAX_PHOTO_BYTES / 1024 / 1024, min: 200 });
      return data({ result: submission.reply({ fieldErrors: { cover: [message] } }) }, { status: 400 });
    }
    return data({ result: submission.reply({ formErrors: [ctx.t("editor.errors.oneLanguage")] }) }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

type ActionData = { result?: SubmissionResult<string[]> };

/**
 * The live preview of one language's body: the server renders it (same Markdown and sanitiser as
 * the post, `/resources/blog-preview`), 0.4 s after typing stops. A plain `fetch()`, not a Remix
 * fetcher: a fetcher's answer revalidates the page, and one that arrived while "Publicar" was
 * navigating finished that navigation on an empty page. A newer preview aborts an older one, and
 * leaving the editor aborts both.
 */
function BodyPreview({ textareaId, lang }: { textareaId: string; lang: Lang }) {
  const { t } = useTranslation("blog");
  const [preview, setPreview] = useState<{ html: string } | "invalid" | null>(null);
  useEffect(() => {
    const textarea = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    if (!textarea) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | undefined;
    const send = async () => {
      if (!textarea.value.trim()) return;
      inFlight?.abort();
      const controller = (inFlight = new AbortController());
      try {
        const response = await fetch(href("blog-preview"), {
          method: "POST",
          body: new URLSearchParams({ lang, body: textarea.value }),
          headers: { Accept: "application/json" },
          redirect: "manual",
          signal: controller.signal,
        });
        if (response.status === 400) setPreview("invalid");
        if (!response.ok) return;
        const answer = (await response.json()) as { html?: unknown };
        if (typeof answer.html === "string") setPreview({ html: answer.html });
      } catch {
        // Aborted by a newer preview or by leaving, or offline: the last preview stays.
      }
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(send, 400);
    };
    void send();
    textarea.addEventListener("input", onInput);
    return () => {
      clearTimeout(timer);
      inFlight?.abort();
      textarea.removeEventListener("input", onInput);
    };
  }, [textareaId, lang]);
  return (
    <section aria-label={t("editor.preview")} aria-live="polite" className="max-h-[32rem] overflow-y-auto rounded-xl border border-dashed border-slate-300 p-4 dark:border-white/20">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("editor.preview")}</h4>
      {preview === "invalid" ? (
        <p className="mt-2 text-sm text-coral-600 dark:text-coral-300">{t("editor.previewInvalid", { max: BLOG_LIMITS.body })}</p>
      ) : preview?.html ? (
        <div lang={lang} className="blog-body mt-2" data-testid={`preview-${lang}`} dangerouslySetInnerHTML={{ __html: preview.html }} />
      ) : (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t("editor.previewEmpty")}</p>
      )}
    </section>
  );
}

export default function BlogEditorPage() {
  // A saved post's editor is drawn anew from what was saved: the cover's file input does not keep
  // the photo it sent, nor conform the values it started from.
  return <BlogEditor key={useSavedFormKey("blog:editor.saved", "blog:editor.unpublished")} />;
}

function BlogEditor() {
  const { t } = useTranslation("blog");
  const { post, values } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionData>();
  const busy = usePending();
  const settled = useWhenIdle(reply?.result);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [form, fields] = useForm<BlogForm>({
    id: `blog-${post?.id ?? "new"}`,
    lastResult: settled,
    defaultValue: values,
    constraint: getZodConstraint(blogFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogFormSchema, errorMap: zodErrorMap(t) }),
  });
  const notice = useNotice("blog:editor.saved", "blog:editor.unpublished");
  return (
    <main id="main" className="container-page max-w-4xl space-y-6 py-8">
      <p className="flex flex-wrap justify-between gap-3 text-sm">
        <LocalizedLink to={href("blog")} className="font-semibold text-sea-800 underline dark:text-sea-200">
          ← {t("editor.back")}
        </LocalizedLink>
        {post ? (
          <LocalizedLink to={post.view} className="font-semibold text-sea-800 underline dark:text-sea-200">
            {t("editor.view")}
          </LocalizedLink>
        ) : null}
      </p>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{post ? t("editor.titleEdit") : t("editor.titleNew")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t("editor.intro")}</p>
        {post ? (
          <p className="mt-2 text-sm">
            {t("editor.statusLabel")} <strong>{t(`editor.status.${post.status}`)}</strong>
          </p>
        ) : null}
      </header>
      {notice ? <Notice>{notice.text}</Notice> : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        <FormAlert id={form.errorId} errors={form.errors} />
        {post ? <input type="hidden" name={fields.id.name} value={post.id} /> : null}
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("editor.languageHint")}</p>
        {langCodes.map((lang) => {
          const set = fields[lang].getFieldset();
          const written = Boolean(values[lang].title);
          const invalid = [set.title, set.slug, set.excerpt, set.body].some((field) => field.errors?.length);
          return (
            <details key={lang} open={lang === "es" || written || invalid} className="group rounded-2xl border border-slate-200 p-4 open:pb-6 dark:border-white/10">
              <summary className="cursor-pointer text-lg font-bold">
                {t(`editor.languages.${lang}`)}
                {written ? <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">· {t("editor.written")}</span> : null}
              </summary>
              <div className="mt-4 grid gap-4">
                <Field meta={set.title} label={t("editor.fields.title")} />
                <Field meta={set.slug} label={t("editor.fields.slug")} hint={t("editor.hints.slug")} autoCapitalize="none" spellCheck={false} />
                <TextareaField meta={set.excerpt} rows={2} lang={lang} label={t("editor.fields.excerpt")} hint={t("editor.hints.excerpt")} />
                <div className="grid gap-4 lg:grid-cols-2">
                  <TextareaField meta={set.body} rows={14} lang={lang} label={t("editor.fields.body")} hint={t("editor.hints.body")} />
                  {hydrated ? <BodyPreview textareaId={set.body.id} lang={lang} /> : null}
                </div>
              </div>
            </details>
          );
        })}
        <fieldset className={cardClass("sm", { extra: "space-y-3" })}>
          <legend className="px-1 text-lg font-bold">{t("editor.fields.cover")}</legend>
          {post?.cover ? <img src={post.cover.src} alt={t("editor.currentCover")} width={320} height={180} className="aspect-[16/9] w-80 max-w-full rounded-xl object-cover" /> : null}
          <FileField meta={fields.cover} accept={PHOTO_ACCEPT} label={post?.cover ? t("editor.fields.replaceCover") : t("editor.fields.cover")} hint={t("editor.hints.cover")} />
          {post?.cover ? <CheckboxField meta={fields.removeCover} label={t("editor.fields.removeCover")} /> : null}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" size="block" type="submit" name="intent" value="publish" className="sm:w-auto sm:rounded-full sm:px-5" disabled={busy}>
            {post?.status === "published" ? t("editor.update") : t("editor.publish")}
          </Button>
          {post?.status !== "published" ? (
            <Button variant="secondary" size="block" name="intent" value="draft" className="sm:w-auto sm:rounded-full sm:px-5" disabled={busy}>
              {t("editor.saveDraft")}
            </Button>
          ) : (
            <Button variant="secondary" size="block" name="intent" value="unpublish" formNoValidate className="sm:w-auto sm:rounded-full sm:px-5" disabled={busy}>
              {t("editor.unpublish")}
            </Button>
          )}
        </div>
      </Form>
    </main>
  );
}
