import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, type MetaFunction } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type SessionUser } from "#app/.server/auth/guards";
import { IDENTITY_RETRY_AFTER_SECONDS, isIdentityError, unmetPasswordRequirements, type IdentityErrorCode } from "#app/.server/auth/request-auth";
import { CheckboxGroup, Field, FileField, FormAlert, hintClass, Notice, PasswordHints, RadioGroup, TextareaField } from "#app/components/forms";
import { Avatar } from "#app/components/avatar";
import { LocalizedLink } from "#app/components/localized-link";
import { defaultLang, languageOf, languages, type Lang } from "#app/i18n";
import { changeEmailSchema, changePasswordSchema, profilePhotoSchema, profileSchema, spokenLanguages } from "#app/utils/account-schemas";
import { MAX_PHOTO_BYTES, MIN_PHOTO_SIDE, MAX_PHOTO_PIXELS, PHOTO_ACCEPT } from "#app/utils/photos";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { seoMeta } from "#app/utils/meta";
import { passwordHints } from "#app/utils/password-policy";
import { zodErrorMap } from "#app/utils/zod-errors";
import { displayNamesOf } from "#app/utils/intl";
import { requestContext } from "#app/.server/http/request-context";
import type { RequestContext } from "#app/.server/http/request-context";
import { badRequest, notFound } from "#app/.server/http/responses";
import { href } from "#app/utils/href";
import { withRetryAfter } from "#app/utils/headers";

/**
 * /ajustes/mi-perfil: the profile photo, the public profile, the sign-in email and the password,
 * forms on one page dispatched by `intent` (the photo is a multipart upload through the photo
 * pipeline, stored and served here). Changing the email or the password proves the current
 * password first, and the cookie session is renewed with the new credentials.
 */
export const handle = { i18n: ["profile", "validation"] };

type Intent = "photo" | "removePhoto" | "profile" | "email" | "password";

const PHOTO_LIMITS = { max: MAX_PHOTO_BYTES / (1024 * 1024), min: MIN_PHOTO_SIDE, pixels: MAX_PHOTO_PIXELS / 1_000_000 };

/** Never echoed back to the browser after a submission. */
const secretFields = ["currentPassword", "password", "confirmPassword"];

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "profile");
  const user = await ctx.requireUser();
  const { lang, t, services } = ctx;
  const [profile, policy] = await Promise.all([services.users.get(user.uid), services.accounts.passwordPolicy()]);
  if (!profile) notFound(ctx.request);
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
  const intent = formData.get("intent");
  switch (intent) {
    case "removePhoto":
      await ctx.services.profilePhotos.remove(user.uid);
      return data({ intent: "removePhoto" as Intent, result: undefined, saved: true });
    case "profile":
      return saveProfile(env, formData);
    case "email":
      return changeEmail(env, formData);
    case "password":
      return changePassword(env, formData);
    default:
      badRequest("Unknown form");
  }
}

type ActionEnv = {
  ctx: RequestContext;
  user: SessionUser;
  t: RequestContext["t"];
  errorMap: ReturnType<typeof zodErrorMap>;
};

/** A submission that changed nothing: the form's errors, with status 400 (429 when rate-limited). */
function rejected(intent: Intent, result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data({ intent, result, saved: false }, { status, headers });
}

/** A saved form, reset; `setCookie` when the cookie session changed with it. */
function accepted(intent: Intent, result: SubmissionResult<string[]>, setCookie?: string) {
  return data({ intent, result, saved: true }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

async function saveProfile({ ctx, user, errorMap }: ActionEnv, formData: FormData) {
  const submission = parseWithZod(formData, { schema: profileSchema, errorMap });
  if (submission.status !== "success") return rejected("profile", submission.reply({ hideFields: secretFields }));
  const value = submission.value;
  await ctx.services.users.update(user.uid, {
    displayName: value.displayName,
    bio: value.bio ?? "",
    phone: value.phone ?? null,
    languages: [...new Set(value.languages ?? [])],
    ...(value.emailLang ? { lang: value.emailLang } : {}),
  });
  let setCookie: string | undefined;
  if (value.displayName !== user.displayName) {
    // The header shows the name from the cookie session: keep it in step.
    setCookie = await ctx.auth.updateSession({ displayName: value.displayName });
  }
  return accepted("profile", submission.reply({ resetForm: true }), setCookie);
}

/**
 * The photo form: one file through the photo pipeline. Any file name is data; a file over the
 * size limit is drained, never stored; a refused photo leaves the current one in place.
 */
async function uploadPhoto({ ctx, user, t }: ActionEnv) {
  const refuse = (form: FormData, message: string) =>
    rejected("photo", parseWithZod(form, { schema: profilePhotoSchema }).reply({ fieldErrors: { photo: [message] }, hideFields: ["photo"] }));
  let form: FormData;
  let tooLarge: boolean;
  try {
    const upload = await readMultipart(ctx.request, {
      maxFileBytes: MAX_PHOTO_BYTES,
      maxFiles: 1,
      maxFieldBytes: 1024,
      maxFields: 8,
      acceptFile: (field) => field === "photo",
    });
    form = upload.form;
    tooLarge = upload.tooLarge.length > 0;
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    return refuse(new FormData(), t("photo.errors.unreadable"));
  }
  if (form.get("intent") !== "photo") badRequest("Unknown form");
  if (tooLarge) return refuse(form, t("photo.errors.too-large", PHOTO_LIMITS));
  const file = form.get("photo");
  if (!(file instanceof Blob) || file.size === 0) return refuse(form, t("photo.errors.none"));
  const result = await ctx.services.profilePhotos.replace(user.uid, new Uint8Array(await file.arrayBuffer()));
  if (result.status === "refused") {
    return refuse(form, t(`photo.errors.${result.code}`, { ...PHOTO_LIMITS, max: result.code === "too-many-pixels" ? PHOTO_LIMITS.pixels : PHOTO_LIMITS.max }));
  }
  return accepted("photo", parseWithZod(form, { schema: profilePhotoSchema }).reply({ resetForm: true }));
}

async function changeEmail(env: ActionEnv, formData: FormData) {
  const { ctx, user, t, errorMap } = env;
  const submission = parseWithZod(formData, { schema: changeEmailSchema, errorMap });
  if (submission.status !== "success") return rejected("email", submission.reply({ hideFields: secretFields }));
  const { email, currentPassword } = submission.value;
  if (email === user.email.toLowerCase()) {
    return rejected("email", submission.reply({ fieldErrors: { email: [t("email.same")] }, hideFields: secretFields }));
  }
  const { accounts } = ctx.services;
  const failure = await reauthenticate(ctx, user, currentPassword);
  if (failure) return identityFailure(env, "email", submission.reply, failure);
  try {
    await accounts.changeEmail(user.uid, email);
  } catch (error) {
    if (!isIdentityError(error)) throw error;
    return identityFailure(env, "email", submission.reply, error.code);
  }
  // The change ended every session (as Firebase does): sign in anew with the new address.
  const session = await accounts.signIn(email, currentPassword);
  return accepted("email", submission.reply({ resetForm: true }), await ctx.auth.commitSession(session));
}

async function changePassword(env: ActionEnv, formData: FormData) {
  const { ctx, user, errorMap } = env;
  const { accounts } = ctx.services;
  const policy = await accounts.passwordPolicy();
  const submission = parseWithZod(formData, { schema: changePasswordSchema(policy), errorMap });
  if (submission.status !== "success") return rejected("password", submission.reply({ hideFields: secretFields }));
  const { currentPassword, password } = submission.value;
  const failure = await reauthenticate(ctx, user, currentPassword);
  if (failure) return identityFailure(env, "password", submission.reply, failure);
  try {
    // Revokes every session of the account, this one included: a new one follows.
    await accounts.changePassword(user.uid, password);
  } catch (error) {
    if (!isIdentityError(error)) throw error;
    if (error.code === "password-does-not-meet-requirements") {
      // The identity service's own check disagreed (its policy changed meanwhile): say which rules.
      const current = await accounts.passwordPolicy();
      const messages = unmetPasswordRequirements(password, current).map((rule) =>
        env.t(`password.${rule}`, {
          ns: "validation",
          count: rule === "maxLength" ? (current.maxLength ?? 0) : current.minLength,
          characters: current.allowedNonAlphanumericCharacters ?? "",
        }),
      );
      return rejected(
        "password",
        submission.reply({
          fieldErrors: { password: messages.length > 0 ? messages : [env.t("identityErrors.password-does-not-meet-requirements")] },
          hideFields: secretFields,
        }),
      );
    }
    return identityFailure(env, "password", submission.reply, error.code);
  }
  const session = await accounts.signIn(user.email, password);
  return accepted("password", submission.reply({ resetForm: true }), await ctx.auth.commitSession(session));
}

/**
 * Proves the current password of the signed-in person: a fresh sign-in with the session's
 * email that must land on the session's own account. Attempts count against the same
 * per-account limit as sign-in, so the form cannot be used to guess passwords.
 */
async function reauthenticate(ctx: RequestContext, user: SessionUser, password: string): Promise<IdentityErrorCode | null> {
  const key = `reauthenticate:${user.uid}`;
  if (await ctx.auth.limit("signInPerAccount", key)) return "too-many-requests";
  try {
    if ((await ctx.services.accounts.provePassword(user.uid, user.email, password)) === "user-mismatch") return "user-mismatch";
  } catch (error) {
    if (isIdentityError(error)) return error.code;
    throw error;
  }
  await ctx.auth.clearLimit("signInPerAccount", key);
  return null;
}

/** Which field an identity error belongs to; the others are about the whole form. */
const errorField: Partial<Record<IdentityErrorCode, string>> = {
  "invalid-credential": "currentPassword",
  "wrong-password": "currentPassword",
  "email-already-in-use": "email",
  "invalid-email": "email",
  "password-does-not-meet-requirements": "password",
};

function identityFailure(
  { t }: ActionEnv,
  intent: Intent,
  reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields: string[] }) => SubmissionResult<string[]>,
  code: IdentityErrorCode,
) {
  const message = t(`identityErrors.${code}`);
  const field = errorField[code];
  const result = field
    ? reply({ fieldErrors: { [field]: [message] }, hideFields: secretFields })
    : reply({ formErrors: [message], hideFields: secretFields });
  return code === "too-many-requests" ? rejected(intent, result, 429, { "Retry-After": String(IDENTITY_RETRY_AFTER_SECONDS) }) : rejected(intent, result);
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

const cardClass = "rounded-2xl border border-slate-200 p-6 dark:border-white/10";
const submitClass =
  "inline-flex items-center justify-center rounded-lg bg-sea-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-sea-800 disabled:opacity-60";

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

export default function ProfileSettings() {
  const { t } = useTranslation("profile");
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { profile, company } = loaderData;
  return (
    <main id="main" className="space-y-8">
      <header className="flex flex-wrap items-center gap-4">
        <div className="min-w-[14rem] flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("intro")}</p>
        </div>
        <LocalizedLink
          to={href("user", { params: { slug: profile.slug } })}
          className="rounded-full border border-sea-700 px-4 py-2 text-sm font-semibold text-sea-800 hover:bg-sea-50 dark:border-white/40 dark:text-white dark:hover:bg-white/10"
        >
          {t("publicProfile")}
        </LocalizedLink>
      </header>
      <PhotoForm loaderData={loaderData} actionData={actionData} />
      <ProfileForm loaderData={loaderData} actionData={actionData} />
      {company ? (
        <section aria-labelledby="company-title" className={cardClass}>
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
      <EmailForm loaderData={loaderData} actionData={actionData} />
      <PasswordForm loaderData={loaderData} actionData={actionData} />
    </main>
  );
}

type FormProps = { loaderData: LoaderData; actionData: ActionData };

/** The result of the last submission, for the form that sent it, once the page has settled. */
function useLastResult(intent: Intent, actionData: ActionData) {
  const navigation = useNavigation();
  const lastResult = navigation.state === "idle" && actionData?.intent === intent ? actionData.result : undefined;
  const saved = navigation.state === "idle" && actionData?.intent === intent && actionData.saved;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return { lastResult, saved, submitting };
}

function ProfileForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { profile, languageOptions } = loaderData;
  const { lastResult, saved, submitting } = useLastResult("profile", actionData);
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: {
      displayName: profile.displayName,
      bio: profile.bio,
      phone: profile.phone ?? "",
      languages: profile.languages,
      emailLang: profile.emailLang,
    },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema, errorMap: zodErrorMap(t) }),
  });
  const labels = new Map(languageOptions.map((option) => [option.code, option.label]));
  return (
    <section aria-labelledby="profile-form-title" className={cardClass}>
      <h2 id="profile-form-title" className="text-xl font-bold">{t("profile.title")}</h2>
      <p className={hintClass}>{t("profile.description")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="profile" />
        {saved ? <Notice>{t("profile.saved")}</Notice> : null}
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
        <button type="submit" className={submitClass} disabled={submitting}>{t("profile.submit")}</button>
      </Form>
    </section>
  );
}

function PhotoForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { profile } = loaderData;
  const { lastResult, saved, submitting } = useLastResult("photo", actionData);
  const navigation = useNavigation();
  const removed = navigation.state === "idle" && actionData?.intent === "removePhoto" && actionData.saved;
  const removing = navigation.state === "submitting" && navigation.formData?.get("intent") === "removePhoto";
  const [form, fields] = useForm({
    id: "photo-form",
    lastResult,
    constraint: getZodConstraint(profilePhotoSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profilePhotoSchema, errorMap: zodErrorMap(t) }),
  });
  return (
    <section aria-labelledby="photo-form-title" className={cardClass}>
      <h2 id="photo-form-title" className="text-xl font-bold">{t("photo.title")}</h2>
      {saved ? <Notice>{t("photo.saved")}</Notice> : null}
      {removed ? <Notice>{t("photo.removed")}</Notice> : null}
      <div className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-start">
        <Avatar name={profile.displayName} photo={profile.photo} size="lg" alt={profile.photo ? t("photo.alt") : ""} />
        <div className="min-w-0 flex-1 space-y-4">
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="intent" value="photo" />
            <FileField meta={fields.photo} accept={PHOTO_ACCEPT} label={t("photo.file")} hint={t("photo.hint", { max: PHOTO_LIMITS.max, min: PHOTO_LIMITS.min })} />
            <button type="submit" className={submitClass} disabled={submitting}>{t("photo.submit")}</button>
          </Form>
          {profile.photo ? (
            <Form method="post">
              <input type="hidden" name="intent" value="removePhoto" />
              <button
                type="submit"
                disabled={removing}
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60 dark:border-white/20 dark:text-slate-200 dark:hover:bg-white/10"
              >
                {t("photo.remove")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function EmailForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { profile } = loaderData;
  const { lastResult, saved, submitting } = useLastResult("email", actionData);
  const [form, fields] = useForm({
    id: "email-form",
    lastResult,
    constraint: getZodConstraint(changeEmailSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema, errorMap: zodErrorMap(t) }),
  });
  return (
    <section aria-labelledby="email-form-title" className={cardClass}>
      <h2 id="email-form-title" className="text-xl font-bold">{t("email.title")}</h2>
      <p className={hintClass}>{t("email.current", { email: profile.email })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="email" />
        {saved ? <Notice>{t("email.saved", { email: profile.email })}</Notice> : null}
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
        <button type="submit" className={submitClass} disabled={submitting}>{t("email.submit")}</button>
      </Form>
    </section>
  );
}

function PasswordForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { policy, passwordHints: hints } = loaderData;
  const schema = useMemo(() => changePasswordSchema(policy), [policy]);
  const { lastResult, saved, submitting } = useLastResult("password", actionData);
  const [form, fields] = useForm({
    id: "password-form",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, errorMap: zodErrorMap(t) }),
  });
  const hintsId = `${fields.password.id}-hints`;
  return (
    <section aria-labelledby="password-form-title" className={cardClass}>
      <h2 id="password-form-title" className="text-xl font-bold">{t("password.title")}</h2>
      <p className={hintClass}>{t("password.description")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="password" />
        {saved ? <Notice>{t("password.saved")}</Notice> : null}
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
        <button type="submit" className={submitClass} disabled={submitting}>{t("password.submit")}</button>
      </Form>
    </section>
  );
}

// A 429 carries its Retry-After (see withRetryAfter).
export const headers = withRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
