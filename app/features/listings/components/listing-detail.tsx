import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { Avatar } from "#app/components/avatar";
import type { GalleryPhotoView, MapPoint, OwnerView, PlaceView, PriceUnit } from "#app/features/listings/view";
import { useLang } from "#app/utils/use-lang";
import { dateTimeFormat, numberFormat } from "#app/framework/intl";
import { languageOf } from "#app/i18n";
import { FavouriteButton, HeartMasks } from "./favourite-button";
import { ListingMap } from "./listing-map";
import { PhotoGallery } from "./photo-gallery";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { Price } from "#app/components/price";
import { href } from "#app/utils/href";
import { CONTACT_ANCHOR } from "#app/features/chats";
import { regionName } from "#app/utils/regions";
import { cardClass } from "#app/components/ui/card";
import { buttonClass } from "#app/components/ui/button";

/** Pieces shared by the boat and dock pages. */

type ListingStatus = "draft" | "published" | "paused" | "archived";

/** What the frame of a listing's page reads of the boat or dock it shows. */
type ListingSummary = { id: string; status: ListingStatus; title: string; place: Pick<PlaceView, "label">; photos: GalleryPhotoView[] };

/**
 * The frame of a boat's or dock's page: the owner's banner (only the owner is given `editUrl`),
 * the header, the photos, then the page's sections (`children`) beside its price box (`aside`),
 * and `bottomBar` (the phones' booking bar), kept at the bottom of the screen while the page
 * scrolls by and in its own place after the page's end, so it never covers the last content.
 */
export function ListingDetailLayout({
  listing,
  fallbackImage,
  editUrl,
  header,
  aside,
  bottomBar = null,
  children,
}: {
  listing: ListingSummary;
  fallbackImage: string;
  editUrl: string | null;
  header: React.ReactNode;
  aside: React.ReactNode;
  bottomBar?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="container-page py-8">
      <article className="space-y-8">
        {editUrl !== null ? <OwnerBanner status={listing.status} editUrl={editUrl} /> : null}

        {header}

        {/* From 1024 px the price box stands beside the photos, so it starts in the first screen. */}
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <div className="min-w-0 space-y-8">
            <PhotoGallery photos={listing.photos} title={listing.title} fallback={fallbackImage} />
            {children}
          </div>
          {aside}
        </div>
      </article>
      {bottomBar}
    </main>
  );
}

/**
 * A listing's header: its kind above the title, the favourite heart once it is published, then
 * its place, the page's own facts and badges (`children`) and the Professional badge.
 */
export function ListingHeader({
  listing,
  kind,
  favourite,
  signedIn,
  professional,
  children,
}: {
  listing: ListingSummary;
  kind: string;
  favourite: boolean;
  signedIn: boolean;
  professional: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("listing");
  return (
    <header>
      <p className="text-sm font-semibold tracking-wide text-sea-700 uppercase dark:text-sea-300">{kind}</p>
      <div className="mt-1 flex items-start justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-sea-900 sm:text-4xl dark:text-white">{listing.title}</h1>
        {listing.status === "published" ? <FavouriteButton listingId={listing.id} favourite={favourite} signedIn={signedIn} /> : null}
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600 dark:text-slate-300">
        {listing.place.label ? <span>{listing.place.label}</span> : null}
        {children}
        {professional ? <span className="rounded-full bg-sea-800 px-2.5 py-0.5 text-xs font-semibold text-white">{t("badges.professional")}</span> : null}
      </p>
      {listing.status === "published" ? <HeartMasks /> : null}
    </header>
  );
}

/** What only the owner sees on their listing: its status, and the way to its form (`editUrl`, already localized). */
export function OwnerBanner({ status, editUrl }: { status: ListingStatus; editUrl: string }) {
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
        <Link to={editUrl} className={buttonClass("primary", "sm")}>
          {t("detail.edit")}
        </Link>
      )}
    </div>
  );
}

/** A titled block of the page. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="detail-section">
      <h2 id={id} className="detail-heading">{title}</h2>
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
        <div key={fact.label} className="detail-fact">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The description in the reader's language, or in another one it names ("Written in English"). */
export function DescriptionSection({ description }: { description: { text: string; lang: string; languageName: string | null } | null }) {
  const { t } = useTranslation("listing");
  return (
    <DetailSection id="description-heading" title={t("detail.description")}>
      {description ? (
        <>
          <p className="whitespace-pre-line break-words text-slate-700 dark:text-slate-300" lang={description.lang}>{description.text}</p>
          {description.languageName ? (
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t("detail.writtenIn", { language: description.languageName })}</p>
          ) : null}
        </>
      ) : (
        <p className="text-slate-500 dark:text-slate-400">{t("detail.noDescription")}</p>
      )}
    </DetailSection>
  );
}

/** What a listing comes with (equipment, a berth's services), ticked, in two columns from 640 px. */
export function TickList({ items }: { items: ReadonlyArray<{ key: string; label: string }> }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.key} className="detail-item">
          <span aria-hidden="true">✓</span>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Where the listing is: its place and region, and a map with its marker. */
export function LocationSection({ place, points }: { place: Pick<PlaceView, "label" | "region">; points: readonly MapPoint[] }) {
  const { t } = useTranslation("listing");
  return (
    <DetailSection id="location-heading" title={t("detail.location")}>
      {place.label ? (
        <p className="text-slate-700 dark:text-slate-300">
          {place.label}
          {place.region ? <span className="text-slate-500 dark:text-slate-400"> · {regionName(t, place.region)}</span> : null}
        </p>
      ) : (
        <p className="text-slate-500 dark:text-slate-400">{t("detail.noLocation")}</p>
      )}
      <ListingMap points={points} label={t("map.location")} className="mt-4 h-64" />
    </DetailSection>
  );
}

/** The listing's owner: name, Professional badge, member since, and their public page. */
export function OwnerCard({ owner, memberSince, heading, children }: { owner: OwnerView; memberSince: string; heading: string; children?: React.ReactNode }) {
  const { t } = useTranslation("listing");
  return (
    <DetailSection id="owner-heading" title={heading}>
      <div className="flex items-center gap-4">
        <Avatar name={owner.displayName} photo={owner.photo} />
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
          <LocalizedLink to={href("user", { params: { slug: owner.slug } })} className="mt-1 inline-block text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300">
            {t("detail.viewProfile")}
          </LocalizedLink>
        </div>
      </div>
      {children}
    </DetailSection>
  );
}

/** Reviews: none can exist before bookings, and the page says so. */
/** The listing's reviews: the average and count, then each review with the owner's answer. */
export function ReviewsSection({ reviews }: { reviews: { average: number | null; count: number; items: ReadonlyArray<{ id: string; rating: number; comment: string; author: string; createdAt: string; answer: { text: string } | null }> } }) {
  const { t } = useTranslation("reviews");
  const lang = useLang();
  const date = dateTimeFormat(languageOf(lang).iso, { month: "long", year: "numeric", timeZone: "Europe/Madrid" });
  return (
    <DetailSection id="reviews-heading" title={t("listing.title")}>
      {reviews.count === 0 || reviews.average === null ? (
        <p className="text-slate-600 dark:text-slate-400">{t("listing.none")}</p>
      ) : (
        <>
          <p className="flex items-baseline gap-3">
            <span className="text-3xl font-bold">{numberFormat(languageOf(lang).iso, { maximumFractionDigits: 1 }).format(reviews.average)}</span>
            <span className="sr-only">{t("listing.average", { average: reviews.average })}</span>
            <span aria-hidden="true" className="text-amber-500">{"★".repeat(Math.round(reviews.average))}</span>
            <span className="text-sm text-slate-600 dark:text-slate-400">{t("listing.count", { count: reviews.count })}</span>
          </p>
          <ul className="mt-4 space-y-4">
            {reviews.items.map((review) => (
              <li key={review.id} className="border-t border-slate-200 pt-4 dark:border-white/10">
                <p className="text-sm">
                  <span role="img" aria-label={t("stars", { count: review.rating })} className="text-amber-500">{"★".repeat(review.rating)}</span>{" "}
                  <span className="font-semibold">{review.author}</span> · <time dateTime={review.createdAt}>{date.format(new Date(review.createdAt))}</time>
                </p>
                <p className="mt-1 whitespace-pre-line">{review.comment}</p>
                {review.answer ? (
                  <p className="mt-2 border-l-4 border-sea-200 pl-3 text-sm dark:border-white/20">
                    <span className="font-semibold">{t("listing.answer")}:</span> {review.answer.text}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </DetailSection>
  );
}

/** The box of prices beside the sections, kept in view on wide screens; its heading has the id `headingId`. */
export function PriceBox({ headingId, title, children }: { headingId: string; title: string; children: React.ReactNode }) {
  return (
    <aside aria-labelledby={headingId} className="lg:sticky lg:top-20 lg:self-start">
      <div className={cardClass("lg", { raised: true })}>
        <h2 id={headingId} className="text-lg font-bold">{title}</h2>
        {children}
      </div>
    </aside>
  );
}

/** Euros for the page's language from cents, or null without an amount (a fact the list leaves out). */
export function useEuros(): (cents: number | null) => string | null {
  const lang = useLang();
  return (cents) => (cents === null ? null : formatEuros(cents, lang));
}

/** A price in large type in the price box (smaller when `minor`, under another one); nothing without a price. */
export function LeadPrice({ cents, unit, minor = false }: { cents: number | null; unit?: PriceUnit; minor?: boolean }) {
  if (cents === null) return null;
  return (
    <p className={minor ? "mt-1 text-lg" : "mt-3 text-2xl"}>
      <Price cents={cents} unit={unit} />
    </p>
  );
}

const PRIMARY_ACTION = "block rounded-lg bg-coral-500 px-4 py-3 text-center font-semibold text-white shadow hover:bg-coral-600";
const SECONDARY_ACTION =
  "block rounded-lg border border-sea-700 px-4 py-2.5 text-center font-semibold text-sea-700 hover:bg-sea-50 dark:border-sea-300 dark:text-sea-300 dark:hover:bg-white/5";

/**
 * The way to book a listing (the booking engine at /boat/rent/boat/{id}, with its calendar, given
 * the days and people chosen so far), and a note on how it goes; `secondary` beside the quick date form of the booking box.
 */
export function RequestToBook({
  listingId,
  note,
  secondary = false,
  search,
  label,
}: {
  listingId: string;
  note: string;
  /** The button's words when it is the main one: "Reservar" for instant listings; "Solicitar reserva" by default. */
  label?: string;
  secondary?: boolean;
  /** The days and people chosen so far, for the rental form (`rentSearch`). */
  search?: Record<string, string | number | undefined>;
}) {
  const { t } = useTranslation("listing");
  return (
    <>
      <LocalizedLink to={href("rent", { params: { id: listingId }, search })} className={secondary ? SECONDARY_ACTION : PRIMARY_ACTION}>
        {secondary ? t("detail.moreOptions") : (label ?? t("detail.requestToBook"))}
      </LocalizedLink>
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">{note}</p>
    </>
  );
}

/** A link down to the page's contact form (`ContactOwnerForm`); `primary` when it is the page's main action. */
export function ContactOwnerLink({ label, primary = false }: { label: string; primary?: boolean }) {
  return (
    <a href={`#${CONTACT_ANCHOR}`} className={primary ? PRIMARY_ACTION : SECONDARY_ACTION}>
      {label}
    </a>
  );
}
