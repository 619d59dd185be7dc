/** The sign-in email form. */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormAlert, hintClass, Notice } from "#app/components/forms";
import { changeEmailSchema } from "#app/features/accounts";
import { useLastResult, type FormProps } from "./shared";
import { useZodForm } from "#app/utils/use-zod-form";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";

export function EmailForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { profile } = loaderData;
  const { lastResult, saved, submitting } = useLastResult("email", actionData);
  const [form, fields] = useZodForm(changeEmailSchema, t, { id: "email-form", lastResult });
  return (
    <section aria-labelledby="email-form-title" className={cardClass("lg")}>
      <h2 id="email-form-title" className="text-xl font-bold">{t("email.title")}</h2>
      <p className={hintClass}>{t("email.current", { email: profile.email })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="email" />
        {saved ? <Notice>{saved.text}</Notice> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.email} type="email" autoComplete="email" label={t("email.newEmail")} />
          <Field
            meta={fields.currentPassword}
            type="password"
            autoComplete="current-password"
            label={t("email.currentPassword")}
            hint={t("email.currentPasswordHint")}
          />
        </div>
        <Button size="lg" disabled={submitting}>{t("email.submit")}</Button>
      </Form>
    </section>
  );
}
