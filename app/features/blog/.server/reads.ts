/** What visitors read: a post by any of its slugs, a page of the list, the latest few, a language's feed; the team's drafts; the sitemap's list. */
import type { Lang } from "#app/i18n";
import { BLOG_FEED_SIZE, BLOG_MAX_PAGE, BLOG_PAGE_SIZE, isBlogSlug } from "#app/features/blog/schemas";
import { get, type BlogContext } from "./context";
import { BLOG_POSTS, BLOG_SLUGS, type BlogPost, type BlogSlug } from "./model";

/** The post a slug (of any of its languages) or an id names, or null. */
export async function find(ctx: BlogContext, idOrSlug: string): Promise<BlogPost | null> {
  if (typeof idOrSlug !== "string" || idOrSlug.length === 0 || idOrSlug.length > 80) return null;
  if (isBlogSlug(idOrSlug)) {
    const claim = await ctx.store.get<Omit<BlogSlug, "id">>(BLOG_SLUGS, idOrSlug);
    if (claim) return get(ctx, claim.postId);
  }
  return get(ctx, idOrSlug);
}

/** A page of the published posts, newest first, with how many pages there are. */
export async function page(ctx: BlogContext, page: number): Promise<{ posts: BlogPost[]; page: number; pageCount: number; total: number }> {
  const where = [["status", "==", "published"]] as const;
  const total = await ctx.store.count({ collection: BLOG_POSTS, where });
  const pageCount = Math.min(BLOG_MAX_PAGE, Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)));
  const current = Number.isSafeInteger(page) && page >= 1 ? Math.min(page, pageCount) : 1;
  // Page numbers, not cursors: a blog has hundreds of posts at most, so reading the pages
  // before this one is cheap (and BLOG_MAX_PAGE bounds it).
  const docs = await ctx.store.query<Omit<BlogPost, "id">>({
    collection: BLOG_POSTS,
    where,
    orderBy: [["publishedAt", "desc"]],
    limit: current * BLOG_PAGE_SIZE,
  });
  return { posts: docs.slice((current - 1) * BLOG_PAGE_SIZE), page: current, pageCount, total };
}

/** The latest published posts (the home page shows three). */
export function latest(ctx: BlogContext, limit = 3): Promise<BlogPost[]> {
  return ctx.store.query<Omit<BlogPost, "id">>({ collection: BLOG_POSTS, where: [["status", "==", "published"]], orderBy: [["publishedAt", "desc"]], limit });
}

/** The latest published posts written in `lang`, for its feed. */
export function feed(ctx: BlogContext, lang: Lang, limit = BLOG_FEED_SIZE): Promise<BlogPost[]> {
  return ctx.store.query<Omit<BlogPost, "id">>({
    collection: BLOG_POSTS,
    where: [
      ["langs", "array-contains", lang],
      ["status", "==", "published"],
    ],
    orderBy: [["publishedAt", "desc"]],
    limit,
  });
}

/** The team's drafts, last changed first. */
export function drafts(ctx: BlogContext, limit = 50): Promise<BlogPost[]> {
  return ctx.store.query<Omit<BlogPost, "id">>({ collection: BLOG_POSTS, where: [["status", "==", "draft"]], orderBy: [["updatedAt", "desc"]], limit });
}

/** Every published post, for the sitemap (newest first, at most `limit`). */
export function published(ctx: BlogContext, limit = 5_000): Promise<BlogPost[]> {
  return ctx.store.query<Omit<BlogPost, "id">>({ collection: BLOG_POSTS, where: [["status", "==", "published"]], orderBy: [["publishedAt", "desc"]], limit });
}
