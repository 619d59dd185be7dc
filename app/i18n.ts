/**
 * Languages of the site, shared by the server and the browser.
 * Spanish is the default and has no URL prefix; the others live under /en, /fr and /de.
 */
export const languages = [
  { code: "es", iso: "es-ES", name: "Español", prefix: "" },
  { code: "en", iso: "en-US", name: "English", prefix: "en" },
  { code: "fr", iso: "fr-FR", name: "Français", prefix: "fr" },
  { code: "de", iso: "de-DE", name: "Deutsch", prefix: "de" },
] as const;

export type Lang = (typeof languages)[number]["code"];
export const langCodes = languages.map((l) => l.code) as Lang[];
export const defaultLang: Lang = "es";

/** The spec's language cookie: key i18n_redirected, 365 days, path /, SameSite lax. */
export const LANG_COOKIE = "i18n_redirected";
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Namespaces every page needs; routes add their own through `handle.i18n`. */
export const baseNamespaces = ["common", "errors", "zod", "validation"] as const;

export const i18nConfig = {
  supportedLngs: langCodes,
  fallbackLng: defaultLang,
  defaultNS: "common",
  interpolation: { escapeValue: false },
} as const;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (langCodes as string[]).includes(value);
}

/** Splits `/en/about` into `{ lang: "en", path: "/about" }`; unprefixed paths are Spanish. */
export function splitLangFromPath(pathname: string): { lang: Lang; path: string } {
  const match = /^\/(en|fr|de)(?=\/|$)(.*)$/.exec(pathname);
  if (!match) return { lang: defaultLang, path: pathname || "/" };
  return { lang: match[1] as Lang, path: match[2] || "/" };
}

/**
 * Puts an unprefixed path (`/about?x=1`) under a language (`/fr/about?x=1`). A target relative to
 * the page (`?confirm=cancel#actions-title`, `?`, `#x`, `../x`) or another site's address is left as
 * it is: the page it is resolved against already has its prefix (issue 44: prefixing it sent the
 * booking page's confirmation links to the language's home page).
 */
export function localizePath(path: string, lang: Lang): string {
  const prefix = languages.find((l) => l.code === lang)!.prefix;
  if (!prefix || !path.startsWith("/")) return path;
  if (path === "/") return `/${prefix}`;
  if (path.startsWith("/?") || path.startsWith("/#")) return `/${prefix}${path.slice(1)}`;
  return `/${prefix}${path}`;
}

export function languageOf(lang: Lang) {
  return languages.find((l) => l.code === lang)!;
}

/** The browser half of the cookie rule (the server half lives in app/.server/i18n.ts). */
export function langCookieString(lang: Lang): string {
  return `${LANG_COOKIE}=${lang}; Max-Age=${LANG_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}
