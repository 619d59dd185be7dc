import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GalleryPhotoView } from "#app/features/listings/view";
import { largePhotoUrl, ListingPhoto, photoImage } from "./listing-photo";

/**
 * A listing's photos: the cover, large and loaded at once, then every photo as a thumbnail.
 * Each one is a link to its largest stored variant, so without JavaScript a photo opens full
 * size in the browser. With JavaScript a plain click opens a full-screen viewer instead (a modal
 * `<dialog>`): ← and → (or a swipe, or the buttons) go through the photos, Esc or the close
 * button leave it and focus returns to the photo that opened it.
 */

// Beside the price box from 1024 px (the column of `ListingDetailLayout`).
const COVER_SIZES = "(min-width: 1152px) 696px, (min-width: 1024px) calc(100vw - 28.5rem), 100vw";
const THUMB_SIZES = "8rem";
/** A thumbnail's widest variant: 8rem at 3 device pixels per CSS pixel is 384. */
const THUMB_MAX_WIDTH = 640;
/** How far (px) a finger must travel sideways to count as a swipe. */
const SWIPE_PX = 40;

export function PhotoGallery({ photos, title, fallback }: { photos: GalleryPhotoView[]; title: string; fallback: string }) {
  const { t } = useTranslation("listing");
  const [current, setCurrent] = useState<number | null>(null);
  // Hydrated: clicks open the viewer from now on (browser tests wait for this).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const total = photos.length;
  const cover = photos[0];
  const alt = (index: number) => t("detail.photoAlt", { title, n: index + 1, total });

  /** A plain click opens the viewer; a click with a modifier (new tab, download) keeps the link's own behaviour. */
  const openOnClick = (index: number) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setCurrent(index);
  };

  if (!cover) {
    return (
      <section aria-label={t("detail.photos")}>
        <ListingPhoto photo={null} fallback={fallback} alt="" sizes={COVER_SIZES} eager="high" className="aspect-[16/9] max-h-[32rem] w-full rounded-2xl" />
      </section>
    );
  }

  return (
    <section aria-label={t("detail.photos")} className="space-y-3" data-testid="gallery" data-enhanced={enhanced ? "true" : undefined}>
      <a href={largePhotoUrl(cover)} onClick={openOnClick(0)} className="relative block rounded-2xl" data-testid="gallery-cover">
        <ListingPhoto photo={photoImage(cover, 1280)} fallback={fallback} alt={alt(0)} sizes={COVER_SIZES} eager="high" className="aspect-[16/9] max-h-[32rem] w-full rounded-2xl" />
        {total > 1 ? (
          <span className="absolute right-3 bottom-3 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-sea-900 shadow dark:bg-sea-950/90 dark:text-white">
            {t("gallery.showAll", { count: total })}
          </span>
        ) : null}
      </a>
      {total > 1 ? (
        <ul className="flex snap-x gap-2 overflow-x-auto pb-1" data-testid="gallery-thumbnails">
          {photos.map((photo, index) => (
            <li key={photo.folder} className="w-24 shrink-0 snap-start sm:w-32">
              <a href={largePhotoUrl(photo)} onClick={openOnClick(index)} className="block rounded-lg">
                {/* A thumbnail (8rem) needs no variant past 640 px, nor a blurred placeholder: it is small and loads lazily (decision 057). */}
                <ListingPhoto photo={{ ...photoImage(photo, 320, THUMB_MAX_WIDTH), placeholder: null }} fallback={fallback} alt={alt(index)} sizes={THUMB_SIZES} className="aspect-[4/3] w-full rounded-lg" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <PhotoViewer photos={photos} title={title} current={current} onChange={setCurrent} alt={alt} />
    </section>
  );
}

/** The full-screen viewer: open while `current` is a photo's index, closed when it is null. */
function PhotoViewer({
  photos,
  title,
  current,
  onChange,
  alt,
}: {
  photos: GalleryPhotoView[];
  title: string;
  current: number | null;
  onChange: (index: number | null) => void;
  alt: (index: number) => string;
}) {
  const { t } = useTranslation("listing");
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const total = photos.length;
  const open = current !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open || element.open) return;
    element.showModal();
    closeButton.current?.focus();
    // The page behind does not scroll while the viewer is open.
    document.documentElement.classList.add("overflow-hidden");
    return () => document.documentElement.classList.remove("overflow-hidden");
  }, [open]);

  const go = (step: number) => {
    if (current !== null) onChange((current + step + total) % total);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: React.PointerEvent) => {
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };

  const photo = current === null ? null : photos[current];
  const neighbours = current === null || total < 2 ? [] : [...new Set([(current + 1) % total, (current - 1 + total) % total])];
  const control =
    "rounded-full bg-black/60 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/40 backdrop-blur hover:bg-black/80 focus-visible:outline-white";

  return (
    <dialog
      ref={dialog}
      aria-label={t("gallery.label", { title })}
      onClose={() => onChange(null)}
      onKeyDown={onKeyDown}
      className="m-0 h-full max-h-none w-full max-w-none border-0 bg-black p-0 text-white backdrop:bg-black"
      data-testid="gallery-viewer"
    >
      {photo && current !== null ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p aria-live="polite" className="text-sm tabular-nums" data-testid="gallery-counter">
              {t("gallery.counter", { n: current + 1, total })}
            </p>
            {/* Raw: a control over the photo (translucent, round), the gallery's own look, not a button variant. */}
            <button ref={closeButton} type="button" onClick={() => dialog.current?.close()} className={control}>
              <span aria-hidden="true">✕ </span>
              {t("gallery.close")}
            </button>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center select-none"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipe.current = null)}
          >
            <img
              key={photo.folder}
              src={largePhotoUrl(photo)}
              srcSet={photoImage(photo, 1280).srcSet}
              sizes="100vw"
              width={photo.width}
              height={photo.height}
              alt={alt(current)}
              draggable={false}
              className="max-h-full max-w-full object-contain"
              data-testid="gallery-image"
            />
            {/* The next and previous photos load while this one is looked at. */}
            {neighbours.map((index) => (
              <img key={index} src={largePhotoUrl(photos[index])} alt="" aria-hidden="true" className="hidden" />
            ))}
            {total > 1 ? (
              <>
                {/* Raw: the gallery's round control over the photo, as the close button. */}
                <button type="button" onClick={() => go(-1)} aria-label={t("gallery.previous")} className={`absolute top-1/2 left-3 -translate-y-1/2 ${control}`}>
                  <span aria-hidden="true">←</span>
                </button>
                {/* Raw: the gallery's round control over the photo, as the close button. */}
                <button type="button" onClick={() => go(1)} aria-label={t("gallery.next")} className={`absolute top-1/2 right-3 -translate-y-1/2 ${control}`}>
                  <span aria-hidden="true">→</span>
                </button>
              </>
            ) : null}
          </div>
          <p className="px-4 py-3 text-center text-sm text-white/80">{title}</p>
        </div>
      ) : null}
    </dialog>
  );
}
