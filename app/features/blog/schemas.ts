import { z } from "zod";
import { langCodes, type Lang } from "#app/i18n";
import { MAX_PHOTO_BYTES } from "#app/utils/photos";
import { singleLine } from "#app/utils/text";

/**
 * The blog's shared rules (browser and server): the editor's form schema, slugs, limits.
 * A post is written in one or more of the four languages; each language has its own title,
 * slug (its URL under /blog), excerpt and Markdown body.
 */
export const BLOG_PAGE_SIZE = 9;
/** Pages of the list a visitor can open (older posts stay in the feed and the sitemap). */
export const BLOG_MAX_PAGE = 100;
export const BLOG_FEED_SIZE = 20;
export const BLOG_LIMITS = { title: 120, slug: 80, excerpt: 300, body: 50_000 } as const;

export type BlogText = { title: string; slug: string; excerpt: string; body: string };
export type BlogTexts = Partial<Record<Lang, BlogText>>;
export type BlogStatus = "draft" | "published";

/** `lowercase-words-with-dashes`: what a slug may be. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Slugs that would hide one of the blog's own pages. */
export const RESERVED_SLUGS = new Set(["nuevo-blog", "feed"]);

export function isBlogSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= BLOG_LIMITS.slug && SLUG_PATTERN.test(value) && !RESERVED_SLUGS.has(value);
}

/** A slug from a title: accents dropped, lowercase, words joined by dashes ("Calas de la Costa Brava" → "calas-de-la-costa-brava"). */
export function slugifyTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/g, "");
}

const optionalText = (max: number) => z.string().trim().max(max).optional();
/** A title is one line: line breaks become spaces and control characters go before it is checked. */
const optionalTitle = (max: number) => z.preprocess((value) => (typeof value === "string" ? singleLine(value) : value), optionalText(max));

const languageSchema = z
  .object({
    title: optionalTitle(BLOG_LIMITS.title),
    slug: optionalText(BLOG_LIMITS.slug),
    excerpt: optionalText(BLOG_LIMITS.excerpt),
    body: optionalText(BLOG_LIMITS.body),
  })
  .optional();

export const BLOG_INTENTS = ["draft", "publish", "unpublish", "preview"] as const;

/** The editor's form: a language counts when any of its fields is filled, and then needs them all. */
export const blogFormSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9]{1,40}$/).optional(),
    intent: z.enum(BLOG_INTENTS),
    es: languageSchema,
    en: languageSchema,
    fr: languageSchema,
    de: languageSchema,
    cover: z
      .instanceof(Blob)
      .refine((file) => file.size <= MAX_PHOTO_BYTES, { params: { i18n: { key: "blog:editor.errors.coverTooLarge" } } })
      .optional(),
    removeCover: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent === "preview" || value.intent === "unpublish") return;
    let written = 0;
    for (const lang of langCodes) {
      const text = value[lang];
      if (!text || !(text.title || text.excerpt || text.body || text.slug)) continue;
      written++;
      for (const field of ["title", "excerpt", "body"] as const) {
        if (!text[field]) ctx.addIssue({ code: "custom", path: [lang, field], params: { i18n: { key: "blog:editor.errors.required" } } });
      }
      const slug = text.slug || slugifyTitle(text.title ?? "");
      if (text.title && !isBlogSlug(slug)) {
        ctx.addIssue({ code: "custom", path: [lang, "slug"], params: { i18n: { key: "blog:editor.errors.slug" } } });
      }
    }
    if (written === 0) ctx.addIssue({ code: "custom", path: ["es", "title"], params: { i18n: { key: "blog:editor.errors.oneLanguage" } } });
  });

export type BlogForm = z.infer<typeof blogFormSchema>;

/** The languages the form writes, with each slug filled in from its title when left empty. */
export function textsOfForm(value: BlogForm): BlogTexts {
  const texts: BlogTexts = {};
  for (const lang of langCodes) {
    const text = value[lang];
    if (!text?.title || !text.excerpt || !text.body) continue;
    texts[lang] = { title: text.title, slug: text.slug || slugifyTitle(text.title), excerpt: text.excerpt, body: text.body };
  }
  return texts;
}
