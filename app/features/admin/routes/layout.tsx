import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedNavLink } from "#app/components/localized-link";
import { SiteFrame } from "#app/features/site";
import { layoutMeta } from "#app/utils/meta";
import { href } from "#app/utils/href";

export const handle = { i18n: ["admin"] };

/**
 * The admin area: the `admin` role claim, checked before anything under /admin runs. Each admin
 * page's loader and action call `requireAdmin` again (a layout's loader does not guard its
 * children's actions, nor loaders run in parallel); the domain services trust the guard.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requestContext(args, "admin").requireAdmin();
  return null;
}

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  return (
    <SiteFrame>
      <div className="border-b border-slate-200 bg-slate-50 dark:border-white/10 dark:bg-white/5">
        <nav aria-label={t("nav.label")} className="container-page flex flex-wrap gap-x-3 gap-y-1 py-3 text-sm">
          <span className="mr-2 font-semibold text-sea-800 dark:text-white">{t("nav.title")}</span>
          <LocalizedNavLink to={href("admin-dashboard")} className={({ isActive }) => (isActive ? "font-semibold underline" : "hover:underline")}>
            {t("nav.dashboard")}
          </LocalizedNavLink>
          <LocalizedNavLink to={href("admin-cases")} className={({ isActive }) => (isActive ? "font-semibold underline" : "hover:underline")}>
            {t("nav.cases")}
          </LocalizedNavLink>
          <LocalizedNavLink to={href("admin-deposits")} className={({ isActive }) => (isActive ? "font-semibold underline" : "hover:underline")}>
            {t("nav.deposits")}
          </LocalizedNavLink>
          <LocalizedNavLink to={href("admin-operations")} className={({ isActive }) => (isActive ? "font-semibold underline" : "hover:underline")}>
            {t("nav.operations")}
          </LocalizedNavLink>
          <LocalizedNavLink to={href("admin-contents")} className={({ isActive }) => (isActive ? "font-semibold underline" : "hover:underline")}>
            {t("nav.contents")}
          </LocalizedNavLink>
        </nav>
      </div>
      <Outlet />
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
