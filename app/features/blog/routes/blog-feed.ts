import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderMarkdown } from "#app/features/blog/.server";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound } from "#app/.server/http/responses";
import { getFixedT } from "#app/.server/i18n";
import { isLang, localizePath } from "#app/i18n";
import { href } from "#app/utils/href";
import { xmlText } from "#app/utils/text";

/**
 * /feed/{lang}.xml: the Atom feed of the posts written in that language, newest first (the
 * latest BLOG_FEED_SIZE), each with its summary and its sanitised HTML. Anything else is a 404.
 */
/** Markup escaped, and the characters XML 1.0 forbids (U+0008, U+001B…) left out: one would stop the feed parsing. */
const escapeXml = xmlText;

export async function loader(args: LoaderFunctionArgs) {
  const { origin, services } = requestContext(args);
  const match = /^([a-z]{2})\.xml$/.exec(args.params.file ?? "");
  const lang = match?.[1];
  if (!isLang(lang)) return plainNotFound();
  const t = getFixedT(lang, "blog");
  const posts = await services.blog.feed(lang);
  const self = origin + href("blog-feed", { params: { file: `${lang}.xml` } });
  const list = origin + href("blog", { lang });
  const updated = posts.reduce((latest, post) => (post.updatedAt > latest ? post.updatedAt : latest), "1970-01-01T00:00:00.000Z");
  const entries = posts.map((post) => {
    const text = post.texts[lang]!;
    const url = origin + localizePath(href("blog-post", { params: { blogId: text.slug } }), lang);
    return [
      "  <entry>",
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(text.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${escapeXml(post.publishedAt ?? post.updatedAt)}</published>`,
      `    <updated>${escapeXml(post.updatedAt)}</updated>`,
      `    <author><name>${escapeXml(post.authorName)}</name></author>`,
      `    <summary>${escapeXml(text.excerpt)}</summary>`,
      `    <content type="html">${escapeXml(renderMarkdown(text.body, lang))}</content>`,
      "  </entry>",
    ].join("\n");
  });
  const xml = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${escapeXml(self)}</id>`,
    `  <title>${escapeXml(t("feed.title"))}</title>`,
    `  <subtitle>${escapeXml(t("feed.subtitle"))}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(list)}"/>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
