import { displayLang, textOf, type BlogCover, type BlogPost } from "#app/features/blog/.server";
import { defaultLang, localizePath, type Lang } from "#app/i18n";
import { href } from "#app/utils/href";
import type { BlogCard } from "#app/features/blog/view";
import type { PhotoView } from "#app/features/listings";
import { photoSrcSet, photoUrl, pickPhotoWidth } from "#app/utils/photos";

/** A post's page in one of the languages it is written in: that language's slug, under its prefix. */
export function postPathIn(post: Pick<BlogPost, "texts">, lang: Lang): string {
  return localizePath(href("blog-post", { params: { blogId: post.texts[lang]!.slug } }), lang);
}

/** The language search engines are sent to by default (x-default): Spanish, else the first. */
export const xDefaultLang = (post: Pick<BlogPost, "langs">): Lang => displayLang(post, defaultLang);

/** A post's cover as an `<img>` needs it (`src` about `srcWidth` pixels wide). */
export function coverView(cover: BlogCover | null, srcWidth = 640): PhotoView | null {
  if (!cover || cover.widths.length === 0) return null;
  return {
    src: photoUrl(cover.folder, pickPhotoWidth(cover.widths, srcWidth)),
    srcSet: photoSrcSet(cover.folder, cover.widths),
    width: cover.width,
    height: cover.height,
    placeholder: cover.placeholder.startsWith("data:image/") ? cover.placeholder : null,
  };
}

/** A post in a list (blog, home), in the visitor's language or the one it is written in. */
export function blogCard(post: BlogPost, wanted: Lang): BlogCard {
  const { lang, text } = textOf(post, wanted);
  return {
    id: post.id,
    // Unprefixed (LocalizedLink adds the visitor's language).
    to: href("blog-post", { params: { blogId: text.slug } }),
    title: text.title,
    excerpt: text.excerpt,
    lang,
    cover: coverView(post.cover),
    publishedAt: post.publishedAt ?? post.updatedAt,
    status: post.status,
  };
}

/** The Atom feed of a language, absolute. */
export const feedUrl = (origin: string, lang: Lang) => origin + href("blog-feed", { params: { file: `${lang}.xml` } });
