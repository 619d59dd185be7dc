import { keySegment, type BlobStore } from "#app/.server/blobs";
import { deletePhoto, isPhotoError, storePhoto, type StoredPhoto } from "#app/.server/blobs/images";
import { newDocumentId, type DocumentStore } from "#app/.server/store";
import type { Lang } from "#app/i18n";
import { singleLine, xmlChars } from "#app/utils/text";
import { BLOG_FEED_SIZE, BLOG_MAX_PAGE, BLOG_PAGE_SIZE, isBlogSlug, type BlogStatus, type BlogTexts } from "#app/utils/blog";
import { BLOG_POSTS, BLOG_SLUGS, BlogError, blogTags, langsOf, type BlogCover, type BlogPost, type BlogSlug } from "./model";

/**
 * The blog service: the team saves posts (draft or published, in one or more languages, with a
 * cover through the photo pipeline), unpublishes them; visitors read the published ones — a page
 * of the list, the latest few, a language's feed, one post by any of its slugs. Every change
 * names the pages it changes (`blog:<id>`, `blog:list`) so the visitors' page cache forgets them.
 */
export type BlogDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  onChange?: (tags: string[]) => void;
  now?: () => Date;
};

export type SavePostInput = {
  /** The post to change; a new post without it. */
  id?: string;
  texts: BlogTexts;
  status: BlogStatus;
  /** A new cover (an uploaded image's bytes), `"remove"` to drop it, or undefined to keep it. */
  cover?: Uint8Array | "remove";
  /** The first publication date to record (demo data); otherwise the moment it is first published. */
  publishedAt?: string;
};

const ID = /^[A-Za-z0-9]{1,40}$/;

/** Where a post's cover files live under `photos/`. */
export const blogCoverPrefix = (id: string) => `blog/${keySegment(id)}`;

export function createBlogService(deps: BlogDeps) {
  const { store, blobs } = deps;
  const now = deps.now ?? (() => new Date());
  const changed = (id: string) => deps.onChange?.(blogTags(id));

  async function get(id: string): Promise<BlogPost | null> {
    if (typeof id !== "string" || !ID.test(id)) return null;
    return store.get<Omit<BlogPost, "id">>(BLOG_POSTS, id);
  }

  async function removeCoverFiles(id: string, cover: BlogCover | null) {
    const prefix = blogCoverPrefix(id);
    if (!cover || !cover.folder.startsWith(`${prefix}/`)) return;
    await deletePhoto(blobs, prefix, cover.folder.slice(prefix.length + 1)).catch((error: unknown) => console.warn("[blog] removing a replaced cover failed:", error));
  }

  /**
   * The texts as stored: a title is one line (line breaks become spaces, control characters go);
   * the excerpt and body keep their line breaks and tabs and lose the characters XML 1.0 forbids,
   * so the Atom feed and the pages carry exactly what was saved.
   */
  function cleanTexts(texts: BlogTexts): BlogTexts {
    const clean: BlogTexts = {};
    for (const lang of langsOf(texts)) {
      const text = texts[lang]!;
      clean[lang] = { ...text, title: singleLine(text.title).trim(), excerpt: xmlChars(text.excerpt), body: xmlChars(text.body) };
    }
    return clean;
  }

  function checkTexts(texts: BlogTexts) {
    const langs = langsOf(texts);
    if (langs.length === 0) throw new BlogError("invalid");
    for (const lang of langs) {
      const text = texts[lang]!;
      if (!text.title.trim() || !text.excerpt.trim() || !text.body.trim()) throw new BlogError("invalid", lang);
      if (!isBlogSlug(text.slug)) throw new BlogError("invalid", lang);
    }
    return langs;
  }

  return {
    get,

    /**
     * Creates or changes a post. Its slugs are claimed in the same transaction (`slug-taken`
     * names the language whose slug another post has); a new cover goes through the photo
     * pipeline first (`cover` with the pipeline's reason when it refuses the file) and is removed
     * again if the save fails; a replaced cover's files are removed after it.
     */
    async save(author: { uid: string; name: string }, given: SavePostInput): Promise<BlogPost> {
      const input = { ...given, texts: cleanTexts(given.texts) };
      const langs = checkTexts(input.texts);
      if (input.id !== undefined && !ID.test(input.id)) throw new BlogError("not-found");
      const id = input.id ?? newDocumentId();
      let stored: StoredPhoto | null = null;
      if (input.cover instanceof Uint8Array) {
        try {
          stored = await storePhoto(blobs, blogCoverPrefix(id), input.cover);
        } catch (error) {
          if (isPhotoError(error)) throw new BlogError("cover", error.code);
          throw error;
        }
      }
      const at = now().toISOString();
      let previous: BlogPost | null = null;
      let post: BlogPost;
      try {
        post = await store.runTransaction(async (tx) => {
          const existing = input.id ? await tx.get<Omit<BlogPost, "id">>(BLOG_POSTS, id) : null;
          if (input.id && !existing) throw new BlogError("not-found");
          previous = existing;
          const slugs = [...new Set(langs.map((lang) => input.texts[lang]!.slug))];
          const oldSlugs = existing ? [...new Set(existing.langs.map((lang) => existing.texts[lang]!.slug))] : [];
          const claims = await tx.getMany<Omit<BlogSlug, "id">>(BLOG_SLUGS, slugs);
          claims.forEach((claim, index) => {
            if (claim && claim.postId !== id) {
              const lang = langs.find((l) => input.texts[l]!.slug === slugs[index])!;
              throw new BlogError("slug-taken", lang);
            }
          });
          const cover: BlogCover | null = stored
            ? { folder: stored.folder, widths: stored.widths, width: stored.width, height: stored.height, placeholder: stored.placeholder }
            : input.cover === "remove"
              ? null
              : (existing?.cover ?? null);
          const record: Omit<BlogPost, "id"> = {
            status: input.status,
            texts: Object.fromEntries(langs.map((lang) => [lang, input.texts[lang]!])),
            langs,
            cover,
            authorUid: existing?.authorUid ?? author.uid,
            authorName: existing?.authorName ?? author.name,
            publishedAt: existing?.publishedAt ?? (input.status === "published" ? (input.publishedAt ?? at) : null),
            createdAt: existing?.createdAt ?? at,
            updatedAt: at,
          };
          for (const slug of oldSlugs) if (!slugs.includes(slug)) tx.delete(BLOG_SLUGS, slug);
          claims.forEach((claim, index) => {
            if (!claim) tx.create(BLOG_SLUGS, slugs[index]!, { postId: id });
          });
          tx.set(BLOG_POSTS, id, record);
          return { ...record, id };
        });
      } catch (error) {
        if (stored) await deletePhoto(blobs, blogCoverPrefix(id), stored.id);
        throw error;
      }
      const before = previous as BlogPost | null;
      if (before?.cover && before.cover.folder !== post.cover?.folder) await removeCoverFiles(id, before.cover);
      changed(id);
      return post;
    },

    /** Takes a post off the site (a draft again); its slugs stay its own. */
    async unpublish(id: string): Promise<BlogPost> {
      if (!ID.test(id)) throw new BlogError("not-found");
      const post = await store.runTransaction(async (tx) => {
        const existing = await tx.get<Omit<BlogPost, "id">>(BLOG_POSTS, id);
        if (!existing) throw new BlogError("not-found");
        const updatedAt = now().toISOString();
        tx.update(BLOG_POSTS, id, { status: "draft", updatedAt });
        return { ...existing, id, status: "draft" as const, updatedAt };
      });
      changed(id);
      return post;
    },

    /** The post a slug (of any of its languages) or an id names, or null. */
    async find(idOrSlug: string): Promise<BlogPost | null> {
      if (typeof idOrSlug !== "string" || idOrSlug.length === 0 || idOrSlug.length > 80) return null;
      if (isBlogSlug(idOrSlug)) {
        const claim = await store.get<Omit<BlogSlug, "id">>(BLOG_SLUGS, idOrSlug);
        if (claim) return get(claim.postId);
      }
      return get(idOrSlug);
    },

    /** A page of the published posts, newest first, with how many pages there are. */
    async page(page: number): Promise<{ posts: BlogPost[]; page: number; pageCount: number; total: number }> {
      const where = [["status", "==", "published"]] as const;
      const total = await store.count({ collection: BLOG_POSTS, where });
      const pageCount = Math.min(BLOG_MAX_PAGE, Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)));
      const current = Number.isSafeInteger(page) && page >= 1 ? Math.min(page, pageCount) : 1;
      // Page numbers, not cursors: a blog has hundreds of posts at most, so reading the pages
      // before this one is cheap (and BLOG_MAX_PAGE bounds it).
      const docs = await store.query<Omit<BlogPost, "id">>({
        collection: BLOG_POSTS,
        where,
        orderBy: [["publishedAt", "desc"]],
        limit: current * BLOG_PAGE_SIZE,
      });
      return { posts: docs.slice((current - 1) * BLOG_PAGE_SIZE), page: current, pageCount, total };
    },

    /** The latest published posts (the home page shows three). */
    latest(limit = 3): Promise<BlogPost[]> {
      return store.query<Omit<BlogPost, "id">>({ collection: BLOG_POSTS, where: [["status", "==", "published"]], orderBy: [["publishedAt", "desc"]], limit });
    },

    /** The latest published posts written in `lang`, for its feed. */
    feed(lang: Lang, limit = BLOG_FEED_SIZE): Promise<BlogPost[]> {
      return store.query<Omit<BlogPost, "id">>({
        collection: BLOG_POSTS,
        where: [
          ["langs", "array-contains", lang],
          ["status", "==", "published"],
        ],
        orderBy: [["publishedAt", "desc"]],
        limit,
      });
    },

    /** The team's drafts, last changed first. */
    drafts(limit = 50): Promise<BlogPost[]> {
      return store.query<Omit<BlogPost, "id">>({ collection: BLOG_POSTS, where: [["status", "==", "draft"]], orderBy: [["updatedAt", "desc"]], limit });
    },

    /** Every published post, for the sitemap (newest first, at most `limit`). */
    published(limit = 5_000): Promise<BlogPost[]> {
      return store.query<Omit<BlogPost, "id">>({ collection: BLOG_POSTS, where: [["status", "==", "published"]], orderBy: [["publishedAt", "desc"]], limit });
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
