import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isLessorComplete } from "#app/features/profiles/.server";
import { LocalizedLink } from "#app/components/localized-link";
import { languageOf } from "#app/i18n";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { dateTimeFormat } from "#app/framework/intl";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { dashboardFigures } from "#app/features/site/routes/panel.server";
import { StayDates, useListingTitle } from "#app/features/bookings";
import { formatEuros } from "#app/utils/money";
import { cardClass } from "#app/components/ui/card";

export const handle = { i18n: ["settings", "bookings", "listing"] };

/** /ajustes and /ajustes/dashboard: where a person lands after signing in. */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "settings");
  const { requireUser, t, services } = ctx;
  const user = await requireUser();
  const { users, mailbox } = services;
  const [profile, unread, latest, figures, cases] = await Promise.all([
    users.get(user.uid),
    mailbox.unreadCount(user.uid),
    mailbox.list(user.uid, { limit: 3, lang: ctx.lang }),
    dashboardFigures(ctx, user.uid),
    services.cases.listForRequester(user.uid),
  ]);
  return {
    meta: { title: t("dashboard.meta.title"), description: t("dashboard.meta.description") },
    displayName: profile?.displayName ?? user.displayName,
    slug: profile?.slug ?? user.slug,
    kind: profile?.kind ?? "person",
    companyName: profile?.company?.name ?? null,
    lessorComplete: profile ? isLessorComplete(profile) : false,
    profileComplete: Boolean(profile && profile.bio && profile.languages.length > 0),
    unread,
    latest: latest.map((email) => ({ id: email.id, subject: email.subject, read: email.read, createdAt: email.createdAt })),
    figures,
    openCases: cases.filter((item) => item.status !== "completed" && item.status !== "rejected").length,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Dashboard() {
  const { t } = useTranslation("settings");
  const data = useLoaderData<typeof loader>();
  const dateFormat = dateTimeFormat(languageOf(useLang()).iso, {
    dateStyle: "medium",
    timeZone: "Europe/Madrid",
  });
  const card = cardClass("lg", { extra: "min-w-0" });
  const lang = useLang();
  const titleOf = useListingTitle();
  const { figures } = data;
  const link = "mt-4 inline-block text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300";
  return (
    <main id="main">
      <h1 className="text-3xl font-bold">{t("dashboard.greeting", { name: data.displayName })}</h1>
      {data.kind === "professional" ? (
        <p className="mt-2 inline-block rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold text-sand-600 dark:bg-white/10 dark:text-sand-400">
          {t("dashboard.professional", { company: data.companyName })}
        </p>
      ) : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {figures.owner ? (
          <section className={card} aria-labelledby="rentals-card">
            <h2 id="rentals-card" className="font-semibold">{t("dashboard.rentals.title")}</h2>
            <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
              {(
                [
                  ["pending", String(figures.owner.pending)],
                  ["upcoming", String(figures.owner.upcoming)],
                  ["earningsMonth", formatEuros(figures.owner.earningsMonthCents, lang)],
                  ["earningsYear", formatEuros(figures.owner.earningsYearCents, lang)],
                  ["occupancy", `${figures.owner.occupancyPercent} %`],
                ] as const
              ).map(([key, value]) => (
                <div key={key}>
                  <dt className="text-slate-600 dark:text-slate-400">{t(`dashboard.rentals.${key}`)}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <LocalizedLink to={href("settings-rentals")} className={link}>{t("dashboard.rentals.open")} →</LocalizedLink>
          </section>
        ) : null}
        <section className={card} aria-labelledby="cases-card">
          <h2 id="cases-card" className="font-semibold">{t("dashboard.cases.title")}</h2>
          <p className="mt-3 text-sm">{t("dashboard.cases.open", { count: data.openCases })}</p>
          <LocalizedLink to={href("settings-cases")} className={link}>{t("dashboard.cases.link")} →</LocalizedLink>
        </section>
        <section className={card} aria-labelledby="trips-card">
          <h2 id="trips-card" className="font-semibold">{t("dashboard.trips.title", { count: data.figures.tripCount })}</h2>
          {figures.trips.length > 0 ? (
            <ul className="mt-3 space-y-2 text-sm">
              {figures.trips.map((trip) => (
                <li key={trip.id}>
                  <LocalizedLink to={href("settings-reservation", { params: { id: trip.id } })} className="font-semibold hover:underline">{titleOf(trip.card)}</LocalizedLink>
                  <span className="block text-slate-600 dark:text-slate-400"><StayDates stay={trip} /></span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("dashboard.trips.empty")}</p>
          )}
          <LocalizedLink to={href("settings-reservations")} className={link}>{t("dashboard.trips.open")} →</LocalizedLink>
        </section>
        <section className={card} aria-labelledby="inbox-card">
          <h2 id="inbox-card" className="font-semibold">{t("dashboard.inbox.title", { count: data.unread })}</h2>
          {data.latest.length ? (
            <ul className="mt-3 space-y-2 text-sm">
              {data.latest.map((email) => (
                <li key={email.id} className="flex justify-between gap-4">
                  <span className={email.read ? "min-w-0 truncate" : "min-w-0 truncate font-semibold"}>{email.subject}</span>
                  <time dateTime={email.createdAt} className="shrink-0 text-slate-500 dark:text-slate-400">{dateFormat.format(new Date(email.createdAt))}</time>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("dashboard.inbox.empty")}</p>
          )}
          <LocalizedLink to={href("settings-inbox")} className="mt-4 inline-block text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300">
            {t("dashboard.inbox.open")} →
          </LocalizedLink>
        </section>
        <section className={card} aria-labelledby="profile-card">
          <h2 id="profile-card" className="font-semibold">{t("dashboard.profile.title")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              {data.profileComplete ? "✓ " : "○ "}
              <LocalizedLink to={href("settings-profile")} className="hover:underline">{t("dashboard.profile.public")}</LocalizedLink>
            </li>
            <li>
              {data.lessorComplete ? "✓ " : "○ "}
              <LocalizedLink to={href("settings-lessor")} className="hover:underline">{t("dashboard.profile.lessor")}</LocalizedLink>
            </li>
          </ul>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("dashboard.profile.lessorHint")}</p>
          <LocalizedLink to={href("user", { params: { slug: data.slug } })} className="mt-4 inline-block text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300">
            {t("dashboard.profile.view")} →
          </LocalizedLink>
        </section>
      </div>
    </main>
  );
}
