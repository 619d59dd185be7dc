import type { Lang } from "#app/i18n";
import type { BlogStatus, BlogText, BlogTexts } from "#app/features/blog/schemas";
import { langCodes } from "#app/i18n";

/**
 * Blog posts, written by the team in one or more of the four languages. Two collections:
 * - `blog_posts/{id}`: the texts per language (title, slug, excerpt, Markdown body), the
 *   languages it is written in (`langs`, for the per-language feed), the cover photo, the author,
 *   draft or published, and when it was first published;
 * - `blog_slugs/{slug}`: which post a slug belongs to. Claimed in the transaction that saves the
 *   post, so two posts never share a slug (on SQLite and on Firestore alike), and a post's URL in
 *   any of its languages finds it with one read.
 */
export const BLOG_POSTS = "blog_posts";
export const BLOG_SLUGS = "blog_slugs";

export type BlogCover = { folder: string; widths: number[]; width: number; height: number; placeholder: string };

export type BlogPost = {
  id: string;
  status: BlogStatus;
  texts: BlogTexts;
  /** The languages it is written in, in the site's order. */
  langs: Lang[];
  cover: BlogCover | null;
  authorUid: string;
  authorName: string;
  /** When it was first published (kept when it is unpublished and published again); null for a draft never published. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type BlogSlug = { id: string; postId: string };

export type BlogErrorCode = "not-found" | "invalid" | "slug-taken" | "cover";

export class BlogError extends Error {
  override readonly name = "BlogError";
  constructor(
    readonly code: BlogErrorCode,
    /** `slug-taken`: the language whose slug is taken; `cover`: the photo pipeline's reason. */
    readonly detail: string | null = null,
  ) {
    super(`blog: ${code}${detail ? ` (${detail})` : ""}`);
  }
}

export function isBlogError(error: unknown, code?: BlogErrorCode): error is BlogError {
  return error instanceof BlogError && (code === undefined || error.code === code);
}

/** The languages a post is written in, in the site's order. */
export function langsOf(texts: BlogTexts): Lang[] {
  return langCodes.filter((lang) => texts[lang] !== undefined);
}

/**
 * The language to show a post in: the visitor's when it is written in it, else Spanish, else
 * the first it has.
 */
export function displayLang(post: Pick<BlogPost, "langs">, wanted: Lang): Lang {
  if (post.langs.includes(wanted)) return wanted;
  return post.langs.includes("es") ? "es" : post.langs[0]!;
}

export function textOf(post: Pick<BlogPost, "langs" | "texts">, wanted: Lang): { lang: Lang; text: BlogText } {
  const lang = displayLang(post, wanted);
  return { lang, text: post.texts[lang]! };
}

/** What a post's pages show, for the visitors' page cache: a change forgets them, the list and the home page. */
export const blogTags = (id: string) => [`blog:${id}`, BLOG_LIST_TAG];
export const BLOG_LIST_TAG = "blog:list";
