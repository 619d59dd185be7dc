import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { cardClass } from "#app/components/ui/card";
import { CaseStatusBadge } from "#app/features/cases/components/case";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";

/** /ajustes/mis-gestiones: the person's paperwork and service requests, newest first, each linking its page. */
export const handle = { i18n: ["cases"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "cases");
  const user = await ctx.requireUser();
  const items = await ctx.services.cases.listForRequester(user.uid);
  return {
    meta: { title: ctx.t("list.meta"), description: ctx.t("list.intro") },
    items: items.map((item) => ({ id: item.id, reference: item.reference, type: item.type, status: item.status, createdAt: item.createdAt, subject: item.type === "contact" && typeof item.details.subject === "string" ? item.details.subject : null })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Cases() {
  const { t } = useTranslation("cases");
  const lang = useLang();
  const { items } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="space-y-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("list.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("list.intro")}</p>
      </header>
      {items.length === 0 ? (
        <p className={cardClass()}>{t("list.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id} className={`${cardClass()} flex flex-wrap items-center justify-between gap-4`}>
              <div className="min-w-0">
                <LocalizedLink to={href("settings-case", { params: { id: item.id } })} className="font-semibold text-sea-800 underline-offset-2 hover:underline dark:text-sea-200">
                  {t(`types.${item.type}`)}
                </LocalizedLink>
                {item.subject ? <p className="truncate text-slate-800 dark:text-slate-200">{item.subject}</p> : null}
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t("list.reference", { reference: item.reference })} · {t("list.since", { date: formatMoment(item.createdAt, lang) })}
                </p>
              </div>
              <CaseStatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
