import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { languageOf } from "#app/i18n";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { dateTimeFormat } from "#app/utils/intl";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";

export const handle = { i18n: ["admin"] };

/** The admin overview: who uses the marketplace. Cases, listings and moderation join it as they arrive. */
export async function loader(args: LoaderFunctionArgs) {
  const { requireAdmin, t, services } = requestContext(args, "admin");
  await requireAdmin();
  const { users, ports } = services;
  const [people, professionals, recent, portList] = await Promise.all([
    users.countByKind("person"),
    users.countByKind("professional"),
    users.recent(10),
    ports.list(),
  ]);
  return {
    meta: { title: t("dashboard.meta.title"), description: t("dashboard.meta.description") },
    counts: { people, professionals, ports: portList.length },
    recent: recent.map((p) => ({ slug: p.slug, displayName: p.displayName, kind: p.kind, createdAt: p.createdAt, companyName: p.company?.name ?? null })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminDashboard() {
  const { t } = useTranslation("admin");
  const { counts, recent } = useLoaderData<typeof loader>();
  const dateFormat = dateTimeFormat(languageOf(useLang()).iso, { dateStyle: "medium", timeZone: "Europe/Madrid" });
  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl font-bold">{t("dashboard.title")}</h1>
      <dl className="mt-8 grid gap-6 sm:grid-cols-3">
        {(["people", "professionals", "ports"] as const).map((key) => (
          <div key={key} className="rounded-2xl border border-slate-200 p-6 dark:border-white/10">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`dashboard.counts.${key}`)}</dt>
            <dd className="mt-1 text-3xl font-bold text-sea-800 dark:text-white">{counts[key]}</dd>
          </div>
        ))}
      </dl>
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
