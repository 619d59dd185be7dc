import type { LoaderFunctionArgs } from "@remix-run/node";
import { languages, localizePath } from "#app/i18n";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";

export async function loader(args: LoaderFunctionArgs) {
  const { origin } = requestContext(args);
  const privatePages = [href("settings"), "/admin", href("login"), href("register"), href("test-routes"), href("baseline")];
  const body = [
    "User-agent: *",
    ...languages.flatMap((lang) => privatePages.map((page) => `Disallow: ${localizePath(page, lang.code)}`)),
    "Disallow: /resources/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
