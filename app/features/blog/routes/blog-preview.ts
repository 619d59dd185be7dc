import type { ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { renderMarkdown } from "#app/features/blog/.server";
import { getFixedT, readLangCookie } from "#app/.server/i18n";
import { requestContext } from "#app/.server/http/request-context";
import { defaultLang, isLang } from "#app/i18n";
import { BLOG_LIMITS } from "#app/features/blog/schemas";

/**
 * POST /resources/blog-preview — the blog editor's live preview: one language's Markdown body,
 * rendered by the post's own renderer and sanitiser, for the team only.
 *
 * Answers JSON: `{ lang, html }`, or a translated `{ error }` with 400 (no language, a body
 * longer than a post's). Anonymous people are sent to sign in, others without the admin role get
 * a 403 (the guards' own answers). The body goes through the body gate (`ctx.formData()`).
 * Without the revocation check the editor's saves make: a preview shows the admin only what they
 * sent, and it is asked for at every pause in typing (on Firebase, one Auth call each).
 *
 * Why not the editor's own action through a Remix fetcher: a fetcher's action revalidates the
 * page's loaders, and a preview whose answer arrived while "Publicar" was navigating to the post
 * finished that navigation with the editor's data, leaving the admin on an empty page. The
 * editor calls this with `fetch()`, outside the router, so a preview cannot touch a navigation.
 */
const previewSchema = z.object({
  lang: z.string().refine(isLang),
  body: z.string().max(BLOG_LIMITS.body).default(""),
});

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args);
  await ctx.requireAdmin();
  if (ctx.request.method !== "POST") {
    return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  }
  const submission = parseWithZod(await ctx.formData(), { schema: previewSchema });
  if (submission.status !== "success") {
    // The answer's language is the editor's (its cookie): this address has no language prefix.
    const t = getFixedT(readLangCookie(ctx.request) ?? defaultLang, "blog");
    return Response.json({ error: t("editor.previewInvalid", { max: BLOG_LIMITS.body }) }, { status: 400 });
  }
  const { lang, body } = submission.value;
  return Response.json({ lang, html: renderMarkdown(body, lang) }, { headers: { "Cache-Control": "no-store" } });
}
