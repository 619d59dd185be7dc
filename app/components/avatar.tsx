import { initials } from "#app/utils/initials";
import { photoSrcSet, photoUrl, pickPhotoWidth } from "#app/utils/photos";

/** A profile photo as pages receive it: stored variants under `/photos/users/…`. */
export type AvatarPhoto = { folder: string; widths: number[]; placeholder: string };

const sizes = {
  md: { px: 64, box: "size-16", text: "text-xl" },
  lg: { px: 112, box: "size-28", text: "text-4xl" },
} as const;

/**
 * A person's photo in a circle, or the initials of their name on the sea colour when they have
 * none. `alt` is empty where the name is written beside it.
 */
export function Avatar({ name, photo, size = "md", alt = "", className = "" }: { name: string; photo: AvatarPhoto | null; size?: keyof typeof sizes; alt?: string; className?: string }) {
  const { px, box, text } = sizes[size];
  if (photo) {
    return (
      <img
        src={photoUrl(photo.folder, pickPhotoWidth(photo.widths, px * 2))}
        srcSet={photoSrcSet(photo.folder, photo.widths)}
        sizes={`${px}px`}
        alt={alt}
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        className={`${box} shrink-0 rounded-full object-cover ${className}`}
      />
    );
  }
  return (
    <span
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`flex ${box} shrink-0 items-center justify-center rounded-full bg-sea-700 ${text} font-bold text-white dark:bg-sea-600 ${className}`}
    >
      {initials(name)}
    </span>
  );
}
