import type { MetaDescriptor } from "@remix-run/react";
import { seoMeta } from "#app/utils/meta";

export type ListingMetaCopy = {
  title: string;
  description: string;
  /** The cover photo, absolute, about 1200 px wide. */
  image: { url: string; width: number; height: number } | null;
  imageAlt: string;
  /** Unpublished listings (only their owner sees them) stay out of search engines. */
  noindex: boolean;
};

/** A listing page's meta: title, description, Open Graph with the cover photo, noindex when unpublished. */
export function listingMeta(meta: ListingMetaCopy | undefined): MetaDescriptor[] {
  if (!meta) return [];
  const tags = seoMeta(meta);
  if (meta.image) {
    tags.push(
      { property: "og:image", content: meta.image.url },
      { property: "og:image:width", content: String(meta.image.width) },
      { property: "og:image:height", content: String(meta.image.height) },
      { property: "og:image:alt", content: meta.imageAlt },
      { name: "twitter:card", content: "summary_large_image" },
    );
  }
  if (meta.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
