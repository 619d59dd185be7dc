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
import { seoMeta } from "#app/utils/meta";
import { isServicePageKey, MAX_FAQS, pageIdOf, serviceContentFormSchema, textsOfForm } from "#app/features/service-pages/service-pages";
import { zodErrorMap } from "#app/utils/zod-errors";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { useZodForm } from "#app/utils/use-zod-form";

/**
 * /admin/contenidos/{key}?lang=xx: the team edits one service page's texts in one language and
 * its price, without code. Saved at once for visitors (their cached pages are forgotten).
 */
export const handle = { i18n: ["admin", "services"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  await ctx.requireAdmin();
  const key = args.params.key;
  invariantResponse(isServicePageKey(key), ctx.request);
  const lang = editedLang(ctx.url, ctx.lang);
  const content = await ctx.services.servicePages.get(key);
  const texts = content.texts[lang];
  return {
    meta: {
      title: ctx.t("content.meta", { page: content.texts[ctx.lang].title }),
      description: ctx.t("contents.intro"),
    },
    key,
    lang,
    pageTitle: content.texts[ctx.lang].title,
    values: {
      lang,
      priceFromEuros: content.priceFromEuros === null ? "" : String(content.priceFromEuros),
      title: texts.title,
      summary: texts.summary,
      body: texts.body,
      whoNeeds: texts.whoNeeds.join("\n"),
      documents: texts.documents.join("\n"),
      turnaround: texts.turnaround,
      faqs: Array.from({ length: MAX_FAQS }, (_, index) => texts.faqs[index] ?? { question: "", answer: "" }),
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, ["admin", "zod", "validation"]);
  const admin = await ctx.requireAdmin({ checkRevoked: true });
  const key = args.params.key;
  invariantResponse(isServicePageKey(key), ctx.request);
  const submission = parseWithZod(await ctx.formData(), {
    schema: serviceContentFormSchema,
    errorMap: zodErrorMap(ctx.t),
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  await ctx.services.servicePages.save(key, {
    lang: value.lang,
    texts: textsOfForm(value),
    priceFromEuros: value.priceFromEuros ?? null,
    byUid: admin.uid,
  });
  throw await ctx.redirectWithNotice(href("admin-content", { lang: ctx.lang, params: { key }, search: { lang: value.lang } }), { key: "admin:content.saved" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminContent() {
  const { t } = useTranslation("admin");
  const { key, lang, pageTitle, values } = useLoaderData<typeof loader>();
  const reply = useActionData<{ result: SubmissionResult<string[]> }>();
  const sending = usePending();
  const settled = useWhenIdle(reply?.result);
  const [form, fields] = useZodForm(serviceContentFormSchema, t, { id: `content-${key}-${lang}`, lastResult: settled, defaultValue: values });
  const faqs = fields.faqs.getFieldList();
  return (
    <ContentEditorPage
      pageTitle={pageTitle}
      intro={t("content.intro")}
      lang={lang}
      tabTo={(code) => href("admin-content", { params: { key }, search: { lang: code } })}
      viewTo={href(pageIdOf(key), { lang })}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name={fields.lang.name} value={lang} />
        <Field meta={fields.priceFromEuros} type="number" step="1" inputMode="numeric" unit="€" label={t("content.fields.price")} hint={t("content.hints.price")} />
        <Field meta={fields.title} label={t("content.fields.title")} />
        <TextareaField meta={fields.summary} rows={2} lang={lang} label={t("content.fields.summary")} hint={t("content.hints.summary")} />
        <TextareaField meta={fields.body} rows={8} lang={lang} label={t("content.fields.body")} hint={t("content.hints.body")} />
        <TextareaField meta={fields.whoNeeds} rows={4} lang={lang} label={t("content.fields.whoNeeds")} hint={t("content.hints.lines")} />
        <TextareaField meta={fields.documents} rows={5} lang={lang} label={t("content.fields.documents")} hint={t("content.hints.lines")} />
        <Field meta={fields.turnaround} label={t("content.fields.turnaround")} />
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold">{t("content.fields.faqs")}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("content.hints.faqs")}</p>
          {faqs.map((faq, index) => {
            const pair = faq.getFieldset();
            return (
              <div key={faq.key} className={cardClass("sm", { extra: "grid gap-3" })}>
                <Field meta={pair.question} label={t("content.fields.question", { number: index + 1 })} />
                <TextareaField meta={pair.answer} rows={2} lang={lang} label={t("content.fields.answer", { number: index + 1 })} />
              </div>
            );
          })}
        </fieldset>
        <Button variant="primary" size="block" type="submit"  disabled={sending}>
          {t("content.save")}
        </Button>
      </Form>
    </ContentEditorPage>
  );
}
