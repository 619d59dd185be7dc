import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field, FormAlert, Honeypot, Notice } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { emailField, honeypotField } from "#app/features/accounts/schemas";
import { seoMeta } from "#app/utils/meta";
import { zodErrorMap } from "#app/utils/zod-errors";
import { requestContext } from "#app/.server/http/request-context";
import { minutesUntil } from "#app/.server/auth/request-auth";
import { href } from "#app/utils/href";
import { withRetryAfter } from "#app/utils/headers";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { useZodForm } from "#app/utils/use-zod-form";

export const handle = { i18n: ["auth"] };

const schema = z.object({ email: emailField, website: honeypotField });

export async function loader(args: LoaderFunctionArgs) {
  const { requireAnonymous, t } = requestContext(args, "auth");
  await requireAnonymous();
  return { meta: { title: t("forgot.meta.title"), description: t("forgot.meta.description") } };
}

/** Sends a reset link when the address has an account, and says the same either way. */
export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, ["auth", "zod", "validation"]);
  await ctx.requireAnonymous();
  const { t, auth } = ctx;
  const submission = parseWithZod(await ctx.formData(), { schema, errorMap: zodErrorMap(t) });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const limited =
    (await auth.limit("signInPerAddress", ctx.clientAddress)) ?? (await auth.limit("passwordResetPerAccount", submission.value.email));
  if (limited) {
    const minutes = minutesUntil(limited.retryAfterSeconds);
    return data(
      { result: submission.reply({ formErrors: [t("errors.too-many-requests", { minutes })] }), sent: false },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  await ctx.services.accounts.requestPasswordReset(submission.value.email, ctx.lang, ctx.origin);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

// A 429 carries its Retry-After (see withRetryAfter).
export const headers = withRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const sending = usePending();
  const settled = useWhenIdle(actionData?.result);
  const [form, fields] = useZodForm(schema, t, { id: "forgot-password", lastResult: settled });
  return (
    <main id="main" className="container-page flex justify-center py-12">
      <div className={cardClass("xl", { raised: true, extra: "w-full max-w-md" })}>
        <h1 className="text-2xl font-bold">{t("forgot.title")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("forgot.subtitle")}</p>
        {actionData?.sent ? <div className="mt-6"><Notice>{t("forgot.sent")}</Notice></div> : null}
        <Form method="post" {...getFormProps(form)} className="relative mt-6 space-y-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <Honeypot />
          <Field meta={fields.email} type="email" autoComplete="email" label={t("fields.email")} />
          <Button variant="primary" size="block" type="submit"  disabled={sending}>{t("forgot.submit")}</Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <LocalizedLink to={href("login")} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">{t("forgot.back")}</LocalizedLink>
        </p>
      </div>
    </main>
  );
}
