import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { afterLoginPath } from "#app/.server/auth/guards";
import { isIdentityError } from "#app/.server/auth/request-auth";
import { Field, FormAlert, Honeypot, Notice } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { loginSchema } from "#app/features/accounts/schemas";
import { seoMeta } from "#app/utils/meta";
import { zodErrorMap } from "#app/utils/zod-errors";
import { GoogleSignIn } from "#app/features/accounts/components/google-sign-in";
import { requestContext } from "#app/.server/http/request-context";
import { IDENTITY_RETRY_AFTER_SECONDS, minutesUntil } from "#app/.server/auth/request-auth";
import { href } from "#app/utils/href";
import { safeRedirect } from "#app/utils/safe-redirect";
import { withRetryAfter } from "#app/utils/headers";
import { useNotice } from "#app/utils/notice";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { useZodForm } from "#app/utils/use-zod-form";

export const handle = { i18n: ["auth"] };

export async function loader(args: LoaderFunctionArgs) {
  const { requireAnonymous, url, t, config } = requestContext(args, "auth");
  await requireAnonymous();
  return {
    meta: { title: t("login.meta.title"), description: t("login.meta.description") },
    redirectTo: url.searchParams.get("redirect") ?? "",
    google: config.APP_BACKEND === "firebase",
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, ["auth", "zod", "validation"]);
  await ctx.requireAnonymous();
  const { lang, t, auth } = ctx;
  // The form strategy reads the body again: parse a copy.
  const submission = parseWithZod(await ctx.formData({ keepBody: true }), { schema: loginSchema, errorMap: zodErrorMap(t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const reject = (message: string, status: number, headers?: HeadersInit) =>
    data({ result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status, headers });

  const { email } = submission.value;
  try {
    const outcome = await auth.passwordSignIn(email, ctx.clientAddress);
    if ("limited" in outcome) {
      const { retryAfterSeconds } = outcome.limited;
      return reject(t("errors.too-many-requests", { minutes: minutesUntil(retryAfterSeconds) }), 429, { "Retry-After": String(retryAfterSeconds) });
    }
    return redirect(afterLoginPath(submission.value.redirect, lang), {
      // Whatever a previous person's session left on this phone (the offline trips' worker, decision 060) goes.
      headers: { "Set-Cookie": await auth.commitSession(outcome.session), "Clear-Site-Data": '"storage"' },
    });
  } catch (error) {
    if (isIdentityError(error)) {
      if (error.code === "too-many-requests") {
        return reject(t("errors.too-many-requests", { minutes: IDENTITY_RETRY_AFTER_SECONDS / 60 }), 429, { "Retry-After": String(IDENTITY_RETRY_AFTER_SECONDS) });
      }
      return reject(t(`errors.${error.code}`, { minutes: 15 }), 400);
    }
    throw error;
  }
}

// A 429 carries its Retry-After (see withRetryAfter).
export const headers = withRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Login() {
  const { t } = useTranslation("auth");
  const { redirectTo, google } = useLoaderData<typeof loader>();
  // After a password change, or an account's deletion (/ajustes/privacidad).
  const passwordChanged = useNotice("auth:login.passwordChanged", "settings:privacy.deleted");
  const actionData = useActionData<typeof action>();
  const sending = usePending();
  const settled = useWhenIdle(actionData?.result);
  const [form, fields] = useZodForm(loginSchema, t, { id: "login", lastResult: settled });

  return (
    <main id="main" className="container-page flex justify-center py-12">
      <div className={cardClass("xl", { raised: true, extra: "w-full max-w-md" })}>
        <h1 className="text-2xl font-bold">{t("login.title")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("login.subtitle")}</p>
        {passwordChanged ? <div className="mt-6"><Notice>{passwordChanged.text}</Notice></div> : null}
        <Form method="post" {...getFormProps(form)} className="relative mt-6 space-y-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirect" value={redirectTo} />
          <Honeypot />
          <Field meta={fields.email} type="email" autoComplete="email" label={t("fields.email")} />
          <Field
            meta={fields.password}
            type="password"
            autoComplete="current-password"
            label={t("fields.password")}
            labelAside={
              <LocalizedLink to={href("forgot-password")} className="text-sm text-sea-700 hover:underline dark:text-sea-300">
                {t("login.forgot")}
              </LocalizedLink>
            }
          />
          <Button variant="primary" size="block" type="submit"  disabled={sending}>
            {t("login.submit")}
          </Button>
        </Form>
        {google ? <GoogleSignIn redirectTo={redirectTo} /> : null}
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {t("login.noAccount")}{" "}
          {/* Registering keeps the page the person was going to (a same-origin path only). */}
          <LocalizedLink to={href("register", { search: { redirect: safeRedirect(redirectTo, "") } })} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">
            {t("login.register")}
          </LocalizedLink>
        </p>
      </div>
    </main>
  );
}
