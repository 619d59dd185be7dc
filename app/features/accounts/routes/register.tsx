import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { registerAction, registerLoader } from "#app/.server/auth/register";
import { requestContext } from "#app/.server/http/request-context";
import { LocalizedLink } from "#app/components/localized-link";
import { RegisterForm } from "#app/features/accounts/components/register-form";
import { seoMeta } from "#app/utils/meta";
import { href } from "#app/utils/href";
import { withRetryAfter } from "#app/utils/headers";
import { cardClass } from "#app/components/ui/card";

export const handle = { i18n: ["auth"] };

export const loader = (args: LoaderFunctionArgs) => registerLoader("person", requestContext(args, "auth"));
export const action = (args: ActionFunctionArgs) => registerAction("person", requestContext(args, ["auth", "zod", "validation"]));

// A 429 carries its Retry-After (see withRetryAfter).
export const headers = withRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function Register() {
  const { t } = useTranslation("auth");
  const { policy, hints, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="container-page flex justify-center py-12">
      <div className={cardClass("xl", { raised: true, extra: "w-full max-w-md" })}>
        <h1 className="text-2xl font-bold">{t("register.title")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("register.subtitle")}</p>
        <RegisterForm kind="person" policy={policy} hints={hints} redirectTo={redirectTo} lastResult={actionData?.result} />
        <p className="mt-6 rounded-lg bg-sand-50 p-4 text-sm dark:bg-white/5">
          {t("register.proTeaser")}{" "}
          <LocalizedLink to={href("register-pro")} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">{t("register.proLink")}</LocalizedLink>
        </p>
      </div>
    </main>
  );
}
