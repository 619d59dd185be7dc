/** The public profile form. */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckboxGroup, Field, FormAlert, hintClass, Notice, RadioGroup, TextareaField } from "#app/components/forms";
import { languages } from "#app/i18n";
import { profileSchema, spokenLanguages } from "#app/features/accounts";
import { useLastResult, type FormProps } from "./shared";
import { useZodForm } from "#app/utils/use-zod-form";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";

export function ProfileForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { profile, languageOptions } = loaderData;
  const { lastResult, saved, submitting } = useLastResult("profile", actionData);
  const [form, fields] = useZodForm(profileSchema, t, { id: "profile-form", lastResult, defaultValue: {
      displayName: profile.displayName,
      bio: profile.bio,
      phone: profile.phone ?? "",
      languages: profile.languages,
      emailLang: profile.emailLang,
    } });
  const labels = new Map(languageOptions.map((option) => [option.code, option.label]));
  return (
    <section aria-labelledby="profile-form-title" className={cardClass("lg")}>
      <h2 id="profile-form-title" className="text-xl font-bold">{t("profile.title")}</h2>
      <p className={hintClass}>{t("profile.description")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="profile" />
        {saved ? <Notice>{saved.text}</Notice> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.displayName} autoComplete="nickname" label={t("profile.displayName")} />
          <Field meta={fields.phone} type="tel" autoComplete="tel" label={t("profile.phone")} hint={t("profile.phoneHint")} />
        </div>
        <TextareaField meta={fields.bio} rows={5} label={t("profile.bio")} hint={t("profile.bioHint")} />
        <CheckboxGroup
          meta={fields.languages}
          legend={t("profile.languages")}
          columns="grid-cols-2 sm:grid-cols-4"
          options={spokenLanguages.map((code) => ({ value: code, label: labels.get(code) ?? code }))}
        />
        <RadioGroup
          meta={fields.emailLang}
          legend={t("profile.emailLang")}
          hint={t("profile.emailLangHint")}
          columns={2}
          options={languages.map((language) => ({ value: language.code, label: language.name }))}
        />
        <Button size="lg" disabled={submitting}>{t("profile.submit")}</Button>
      </Form>
    </section>
  );
}
