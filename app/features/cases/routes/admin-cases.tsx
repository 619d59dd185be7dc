import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CaseFilters } from "#app/features/cases/.server";
import { caseStatuses, caseTypes, type CaseStatus, type CaseType } from "#app/features/cases/cases";
import { isIsoDate } from "#app/features/bookings/.server";
import { requestContext } from "#app/.server/http/request-context";
import { CaseStatusBadge, VisitorMark } from "#app/features/cases/components/case";
import { labelClass, Notice, SelectInput, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { Button } from "#app/components/ui/button";

/**
 * /admin/gestiones: every case, newest first, 25 a page, filtered by a GET form — status, type,
 * creation dates and free text (words of the contact, the request's data and its messages) — so
 * a filtered list is a URL to share. Values that are not filters are left out and said so.
 */
export const handle = { i18n: ["admin", "cases"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  await ctx.requireAdmin();
  const params = ctx.url.searchParams;
  const ignored: string[] = [];
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = params.get(name);
    if (!value) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    ignored.push(name);
    return undefined;
  };
  const date = (name: string) => {
    const value = params.get(name);
    if (!value) return undefined;
    if (isIsoDate(value)) return value;
    ignored.push(name);
    return undefined;
  };
  const page = Number(params.get("page") ?? "1");
  const filters: CaseFilters = {
    status: pick<CaseStatus>("status", caseStatuses),
    type: pick<CaseType>("type", caseTypes),
    from: date("from"),
    to: date("to"),
    text: (params.get("q") ?? "").slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
  const result = await ctx.services.cases.search(filters);
  return {
    meta: { title: ctx.t("cases.meta"), description: ctx.t("cases.intro") },
    filters: { status: filters.status ?? "", type: filters.type ?? "", from: filters.from ?? "", to: filters.to ?? "", q: filters.text ?? "" },
    ignored,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    items: result.items,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminCases() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const lang = useLang();
  const data = useLoaderData<typeof loader>();
  const pageLink = (page: number) => `${href("admin-cases")}?${new URLSearchParams({ ...Object.fromEntries(Object.entries(data.filters).filter(([, v]) => v)), page: String(page) })}`;
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <header>
        <h1 className="text-3xl font-bold">{t("cases.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("cases.intro")}</p>
      </header>
      <Form method="get" className="grid gap-4 rounded-2xl border border-slate-200 p-5 sm:grid-cols-2 lg:grid-cols-6 dark:border-white/10">
        <div className="lg:col-span-2">
          <label htmlFor="q" className={labelClass}>{t("cases.filters.text")}</label>
          <TextInput id="q" name="q" type="search" defaultValue={data.filters.q} maxLength={200} />
        </div>
        <div>
          <label htmlFor="status" className={labelClass}>{t("cases.filters.status")}</label>
          <SelectInput id="status" name="status" defaultValue={data.filters.status}>
            <option value="">{t("cases.filters.any")}</option>
            {caseStatuses.map((status) => <option key={status} value={status}>{tc(`statuses.${status}`)}</option>)}
          </SelectInput>
        </div>
        <div>
          <label htmlFor="type" className={labelClass}>{t("cases.filters.type")}</label>
          <SelectInput id="type" name="type" defaultValue={data.filters.type}>
            <option value="">{t("cases.filters.any")}</option>
            {caseTypes.map((type) => <option key={type} value={type}>{tc(`types.${type}`)}</option>)}
          </SelectInput>
        </div>
        <div>
          <label htmlFor="from" className={labelClass}>{t("cases.filters.from")}</label>
          <TextInput id="from" name="from" type="date" defaultValue={data.filters.from} />
        </div>
        <div>
          <label htmlFor="to" className={labelClass}>{t("cases.filters.to")}</label>
          <TextInput id="to" name="to" type="date" defaultValue={data.filters.to} />
        </div>
        <div className="sm:col-span-2 lg:col-span-6">
          <Button size="lg">{t("cases.filters.submit")}</Button>
        </div>
      </Form>
      {data.ignored.length > 0 ? <Notice>{t("cases.ignored", { names: data.ignored.join(", ") })}</Notice> : null}
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">{t("cases.count", { count: data.total })}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-white/10">
              <th className="py-2 pr-4">{t("cases.columns.case")}</th>
              <th className="py-2 pr-4">{t("cases.columns.requester")}</th>
              <th className="py-2 pr-4">{t("cases.columns.status")}</th>
              <th className="py-2">{t("cases.columns.created")}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.id} className="border-b border-slate-100 dark:border-white/5">
                <td className="py-2 pr-4">
                  <LocalizedLink to={href("admin-case", { params: { id: item.id } })} className="font-semibold text-sea-800 underline dark:text-sea-200">{tc(`types.${item.type}`)}</LocalizedLink>
                  {item.subject ? <span className="block max-w-xs truncate text-slate-700 dark:text-slate-300">{item.subject}</span> : null}
                  <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">{item.reference}</span>
                </td>
                <td className="py-2 pr-4">
                  {item.name}
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{item.email}</span>
                  {item.visitor ? <VisitorMark /> : null}
                </td>
                <td className="py-2 pr-4">
                  <CaseStatusBadge status={item.status} />
                  {/* Back in review because its quote expired unanswered (decision 054). */}
                  {item.quoteExpired ? <span data-testid="quote-expired-mark" className="mt-1 block text-xs font-semibold text-amber-800 dark:text-amber-200">{t("cases.quoteExpired")}</span> : null}
                </td>
                <td className="py-2 tabular-nums">{formatMoment(item.createdAt, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.pageCount > 1 ? (
        <nav aria-label={t("cases.pages")} className="flex items-center gap-4 text-sm">
          {data.page > 1 ? <LocalizedLink to={pageLink(data.page - 1)} className="font-semibold underline">{t("cases.previous")}</LocalizedLink> : null}
          <span>{t("cases.page", { page: data.page, count: data.pageCount })}</span>
          {data.page < data.pageCount ? <LocalizedLink to={pageLink(data.page + 1)} className="font-semibold underline">{t("cases.next")}</LocalizedLink> : null}
        </nav>
      ) : null}
    </main>
  );
}
