import type { CardPhotoView, PhotoView } from "#app/features/listings/view";
// Not from features/listings/view.ts: that module travels in the `search-box` chunk, and the photo
// URLs' module in `shell` (the avatar's); a `search-box` that imports `shell` and back is a cycle.
import { photoSrcSet, photoUrl, pickPhotoWidth } from "#app/utils/photos";

/**
 * A sent photo (`CardPhotoView`) as an `<img>` draws it: `src` at about `srcWidth` pixels and a
 * `srcSet` of the stored widths up to `maxWidth` (a thumbnail needs no wide variant).
 */
export function photoImage(photo: CardPhotoView, srcWidth: number, maxWidth = Infinity): PhotoView {
  const narrow = photo.widths.filter((width) => width <= maxWidth);
  const widths = narrow.length > 0 ? narrow : [Math.min(...photo.widths)];
  return { src: photoUrl(photo.folder, pickPhotoWidth(widths, srcWidth)), srcSet: photoSrcSet(photo.folder, widths), width: photo.width, height: photo.height, placeholder: photo.placeholder };
}

/** A photo's widest stored variant: shown full screen, and the link to it without JavaScript. */
export function largePhotoUrl(photo: CardPhotoView): string {
  return photoUrl(photo.folder, Math.max(...photo.widths));
}

/** `sizes` of a photo in a results grid: one column on phones, two on tablets, three from 1024 px. */
export const CARD_PHOTO_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw";

/**
 * A listing photo filling its box (give the box its size and aspect ratio): the stored WebP
 * variants as `srcSet`, the tiny blurred placeholder underneath until it loads (an `<img>`, as
 * the CSP allows no inline styles), or an illustration when the listing has no photo.
 */
export function ListingPhoto({
  photo,
  fallback,
  alt,
  sizes,
  eager = false,
  className = "",
}: {
  photo: PhotoView | null;
  fallback: string;
  alt: string;
  sizes: string;
  /**
   * The first photos a visitor sees (the detail page's cover, the first results) load at once;
   * "high" also asks the browser to fetch it before anything else (the page's largest image).
   */
  eager?: boolean | "high";
  className?: string;
}) {
  const loading = eager ? "eager" : "lazy";
  // React 18 passes only the lowercase spelling through to the DOM.
  const priority = eager === "high" ? { fetchpriority: "high" } : {};
  if (!photo) {
    return (
      <span className={`relative isolate block overflow-hidden bg-sea-50 dark:bg-sea-900 ${className}`}>
        <img src={fallback} alt={alt} width={400} height={240} loading={loading} {...priority} className="size-full object-cover" />
      </span>
    );
  }
  return (
    <span className={`relative isolate block overflow-hidden bg-sea-50 dark:bg-sea-900 ${className}`}>
      {photo.placeholder ? (
        <img src={photo.placeholder} alt="" aria-hidden="true" className="absolute inset-0 size-full scale-110 object-cover blur-lg" />
      ) : null}
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={loading}
        {...priority}
        decoding="async"
        className="relative size-full object-cover"
      />
    </span>
  );
}
