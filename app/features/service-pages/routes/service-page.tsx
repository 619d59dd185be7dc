import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { Field, FileField, FormAlert, Honeypot, Notice, primaryButtonClass, SelectField, TextareaField } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { SHARED_WITH_VISITORS, withLoaderHeaders } from "#app/utils/headers";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import {
  MAX_REQUEST_DOCUMENTS,
  pageIdOf,
  requestFields,
  requestKindOf,
  SERVICE_NAMESPACES,
  servicePageRequestSchema,
  takesDocuments,
  type RequestField,
  type RequestKind,
  type ServicePageKey,
} from "#app/features/service-pages/service-pages";
import { procedureTypes } from "#app/features/cases";
import { useLang } from "#app/utils/use-lang";
import { loadServicePage, sendServiceRequest } from "./service-page.server";
import { useNotice, useSavedFormKey } from "#app/utils/notice";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { numberFormat } from "#app/framework/intl";
import { useZodForm } from "#app/utils/use-zod-form";

/**
 * A service page (septimalista layout): /gestoria and its seven procedures, /seguro, /limpieza,
 * /transporte (and /en/transport-boat), /port/PortForm. Its texts and price come from the store
 * (edited at /admin/contenidos); beside them, the procedure navigation and, in a sticky panel,
 * the request form — a plain multipart POST without JavaScript, validated by conform when it runs.
 */
export const handle = {
  i18n: [...SERVICE_NAMESPACES],
  pageCache: SHARED_WITH_VISITORS,
};

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return loadServicePage(requestContext(args, [...SERVICE_NAMESPACES]));
}

export async function action(args: ActionFunctionArgs) {
  return sendServiceRequest(requestContext(args, [...SERVICE_NAMESPACES]));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

const euro = (lang: string, amount: number) =>
  numberFormat(lang, {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: 0,
  }).format(amount);

export default function ServicePage() {
  const { key, page, procedures, services } = useLoaderData<typeof loader>();
  // A request sent comes back as an empty form (contact details as the account has them, no document chosen).
  const sentKey = useSavedFormKey("services:request.sent");
  return (
    <main id="main">
      <ServiceHero pageKey={key} page={page} />

      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-8 py-8 lg:grid-cols-[13rem_minmax(0,1fr)_22rem] lg:py-10">
        <ServiceNav current={key} procedures={procedures} services={services} />

        <ServiceArticle pageKey={key} page={page} procedures={procedures} />

        <RequestPanel key={sentKey} pageKey={key} />
      </div>
    </main>
  );
}

type ServiceData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The page's title and summary under its breadcrumb, its price and turnaround, and (on a phone) the jump to the request form. */
function ServiceHero({ pageKey: key, page }: { pageKey: ServicePageKey; page: ServiceData["page"] }) {
  const { t } = useTranslation("services");
  const lang = useLang();
  const isProcedure = key === "gestoria" || (procedureTypes as readonly string[]).includes(key);
  const crumbs = isProcedure && key !== "gestoria";
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-sea-50 to-white dark:border-white/10 dark:from-sea-950 dark:to-sea-950">
      <div className="container-page py-8 sm:py-12">
        <nav aria-label={t("breadcrumb")} className="text-sm text-slate-600 dark:text-slate-300">
          <LocalizedLink to={href("home")} className="hover:underline">
            {t("home")}
          </LocalizedLink>
          <span aria-hidden="true"> / </span>
          {crumbs ? (
            <>
              <LocalizedLink to={href("gestoria")} className="hover:underline">
                {t("paperwork")}
              </LocalizedLink>
              <span aria-hidden="true"> / </span>
            </>
          ) : null}
          <span aria-current="page">{page.texts.title}</span>
        </nav>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-sea-950 sm:text-4xl dark:text-white">{page.texts.title}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-200">{page.texts.summary}</p>
        <dl className="mt-5 flex flex-wrap gap-3 text-sm">
          <div className="rounded-full bg-white px-4 py-1.5 shadow-sm ring-1 ring-slate-200 dark:bg-white/10 dark:ring-white/15">
            <dt className="inline text-slate-600 dark:text-slate-300">{t("price")} </dt>
            <dd className="inline font-semibold">{page.priceFromEuros === null ? t("quoted") : t("from", { price: euro(lang, page.priceFromEuros) })}</dd>
          </div>
          <div className="rounded-full bg-white px-4 py-1.5 shadow-sm ring-1 ring-slate-200 dark:bg-white/10 dark:ring-white/15">
            <dt className="inline text-slate-600 dark:text-slate-300">{t("turnaround")} </dt>
            <dd className="inline font-semibold">{page.texts.turnaround}</dd>
          </div>
        </dl>
        <a href="#solicitud" className={`${primaryButtonClass} mt-6 inline-flex w-auto lg:hidden`}>
          {t("request.jump")}
        </a>
      </div>
    </section>
  );
}

/** What the service is, the paperwork index (on /gestoria), who needs it, the documents, the steps and the questions. */
function ServiceArticle({ pageKey: key, page, procedures }: { pageKey: ServicePageKey; page: ServiceData["page"]; procedures: ServiceData["procedures"] }) {
  const { t } = useTranslation("services");
  const lang = useLang();
  const paragraphs = page.texts.body.split(/\n\s*\n/).filter(Boolean);
  return (
    <article className="min-w-0 space-y-8">
      <section aria-labelledby="about-title" className="space-y-3 text-slate-800 dark:text-slate-200">
        <h2 id="about-title" className="text-xl font-bold text-sea-950 dark:text-white">
          {t(key === "gestoria" ? "sections.aboutIndex" : "sections.about")}
        </h2>
        {paragraphs.map((paragraph, index) => (
          <p key={index} className="leading-relaxed">
            {paragraph}
          </p>
        ))}
      </section>

      {key === "gestoria" ? (
        <section aria-labelledby="procedures-title">
          <h2 id="procedures-title" className="text-xl font-bold text-sea-950 dark:text-white">
            {t("sections.procedures")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {procedures.map((item) => (
              <li key={item.key}>
                <LocalizedLink
                  to={href(pageIdOf(item.key))}
                  className="flex h-full flex-col rounded-2xl border border-slate-200 p-5 transition hover:border-sea-400 hover:shadow-md dark:border-white/10 dark:hover:border-sea-300"
                >
                  <span className="font-semibold text-sea-900 dark:text-white">{item.title}</span>
                  <span className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">{item.summary}</span>
                  <span className="mt-3 text-sm font-semibold text-sea-800 dark:text-sea-200">
                    {item.priceFromEuros === null
                      ? t("quoted")
                      : t("from", {
                          price: euro(lang, item.priceFromEuros),
                        })}
                  </span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {page.texts.whoNeeds.length > 0 ? (
        <section aria-labelledby="who-title">
          <h2 id="who-title" className="text-xl font-bold text-sea-950 dark:text-white">
            {t("sections.who")}
          </h2>
          <ul className="mt-3 list-inside list-disc space-y-1 text-slate-800 dark:text-slate-200">
            {page.texts.whoNeeds.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {page.texts.documents.length > 0 ? (
        <section aria-labelledby="documents-title">
          <h2 id="documents-title" className="text-xl font-bold text-sea-950 dark:text-white">
            {t("sections.documents")}
          </h2>
          <ul className="mt-3 space-y-2">
            {page.texts.documents.map((item) => (
              <li key={item} className="flex gap-2 text-slate-800 dark:text-slate-200">
                <span aria-hidden="true" className="mt-0.5 text-sea-700 dark:text-sea-300">
                  ✓
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-xl font-bold text-sea-950 dark:text-white">
          {t("sections.steps")}
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-2">
          {(["send", "review", "follow", "done"] as const).map((step, index) => (
            <li key={step} className="rounded-2xl bg-slate-50 p-4 dark:bg-white/5">
              <span className="text-sm font-bold text-sea-700 dark:text-sea-300">{index + 1}</span>
              <p className="mt-1 font-semibold">{t(`steps.${step}.title`)}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      {page.texts.faqs.length > 0 ? (
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="text-xl font-bold text-sea-950 dark:text-white">
            {t("sections.faq")}
          </h2>
          <div className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-white/10 dark:border-white/10">
            {page.texts.faqs.map((faq) => (
              <details key={faq.question} className="group p-4">
                <summary className="cursor-pointer font-semibold marker:text-sea-700">{faq.question}</summary>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

function ServiceNav({
  current,
  procedures,
  services,
}: {
  current: ServicePageKey;
  procedures: ReadonlyArray<{ key: ServicePageKey; title: string }>;
  services: ReadonlyArray<{ key: ServicePageKey; title: string }>;
}) {
  const { t } = useTranslation("services");
  const link = (item: { key: ServicePageKey; title: string }) => (
    <li key={item.key}>
      <LocalizedLink
        to={href(pageIdOf(item.key))}
        aria-current={item.key === current ? "page" : undefined}
        className={`block whitespace-nowrap rounded-lg px-3 py-2 text-sm lg:whitespace-normal ${
          item.key === current
            ? "bg-sea-100 font-semibold text-sea-900 dark:bg-white/15 dark:text-white"
            : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-white/10"
        }`}
      >
        {item.title}
      </LocalizedLink>
    </li>
  );
  return (
    <nav aria-label={t("nav.label")} className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      <h2 className="px-3 text-xs font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("nav.procedures")}</h2>
      <ul className="mt-2 flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">{procedures.map(link)}</ul>
      <h2 className="mt-4 px-3 text-xs font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("nav.services")}</h2>
      <ul className="mt-2 flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">{services.filter((item) => item.key !== "gestoria").map(link)}</ul>
    </nav>
  );
}

function RequestPanel({ pageKey }: { pageKey: ServicePageKey }) {
  const { t } = useTranslation("services");
  const { t: tc } = useTranslation("cases");
  const { contact, signedIn } = useLoaderData<typeof loader>();
  const sent = useNotice("services:request.sent");
  const reply = useActionData<{ result: SubmissionResult<string[]> }>();
  const sending = usePending();
  const settled = useWhenIdle(reply?.result);
  const kind: RequestKind = pageKey === "gestoria" ? "procedure" : requestKindOf(pageKey);
  const schema = servicePageRequestSchema(pageKey);
  const [form, fields] = useZodForm(schema, t, { id: `request-${pageKey}`, lastResult: settled, defaultValue: contact ?? undefined });
  const anyFields = fields as unknown as Record<string, FieldMetadata<string>>;
  const documents = takesDocuments(kind);
  return (
    <aside id="solicitud" aria-labelledby="request-title" className="min-w-0 scroll-mt-24 lg:sticky lg:top-24 lg:self-start">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg dark:border-white/15 dark:bg-white/5">
        <h2 id="request-title" className="text-xl font-bold text-sea-950 dark:text-white">
          {t(`request.title.${kind}`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("request.intro")}</p>
        {sent ? (
          <div className="mt-4">
            <Notice>{sent.text}</Notice>
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="relative mt-4 space-y-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <Honeypot />
          {pageKey === "gestoria" ? (
            <SelectField
              meta={anyFields.procedure!}
              label={t("request.procedure")}
              placeholder={t("request.choose")}
              options={procedureTypes.map((type) => ({
                value: type,
                label: tc(`types.${type}`),
              }))}
            />
          ) : null}
          {requestFields[kind].map((field) => (
            <DetailField key={field.name} field={field} meta={anyFields[field.name]!} />
          ))}
          {documents ? (
            <FileField
              meta={anyFields.documents! as never}
              label={t("request.documents")}
              hint={t("request.documentsHint", { max: MAX_REQUEST_DOCUMENTS })}
              accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
              multiple
            />
          ) : null}
          <fieldset className="space-y-4">
            <legend className="w-full border-t border-slate-200 pt-4 text-sm font-bold text-sea-950 dark:border-white/10 dark:text-white">{t("request.contact")}</legend>
            <Field meta={anyFields.name!} label={t("request.name")} autoComplete="name" />
            <Field meta={anyFields.email!} type="email" label={t("request.email")} autoComplete="email" />
            <Field meta={anyFields.phone!} type="tel" label={t("request.phone")} hint={t("optional")} autoComplete="tel" />
          </fieldset>
          <Button variant="primary" size="block" type="submit"  disabled={sending}>
            {sending ? t("request.sending") : t("request.submit")}
          </Button>
          <p className="text-xs text-slate-500 dark:text-slate-400">{signedIn ? t("request.followSignedIn") : t("request.followVisitor")}</p>
        </Form>
      </div>
    </aside>
  );
}

function DetailField({ field, meta }: { field: RequestField; meta: FieldMetadata<string> }) {
  const { t } = useTranslation("services");
  const { t: tc } = useTranslation("cases");
  const label = tc(`fields.${field.name}`);
  const hint = field.required ? undefined : t("optional");
  switch (field.kind) {
    case "select":
      return (
        <SelectField
          meta={meta}
          label={label}
          hint={hint}
          placeholder={t("request.choose")}
          options={field.options.map((option) => ({
            value: option,
            label: tc(`options.${field.name}.${option}`),
          }))}
        />
      );
    case "textarea":
      return <TextareaField meta={meta} label={label} hint={t("request.notesHint")} rows={3} />;
    case "number":
      return <Field meta={meta} type="number" step={field.step < 1 ? "any" : "1"} inputMode={field.step < 1 ? "decimal" : "numeric"} label={label} hint={hint} />;
    case "date":
      return <Field meta={meta} type="date" label={label} hint={hint} />;
    case "text":
      return <Field meta={meta} label={label} hint={hint} />;
  }
}
