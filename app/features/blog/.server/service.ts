import { createBlogContext, get, type BlogDeps } from "./context";
import * as reads from "./reads";
import { save, unpublish } from "./writing";
import { bindTo } from "#app/.server/domain/operations";

/**
 * The blog service: the team saves posts (draft or published, in one or more languages, with a
 * cover through the photo pipeline), unpublishes them; visitors read the published ones — a page
 * of the list, the latest few, a language's feed, one post by any of its slugs. Every change
 * names the pages it changes (`blog:<id>`, `blog:list`) so the visitors' page cache forgets them.
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): saving and unpublishing (`writing.ts`) and the reads (`reads.ts`).
 */
export function createBlogService(deps: BlogDeps) {
  const ctx = createBlogContext(deps);
  const bind = bindTo(ctx);
  return {
    get: bind(get),
    save: bind(save),
    unpublish: bind(unpublish),
    find: bind(reads.find),
    page: bind(reads.page),
    latest: bind(reads.latest),
    feed: bind(reads.feed),
    drafts: bind(reads.drafts),
    published: bind(reads.published),
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
