import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { demoPage } from "./people";

/**
 * Every link the app shows works: from the home page (its header, footer and content) and, for
 * signed-in people, the settings navigation (and the admin's), in four languages, signed out and
 * as each demo person, every same-origin link is followed until no new kind of link turns up; a
 * 404 or a 5xx anywhere fails the test with the page that showed the link.
 *
 * Two links are "the same kind" when their paths differ only in ids (a boat, a booking, a chat…)
 * and their query strings name the same parameters: two of each kind are followed, which keeps a
 * crawl of the whole site to a few hundred requests per person and language.
 */

const LANGS = ["", "/en", "/fr", "/de"] as const;
const PEOPLE = [undefined, "renter@amarre.test", "owner@amarre.test", "pro@amarre.test", "admin@amarre.test"] as const;
const PER_KIND = 2;
const MAX_PAGES = 600;

/** Links that change what the rest of the crawl sees (the session, the language or theme cookie). */
const SKIPPED = [/^\/api\/logout/, /^\/resources\/language/, /^\/resources\/theme/];

function languageOf(path: string): string {
  return /^\/(en|fr|de)(\/|$)/.exec(path)?.[0].replace(/\/$/, "") ?? "";
}

function kindOf(url: URL): string {
  const path = url.pathname
    .split("/")
    .map((segment) => (/^[A-Za-z0-9_-]{12,}$/.test(segment) || /^\d+$/.test(segment) || /^\d{4}-\d{6}$/.test(segment) ? ":id" : segment))
    .join("/");
  const keys = [...new Set([...url.searchParams.keys()])].sort().join("&");
  return `${path}?${keys}`;
}

function linksIn(html: string, base: URL): URL[] {
  const found: URL[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
    const raw = match[1]!.replaceAll("&amp;", "&");
    if (/^(mailto|tel|javascript):/i.test(raw) || raw.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      continue;
    }
    if (url.origin !== base.origin) continue;
    url.hash = "";
    found.push(url);
  }
  return found;
}

/** A signed-in person's (or a visitor's) request context: the demo login of `people.ts`. */
async function signedInRequest(browser: Browser, email: string | undefined): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const page = await demoPage(browser, email);
  const context = page.context();
  return { request: context.request, close: () => context.close() };
}

for (const email of PEOPLE) {
  test(`no dead link, ${email ?? "signed out"}, in four languages`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const { request, close } = await signedInRequest(browser, email);
    const base = new URL(baseURL!);
    const dead: string[] = [];
    let visited = 0;
    for (const lang of LANGS) {
      const roots = [`${lang}/`];
      if (email) roots.push(`${lang}/ajustes`);
      if (email === "admin@amarre.test") roots.push(`${lang}/admin/dashboard`);
      const seen = new Set<string>();
      const perKind = new Map<string, number>();
      const queue: { url: URL; from: string }[] = roots.map((root) => ({ url: new URL(root, base), from: "(start)" }));
      while (queue.length > 0 && seen.size < MAX_PAGES) {
        const { url, from } = queue.shift()!;
        const key = url.pathname + url.search;
        if (seen.has(key) || SKIPPED.some((pattern) => pattern.test(url.pathname))) continue;
        const kind = kindOf(url);
        if ((perKind.get(kind) ?? 0) >= PER_KIND) continue;
        perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
        seen.add(key);
        const response = await request.get(url.href, { maxRedirects: 5 });
        visited += 1;
        if (response.status() === 404 || response.status() >= 500) {
          dead.push(`${response.status()} ${key} (linked from ${from})`);
          continue;
        }
        const type = response.headers()["content-type"] ?? "";
        if (!type.includes("text/html")) continue;
        const finalUrl = new URL(response.url());
        // Only pages of this language's site lead further (a language switcher's links are
        // followed by that language's own crawl).
        for (const link of linksIn(await response.text(), finalUrl)) {
          const linkKey = link.pathname + link.search;
          if (!seen.has(linkKey) && languageOf(link.pathname) === lang) queue.push({ url: link, from: key });
        }
      }
    }
    await close();
    console.log(`crawl ${email ?? "signed out"}: ${visited} links followed in four languages, ${dead.length} dead`);
    expect(dead, "links that lead to a 404 or a server error").toEqual([]);
  });
}
