import { localizePath, splitLangFromPath, type Lang } from "#app/i18n";
import { fixedPages, resourceRoutes } from "#app/route-table";

/**
 * Language parity (issue 44): a page under /en, /fr or /de links to the same places and sends its
 * forms to the same places as its Spanish twin, once the page's language prefix is taken out. The
 * crawl (crawl.spec.ts) fetches each Spanish page's twins and compares them with these helpers;
 * tests/unit/language-parity.test.ts holds the rules to what they say.
 *
 * What a page and its twin may legitimately write differently, each rule with why:
 * - **a link that names its target's language** (`<a hreflang>`: the language switcher, a blog
 *   post's links to itself in its other languages, the content editor's link to the page it edits
 *   in the language it edits) points at a language, not at a page: left out;
 * - **a blog post's address is its slug in the language shown** (decision 018): compared as
 *   `/blog/(a post)`, in its place among the page's links;
 * - **a document drawn in the page's language**, an invoice's PDF (`/resources/invoice/…?lang=en`)
 *   and the blog's feed (`/feed/en.xml`): the page's own language code is compared as
 *   `(the page's)`.
 * Nothing else is left out: ids and dates are the same in every language because the data is.
 */

/** Addresses the same in every language (resource routes, one-language pages): never prefixed. */
const LANGUAGE_FREE = [...resourceRoutes, ...fixedPages].map(
  (route) => new RegExp(`^/${route.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[\w-]+/g, "[^/]+").replace("*", ".*")}$`),
);

export function isLanguageFree(pathname: string): boolean {
  return LANGUAGE_FREE.some((pattern) => pattern.test(pathname));
}

/** A post's page (not the team's editor, `/blog/nuevo-blog`), after `unprefixed`. */
const BLOG_POST = /^(\([a-z]{2}\))?\/blog\/(?!nuevo-blog$)[^/]+$/;

/** A query value that is an address of this site (`redirect=/en/ajustes`). */
const isSitePath = (value: string) => value.startsWith("/") && !value.startsWith("//");
const pathOf = (value: string) => value.split(/[?#]/, 1)[0]!;

/**
 * A same-site path as a page in `lang` should write it in Spanish: its own language's prefix taken
 * out. Another language's page keeps a mark of that language (`(en)/about`): a link that leaves
 * the page's language is a difference, not a match.
 */
function unprefixed(pathname: string, lang: Lang): string {
  if (isLanguageFree(pathname)) return pathname;
  const split = splitLangFromPath(pathname);
  return split.lang === lang ? split.path : `(${split.lang})${split.path}`;
}

/** An address written by a page in `lang` (of the site at `origin`), as its Spanish twin should write it. */
export function comparable(url: URL, origin: string, lang: Lang): string {
  if (url.origin !== origin) return url.href;
  const free = isLanguageFree(url.pathname);
  const path = free ? url.pathname.replace(`/feed/${lang}.xml`, "/feed/(the page's).xml") : unprefixed(url.pathname, lang).replace(BLOG_POST, "$1/blog/(a post)");
  const search = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (free && key === "lang" && value === lang) search.append(key, "(the page's)");
    // A same-site address in the query (`/login?redirect=/en/…`) is compared the same way.
    else search.append(key, isSitePath(value) ? comparable(new URL(value, origin), origin, lang) : value);
  }
  return path + (search.size > 0 ? `?${search}` : "") + url.hash;
}

/**
 * A Spanish page's twin in `lang`: its path under the prefix, and so is any address of a Spanish
 * page in its query (`/login?redirect=/ajustes` → `/en/login?redirect=/en/ajustes`).
 */
export function twinOf(url: URL, lang: Lang): URL {
  const twin = new URL(localizePath(url.pathname, lang), url);
  for (const [key, value] of url.searchParams) {
    const spanishPage = isSitePath(value) && !isLanguageFree(pathOf(value)) && splitLangFromPath(pathOf(value)).lang === "es";
    twin.searchParams.append(key, spanishPage ? localizePath(value, lang) : value);
  }
  return twin;
}

/** A link or a form of a page: as written, where it leads, and what parity compares (null: left out). */
export type Target = { written: string; url: URL | null; compared: string | null };

const decode = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** A page's links (`<a href>`) and forms (`<form action>`), in their order; `page` is the page's address. */
export function targetsIn(html: string, page: URL, lang: Lang): Target[] {
  const found: Target[] = [];
  for (const match of html.matchAll(/<(a|form)\b([^>]*)>/gi)) {
    const attributes = match[2]!;
    let what: string;
    let written: string;
    if (match[1]!.toLowerCase() === "a") {
      const href = /\shref="([^"]*)"/i.exec(attributes)?.[1];
      if (href === undefined) continue;
      what = "link";
      written = decode(href);
    } else {
      const action = /\saction="([^"]*)"/i.exec(attributes)?.[1];
      what = `form (${(/\smethod="([^"]*)"/i.exec(attributes)?.[1] ?? "get").toLowerCase()})`;
      // A form without an action sends to its page's own address.
      written = action === undefined ? page.pathname + page.search : decode(action);
    }
    let url: URL | null = null;
    try {
      if (!/^(mailto|tel|javascript):/i.test(written)) url = new URL(written, page);
    } catch {
      url = null;
    }
    const namesLanguage = what === "link" && /\shreflang="/i.test(attributes);
    found.push({ written: `${what} ${written}`, url, compared: namesLanguage ? null : `${what} ${url ? comparable(url, page.origin, lang) : written}` });
  }
  return found;
}

/** How a twin's links and forms differ from its Spanish page's, each said in a line; empty when they match. */
export function differences(spanish: readonly Target[], twin: readonly Target[]): string[] {
  const a = spanish.filter((target) => target.compared !== null);
  const b = twin.filter((target) => target.compared !== null);
  if (a.length === b.length) {
    return a.flatMap((target, i) => (target.compared === b[i]!.compared ? [] : [`${target.written} in Spanish is ${b[i]!.written}`]));
  }
  const extra = [...b];
  const missing: Target[] = [];
  for (const target of a) {
    const at = extra.findIndex((other) => other.compared === target.compared);
    if (at === -1) missing.push(target);
    else extra.splice(at, 1);
  }
  return [...missing.map((target) => `${target.written} in Spanish is missing`), ...extra.map((target) => `${target.written} is not in Spanish`)];
}
