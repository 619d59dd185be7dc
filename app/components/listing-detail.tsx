import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { initials } from "#app/utils/initials";
import type { OwnerView, PhotoView } from "#app/utils/listing-view";
import { ListingPhoto } from "./listing-photo";
import { LocalizedLink } from "./localized-link";

/** Pieces shared by the boat and dock pages. */

const COVER_SIZES = "(min-width: 1152px) 1152px, 100vw";
const THUMB_SIZES = "(min-width: 640px) 18rem, 80vw";

/** The cover, large and loaded at once, then the other photos in a scrolling strip (lazy). */
export function PhotoGallery({ photos, title, fallback }: { photos: PhotoView[]; title: string; fallback: string }) {
  const { t } = useTranslation("listing");
  const [cover, ...rest] = photos;
  const total = photos.length;
  return (
    <section aria-label={t("detail.photos")} className="space-y-3">
      <ListingPhoto
        photo={cover ?? null}
        fallback={fallback}
        alt={cover ? t("detail.photoAlt", { title, n: 1, total }) : ""}
        sizes={COVER_SIZES}
        eager
        className="aspect-[16/9] max-h-[32rem] w-full rounded-2xl"
      />
      {rest.length > 0 ? (
        <ul className="flex snap-x gap-3 overflow-x-auto pb-2">
          {rest.map((photo, index) => (
            <li key={photo.src} className="w-72 max-w-[80vw] shrink-0 snap-start">
              <ListingPhoto
                photo={photo}
                fallback={fallback}
                alt={t("detail.photoAlt", { title, n: index + 2, total })}
                sizes={THUMB_SIZES}
                className="aspect-[4/3] w-full rounded-xl"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** What only the owner sees on their listing: its status, and the way to its form (`editUrl`, already localized). */
export function OwnerBanner({ status, editUrl }: { status: "draft" | "published" | "paused" | "archived"; editUrl: string }) {
  const { t } = useTranslation("listing");
  const tone =
    status === "published"
      ? "border-emerald-500/40 bg-emerald-500/10 text-emerald-900 dark:text-emerald-200"
      : "border-sand-400 bg-sand-50 text-slate-900 dark:bg-white/5 dark:text-slate-100";
  return (
    <div role="status" className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 ${tone}`} data-testid="owner-banner">
      <p>
        <span className="font-semibold">{t(`detail.status.${status}.title`)}</span> {t(`detail.status.${status}.text`)}
      </p>
      {status === "archived" ? null : (
        <Link to={editUrl} className="rounded-full bg-sea-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sea-800">
          {t("detail.edit")}
        </Link>
      )}
    </div>
  );
}

/** A titled block of the page. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-8 dark:border-white/10">
      <h2 id={id} className="text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Label–value pairs (in two columns from 640 px unless `narrow`); entries whose value is null are left out. */
export function FactList({ facts, narrow = false }: { facts: Array<{ label: string; value: React.ReactNode | null }>; narrow?: boolean }) {
  const shown = facts.filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== "");
  if (shown.length === 0) return null;
  return (
    <dl className={`grid gap-x-8 gap-y-3 ${narrow ? "mt-4" : "sm:grid-cols-2"}`}>
      {shown.map((fact) => (
        <div key={fact.label} className="flex justify-between gap-4 border-b border-slate-100 pb-2 dark:border-white/5">
          <dt className="text-slate-600 dark:text-slate-400">{fact.label}</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The listing's owner: name, Professional badge, member since, and their public page. */
export function OwnerCard({ owner, memberSince, heading }: { owner: OwnerView; memberSince: string; heading: string }) {
  const { t } = useTranslation("listing");
  return (
    <DetailSection id="owner-heading" title={heading}>
      <div className="flex items-center gap-4">
        {owner.photoUrl ? (
          <img src={owner.photoUrl} alt="" width={64} height={64} referrerPolicy="no-referrer" className="size-16 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-full bg-sea-700 text-xl font-bold text-white">
            {initials(owner.displayName)}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">
            {owner.displayName}
            {owner.professional ? (
              <span className="ml-2 rounded-full bg-sea-800 px-2.5 py-0.5 align-middle text-xs font-semibold text-white">{t("badges.professional")}</span>
            ) : null}
          </p>
          {owner.professional && owner.companyName ? <p className="text-sm text-slate-600 dark:text-slate-400">{owner.companyName}</p> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={owner.createdAt}>{t("detail.memberSince", { date: memberSince })}</time>
          </p>
          <LocalizedLink to={`/user/${owner.slug}`} className="mt-1 inline-block text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300">
            {t("detail.viewProfile")}
          </LocalizedLink>
        </div>
      </div>
    </DetailSection>
  );
}

/** Reviews: none can exist before bookings, and the page says so. */
export function ReviewsSection() {
  const { t } = useTranslation("listing");
  return (
    <DetailSection id="reviews-heading" title={t("detail.reviews.title")}>
      <p className="text-slate-600 dark:text-slate-400">{t("detail.reviews.empty")}</p>
    </DetailSection>
  );
}
