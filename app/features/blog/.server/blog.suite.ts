import sharp from "sharp";
import { expect, it } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import type { BlogTexts } from "#app/features/blog/schemas";
import { BLOG_PAGE_SIZE } from "#app/features/blog/schemas";
import { isBlogError } from "./model";
import { createBlogService } from "./service";

/**
 * The blog service's behaviour, run on each store (`blog.test.ts`: SQLite; `blog.firestore.test.ts`:
 * Firestore): saving in several languages, slugs claimed once, covers through the photo
 * pipeline, drafts hidden, publishing and unpublishing, the list's pages, the language feeds,
 * and the page-cache tags of every change.
 */
export async function coverJpeg(colour = "#1e4caf"): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: colour } }).jpeg().toBuffer();
  return new Uint8Array(buffer);
}

const text = (title: string, slug: string) => ({ title, slug, excerpt: `${title}: an excerpt.`, body: `## ${title}\n\nA paragraph.` });

export function blogSuite(setup: () => { store: DocumentStore; blobs: BlobStore }) {
  const author = { uid: "admin1", name: "Alba Admin" };
  const make = () => {
    const tags: string[][] = [];
    let clock = new Date("2026-03-01T09:00:00Z");
    const { store, blobs } = setup();
    const blog = createBlogService({ store, blobs, onChange: (t) => tags.push(t), now: () => clock });
    return { blog, tags, blobs, tick: (minutes = 1) => (clock = new Date(clock.getTime() + minutes * 60_000)) };
  };

  it("saves a post in two languages; a draft is not listed; publishing lists it newest first and finds it by either slug", async () => {
    const { blog, tags, tick } = make();
    const prefix = `t${Date.now().toString(36)}`;
    const texts: BlogTexts = { es: text("Calas de Menorca", `${prefix}-calas-menorca`), en: text("Coves of Menorca", `${prefix}-menorca-coves`) };
    const draft = await blog.save(author, { texts, status: "draft" });
    expect(draft.langs).toEqual(["es", "en"]);
    expect(draft.publishedAt).toBeNull();
    expect(tags.at(-1)).toEqual([`blog:${draft.id}`, "blog:list"]);
    expect((await blog.latest(50)).map((p) => p.id)).not.toContain(draft.id);
    expect((await blog.drafts()).map((p) => p.id)).toContain(draft.id);

    tick();
    const older = await blog.save(author, { texts: { fr: text("Plus ancien", `${prefix}-ancien`) }, status: "published" });
    tick();
    const published = await blog.save({ uid: "other", name: "Someone Else" }, { id: draft.id, texts, status: "published" });
    expect(published.publishedAt).toBe("2026-03-01T09:02:00.000Z");
    expect(published.authorName).toBe("Alba Admin");
    const latest = (await blog.latest(50)).map((p) => p.id);
    expect(latest.indexOf(published.id)).toBeLessThan(latest.indexOf(older.id));
    expect((await blog.find(`${prefix}-menorca-coves`))?.id).toBe(draft.id);
    expect((await blog.find(`${prefix}-calas-menorca`))?.id).toBe(draft.id);
    expect((await blog.find(draft.id))?.id).toBe(draft.id);
    expect(await blog.find(`${prefix}-nothing`)).toBeNull();

    // Feeds: a language's posts only.
    expect((await blog.feed("en")).map((p) => p.id)).toContain(draft.id);
    expect((await blog.feed("de")).map((p) => p.id)).not.toContain(draft.id);
    expect((await blog.feed("fr")).map((p) => p.id)).toContain(older.id);

    // Unpublished: gone from the list and the feed, still found by id (for the team), date kept.
    tick();
    await blog.unpublish(draft.id);
    expect((await blog.latest(50)).map((p) => p.id)).not.toContain(draft.id);
    expect((await blog.feed("en")).map((p) => p.id)).not.toContain(draft.id);
    const again = await blog.save(author, { id: draft.id, texts, status: "published" });
    expect(again.publishedAt).toBe(published.publishedAt);
  });

  it("a slug belongs to one post: another post cannot take it, and a changed slug frees the old one", async () => {
    const { blog } = make();
    const prefix = `s${Date.now().toString(36)}`;
    const first = await blog.save(author, { texts: { es: text("Uno", `${prefix}-uno`) }, status: "published" });
    const taken = await blog.save(author, { texts: { de: text("Zwei", `${prefix}-zwei`), es: text("Dos", `${prefix}-uno`) }, status: "draft" }).catch((e: unknown) => e);
    expect(isBlogError(taken, "slug-taken") && taken.detail).toBe("es");
    // Nothing of the refused post was kept: its other slug is free.
    await blog.save(author, { texts: { de: text("Zwei", `${prefix}-zwei`) }, status: "draft" });
    await blog.save(author, { id: first.id, texts: { es: text("Uno", `${prefix}-uno-nuevo`) }, status: "published" });
    expect(await blog.find(`${prefix}-uno`)).toBeNull();
    const reuse = await blog.save(author, { texts: { es: text("Otro", `${prefix}-uno`) }, status: "draft" });
    expect((await blog.find(`${prefix}-uno`))?.id).toBe(reuse.id);
    await expect(blog.save(author, { id: "missingPost1", texts: { es: text("X", `${prefix}-x`) }, status: "draft" })).rejects.toMatchObject({ code: "not-found" });
    await expect(blog.save(author, { texts: {}, status: "draft" })).rejects.toMatchObject({ code: "invalid" });
    await expect(blog.save(author, { texts: { es: text("Bad", "Not A Slug") }, status: "draft" })).rejects.toMatchObject({ code: "invalid" });
  });

  it("a cover goes through the photo pipeline; a replaced one's files are removed; a file that is not an image is refused", async () => {
    const { blog, blobs } = make();
    const prefix = `c${Date.now().toString(36)}`;
    const post = await blog.save(author, { texts: { en: text("Cover", `${prefix}-cover`) }, status: "published", cover: await coverJpeg() });
    expect(post.cover?.folder).toMatch(/^blog\//);
    expect(post.cover?.widths.length).toBeGreaterThan(0);
    const firstKey = `photos/${post.cover!.folder}/${post.cover!.widths[0]}.webp`;
    expect(await blobs.get(firstKey)).not.toBeNull();
    const refused = await blog.save(author, { id: post.id, texts: post.texts, status: "published", cover: new TextEncoder().encode("not an image") }).catch((e: unknown) => e);
    expect(isBlogError(refused, "cover")).toBe(true);
    expect((await blog.get(post.id))?.cover?.folder).toBe(post.cover!.folder);
    const replaced = await blog.save(author, { id: post.id, texts: post.texts, status: "published", cover: await coverJpeg("#c2410c") });
    expect(replaced.cover?.folder).not.toBe(post.cover!.folder);
    expect(await blobs.get(firstKey)).toBeNull();
    const removed = await blog.save(author, { id: post.id, texts: post.texts, status: "published", cover: "remove" });
    expect(removed.cover).toBeNull();
  });

  it("pages the published posts newest first, BLOG_PAGE_SIZE a page", async () => {
    const { blog, tick } = make();
    const prefix = `p${Date.now().toString(36)}`;
    const before = (await blog.page(1)).total;
    for (let i = 0; i < BLOG_PAGE_SIZE + 2; i++) {
      tick(60);
      await blog.save(author, { texts: { es: text(`Post ${i}`, `${prefix}-${i}`) }, status: "published" });
    }
    const first = await blog.page(1);
    expect(first.total).toBe(before + BLOG_PAGE_SIZE + 2);
    expect(first.posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.posts[0]!.texts.es!.slug).toBe(`${prefix}-${BLOG_PAGE_SIZE + 1}`);
    const second = await blog.page(2);
    expect(second.posts[0]!.texts.es!.slug).toBe(`${prefix}-1`);
    expect((await blog.page(999)).page).toBe(first.pageCount);
  });
}
