import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { registerProSchema, registerSchema } from "#app/utils/account-schemas";
import { passwordFieldFor, type PasswordPolicy } from "#app/utils/password-policy";
import { zodErrorMap } from "#app/utils/zod-errors";
import { ErrorList, FormAlert, Honeypot, inputClass, labelClass, PasswordHints, primaryButtonClass } from "./forms";
import { LocalizedLink } from "./localized-link";
import { href } from "#app/utils/href";

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
  const navigation = useNavigation();
  const schema = (kind === "professional" ? registerProSchema : registerSchema).extend({ password: passwordFieldFor(policy) });
  const [form, fields] = useForm({
    id: `register-${kind}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, errorMap: zodErrorMap(t) }),
  });
  const pro = kind === "professional";
  const company = pro
    ? (fields as unknown as Record<"companyName" | "taxId" | "phone" | "address", typeof fields.email>)
    : null;

  return (
    <Form method="post" {...getFormProps(form)} className="relative mt-6 space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirect" value={redirectTo} />
      <Honeypot />
      <div>
        <label htmlFor={fields.displayName.id} className={labelClass}>{t(pro ? "fields.contactName" : "fields.displayName")}</label>
        <input {...getInputProps(fields.displayName, { type: "text" })} autoComplete="name" className={inputClass} />
        <ErrorList id={fields.displayName.errorId} errors={fields.displayName.errors} />
      </div>
      {company ? (
        <>
          <div>
            <label htmlFor={company.companyName.id} className={labelClass}>{t("fields.companyName")}</label>
            <input {...getInputProps(company.companyName, { type: "text" })} autoComplete="organization" className={inputClass} />
            <ErrorList id={company.companyName.errorId} errors={company.companyName.errors} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={company.taxId.id} className={labelClass}>{t("fields.taxId")}</label>
              <input {...getInputProps(company.taxId, { type: "text" })} autoCapitalize="characters" className={inputClass} />
              <ErrorList id={company.taxId.errorId} errors={company.taxId.errors} />
            </div>
            <div>
              <label htmlFor={company.phone.id} className={labelClass}>{t("fields.phone")}</label>
              <input {...getInputProps(company.phone, { type: "tel" })} autoComplete="tel" className={inputClass} />
              <ErrorList id={company.phone.errorId} errors={company.phone.errors} />
            </div>
          </div>
          <div>
            <label htmlFor={company.address.id} className={labelClass}>{t("fields.address")}</label>
            <textarea {...getTextareaProps(company.address)} rows={2} autoComplete="street-address" className={inputClass} />
            <ErrorList id={company.address.errorId} errors={company.address.errors} />
          </div>
        </>
      ) : null}
      <div>
        <label htmlFor={fields.email.id} className={labelClass}>{t("fields.email")}</label>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div>
        <label htmlFor={fields.password.id} className={labelClass}>{t("fields.newPassword")}</label>
        <input
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="new-password"
          aria-describedby={`${fields.password.errorId} ${fields.password.id}-hints`}
          className={inputClass}
        />
        <PasswordHints id={`${fields.password.id}-hints`} hints={hints} />
        <ErrorList id={fields.password.errorId} errors={fields.password.errors} />
      </div>
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input {...getInputProps(fields.acceptTerms, { type: "checkbox" })} className="mt-1" />
          <span>{t("fields.acceptTerms")}</span>
        </label>
        <ErrorList id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={navigation.state === "submitting"}>
        {t(pro ? "registerPro.submit" : "register.submit")}
      </button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t("register.haveAccount")}{" "}
        <LocalizedLink to={href("login")} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">{t("register.signIn")}</LocalizedLink>
      </p>
    </Form>
  );
}
