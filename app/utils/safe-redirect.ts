import { localizePath, splitLangFromPath, type Lang } from "#app/i18n";

/**
 * Only same-origin paths are ever followed: `/x` yes; `//evil.com`, `/\evil.com`,
 * `https://evil.com`, `javascript:` and anything with control characters no.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://same.origin");
    if (url.origin !== "http://same.origin") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Where a person goes after signing in: the requested same-origin page, else /ajustes. */
export function afterLoginPath(requested: unknown, lang: Lang): string {
  const fallback = localizePath("/ajustes", lang);
  const target = safeRedirect(requested, "");
  if (!target) return fallback;
  const { path } = splitLangFromPath(new URL(target, "http://x").pathname);
  if (path === "/" || path === "/login") return fallback;
  return target;
}
