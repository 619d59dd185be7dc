/**
 * What every blog operation shares: the dependencies with their defaults, reading a post by its
 * id, and naming the pages a change makes stale. Each operation module takes this context;
 * `service.ts` makes it once and wires the operations.
 */
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import { BLOG_POSTS, blogTags, type BlogPost } from "./model";

export type BlogDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  onChange?: (tags: string[]) => void;
  now?: () => Date;
};

export type BlogContext = BlogDeps & { now: () => Date };

export function createBlogContext(deps: BlogDeps): BlogContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}

/** A post's id: what `newDocumentId` makes, or a demo post's. */
export const POST_ID = /^[A-Za-z0-9]{1,40}$/;

/** The post with this id, or null. */
export async function get(ctx: BlogContext, id: string): Promise<BlogPost | null> {
  if (typeof id !== "string" || !POST_ID.test(id)) return null;
  return ctx.store.get<Omit<BlogPost, "id">>(BLOG_POSTS, id);
}

/** Tells the page cache which pages a change to the post made stale. */
export function changed(ctx: BlogContext, id: string): void {
  ctx.onChange?.(blogTags(id));
}
