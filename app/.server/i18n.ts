import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createInstance, type i18n as I18n, type Resource, type ResourceLanguage } from "i18next";
import { initReactI18next } from "react-i18next";
import {
  defaultLang,
  i18nConfig,
  isLang,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  langCodes,
  localizePath,
  splitLangFromPath,
  type Lang,
} from "#app/i18n";

/**
 * Every message file, read once at start from `locales/<lang>/<namespace>.json` (the working
 * directory is the project root in development, tests, scripts and `npm start` alike).
 */
export const resources: Resource = {};
const localesDir = path.resolve("locales");
for (const lang of langCodes) {
  resources[lang] = {} as ResourceLanguage;
  for (const file of fs.readdirSync(path.join(localesDir, lang))) {
    if (!file.endsWith(".json")) continue;
    resources[lang][file.slice(0, -".json".length)] = JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8"));
  }
}

/** Changes whenever any message changes: part of the browser's cache key for messages. */
export const localesVersion = createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("base64url")
  .slice(0, 12);

/**
 * One i18next instance per language, initialised once at start with every message: a request
 * only looks messages up (no instance or resource copy per request). They are never switched
 * to another language, so concurrent requests can share them.
 */
const instances = new Map<Lang, I18n>(
  langCodes.map((lang) => {
    const instance = createInstance();
    void instance.use(initReactI18next).init({
      ...i18nConfig,
      lng: lang,
      ns: Object.keys(resources[defaultLang] ?? {}),
      resources,
      initImmediate: false,
      react: { useSuspense: false },
    });
    return [lang, instance];
  }),
);

/**
 * The server's instances look the same messages up again on every render (a page makes hundreds
 * of `t` calls), and i18next resolves each one from scratch (namespaces, fallbacks, nesting,
 * plural rules, interpolation, post-processing). Given the same key and the same options, a call
 * has one answer for the life of the process — the messages are read once at start and an
 * instance never changes language — so its string is kept when every option is a plain value
 * (a string, number, boolean or null; the language and namespace lists of a fixed `t`): a
 * card's "Hasta {{count}} personas" is resolved once per count, not once per card. Options
 * holding anything else (objects, functions, React elements) are never kept. Bounded: a message
 * is kept for at most MEMO_VALUES_PER_KEY sets of values, and when the memo is full it starts again.
 */
const MEMO_MAX = 50_000;
const MEMO_KEY_MAX = 400;

/** The memo's key for a call, or null when its answer is not to be kept. */
export function translationMemoKey(key: unknown, options: unknown): string | null {
  if (typeof key !== "string") return null;
  if (options === undefined) return `\u0000${key}`;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const type = typeof value;
    if (type === "string" || type === "number" || type === "boolean" || value === null) {
      id += `\u0000${name}\u0001${type === "object" ? "n" : type[0]}${String(value)}`;
    } else if ((name === "lngs" || name === "ns") && Array.isArray(value) && value.every((item) => typeof item === "string")) {
      id += `\u0000${name}\u0001a${value.join("\u0002")}`;
    } else {
      return null;
    }
    if (id.length > MEMO_KEY_MAX) return null;
  }
  return id;
}

/**
 * A message kept for this many sets of values is not kept for more: its values do not repeat (an
 * invoice's number, a person's name), so keeping them would only cost the key's building.
 */
export const MEMO_VALUES_PER_KEY = 64;

function memoizePlainLookups(instance: I18n) {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const memo = new Map<string, string>();
  const keptPerKey = new Map<string, number>();
  const memoized = (key: unknown, options?: unknown) => {
    if (typeof key === "string" && (keptPerKey.get(key) ?? 0) >= MEMO_VALUES_PER_KEY) return translate(key, options);
    const id = translationMemoKey(key, options);
    if (id === null) return translate(key, options);
    const known = memo.get(id);
    if (known !== undefined) return known;
    const value = translate(key, options);
    if (typeof value === "string") {
      if (memo.size >= MEMO_MAX) {
        memo.clear();
        keptPerKey.clear();
      }
      memo.set(id, value);
      keptPerKey.set(key as string, (keptPerKey.get(key as string) ?? 0) + 1);
    }
    return value;
  };
  instance.t = memoized as I18n["t"];
}
for (const instance of instances.values()) memoizePlainLookups(instance);

/** The server's i18next instance for a language, for rendering a page. */
export function i18nFor(lang: Lang): I18n {
  return instances.get(lang)!;
}

/** A translation function for loaders and actions (titles, emails, error messages). */
export function getFixedT(lang: Lang, ns: string | readonly string[] = "common") {
  return i18nFor(lang).getFixedT(lang, ns as string);
}

export function readLangCookie(request: Request): Lang | null {
  return langFromCookieHeader(request.headers.get("Cookie"));
}

/**
 * The language cookie's value (the first `i18n_redirected`, as the page reads it), or null. The
 * visitors' page cache keys pages with this same function, so a key and the page it names never
 * read a repeated or malformed cookie differently.
 */
export function langFromCookieHeader(header: string | null | undefined): Lang | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === LANG_COOKIE) {
      let lang: string;
      try {
        lang = decodeURIComponent(value.join("="));
      } catch {
        return null;
      }
      return isLang(lang) ? lang : null;
    }
  }
  return null;
}

export function serializeLangCookie(lang: Lang, secure: boolean): string {
  return `${LANG_COOKIE}=${lang}; Max-Age=${LANG_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The supported language a browser prefers most, by its Accept-Language q-values. */
export function langFromAcceptLanguage(header: string | null): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0], quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return (ranked.find((entry) => isLang(entry.base))?.base as Lang | undefined) ?? null;
}

export type LanguageDecision =
  | { kind: "redirect"; location: string; setCookie: string | null }
  | { kind: "stay"; lang: Lang; setCookie: string | null };

/**
 * The spec's locale rules for a page request: the prefix decides the page's language;
 * on an unprefixed (Spanish) page, a visitor whose cookie (or, on a first visit, whose
 * browser) prefers another language is sent to that language's page. The cookie is set
 * on the first visit and otherwise left to the language switcher.
 */
export function decideLanguage(request: Request, secure: boolean): LanguageDecision {
  const url = new URL(request.url);
  const { lang, path } = splitLangFromPath(url.pathname);
  const cookieLang = readLangCookie(request);
  const isRead = request.method === "GET" || request.method === "HEAD";
  if (lang === defaultLang && isRead) {
    const preferred = cookieLang ?? langFromAcceptLanguage(request.headers.get("Accept-Language")) ?? defaultLang;
    if (preferred !== defaultLang) {
      return {
        kind: "redirect",
        location: localizePath(path + url.search, preferred),
        setCookie: cookieLang ? null : serializeLangCookie(preferred, secure),
      };
    }
  }
  return { kind: "stay", lang, setCookie: cookieLang ? null : serializeLangCookie(lang, secure) };
}
