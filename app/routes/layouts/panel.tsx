import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "#app/.server/auth/guards";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedNavLink } from "#app/components/localized-link";
import { SiteFrame } from "#app/components/site-frame";
import { layoutMeta } from "#app/utils/meta";
import { settingsNavigation } from "#app/utils/settings-nav";
import { href } from "#app/utils/href";

export const handle = { i18n: ["settings"] };

/** The settings area: every page under /ajustes needs a signed-in person. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { user: { displayName: user.displayName, email: user.email, slug: user.slug } };
}

function PanelNav() {
  const { t } = useTranslation("settings");
  const { user } = useLoaderData<typeof loader>();
  return (
    <aside className="lg:w-64 lg:shrink-0">
      <div className="rounded-2xl border border-slate-200 p-4 dark:border-white/10">
        <p className="truncate font-semibold">{user.displayName}</p>
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
      </div>
      <nav aria-label={t("nav.label")} className="mt-4">
        {/* Phones and tablets: every section in view, wrapped on as many rows as it takes (a strip that
            scrolls sideways hid half of them); desktops: a column beside the page. */}
        <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-1">
          {settingsNavigation.map((item) => (
            <li key={item.path}>
              <LocalizedNavLink
                to={item.path}
                end={item.path === href("settings")}
                prefetch="intent"
                className={({ isActive }) =>
                  "block rounded-full border px-3 py-1.5 text-sm font-medium lg:rounded-lg lg:border-0 lg:py-2 " +
                  (isActive
                    ? "border-sea-200 bg-sea-50 text-sea-800 dark:border-white/20 dark:bg-white/10 dark:text-white"
                    : "border-slate-200 text-slate-700 hover:bg-slate-100 dark:border-white/10 dark:text-slate-300 dark:hover:bg-white/10")
                }
              >
                {t(`nav.${item.key}`)}
              </LocalizedNavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

export default function PanelLayout() {
  return (
    <SiteFrame>
      <div className="container-page flex flex-col gap-8 py-8 lg:flex-row">
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
