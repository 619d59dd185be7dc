import { useTranslation } from "react-i18next";
import { languageOf, type Lang } from "#app/i18n";
import { dockTitle, type BoatCardView, type DockCardView } from "#app/utils/listings/view";
import { useLang } from "#app/utils/use-lang";
import { LocalizedLink } from "./localized-link";
import { CARD_PHOTO_SIZES, ListingPhoto } from "./listing-photo";
import { numberFormat } from "#app/utils/intl";
import { formatEuros } from "#app/utils/money";
import { Price } from "./price";

export type CardBadge = { label: string; tone: "instant" | "professional" | "neutral" };

const badgeTones: Record<CardBadge["tone"], string> = {
  instant: "bg-sand-400 text-sea-950",
  professional: "bg-sea-800 text-white",
  neutral: "bg-white/90 text-sea-900 dark:bg-sea-950/90 dark:text-white",
};

/** Metres in the page's language: `12,5 m`, `12.5 m`. */
export function formatMetres(value: number, lang: Lang): string {
  return `${numberFormat(languageOf(lang).iso, { maximumFractionDigits: 2 }).format(value)} m`;
}

/**
 * A listing in a grid: photo, badges, title (a link that covers the whole card), place, facts
 * and price. `actions` sits in the photo's top-right corner, above the card's link (a favourite
 * toggle, for example): give it its own accessible name.
 */
export function ListingCard({
  href,
  title,
  eyebrow,
  place,
  facts = [],
  price,
  badges = [],
  photo,
  fallbackImage,
  actions,
  headingLevel = 3,
  eager = false,
}: {
  href: string;
  title: string;
  eyebrow?: string | null;
  place?: string | null;
  facts?: string[];
  price?: React.ReactNode;
  badges?: CardBadge[];
  photo: BoatCardView["photo"];
  fallbackImage: string;
  actions?: React.ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** A card above the fold: its photo loads at once ("high": the page's first, fetched first). */
  eager?: boolean | "high";
}) {
  const Heading = `h${headingLevel}` as const;
  // `content-visibility: auto`: a card off the screen is not styled, laid out or painted until it
  // nears it (24 cards on a search page, one or two in a phone's first screen; held at its last
  // height, or 26rem before it has one; its width is its column's). Its paint containment clips only what the card's own
  // `overflow-hidden` already clips: its ring, shadow and hover lift are its own box's.
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm [contain-intrinsic-height:auto_26rem] [content-visibility:auto] transition hover:-translate-y-0.5 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-sea-500 dark:border-white/10 dark:bg-white/5">
      <div className="relative">
        <ListingPhoto photo={photo} fallback={fallbackImage} alt="" sizes={CARD_PHOTO_SIZES} eager={eager} className="aspect-[4/3] w-full" />
        {badges.length > 0 ? (
          <ul className="absolute top-3 left-3 flex max-w-[70%] flex-wrap gap-1.5">
            {badges.map((badge) => (
              <li key={badge.label} className={`rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm ${badgeTones[badge.tone]}`}>
                {badge.label}
              </li>
            ))}
          </ul>
        ) : null}
        {actions ? <div className="absolute top-3 right-3 z-10">{actions}</div> : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        {eyebrow ? <p className="text-xs font-semibold tracking-wide text-sea-700 uppercase dark:text-sea-300">{eyebrow}</p> : null}
        <Heading className="mt-1 leading-snug font-semibold text-slate-900 dark:text-white">
          <LocalizedLink to={href} className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-sea-700 dark:group-hover:text-sea-300">
            {title}
          </LocalizedLink>
        </Heading>
        {place ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{place}</p> : null}
        {facts.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        ) : null}
        {price ? <div className="mt-auto pt-3 text-slate-900 dark:text-white">{price}</div> : null}
      </div>
    </article>
  );
}

/** A boat in search results (and anywhere boats are listed). */
export function BoatListingCard({ card, actions, headingLevel, eager }: { card: BoatCardView; actions?: React.ReactNode; headingLevel?: 2 | 3 | 4; eager?: boolean | "high" }) {
  const { t } = useTranslation("listing");
  const lang = useLang();
  const facts: string[] = [];
  if (card.capacity !== null) facts.push(t("facts.capacity", { count: card.capacity }));
  if (card.lengthM !== null) facts.push(t("facts.length", { value: formatMetres(card.lengthM, lang) }));
  const badges: CardBadge[] = [];
  if (card.instantBooking) badges.push({ label: t("badges.instant"), tone: "instant" });
  if (card.professional) badges.push({ label: t("badges.professional"), tone: "professional" });
  return (
    <ListingCard
      href={card.href}
      title={card.title ?? t("untitled")}
      eyebrow={card.boatType ? t(`boatTypes.${card.boatType}`) : null}
      place={card.place.label}
      facts={facts}
      price={
        card.trip ? (
          <>
            <span className="block" data-testid="trip-total">
              <span className="font-bold">{formatEuros(card.trip.totalCents, lang)}</span>{" "}
              <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{t("price.tripTotal", { count: card.trip.days })}</span>
            </span>
            {card.price ? <Price cents={card.price.cents} unit={card.price.unit} className="block text-sm" /> : null}
          </>
        ) : card.price ? (
          <Price cents={card.price.cents} unit={card.price.unit} />
        ) : null
      }
      badges={badges}
      photo={card.photo}
      fallbackImage={card.fallbackImage}
      actions={actions}
      headingLevel={headingLevel}
      eager={eager}
    />
  );
}

/** A dock in search results. */
export function DockListingCard({ card, actions, headingLevel, eager }: { card: DockCardView; actions?: React.ReactNode; headingLevel?: 2 | 3 | 4; eager?: boolean | "high" }) {
  const { t } = useTranslation("listing");
  const lang = useLang();
  const title = dockTitle(t, card);
  const facts: string[] = [];
  if (card.maxLengthM !== null) facts.push(t("facts.maxLength", { value: formatMetres(card.maxLengthM, lang) }));
  if (card.maxBeamM !== null) facts.push(t("facts.maxBeam", { value: formatMetres(card.maxBeamM, lang) }));
  // Dry storage has no depth to speak of.
  if (card.depthM !== null && card.depthM > 0) facts.push(t("facts.depth", { value: formatMetres(card.depthM, lang) }));
  const badges: CardBadge[] = [];
  if (card.professional) badges.push({ label: t("badges.professional"), tone: "professional" });
  return (
    <ListingCard
      href={card.href}
      title={title}
      eyebrow={card.dockKind ? t(`dockKinds.${card.dockKind}`) : null}
      place={card.place.label}
      facts={facts}
      price={card.price ? <Price cents={card.price.cents} unit={card.price.unit} /> : null}
      badges={badges}
      photo={card.photo}
      fallbackImage={card.fallbackImage}
      actions={actions}
      headingLevel={headingLevel}
      eager={eager}
    />
  );
}
