import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MonitorIcon, MoonIcon, SunIcon } from "#app/components/icons";
import { isTheme, nextTheme, type Theme } from "#app/utils/theme";

export const THEME_FETCHER_KEY = "theme";

/** The theme being shown, counting a change still on its way to the server. */
export function useOptimisticTheme(serverTheme: Theme): Theme {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const pending = fetcher.formData?.get("theme");
  return isTheme(pending) ? pending : serverTheme;
}

/** Cycles system → light → dark; a plain form without JavaScript, a fetcher with it. */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const shown = useOptimisticTheme(theme);
  const next = nextTheme(shown);
  const Icon = shown === "dark" ? MoonIcon : shown === "light" ? SunIcon : MonitorIcon;
  return (
    <fetcher.Form method="post" action="/resources/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirect" value={location.pathname + location.search} />
      {/* Raw: an icon in the header, in the shell every page loads (the Button module would pull the listings chunk into home). */}
      <button
        type="submit"
        className="flex items-center rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-white/10"
        title={t("theme.switchTo", { theme: t(`theme.${next}`) })}
        aria-label={t("theme.current", { theme: t(`theme.${shown}`) }) + ". " + t("theme.switchTo", { theme: t(`theme.${next}`) })}
      >
        <Icon />
      </button>
    </fetcher.Form>
  );
}
