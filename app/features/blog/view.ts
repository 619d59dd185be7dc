import type { Lang } from "#app/i18n";
import type { BlogStatus } from "#app/features/blog/schemas";
import type { PhotoView } from "#app/features/listings";

/** A post as the blog list and the home page show it. */
export type BlogCard = {
  id: string;
  /** The post's path (unprefixed). */
  to: string;
  title: string;
  excerpt: string;
  /** The language the texts are in (the visitor's when the post is written in it). */
  lang: Lang;
  cover: PhotoView | null;
  publishedAt: string;
  status: BlogStatus;
};
