import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { friendlyFormatIBAN } from "ibantools";
import { useTranslation } from "react-i18next";
import { isLessorComplete } from "#app/features/profiles/.server";
import { Field, FormAlert, hintClass, Notice, TextareaField } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { lessorSchema } from "#app/features/accounts";
import { seoMeta } from "#app/utils/meta";
import { zodErrorMap } from "#app/utils/zod-errors";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { href } from "#app/utils/href";
import { usePending } from "#app/utils/use-pending";
import { useZodForm } from "#app/utils/use-zod-form";
import { Button } from "#app/components/ui/button";

/**
 * /ajustes/completar-perfil-arrendador: who offers the listings and where the payouts go.
 * A listing can only be published once this profile is complete. The IBAN is stored in its
 * electronic form (no spaces) and shown grouped in fours.
 */
export const handle = { i18n: ["profile", "validation"] };

export async function loader(args: LoaderFunctionArgs) {
  const { request, requireUser, t, services } = requestContext(args, "profile");
  const user = await requireUser();
  const profile = await services.users.get(user.uid);
  invariantResponse(profile, request);
  const { lessor, company } = profile;
  return {
    meta: { title: t("lessor.meta.title"), description: t("lessor.meta.description") },
    complete: isLessorComplete(profile),
    // What is saved, else what the account already says (a professional's company details).
    defaults: {
      legalName: lessor?.legalName ?? company?.name ?? "",
      idDocument: lessor?.idDocument ?? "",
      phone: lessor?.phone ?? profile.phone ?? company?.phone ?? "",
      address: lessor?.address ?? company?.address ?? "",
      iban: lessor ? (friendlyFormatIBAN(lessor.iban) ?? lessor.iban) : "",
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const { requireUser, t, services, formData } = requestContext(args, ["profile", "zod", "validation"]);
  const user = await requireUser({ checkRevoked: true });
  const submission = parseWithZod(await formData(), { schema: lessorSchema, errorMap: zodErrorMap(t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), saved: false }, { status: 400 });
  }
  await services.users.setLessor(user.uid, submission.value);
  return data({ result: submission.reply({ resetForm: true }), saved: true });
}


export default function LessorProfile() {
  const { t } = useTranslation("profile");
  const { complete, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const idle = !usePending({ untilIdle: true });
  const busy = usePending();
  const [form, fields] = useZodForm(lessorSchema, t, { id: "lessor-form", lastResult: idle ? actionData?.result : undefined, defaultValue: defaults });

  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("lessor.title")}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("lessor.intro")}</p>
      </header>

      <div
        role="status"
        className={
          "flex flex-wrap items-center gap-4 rounded-2xl p-5 " +
          (complete
            ? "bg-emerald-500/10 text-emerald-900 dark:text-emerald-200"
            : "bg-sand-50 text-slate-800 dark:bg-white/5 dark:text-slate-200")
        }
      >
        <span
          aria-hidden="true"
          className={
            "flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white " +
            (complete ? "bg-emerald-600" : "bg-coral-500")
          }
        >
          {complete ? "✓" : "!"}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{t(complete ? "lessor.complete" : "lessor.incomplete")}</p>
          <p className="text-sm">{t(complete ? "lessor.completeHint" : "lessor.incompleteHint")}</p>
        </div>
        {complete ? (
          <LocalizedLink
            to={href("settings-list-boat")}
            className="rounded-full bg-sea-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-800"
          >
            {t("lessor.listBoat")}
          </LocalizedLink>
        ) : null}
      </div>

      <section aria-labelledby="lessor-form-title" className="rounded-2xl border border-slate-200 p-6 dark:border-white/10">
        <h2 id="lessor-form-title" className="sr-only">{t("lessor.title")}</h2>
        <p className={hintClass}>{t("lessor.private")}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
          {idle && actionData?.saved ? <Notice>{t("lessor.saved")}</Notice> : null}
          <FormAlert id={form.errorId} errors={form.errors} />
          <Field meta={fields.legalName} autoComplete="name" label={t("lessor.legalName")} hint={t("lessor.legalNameHint")} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              meta={fields.idDocument}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              label={t("lessor.idDocument")}
              hint={t("lessor.idDocumentHint")}
            />
            <Field meta={fields.phone} type="tel" autoComplete="tel" label={t("lessor.phone")} />
          </div>
          <TextareaField meta={fields.address} rows={2} autoComplete="street-address" label={t("lessor.address")} hint={t("lessor.addressHint")} />
          <Field
            meta={fields.iban}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="ES00 0000 0000 0000 0000 0000"
            inputClassName="font-mono tracking-wide"
            label={t("lessor.iban")}
            hint={t("lessor.ibanHint")}
          />
          <Button size="lg" disabled={busy}>
            {t("lessor.submit")}
          </Button>
        </Form>
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
