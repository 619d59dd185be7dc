import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hintClass } from "#app/components/forms";
import { defaultLang, languageOf, type Lang } from "#app/i18n";
import { spokenLanguages } from "#app/features/accounts";
import { seoMeta } from "#app/utils/meta";
import { passwordHints } from "#app/features/accounts";
import { zodErrorMap } from "#app/utils/zod-errors";
import { displayNamesOf } from "#app/framework/intl";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { parseForm } from "#app/.server/http/form";
import { profileIntentSchema } from "./profile/schemas";
import { href } from "#app/utils/href";
import { withRetryAfter } from "#app/utils/headers";
import { saveProfile } from "./profile/details.server";
import { changeEmail } from "./profile/email.server";
import { changePassword } from "./profile/password.server";
import { removePhoto, uploadPhoto } from "./profile/photo.server";
import type { ActionEnv } from "./profile/submission.server";
import { ProfileForm } from "./profile/details-form";
import { EmailForm } from "./profile/email-form";
import { PasswordForm } from "./profile/password-form";
import { PhotoForm } from "./profile/photo-form";
import { NOTICES } from "./profile/shared";
import { useSavedFormKey } from "#app/utils/notice";
import { ButtonLink } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";

/**
 * /ajustes/mi-perfil: the profile photo, the public profile, the sign-in email and the password,
 * forms on one page dispatched by `intent` (the photo is a multipart upload through the photo
 * pipeline, stored and served here). Changing the email or the password proves the current
 * password first, and the cookie session is renewed with the new credentials. A saved form
 * redirects back to its section with a notice flashed in the session (decision record 033). Each intent's
 * handler is in `profile/<intent>.server.ts`, each form in `profile/<intent>-form.tsx`.
 */
export const handle = { i18n: ["profile", "validation"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "profile");
  const user = await ctx.requireUser();
  const { lang, t, services } = ctx;
  const [profile, policy] = await Promise.all([services.users.get(user.uid), services.accounts.passwordPolicy()]);
  invariantResponse(profile, ctx.request);
  return {
    meta: { title: t("meta.title"), description: t("meta.description") },
    profile: {
      displayName: profile.displayName,
      email: profile.email,
      slug: profile.slug,
      photo: profile.photo,
      bio: profile.bio,
      phone: profile.phone,
      languages: profile.languages,
      emailLang: profile.lang ?? defaultLang,
      kind: profile.kind,
    },
    company: profile.kind === "professional" ? profile.company : null,
    languageOptions: languageOptions(lang),
    policy,
    passwordHints: passwordHints(policy),
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, ["profile", "zod", "validation"]);
  const user = await ctx.requireUser({ checkRevoked: true });
  const env: ActionEnv = { ctx, user, t: ctx.t, errorMap: zodErrorMap(ctx.t) };
  if ((ctx.request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return uploadPhoto(env);
  const formData = await ctx.formData();
  // Which form was sent (`profileIntentSchema`); each intent's fields are its handler's schema.
  const parsed = parseForm(formData, profileIntentSchema, ctx.t);
  if (!parsed.ok) {
    const message = ctx.t("unknownForm");
    throw data({ message, formErrors: [message] }, { status: 400 });
  }
  switch (parsed.value.intent) {
    case "removePhoto":
      return removePhoto(env);
    case "profile":
      return saveProfile(env, formData);
    case "email":
      return changeEmail(env, formData);
    case "password":
      return changePassword(env, formData);
  }
}

/** The languages a person may say they speak, named in the page's language. */
function languageOptions(lang: Lang) {
  const iso = languageOf(lang).iso;
  const names = displayNamesOf(iso, { type: "language" });
  return spokenLanguages.map((code) => {
    const name = names.of(code) ?? code;
    return { code, label: name.charAt(0).toLocaleUpperCase(iso) + name.slice(1) };
  });
}

export default function ProfileSettings() {
  const { t } = useTranslation("profile");
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { profile, company } = loaderData;
  // A saved form comes back fresh (its fields as saved, passwords gone, no photo chosen): keyed by the notice it flashed.
  const keys = {
    photo: useSavedFormKey(NOTICES.photo, NOTICES.removePhoto),
    profile: useSavedFormKey(NOTICES.profile),
    email: useSavedFormKey(NOTICES.email),
    password: useSavedFormKey(NOTICES.password),
  };
  return (
    <main id="main" className="space-y-8">
      <header className="flex flex-wrap items-center gap-4">
        <div className="min-w-[14rem] flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("intro")}</p>
        </div>
        <ButtonLink to={href("user", { params: { slug: profile.slug } })} variant="secondary">
          {t("publicProfile")}
        </ButtonLink>
      </header>
      <PhotoForm key={`photo-${keys.photo}`} loaderData={loaderData} actionData={actionData} />
      <ProfileForm key={`profile-${keys.profile}`} loaderData={loaderData} actionData={actionData} />
      {company ? (
        <section aria-labelledby="company-title" className={cardClass("lg")}>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="company-title" className="text-xl font-bold">{t("company.title")}</h2>
            <span className="rounded-full bg-sea-50 px-3 py-0.5 text-xs font-semibold text-sea-800 dark:bg-white/10 dark:text-white">
              {t("kind.professional")}
            </span>
          </div>
          <p className={hintClass}>{t("company.description")}</p>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            {(["name", "taxId", "phone", "address"] as const).map((key) => (
              <div key={key}>
                <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{t(`company.${key}`)}</dt>
                <dd className="mt-0.5 break-words">{company[key]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <EmailForm key={`email-${keys.email}`} loaderData={loaderData} actionData={actionData} />
      <PasswordForm key={`password-${keys.password}`} loaderData={loaderData} actionData={actionData} />
    </main>
  );
}

// A 429 carries its Retry-After (see withRetryAfter).
export const headers = withRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
