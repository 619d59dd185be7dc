import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { registerAction, registerLoader } from "#app/.server/auth/register";
import { requestContext } from "#app/.server/http/request-context";
import { RegisterForm } from "#app/features/accounts/components/register-form";
import { seoMeta } from "#app/utils/meta";
import { withRetryAfter } from "#app/utils/headers";
import { cardClass } from "#app/components/ui/card";

export const handle = { i18n: ["auth"] };

export const loader = (args: LoaderFunctionArgs) => registerLoader("professional", requestContext(args, "auth"));
export const action = (args: ActionFunctionArgs) => registerAction("professional", requestContext(args, ["auth", "zod", "validation"]));

// A 429 carries its Retry-After (see withRetryAfter).
export const headers = withRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

/** Charter companies, brokers and marinas: the same account with company data and a Professional badge. */
export default function RegisterPro() {
  const { t } = useTranslation("auth");
  const { policy, hints, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_28rem]">
      <section className="lg:pt-8">
        <h1 className="text-3xl font-bold">{t("registerPro.title")}</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t("registerPro.subtitle")}</p>
        <ul className="mt-6 space-y-3 text-sm text-slate-700 dark:text-slate-300">
          <li>✓ {t("registerPro.point1")}</li>
          <li>✓ {t("registerPro.point2")}</li>
          <li>✓ {t("registerPro.point3")}</li>
        </ul>
      </section>
      <div className={cardClass("xl", { raised: true })}>
        <RegisterForm kind="professional" policy={policy} hints={hints} redirectTo={redirectTo} lastResult={actionData?.result} />
      </div>
    </main>
  );
}
