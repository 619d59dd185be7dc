import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { initials } from "#app/utils/initials";
import { useLang } from "#app/utils/use-lang";
import type { Theme } from "#app/utils/theme";
import { useCloseOnNavigate } from "#app/utils/use-close-on-navigate";
import { LogoMark } from "./logo-mark";
import { ChatIcon, MenuIcon } from "#app/components/icons";
import { useChatStream } from "#app/features/chats";
import { LanguageSwitcher } from "./language-switcher";
import { LocalizedLink, LocalizedNavLink } from "#app/components/localized-link";
import { ThemeToggle } from "./theme-toggle";
import { href } from "#app/utils/href";
import { signInSearch } from "#app/utils/safe-redirect";

const navigation = [
  { to: href("boat-search"), key: "nav.rentBoats" },
  { to: href("dock-search"), key: "nav.docks" },
  { to: href("gestoria"), key: "nav.paperwork" },
  { to: href("category"), key: "nav.categories" },
  { to: href("about"), key: "nav.about" },
] as const;

/** The header's page links (`.nav-link` in tailwind.css: one short class on each of some eleven links, not 180 bytes). */
function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-link nav-link-active" : "nav-link";
}

export type HeaderUser = { displayName: string; slug: string; role: string | null; unreadChats: number };

/** The person's conversations, with how many have unread messages (live once the event stream speaks). */
function MessagesLink({ initial }: { initial: number }) {
  const { t } = useTranslation();
  const unread = useChatStream()?.unread ?? initial;
  const label = unread > 0 ? t("nav.messagesUnread", { count: unread }) : t("nav.messages");
  return (
    <LocalizedNavLink
      to={href("messages")}
      aria-label={label}
      title={label}
      className={({ isActive }) =>
        "relative grid h-10 w-10 place-items-center rounded-full hover:bg-slate-100 dark:hover:bg-white/10 " + (isActive ? "text-sea-800 dark:text-white" : "text-slate-700 dark:text-slate-300")
      }
    >
      <ChatIcon />
      {unread > 0 ? (
        <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-coral-500 px-1 text-[11px] font-bold leading-5 text-white">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </LocalizedNavLink>
  );
}

/** The signed-in person's menu; sign-out is a POST form, so it works without JavaScript too. */
function UserMenu({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const menu = useCloseOnNavigate();
  const lang = useLang();
  const item = "block rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-white/10";
  return (
    <details ref={menu} className="relative ml-1">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium hover:bg-slate-100 dark:hover:bg-white/10">
        <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-full bg-sea-700 text-xs font-bold text-white">{initials(user.displayName)}</span>
        <span className="hidden max-w-32 truncate sm:inline">{user.displayName}</span>
        <span className="sr-only">{t("account.menu")}</span>
      </summary>
      <div className="z-overlay absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-white/10 dark:bg-sea-950">
        <LocalizedLink to={href("settings")} className={item}>{t("account.dashboard")}</LocalizedLink>
        <LocalizedLink to={href("settings-profile")} className={item}>{t("account.profile")}</LocalizedLink>
        <LocalizedLink to={href("settings-inbox")} className={item}>{t("account.inbox")}</LocalizedLink>
        <LocalizedLink to={href("messages")} className={item}>{t("nav.messages")}</LocalizedLink>
        <LocalizedLink to={href("user", { params: { slug: user.slug } })} className={item}>{t("account.publicProfile")}</LocalizedLink>
        {user.role === "admin" ? <LocalizedLink to={href("admin-dashboard")} className={item}>{t("account.admin")}</LocalizedLink> : null}
        <Form method="post" action="/api/logout" className="mt-1 border-t border-slate-200 pt-1 dark:border-white/10">
          <input type="hidden" name="lang" value={lang} />
          {/* Raw: a menu item styled as the menu's links, in the shell every page loads (the Button module is in the listings chunk, not on home). */}
          <button type="submit" className={item + " w-full text-left text-coral-600 dark:text-coral-300"}>{t("account.signOut")}</button>
        </Form>
      </div>
    </details>
  );
}

export function SiteHeader({ theme, user }: { theme: Theme; user: HeaderUser | null }) {
  const { t } = useTranslation();
  const menu = useCloseOnNavigate();
  // Signing in brings the person back to the page they were on.
  const location = useLocation();
  const signIn = href("login", { search: signInSearch(location.pathname, location.search) });
  return (
    <header className="sticky top-0 z-overlay border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-white/10 dark:bg-sea-950/90">
      <div className="container-page flex h-16 items-center gap-4">
        <LocalizedLink to={href("home")} className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight text-sea-800 dark:text-white" aria-label={t("brand.home")}>
          <LogoMark />
          <span>Amarre</span>
        </LocalizedLink>
        <nav aria-label={t("nav.label")} className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
          {navigation.map((item) => (
            <LocalizedNavLink key={item.to} to={item.to} className={navClass} prefetch="intent">
              {t(item.key)}
            </LocalizedNavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:ml-0">
          <LanguageSwitcher />
          <ThemeToggle theme={theme} />
          {user ? (
            <>
              <MessagesLink initial={user.unreadChats} />
              <UserMenu user={user} />
            </>
          ) : (
            <LocalizedLink
              to={signIn}
              className="ml-2 hidden rounded-full bg-sea-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-800 sm:inline-block"
            >
              {t("nav.signIn")}
            </LocalizedLink>
          )}
          <details ref={menu} className="relative lg:hidden">
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
              {user ? null : (
                <LocalizedNavLink to={signIn} className={navClass}>
                  {t("nav.signIn")}
                </LocalizedNavLink>
              )}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
