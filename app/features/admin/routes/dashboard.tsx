import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { languageOf } from "#app/i18n";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { dateTimeFormat } from "#app/framework/intl";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { caseStatuses, caseTypes } from "#app/features/cases";
import { CaseStatusBadge } from "#app/features/cases";
import { cardClass } from "#app/components/ui/card";

export const handle = { i18n: ["admin", "cases"] };

/** The admin overview: who uses the marketplace. Cases, listings and moderation join it as they arrive. */
export async function loader(args: LoaderFunctionArgs) {
  const { requireAdmin, t, services } = requestContext(args, "admin");
  await requireAdmin();
  const { users, ports, cases, deposits } = services;
  const [people, professionals, recent, portList, overview, openClaims] = await Promise.all([
    users.countByKind("person"),
    users.countByKind("professional"),
    users.recent(10),
    ports.list(),
    cases.overview(),
    deposits.countOpen(),
  ]);
  return {
    meta: { title: t("dashboard.meta.title"), description: t("dashboard.meta.description") },
    counts: { people, professionals, ports: portList.length },
    openClaims,
    cases: {
      byStatus: caseStatuses.map((status) => ({ status, count: overview.byStatus[status] ?? 0 })),
      byType: caseTypes.map((type) => ({ type, count: overview.byType[type] ?? 0 })),
      lastWeek: overview.lastWeek,
      oldestOpen: overview.oldestOpen.map((item) => ({ id: item.id, reference: item.reference, type: item.type, status: item.status, createdAt: item.createdAt, name: item.contact.name })),
    },
    recent: recent.map((p) => ({ slug: p.slug, displayName: p.displayName, kind: p.kind, createdAt: p.createdAt, companyName: p.company?.name ?? null })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminDashboard() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("cases");
  const { counts, recent, cases, openClaims } = useLoaderData<typeof loader>();
  const dateFormat = dateTimeFormat(languageOf(useLang()).iso, { dateStyle: "medium", timeZone: "Europe/Madrid" });
  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl font-bold">{t("dashboard.title")}</h1>
      <dl className="mt-8 grid gap-6 sm:grid-cols-3">
        {(["people", "professionals", "ports"] as const).map((key) => (
          <div key={key} className={cardClass("lg")}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`dashboard.counts.${key}`)}</dt>
            <dd className="mt-1 text-3xl font-bold text-sea-800 dark:text-white">{counts[key]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6">
        <LocalizedLink to={href("admin-deposits")} className="inline-flex items-center gap-2 rounded-xl border border-slate-200 px-4 py-2 hover:bg-slate-50 dark:border-white/10 dark:hover:bg-white/5" data-open-claims>
          {t("dashboard.counts.openClaims")} <span className="text-lg font-bold tabular-nums">{openClaims}</span>
        </LocalizedLink>
      </p>
      <section className="mt-10" aria-labelledby="cases-heading">
        <h2 id="cases-heading" className="text-xl font-semibold">{t("nav.cases")}</h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {cases.byStatus.map(({ status, count }) => (
            <li key={status}>
              <LocalizedLink to={`${href("admin-cases")}?status=${status}`} className="inline-flex items-center gap-2 rounded-xl border border-slate-200 px-4 py-2 hover:bg-slate-50 dark:border-white/10 dark:hover:bg-white/5">
                <CaseStatusBadge status={status} /> <span className="text-lg font-bold tabular-nums">{count}</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          <span className="text-lg font-bold tabular-nums">{cases.lastWeek}</span> {t("dashboard.lastWeek", { count: cases.lastWeek })}
        </p>
        <h3 className="mt-6 font-semibold">{t("dashboard.byType")}</h3>
        <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {cases.byType.map(({ type, count }) => (
            <li key={type}>
              <LocalizedLink to={`${href("admin-cases")}?type=${type}`} className="flex justify-between gap-3 rounded-xl border border-slate-200 px-4 py-2 hover:bg-slate-50 dark:border-white/10 dark:hover:bg-white/5">
                <span>{tc(`types.${type}`)}</span> <span className="font-bold tabular-nums">{count}</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
        {cases.oldestOpen.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold">{t("dashboard.oldestOpen")}</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {cases.oldestOpen.map((item) => (
                <li key={item.id}>
                  <LocalizedLink to={href("admin-case", { params: { id: item.id } })} className="font-semibold underline">{tc(`types.${item.type}`)}</LocalizedLink>{" "}
                  <span className="font-mono text-xs">{item.reference}</span> · {item.name} · {dateFormat.format(new Date(item.createdAt))} <CaseStatusBadge status={item.status} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section className="mt-10" aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="text-xl font-semibold">{t("dashboard.recent")}</h2>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-white/10">
              <th className="py-2 pr-4">{t("dashboard.columns.name")}</th>
              <th className="py-2 pr-4">{t("dashboard.columns.kind")}</th>
              <th className="py-2">{t("dashboard.columns.joined")}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((person) => (
              <tr key={person.slug} className="border-b border-slate-100 dark:border-white/5">
                <td className="py-2 pr-4">
                  <LocalizedLink to={href("user", { params: { slug: person.slug } })} className="text-sea-700 hover:underline dark:text-sea-300">{person.displayName}</LocalizedLink>
                </td>
                <td className="py-2 pr-4">{person.kind === "professional" ? t("dashboard.kind.professional", { company: person.companyName }) : t("dashboard.kind.person")}</td>
                <td className="py-2"><time dateTime={person.createdAt}>{dateFormat.format(new Date(person.createdAt))}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
