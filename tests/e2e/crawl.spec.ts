import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { splitLangFromPath, type Lang } from "#app/i18n";
import { barePages, layoutGroups, pagePaths, type LayoutGroup } from "#app/route-table";
import { comparable, differences, isLanguageFree, targetsIn, twinOf } from "./language-parity";
import { demoPage } from "./people";

/**
 * Every link the app shows works, and every page links to the same places in every language.
 *
 * The Spanish site is crawled from the home page (its header, footer and content) and, for
 * signed-in people, the settings navigation (and the admin's), signed out and as each demo
 * person: every same-origin link is followed until no new kind of link turns up. The first
 * Spanish page of each kind has its twins under /en, /fr and /de fetched right after it, so the
 * other languages are crawled over the same kinds of pages without a crawl of their own (pages of
 * one kind are drawn by the same code). A 404 or a 5xx anywhere fails the test with the page that
 * showed the link.
 *
 * **Language parity** (issue 44): a twin's links (`<a href>`) and form actions (`<form action>`;
 * a form without one posts to its page's own address) must be its Spanish page's, once the
 * page's language prefix is taken out — in the same number and order, the same path, query and
 * hash; ids and dates are the same because the data is. A twin that ends at another page than
 * its Spanish page (after a redirect) fails too. Each difference is named with the person, the
 * page and the two links. What may legitimately differ (a link that names its target's language,
 * a blog post's slug, a document drawn in the page's language) follows the rules of
 * `language-parity.ts`, each with why.
 *
 * Two links are "the same kind" when they open the same page of the route table (a boat, a
 * booking, a chat…: `kindOf`) and their query strings name the same parameters: two of each kind
 * are followed, which keeps a crawl of the whole site to 210–330 requests per person (four
 * languages). Kinds were once told apart by what looks like an id (12 characters or more), which
 * also took settings pages' long names (`/ajustes/mis-reservas`, `/ajustes/inscribir-tu-barco`)
 * for ids and left all but two of them out.
 */

const TWIN_LANGS = ["en", "fr", "de"] as const satisfies readonly Lang[];
const PEOPLE = [undefined, "renter@amarre.test", "owner@amarre.test", "pro@amarre.test", "admin@amarre.test"] as const;
const PER_KIND = 2;
const MAX_PAGES = 600;

/** Links that change what the rest of the crawl sees (the session, the language or theme cookie). */
const SKIPPED = [/^\/api\/logout/, /^\/resources\/language/, /^\/resources\/theme/];

function languageOf(path: string): string {
  return /^\/(en|fr|de)(\/|$)/.exec(path)?.[0].replace(/\/$/, "") ?? "";
}

/** The pages of the route table with parameters, as patterns of an unprefixed path (`/boat/:id` → `/boat/[^/]+`). */
const PAGES_WITH_PARAMETERS = [...(layoutGroups as readonly LayoutGroup[]).flatMap((group) => group.pages), ...barePages]
  .filter((page) => page.path?.includes(":"))
  .map((page) => ({
    id: page.id,
    pattern: new RegExp(
      `^/${page
        .path!.split("/")
        .map((segment) => (segment.startsWith(":") ? `[^/]+${encodeURIComponent(segment.replace(/^:[\w-]+/, ""))}` : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/")}$`,
    ),
  }));
const STATIC_PAGES = new Set(pagePaths((page) => !page.path?.includes(":") && !page.path?.includes("*")));

/**
 * A link's kind: the page of the route table it opens (a page without parameters is a kind of its
 * own; `/ajustes/mis-reservas/{id}` is "settings-reservation"), with the names of its query's
 * parameters. Other addresses (photos, documents, a page that is not in the table) are of the same
 * kind when they differ only in what looks like an id.
 */
function kindOf(url: URL): string {
  const keys = [...new Set([...url.searchParams.keys()])].sort().join("&");
  const path = splitLangFromPath(url.pathname).path;
  if (STATIC_PAGES.has(path)) return `${path}?${keys}`;
  const page = PAGES_WITH_PARAMETERS.find((candidate) => candidate.pattern.test(path));
  if (page) return `(${page.id})?${keys}`;
  const shape = path
    .split("/")
    .map((segment) => (/^[A-Za-z0-9_-]{12,}(\.[a-z]+)?$/.test(segment) || /^\d+$/.test(segment) || /^\d{4}-\d{6}$/.test(segment) ? ":id" : segment))
    .join("/");
  return `${shape}?${keys}`;
}

/** A signed-in person's (or a visitor's) request context: the demo login of `people.ts`. */
async function signedInRequest(browser: Browser, email: string | undefined): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const page = await demoPage(browser, email);
  const context = page.context();
  return { request: context.request, close: () => context.close() };
}

for (const email of PEOPLE) {
  test(`no dead link and the same links in every language, ${email ?? "signed out"}`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const { request, close } = await signedInRequest(browser, email);
    const base = new URL(baseURL!);
    const dead: string[] = [];
    const unlike: string[] = [];
    let visited = 0;
    const fetchPage = async (url: URL, from: string) => {
      const response = await request.get(url.href, { maxRedirects: 5 });
      visited += 1;
      const key = url.pathname + url.search;
      if (response.status() === 404 || response.status() >= 500) {
        dead.push(`${response.status()} ${key} (linked from ${from})`);
        return null;
      }
      if (!(response.headers()["content-type"] ?? "").includes("text/html")) return null;
      return { finalUrl: new URL(response.url()), html: await response.text() };
    };

    const roots = ["/"];
    if (email) roots.push("/ajustes");
    if (email === "admin@amarre.test") roots.push("/admin/dashboard");
    const seen = new Set<string>();
    const perKind = new Map<string, number>();
    const twinned = new Set<string>();
    const queue: { url: URL; from: string }[] = roots.map((root) => ({ url: new URL(root, base), from: "(start)" }));
    while (queue.length > 0 && seen.size < MAX_PAGES) {
      const { url, from } = queue.shift()!;
      const key = url.pathname + url.search;
      if (seen.has(key) || SKIPPED.some((pattern) => pattern.test(url.pathname))) continue;
      const kind = kindOf(url);
      if ((perKind.get(kind) ?? 0) >= PER_KIND) continue;
      perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
      seen.add(key);
      const page = await fetchPage(url, from);
      if (!page) continue;
      const targets = targetsIn(page.html, page.finalUrl, "es");
      // Only pages of the Spanish site lead further: the other languages are their twins.
      for (const target of targets) {
        if (!target.url || target.url.origin !== base.origin) continue;
        const link = new URL(target.url);
        link.hash = "";
        const linkKey = link.pathname + link.search;
        if (!seen.has(linkKey) && languageOf(link.pathname) === "") queue.push({ url: link, from: key });
      }
      // One page of each kind is compared in every language: pages of a kind are drawn by the same code.
      if (isLanguageFree(url.pathname) || twinned.has(kind)) continue;
      twinned.add(kind);
      for (const lang of TWIN_LANGS) {
        const twinUrl = twinOf(url, lang);
        const twin = await fetchPage(twinUrl, `${from}, in ${lang}`);
        if (!twin) continue;
        const twinKey = twinUrl.pathname + twinUrl.search;
        if (comparable(twin.finalUrl, base.origin, lang) !== comparable(page.finalUrl, base.origin, "es")) unlike.push(`${twinKey} ends at ${twin.finalUrl.pathname}${twin.finalUrl.search}, its Spanish page at ${page.finalUrl.pathname}${page.finalUrl.search}`);
        for (const difference of differences(targets, targetsIn(twin.html, twin.finalUrl, lang))) unlike.push(`${twinKey}: ${difference}`);
      }
    }
    await close();
    console.log(`crawl ${email ?? "signed out"}: ${visited} pages fetched in four languages, ${dead.length} dead, ${unlike.length} links unlike Spanish`);
    expect(dead, "links that lead to a 404 or a server error").toEqual([]);
    // The list itself in the message: an array this long is not printed by the matcher.
    const shown = unlike.slice(0, 60).join("\n") + (unlike.length > 60 ? `\n… and ${unlike.length - 60} more` : "");
    expect(unlike.length, `links and form actions unlike the Spanish page's, ${email ?? "signed out"}:\n${shown}`).toBe(0);
  });
}
