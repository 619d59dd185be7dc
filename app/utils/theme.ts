export const themes = ["system", "light", "dark"] as const;
export type Theme = (typeof themes)[number];
export const THEME_COOKIE = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}

/** system → light → dark → system */
export function nextTheme(theme: Theme): Theme {
  return themes[(themes.indexOf(theme) + 1) % themes.length];
}

export function readThemeCookie(cookieHeader: string | null): Theme {
  const match = /(?:^|;\s*)theme=(system|light|dark)(?:;|$)/.exec(cookieHeader ?? "");
  return (match?.[1] as Theme | undefined) ?? "system";
}
