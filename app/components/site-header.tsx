import { useTranslation } from "react-i18next";
import type { Theme } from "#app/utils/theme";
import { useCloseOnNavigate } from "#app/utils/use-close-on-navigate";
import { MenuIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { LocalizedLink, LocalizedNavLink } from "./localized-link";
import { ThemeToggle } from "./theme-toggle";

const navigation = [
  { to: "/alquiler-barco", key: "nav.rentBoats" },
  { to: "/docks", key: "nav.docks" },
  { to: "/gestoria", key: "nav.paperwork" },
  { to: "/category", key: "nav.categories" },
  { to: "/about", key: "nav.about" },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return (
    "rounded-md px-3 py-2 text-sm font-medium transition-colors " +
    (isActive
      ? "bg-sea-50 text-sea-800 dark:bg-white/10 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-white/10 dark:hover:text-white")
  );
}

export function SiteHeader({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  const menu = useCloseOnNavigate();
  return (
    <header className="sticky top-0 z-overlay border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-white/10 dark:bg-sea-950/90">
      <div className="container-page flex h-16 items-center gap-4">
        <LocalizedLink to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight text-sea-800 dark:text-white" aria-label={t("brand.home")}>
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          <span>Amarre</span>
        </LocalizedLink>
        <nav aria-label={t("nav.label")} className="ml-4 hidden flex-1 items-center gap-1 md:flex">
          {navigation.map((item) => (
            <LocalizedNavLink key={item.to} to={item.to} className={navClass} prefetch="intent">
              {t(item.key)}
            </LocalizedNavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <LanguageSwitcher />
          <ThemeToggle theme={theme} />
          <LocalizedLink
            to="/login"
            className="ml-2 hidden rounded-full bg-sea-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-800 sm:inline-block"
          >
            {t("nav.signIn")}
          </LocalizedLink>
          <details ref={menu} className="relative md:hidden">
            <summary className="flex cursor-pointer list-none items-center rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-white/10">
              <MenuIcon />
              <span className="sr-only">{t("nav.menu")}</span>
            </summary>
            <nav aria-label={t("nav.label")} className="z-overlay absolute right-0 mt-2 flex w-56 flex-col rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-white/10 dark:bg-sea-950">
              {navigation.map((item) => (
                <LocalizedNavLink key={item.to} to={item.to} className={navClass}>
                  {t(item.key)}
                </LocalizedNavLink>
              ))}
              <LocalizedNavLink to="/login" className={navClass}>
                {t("nav.signIn")}
              </LocalizedNavLink>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
