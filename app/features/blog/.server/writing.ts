/**
 * The team's writing: saving a post (its texts cleaned and checked, its slugs claimed in the same
 * transaction, a new cover through the photo pipeline) and taking one off the site.
 */
import { keySegment } from "#app/.server/blobs";
import { deletePhoto, isPhotoError, storePhoto, type StoredPhoto } from "#app/.server/blobs/images";
import { newDocumentId } from "#app/.server/store";
import { singleLine, xmlChars } from "#app/utils/text";
import { isBlogSlug, type BlogStatus, type BlogTexts } from "#app/features/blog/schemas";
import { changed, POST_ID, type BlogContext } from "./context";
import { BLOG_POSTS, BLOG_SLUGS, BlogError, langsOf, type BlogCover, type BlogPost, type BlogSlug } from "./model";

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

/** Where a post's cover files live under `photos/`. */
export const blogCoverPrefix = (id: string) => `blog/${keySegment(id)}`;

async function removeCoverFiles(ctx: BlogContext, id: string, cover: BlogCover | null) {
  const prefix = blogCoverPrefix(id);
  if (!cover || !cover.folder.startsWith(`${prefix}/`)) return;
  await deletePhoto(ctx.blobs, prefix, cover.folder.slice(prefix.length + 1)).catch((error: unknown) => console.warn("[blog] removing a replaced cover failed:", error));
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

/**
 * Creates or changes a post. Its slugs are claimed in the same transaction (`slug-taken`
 * names the language whose slug another post has); a new cover goes through the photo
 * pipeline first (`cover` with the pipeline's reason when it refuses the file) and is removed
 * again if the save fails; a replaced cover's files are removed after it.
 */
export async function save(ctx: BlogContext, author: { uid: string; name: string }, given: SavePostInput): Promise<BlogPost> {
  const input = { ...given, texts: cleanTexts(given.texts) };
  const langs = checkTexts(input.texts);
  if (input.id !== undefined && !POST_ID.test(input.id)) throw new BlogError("not-found");
  const id = input.id ?? newDocumentId();
  let stored: StoredPhoto | null = null;
  if (input.cover instanceof Uint8Array) {
    try {
      stored = await storePhoto(ctx.blobs, blogCoverPrefix(id), input.cover);
    } catch (error) {
      if (isPhotoError(error)) throw new BlogError("cover", error.code);
      throw error;
    }
  }
  const at = ctx.now().toISOString();
  let previous: BlogPost | null = null;
  let post: BlogPost;
  try {
    post = await ctx.store.runTransaction(async (tx) => {
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
    if (stored) await deletePhoto(ctx.blobs, blogCoverPrefix(id), stored.id);
    throw error;
  }
  const before = previous as BlogPost | null;
  if (before?.cover && before.cover.folder !== post.cover?.folder) await removeCoverFiles(ctx, id, before.cover);
  changed(ctx, id);
  return post;
}

/** Takes a post off the site (a draft again); its slugs stay its own. */
export async function unpublish(ctx: BlogContext, id: string): Promise<BlogPost> {
  if (!POST_ID.test(id)) throw new BlogError("not-found");
  const post = await ctx.store.runTransaction(async (tx) => {
    const existing = await tx.get<Omit<BlogPost, "id">>(BLOG_POSTS, id);
    if (!existing) throw new BlogError("not-found");
    const updatedAt = ctx.now().toISOString();
    tx.update(BLOG_POSTS, id, { status: "draft", updatedAt });
    return { ...existing, id, status: "draft" as const, updatedAt };
  });
  changed(ctx, id);
  return post;
}
