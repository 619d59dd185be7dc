import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { Field, FormAlert, TextareaField } from "#app/components/forms";
import { ContentEditorPage, editedLang } from "#app/components/content-editor";
import { href } from "#app/utils/href";
import { isLegalPageKey, legalContentFormSchema, legalPageIdOf, type LegalTexts } from "#app/features/legal-pages/legal-pages";
import { seoMeta } from "#app/utils/meta";
import { zodErrorMap } from "#app/utils/zod-errors";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { useZodForm } from "#app/utils/use-zod-form";

/**
 * /admin/contenidos/legal/{key}?lang=xx: the team edits one legal page's text (legal notice,
 * privacy, cookies, terms, contact) in one language, without code. Saved at once for visitors
 * (their cached pages are forgotten); the other languages keep theirs.
 */
export const handle = { i18n: ["admin", "legal"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  await ctx.requireAdmin();
  const key = args.params.key;
  invariantResponse(isLegalPageKey(key), ctx.request);
  const lang = editedLang(ctx.url, ctx.lang);
  const content = await ctx.services.legalPages.get(key);
  const texts: LegalTexts = content.texts[lang];
  return {
    meta: {
      title: ctx.t("legalContents.meta", { page: content.texts[ctx.lang].title }),
      description: ctx.t("legalContents.intro"),
    },
    key,
    lang,
    pageTitle: content.texts[ctx.lang].title,
    values: { lang, title: texts.title, summary: texts.summary, body: texts.body },
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, ["admin", "zod", "validation"]);
  const admin = await ctx.requireAdmin({ checkRevoked: true });
  const key = args.params.key;
  invariantResponse(isLegalPageKey(key), ctx.request);
  const submission = parseWithZod(await ctx.formData(), {
    schema: legalContentFormSchema,
    errorMap: zodErrorMap(ctx.t),
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { lang, ...texts } = submission.value;
  await ctx.services.legalPages.save(key, { lang, texts, byUid: admin.uid });
  throw await ctx.redirectWithNotice(href("admin-legal-content", { lang: ctx.lang, params: { key }, search: { lang } }), { key: "admin:legalContents.saved" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminLegalContent() {
  const { t } = useTranslation("admin");
  const { key, lang, pageTitle, values } = useLoaderData<typeof loader>();
  const reply = useActionData<{ result: SubmissionResult<string[]> }>();
  const sending = usePending();
  const settled = useWhenIdle(reply?.result);
  const [form, fields] = useZodForm(legalContentFormSchema, t, { id: `legal-${key}-${lang}`, lastResult: settled, defaultValue: values });
  return (
    <ContentEditorPage
      pageTitle={pageTitle}
      intro={t("legalContents.editorIntro")}
      lang={lang}
      tabTo={(code) => href("admin-legal-content", { params: { key }, search: { lang: code } })}
      viewTo={href(legalPageIdOf(key), { lang })}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name={fields.lang.name} value={lang} />
        <Field meta={fields.title} label={t("legalContents.fields.title")} />
        <TextareaField meta={fields.summary} rows={2} lang={lang} label={t("legalContents.fields.summary")} hint={t("legalContents.hints.summary")} />
        <TextareaField meta={fields.body} rows={24} lang={lang} label={t("legalContents.fields.body")} hint={t("legalContents.hints.body")} />
        <Button variant="primary" size="block" type="submit"  disabled={sending}>
          {t("content.save")}
        </Button>
      </Form>
    </ContentEditorPage>
  );
}
