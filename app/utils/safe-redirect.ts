import { splitLangFromPath, type Lang } from "#app/i18n";
import { href } from "#app/utils/href";

const BASE = "http://same.origin";

/** A path whose first segment is empty is another host to a browser: `//host`, `/\host`. */
function leavesTheSite(path: string): boolean {
  return /^[/\\][/\\]/.test(path);
}

/**
 * The one check every redirect passes: only paths on this site are followed. The decision is
 * taken on the URL as a browser will resolve it — dot segments removed (`/.//evil.com`,
 * `/x/..//evil.com`), percent-encoded dots decoded (`/%2e//evil.com`), backslashes read as
 * slashes — and again on its decoded forms, so no encoding turns it into `//evil.com`.
 * Refused: other hosts, schemes (`javascript:`), control characters (tabs, newlines), more than
 * 2 KB. Returns the normalised path with its query and hash, or `fallback`.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || leavesTheSite(target)) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  let path = url.pathname;
  for (let round = 0; round < 3; round++) {
    if (leavesTheSite(path)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return fallback;
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return fallback;
    if (decoded === path) break;
    if (leavesTheSite(decoded)) return fallback;
    const again = new URL(decoded.replace(/\\/g, "/"), BASE);
    if (again.origin !== BASE) return fallback;
    path = again.pathname;
  }
  return url.pathname + url.search + url.hash;
}

/** Where a person goes after signing in: the requested same-origin page, else /ajustes. */
export function afterLoginPath(requested: unknown, lang: Lang): string {
  const fallback = href("settings", { lang });
  const target = safeRedirect(requested, "");
  if (!target) return fallback;
  const { path } = splitLangFromPath(new URL(target, "http://x").pathname);
  if (path === "/" || path === "/login") return fallback;
  return target;
}

/** The sign-in pages: signing in from one of them keeps the way back it already carries. */
const SIGN_IN_PAGES = new Set(["/login", "/register", "/register-pro", "/recuperar-contrasena", "/restablecer-contrasena"]);

/**
 * The header's "Iniciar sesión" link from the page at `pathname` + `search`: `/login` with the
 * page as its `redirect` (the word the login route reads; checked again by `afterLoginPath`
 * after signing in), unprefixed (the link adds the language). From the home page plain
 * `/login`; from a sign-in page, the way back that page already carries.
 */
export function signInSearch(pathname: string, search: string): { redirect?: string } {
  const { path } = splitLangFromPath(pathname);
  if (path === "/") return {};
  if (SIGN_IN_PAGES.has(path.replace(/\/+$/, ""))) {
    const kept = safeRedirect(new URLSearchParams(search).get("redirect"), "");
    return kept ? { redirect: kept } : {};
  }
  const here = safeRedirect(pathname + search, "");
  return here ? { redirect: here } : {};
}
