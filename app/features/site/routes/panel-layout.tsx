import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedNavLink } from "#app/components/localized-link";
import { SiteFrame } from "#app/features/site/components/site-frame";
import { requestContext } from "#app/.server/http/request-context";
import { splitLangFromPath } from "#app/i18n";
import { layoutMeta } from "#app/utils/meta";
import { settingsNavigation, type SettingsNavGroup } from "#app/utils/settings-nav";
import { href } from "#app/utils/href";
import { useEffect } from "react";
import { watchOfflineWorker } from "#app/features/offline";
import { useLang } from "#app/utils/use-lang";

export const handle = { i18n: ["settings"] };

/**
 * The settings area: every page under /ajustes needs a signed-in person. The navigation shows each
 * person their own tools: a boat owner's for someone with listings or a lessor's details (a
 * professional account lists boats), a professional's, the team's.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { requireUser, services } = requestContext(args, "settings");
  const user = await requireUser();
  const profile = await services.users.get(user.uid);
  const professional = profile?.kind === "professional";
  const owner = professional || Boolean(profile?.lessor) || (await services.listings.ownsAny(user.uid));
  return {
    user: { displayName: user.displayName, email: user.email, slug: user.slug },
    navigation: settingsNavigation({ owner, professional, admin: user.role === "admin", slug: profile?.slug ?? user.slug }),
  };
}

const linkClass = (isActive: boolean) =>
  "block rounded-full border px-3 py-1.5 text-sm font-medium lg:rounded-lg lg:border-0 lg:py-2 " +
  (isActive
    ? "border-sea-200 bg-sea-50 text-sea-800 dark:border-white/20 dark:bg-white/10 dark:text-white"
    : "border-slate-200 text-slate-700 hover:bg-slate-100 dark:border-white/10 dark:text-slate-300 dark:hover:bg-white/10");

/** The groups of links, each under its heading. */
function NavGroups({ groups, idPrefix }: { groups: SettingsNavGroup[]; idPrefix: string }) {
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <div key={group.key} role="group" aria-labelledby={`${idPrefix}-${group.key}`}>
          <p id={`${idPrefix}-${group.key}`} className="mb-1.5 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400 lg:px-3">
            {t(`nav.groups.${group.key}`)}
          </p>
          <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-0.5">
            {group.items.map((item) => (
              <li key={item.path}>
                <LocalizedNavLink
                  to={item.path}
                  end={item.path === href("settings")}
                  prefetch="intent"
                  // A link to a part of a page (#…) is never the page being shown.
                  className={({ isActive }) => linkClass(isActive && !item.path.includes("#"))}
                >
                  {t(`nav.${item.key}`)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The navigation's link for the page shown (the one a phone's folded menu names), if any. */
function useCurrentItem(groups: SettingsNavGroup[]) {
  const { path: shown } = splitLangFromPath(useLocation().pathname);
  // A conversation (/chat/…) belongs to the messages.
  const path = shown.startsWith("/chat/") ? href("messages") : shown;
  const items = groups.flatMap((group) => group.items).filter((item) => !item.path.includes("#"));
  return (
    items.find((item) => item.path === path) ??
    // A page under a section (a booking under "My bookings"): the longest section containing it.
    items.filter((item) => item.path !== href("settings") && path.startsWith(`${item.path}/`)).sort((a, b) => b.path.length - a.path.length)[0]
  );
}

function PanelNav() {
  const { t } = useTranslation("settings");
  const { user, navigation } = useLoaderData<typeof loader>();
  const current = useCurrentItem(navigation);
  return (
    <aside className="lg:w-64 lg:shrink-0">
      <div className="hidden rounded-2xl border border-slate-200 p-4 dark:border-white/10 lg:block">
        <p className="truncate font-semibold">{user.displayName}</p>
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
      </div>
      {/* Phones and tablets: the sections folded under one line that names the page shown (a
          disclosure: it opens without JavaScript), so the page starts right below it. */}
      <details className="group rounded-2xl border border-slate-200 dark:border-white/10 lg:hidden" data-settings-nav="folded">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0">
            <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("nav.label")}</span>
            <span className="block truncate font-semibold">{current ? t(`nav.${current.key}`) : t("nav.menu")}</span>
          </span>
          <span className="shrink-0 rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold dark:border-white/20">
            <span className="group-open:hidden">{t("nav.show")}</span>
            <span className="hidden group-open:inline">{t("nav.hide")}</span>
          </span>
        </summary>
        <nav aria-label={t("nav.label")} className="border-t border-slate-200 px-3 pb-4 pt-3 dark:border-white/10">
          <p className="mb-3 truncate px-1 text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
          <NavGroups groups={navigation} idPrefix="nav-phone" />
        </nav>
      </details>
      {/* Desktops: a column beside the page. */}
      <nav aria-label={t("nav.label")} className="mt-4 hidden lg:block">
        <NavGroups groups={navigation} idPrefix="nav-desk" />
      </nav>
    </aside>
  );
}

export default function PanelLayout() {
  // Signed-in pages: the service worker that keeps the person's trips for offline reading (decision 060).
  const lang = useLang();
  useEffect(() => watchOfflineWorker(lang), [lang]);
  return (
    <SiteFrame>
      <div className="container-page flex flex-col gap-6 py-6 lg:flex-row lg:gap-8 lg:py-8">
        <PanelNav />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </SiteFrame>
  );
}

export const meta = layoutMeta({ noindex: true });

export function ErrorBoundary() {
  return (
    <SiteFrame>
      <GeneralErrorBoundary />
    </SiteFrame>
  );
}
