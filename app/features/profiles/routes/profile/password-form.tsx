/** The password form, with the identity service's policy as live hints. */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Field, FormAlert, hintClass, Notice, PasswordHints } from "#app/components/forms";
import { changePasswordSchema } from "#app/features/accounts";
import { useLastResult, type FormProps } from "./shared";
import { useZodForm } from "#app/utils/use-zod-form";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";

export function PasswordForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { policy, passwordHints: hints } = loaderData;
  const schema = useMemo(() => changePasswordSchema(policy), [policy]);
  const { lastResult, saved, submitting } = useLastResult("password", actionData);
  const [form, fields] = useZodForm(schema, t, { id: "password-form", lastResult });
  const hintsId = `${fields.password.id}-hints`;
  return (
    <section aria-labelledby="password-form-title" className={cardClass("lg")}>
      <h2 id="password-form-title" className="text-xl font-bold">{t("password.title")}</h2>
      <p className={hintClass}>{t("password.description")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="password" />
        {saved ? <Notice>{saved.text}</Notice> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field
          meta={fields.currentPassword}
          type="password"
          autoComplete="current-password"
          label={t("password.currentPassword")}
          className="sm:max-w-sm"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.password} type="password" autoComplete="new-password" label={t("password.newPassword")} describedBy={hintsId}>
            <p className={hintClass} aria-hidden="true">{t("password.requirements")}</p>
            <PasswordHints id={hintsId} hints={hints} />
          </Field>
          <Field meta={fields.confirmPassword} type="password" autoComplete="new-password" label={t("password.confirmPassword")} />
        </div>
        <Button size="lg" disabled={submitting}>{t("password.submit")}</Button>
      </Form>
    </section>
  );
}
