import type { LoaderFunctionArgs } from "@remix-run/node";
import { languages, localizePath } from "#app/i18n";
import { pagePaths } from "#app/route-table";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Every public page in the four languages, each with its hreflang alternates. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context.services;
  const origin = config.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
  const paths = pagePaths((page) => page.sitemap);
  const urls = paths.flatMap((path) =>
    languages.map((lang) => {
      const alternates = languages
        .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.code}" href="${escapeXml(origin + localizePath(path, alt.code))}"/>`)
        .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`)
        .join("\n");
      return `  <url>\n    <loc>${escapeXml(origin + localizePath(path, lang.code))}</loc>\n${alternates}\n  </url>`;
    }),
  );
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    urls.join("\n") +
    `\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
