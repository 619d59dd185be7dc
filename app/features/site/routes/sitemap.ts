import type { LoaderFunctionArgs } from "@remix-run/node";
import { postPathIn, xDefaultLang } from "#app/features/blog/index.server";
import { publishedListingRefs } from "#app/features/listings/index.server";
import { languages, localizePath, type Lang } from "#app/i18n";
import { pagePaths } from "#app/route-table";
import { requestContext } from "#app/.server/http/request-context";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** The sitemap protocol's limit of URLs per file (sitemaps.org): beyond it, an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/**
 * The sitemap for `entries` (`<url>` elements): one file while they fit in `maxUrls`; past that
 * `/sitemap.xml` is a sitemap index of `/sitemap.xml?part=N`, each part at most `maxUrls` URLs.
 * A part that does not exist is a 404.
 */
export function sitemapResponse(entries: string[], options: { origin: string; part: string | null; maxUrls?: number }): Response {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const urlset = (urls: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    urls.join("\n") +
    `\n</urlset>\n`;
  const parts = Math.max(1, Math.ceil(entries.length / maxUrls));
  if (options.part === null) {
    if (parts === 1) return new Response(urlset(entries), { headers: XML_HEADERS });
    const index = Array.from({ length: parts }, (_, i) => `  <sitemap>\n    <loc>${escapeXml(`${options.origin}/sitemap.xml?part=${i + 1}`)}</loc>\n  </sitemap>`);
    return new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join("\n")}\n</sitemapindex>\n`,
      { headers: XML_HEADERS },
    );
  }
  const part = /^[1-9]\d{0,5}$/.test(options.part) ? Number(options.part) : NaN;
  if (!(part <= parts) || parts === 1) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(urlset(entries.slice((part - 1) * maxUrls, part * maxUrls)), { headers: XML_HEADERS });
}

/**
 * Every public page and every published boat and dock, in the four languages, each with its
 * hreflang alternates (listings also with their last change as `lastmod`), and every published
 * blog post in the languages it is written in; an index of parts
 * past 50,000 URLs (12,500 listings).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { url, origin, services } = requestContext(args);

  const entry = (path: string, lang: Lang, lastmod?: string) => {
    const alternates = languages
      .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.code}" href="${escapeXml(origin + localizePath(path, alt.code))}"/>`)
      .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`)
      .join("\n");
    const modified = lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : "";
    return `  <url>\n    <loc>${escapeXml(origin + localizePath(path, lang))}</loc>\n${modified}${alternates}\n  </url>`;
  };

  const pages = pagePaths((page) => page.sitemap).flatMap((path) => languages.map((lang) => entry(path, lang.code)));
  const listings = (await publishedListingRefs(services.listings)).flatMap((ref) =>
    languages.map((lang) => entry(`/${ref.kind}/${encodeURIComponent(ref.id)}`, lang.code, ref.updatedAt.slice(0, 10))),
  );
  // Blog posts: one URL per language they are written in (each language has its own slug),
  // with alternates for those languages only; x-default is the Spanish one, else the first.
  const posts = (await services.blog.published()).flatMap((post) => {
    const urlOf = (lang: Lang) => origin + postPathIn(post, lang);
    const alternates = post.langs
      .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(urlOf(alt))}"/>`)
      .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(urlOf(xDefaultLang(post)))}"/>`)
      .join("\n");
    return post.langs.map(
      (lang) => `  <url>\n    <loc>${escapeXml(urlOf(lang))}</loc>\n    <lastmod>${escapeXml(post.updatedAt.slice(0, 10))}</lastmod>\n${alternates}\n  </url>`,
    );
  });
  return sitemapResponse([...pages, ...listings, ...posts], { origin, part: url.searchParams.get("part") });
}
