import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { minutesUntil } from "#app/.server/auth/request-auth";
import { requestContext } from "#app/.server/http/request-context";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { Field, FormAlert, Honeypot, TextareaField } from "#app/components/forms";
import { LegalFrame, LegalText } from "#app/features/legal-pages/components/legal-text";
import { LocalizedLink } from "#app/components/localized-link";
import { SHARED_WITH_VISITORS, withLoaderHeaders } from "#app/utils/headers";
import { href } from "#app/utils/href";
import { contactSchema, type ContactForm } from "#app/features/legal-pages/legal-pages";
import { seoMeta } from "#app/utils/meta";
import { zodErrorMap } from "#app/utils/zod-errors";
import { useNotice } from "#app/utils/notice";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";

/**
 * /contacto: the team's contact details (a text kept in the store, edited at /admin/contenidos)
 * and a form — a plain POST without JavaScript — whose message becomes a case of type `contact`
 * for the team at /admin/gestiones. Bad input is a 400 with the fields' messages; valid messages
 * count against the same per-address limit as the service requests (429). A signed-in person
 * lands on the case's page; a visitor on this page again with a confirmation (and an email).
 */
const NAMESPACES = ["legal", "zod", "validation"] as const;

export const handle = { i18n: [...NAMESPACES], pageCache: SHARED_WITH_VISITORS };

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, [...NAMESPACES]);
  const [content, viewer] = await Promise.all([ctx.services.legalPages.get("contacto"), ctx.getUser()]);
  const profile = viewer ? await ctx.services.users.get(viewer.uid) : null;
  const texts = content.texts[ctx.lang];
  return data(
    {
      meta: { title: ctx.t("meta.title", { title: texts.title }), description: texts.summary },
      texts,
      updatedAt: content.updatedAt,
      // Filled in for a signed-in person (whose page is never shared).
      contact: profile ? { name: profile.displayName, email: profile.email } : null,
    },
    { headers: visitorPageHeaders({ viewer, tags: ["legal:contacto"] }) },
  );
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, [...NAMESPACES]);
  const submission = parseWithZod(await ctx.formData(), { schema: contactSchema, errorMap: zodErrorMap(ctx.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const limited = await ctx.auth.limit("serviceRequestsPerAddress", ctx.clientAddress);
  if (limited) {
    const count = minutesUntil(limited.retryAfterSeconds);
    return data(
      { result: submission.reply({ formErrors: [ctx.t("contact.errors.tooMany", { count })] }) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }

  const viewer = await ctx.getUser();
  const { name, email, subject, message } = submission.value;
  const item = await ctx.services.cases.create({
    type: "contact",
    requesterUid: viewer?.uid ?? null,
    contact: { name, email, phone: null },
    details: { subject, message },
    lang: ctx.lang,
  });
  if (viewer) return ctx.redirectWithNotice(href("settings-case", { lang: ctx.lang, params: { id: item.id } }), { key: "cases:detail.created" });
  return ctx.redirectWithNotice(href("contact", { lang: ctx.lang, hash: "formulario" }), { key: "legal:contact.sent" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function Contact() {
  const { texts, updatedAt } = useLoaderData<typeof loader>();
  return (
    <LegalFrame current="contacto" title={texts.title} summary={texts.summary} updatedAt={updatedAt}>
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <ContactForm />
        <article className="xl:order-first">
          <LegalText body={texts.body} />
        </article>
      </div>
    </LegalFrame>
  );
}

function ContactForm() {
  const { t } = useTranslation("legal");
  const { contact } = useLoaderData<typeof loader>();
  const sent = useNotice("legal:contact.sent");
  const reply = useActionData<{ result: SubmissionResult<string[]> }>();
  const sending = usePending();
  const settled = useWhenIdle(reply?.result);
  const [form, fields] = useForm<ContactForm>({
    id: "contact",
    lastResult: settled,
    constraint: getZodConstraint(contactSchema),
    defaultValue: contact ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema, errorMap: zodErrorMap(t) }),
  });
  return (
    <section id="formulario" aria-labelledby="contact-form-title" className="min-w-0 scroll-mt-24">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg dark:border-white/15 dark:bg-white/5">
        <h2 id="contact-form-title" className="text-xl font-bold text-sea-950 dark:text-white">
          {sent ? t("contact.sentTitle") : t("contact.formTitle")}
        </h2>
        {sent ? (
          <div className="mt-3 space-y-4">
            <p role="status" className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-800 dark:text-emerald-300">
              {sent.text}
            </p>
            <LocalizedLink to={href("contact", { hash: "formulario" })} className="inline-block text-sm font-semibold text-sea-800 underline dark:text-sea-200">
              {t("contact.another")}
            </LocalizedLink>
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("contact.formIntro")}</p>
            <Form method="post" {...getFormProps(form)} className="relative mt-4 space-y-4">
              <FormAlert id={form.errorId} errors={form.errors} />
              <Honeypot />
              <Field meta={fields.name} label={t("contact.fields.name")} autoComplete="name" />
              <Field meta={fields.email} type="email" label={t("contact.fields.email")} autoComplete="email" />
              <Field meta={fields.subject} label={t("contact.fields.subject")} />
              <TextareaField meta={fields.message} rows={6} label={t("contact.fields.message")} hint={t("contact.hints.message")} />
              <p className="text-xs text-slate-500 dark:text-slate-400">
                <Trans
                  t={t}
                  i18nKey="contact.privacy"
                  components={{ privacy: <LocalizedLink to={href("privacy")} className="font-semibold text-sea-800 underline dark:text-sea-200" /> }}
                />
              </p>
              <Button variant="primary" size="block" type="submit"  disabled={sending}>
                {sending ? t("contact.sending") : t("contact.send")}
              </Button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
