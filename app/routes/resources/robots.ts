import type { LoaderFunctionArgs } from "@remix-run/node";
import { languages, localizePath } from "#app/i18n";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context.services;
  const origin = config.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
  const privatePages = ["/ajustes", "/admin", "/login", "/register", "/test-routes"];
  const body = [
    "User-agent: *",
    ...languages.flatMap((lang) => privatePages.map((page) => `Disallow: ${localizePath(page, lang.code)}`)),
    "Disallow: /resources/",
    "Disallow: /_baseline",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
