import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { registerProSchema, registerSchema } from "#app/features/accounts/schemas";
import { passwordFieldFor, type PasswordPolicy } from "#app/features/accounts/password-policy";
import { CheckboxField, Field, FormAlert, Honeypot, PasswordHints, TextareaField } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { href } from "#app/utils/href";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { useZodForm } from "#app/utils/use-zod-form";

type Props = {
  kind: "person" | "professional";
  policy: PasswordPolicy;
  hints: Array<{ key: string; values: Record<string, string | number> }>;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
};

/** The registration form of people and professionals: the same rules in the browser and the action. */
export function RegisterForm({ kind, policy, hints, redirectTo, lastResult }: Props) {
  const { t } = useTranslation("auth");
  const schema = (kind === "professional" ? registerProSchema : registerSchema).extend({ password: passwordFieldFor(policy) });
  const [form, fields] = useZodForm(schema, t, { id: `register-${kind}`, lastResult: useWhenIdle(lastResult) });
  const pro = kind === "professional";
  const company = pro
    ? (fields as unknown as Record<"companyName" | "taxId" | "phone" | "address", typeof fields.email>)
    : null;

  return (
    <Form method="post" {...getFormProps(form)} className="relative mt-6 space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirect" value={redirectTo} />
      <Honeypot />
      <Field meta={fields.displayName} autoComplete="name" label={t(pro ? "fields.contactName" : "fields.displayName")} />
      {company ? (
        <>
          <Field meta={company.companyName} autoComplete="organization" label={t("fields.companyName")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field meta={company.taxId} autoCapitalize="characters" label={t("fields.taxId")} />
            <Field meta={company.phone} type="tel" autoComplete="tel" label={t("fields.phone")} />
          </div>
          <TextareaField meta={company.address} rows={2} autoComplete="street-address" label={t("fields.address")} />
        </>
      ) : null}
      <Field meta={fields.email} type="email" autoComplete="email" label={t("fields.email")} />
      <Field meta={fields.password} type="password" autoComplete="new-password" label={t("fields.newPassword")} describedBy={`${fields.password.id}-hints`}>
        <PasswordHints id={`${fields.password.id}-hints`} hints={hints} />
      </Field>
      <CheckboxField
        meta={fields.acceptTerms}
        label={
          <Trans
            t={t}
            i18nKey="fields.acceptTerms"
            components={{
              terms: <LocalizedLink to={href("terms")} className="font-semibold text-sea-700 underline dark:text-sea-300" />,
              privacy: <LocalizedLink to={href("privacy")} className="font-semibold text-sea-700 underline dark:text-sea-300" />,
            }}
          />
        }
      />
      <Button variant="primary" size="block" type="submit"  disabled={usePending()}>
        {t(pro ? "registerPro.submit" : "register.submit")}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t("register.haveAccount")}{" "}
        <LocalizedLink to={href("login")} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">{t("register.signIn")}</LocalizedLink>
      </p>
    </Form>
  );
}
