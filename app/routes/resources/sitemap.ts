import type { LoaderFunctionArgs } from "@remix-run/node";
import { publishedListingRefs } from "#app/.server/listing-views";
import { languages, localizePath, type Lang } from "#app/i18n";
import { pagePaths } from "#app/route-table";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/**
 * Every public page and every published boat and dock, in the four languages, each with its
 * hreflang alternates (listings also with their last change as `lastmod`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context.services;
  const origin = config.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;

  const entry = (path: string, lang: Lang, lastmod?: string) => {
    const alternates = languages
      .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.code}" href="${escapeXml(origin + localizePath(path, alt.code))}"/>`)
      .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`)
      .join("\n");
    const modified = lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : "";
    return `  <url>\n    <loc>${escapeXml(origin + localizePath(path, lang))}</loc>\n${modified}${alternates}\n  </url>`;
  };

  const pages = pagePaths((page) => page.sitemap).flatMap((path) => languages.map((lang) => entry(path, lang.code)));
  const listings = (await publishedListingRefs(context.services.listings)).flatMap((ref) =>
    languages.map((lang) => entry(`/${ref.kind}/${encodeURIComponent(ref.id)}`, lang.code, ref.updatedAt.slice(0, 10))),
  );
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    [...pages, ...listings].join("\n") +
    `\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
