/**
 * Photos as the browser sees them: the limits an upload form shows and checks before sending,
 * and the URLs of the stored variants (`/photos/<ownerPrefix>/<id>/<width>.webp`, served by
 * `features/listings/routes/photo.ts`). Client-safe: no server code, no sharp.
 *
 * A photo is referred to by its path, `<ownerPrefix>/<id>` (for example `boats/abc/k3j…`), and
 * the widths it was stored at (`storePhoto` returns both).
 */

/**
 * The widths (px) variants are made at; a photo never gets a variant wider than itself. 960 is
 * for full-width photos on the many phones of 360–412 CSS px at 1.75–2.6 device pixels per CSS
 * pixel, which would otherwise get the 1280 variant (about 1.6 times the bytes).
 */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The largest accepted upload, in bytes (docs/PRODUCT.md: at most 10 MB each). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** How many photos a listing has (docs/PRODUCT.md: 1–20). */
export const MIN_PHOTOS = 1;
export const MAX_PHOTOS = 20;
/** The largest accepted image, in pixels (width × height). */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The shortest accepted short side, in pixels. */
export const MIN_PHOTO_SIDE = 200;
/** The accepted upload types (checked by content on the server, whatever the file is called). */
export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** For `<input type="file" accept={PHOTO_ACCEPT}>`. */
export const PHOTO_ACCEPT = PHOTO_CONTENT_TYPES.join(",");
/** Variants are WebP files served with this type. */
export const PHOTO_VARIANT_CONTENT_TYPE = "image/webp";
/** A photo's variants never change once stored (ids are random and never reused). */
export const PHOTO_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * The default `sizes` for a photo's `srcSet`: the full viewport width on small screens, at most
 * 1280 CSS pixels on wide ones. Pass a tighter one for thumbnails and grid cards.
 */
export const DEFAULT_PHOTO_SIZES = "(min-width: 1280px) 1280px, 100vw";

const PHOTO_PATH = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)+$/;

function checkPhotoPath(photo: string): string {
  const trimmed = photo.replace(/^\/+|\/+$/g, "");
  if (!PHOTO_PATH.test(trimmed) || trimmed.split("/").includes("..")) {
    throw new TypeError(`"${photo}" is not a photo path (<ownerPrefix>/<id>, lowercase a-z 0-9 . _ -)`);
  }
  return trimmed;
}

function checkWidth(width: number): number {
  if (!Number.isInteger(width) || width <= 0) throw new TypeError(`A photo width must be a positive integer, not ${width}`);
  return width;
}

/** The blob key of one variant: `photos/<ownerPrefix>/<id>/<width>.webp`. */
export function photoVariantKey(photo: string, width: number): string {
  return `photos/${checkPhotoPath(photo)}/${checkWidth(width)}.webp`;
}

/** The URL of one variant: `/photos/<ownerPrefix>/<id>/<width>.webp`. */
export function photoUrl(photo: string, width: number): string {
  return `/${photoVariantKey(photo, width)}`;
}

/** `srcSet` for an `<img>`: every stored width, narrowest first (`/photos/…/320.webp 320w, …`). */
export function photoSrcSet(photo: string, widths: readonly number[]): string {
  if (widths.length === 0) throw new TypeError("A photo has at least one width");
  return [...new Set(widths.map(checkWidth))]
    .sort((a, b) => a - b)
    .map((width) => `${photoUrl(photo, width)} ${width}w`)
    .join(", ");
}

/**
 * The stored width to use where only one URL fits (`src`, social cards): the narrowest at least
 * `target` pixels wide, or the widest there is.
 */
export function pickPhotoWidth(widths: readonly number[], target: number): number {
  if (widths.length === 0) throw new TypeError("A photo has at least one width");
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.find((width) => width >= target) ?? sorted[sorted.length - 1];
}
