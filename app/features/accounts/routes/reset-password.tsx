import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isIdentityError } from "#app/.server/auth/request-auth";
import { Field, FormAlert, PasswordHints } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { seoMeta } from "#app/utils/meta";
import { passwordFieldFor, passwordHints, type PasswordPolicy } from "#app/features/accounts/password-policy";
import { zodErrorMap } from "#app/utils/zod-errors";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { useZodForm } from "#app/utils/use-zod-form";

export const handle = { i18n: ["auth"] };

const schemaFor = (policy: PasswordPolicy) => z.object({ code: z.string().min(10).max(2048), password: passwordFieldFor(policy) });

export async function loader(args: LoaderFunctionArgs) {
  const { requireAnonymous, url, t, services } = requestContext(args, "auth");
  await requireAnonymous();
  const policy = await services.accounts.passwordPolicy();
  return {
    meta: { title: t("reset.meta.title"), description: t("reset.meta.description") },
    code: url.searchParams.get("code") ?? "",
    policy,
    hints: passwordHints(policy),
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, ["auth", "zod", "validation"]);
  await ctx.requireAnonymous();
  const { lang, t, services } = ctx;
  const policy = await services.accounts.passwordPolicy();
  const submission = parseWithZod(await ctx.formData(), { schema: schemaFor(policy), errorMap: zodErrorMap(t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    await services.accounts.resetPassword(submission.value.code, submission.value.password);
  } catch (error) {
    if (!isIdentityError(error)) throw error;
    const message = t(`errors.${error.code}`, { minutes: 15 });
    const reply =
      error.code === "password-does-not-meet-requirements"
        ? submission.reply({ fieldErrors: { password: [message] }, hideFields: ["password"] })
        : submission.reply({ formErrors: [message], hideFields: ["password"] });
    return data({ result: reply }, { status: 400 });
  }
  return ctx.redirectWithNotice(href("login", { lang }), { key: "auth:login.passwordChanged" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function ResetPassword() {
  const { t } = useTranslation("auth");
  const { code, policy, hints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const settled = useWhenIdle(actionData?.result);
  const schema = schemaFor(policy);
  const [form, fields] = useZodForm(schema, t, { id: "reset-password", lastResult: settled });
  return (
    <main id="main" className="container-page flex justify-center py-12">
      <div className={cardClass("xl", { raised: true, extra: "w-full max-w-md" })}>
        <h1 className="text-2xl font-bold">{t("reset.title")}</h1>
        {code ? (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <FormAlert id={form.errorId} errors={form.errors} />
            <input type="hidden" name="code" value={code} />
            <Field
              meta={fields.password}
              type="password"
              autoComplete="new-password"
              label={t("fields.newPassword")}
              describedBy={`${fields.password.id}-hints`}
            >
              <PasswordHints id={`${fields.password.id}-hints`} hints={hints} />
            </Field>
            <Button variant="primary" size="block" type="submit">{t("reset.submit")}</Button>
          </Form>
        ) : (
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            {t("errors.invalid-action-code")}{" "}
            <LocalizedLink to={href("forgot-password")} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">{t("reset.again")}</LocalizedLink>
          </p>
        )}
      </div>
    </main>
  );
}
