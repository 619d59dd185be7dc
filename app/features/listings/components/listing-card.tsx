import { useTranslation } from "react-i18next";
import { languageOf, type Lang } from "#app/i18n";
import { dockTitle, type BoatCardView, type CardPhotoView, type DockCardView, type DrawnCard, type PriceView } from "#app/features/listings/view";
import { useLang } from "#app/utils/use-lang";
import { LocalizedLink } from "#app/components/localized-link";
import { CARD_PHOTO_SIZES, ListingPhoto, photoImage } from "./listing-photo";
import { numberFormat } from "#app/framework/intl";
import { formatEuros } from "#app/utils/money";
import { Price } from "#app/components/price";

export type CardBadge = { label: string; tone: "instant" | "professional" | "neutral" };

/** Each tone's colours: `card-badge-*` in app/tailwind.css. */
const badgeTones: Record<CardBadge["tone"], string> = {
  instant: "card-badge-instant",
  professional: "card-badge-professional",
  neutral: "card-badge-neutral",
};

/** Metres in the page's language: `12,5 m`, `12.5 m`. */
export function formatMetres(value: number, lang: Lang): string {
  return `${numberFormat(languageOf(lang).iso, { maximumFractionDigits: 2 }).format(value)} m`;
}

/**
 * A listing in a grid: photo, badges, title (a link that covers the whole card), place, facts
 * and price. `actions` sits in the photo's top-right corner, above the card's link (a favourite
 * toggle, for example): give it its own accessible name and the `card-actions` class.
 *
 * Its markup is as lean as its drawing allows (24 of them make a search page; issue 47,
 * decision 057): no wrapper that only positions or pads — the badges and the actions are placed
 * from the card itself, the texts are padded one by one — and its styles are the `listing-card`
 * classes of `app/tailwind.css`, written once in the stylesheet instead of 24 times in the page.
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
  /** The price line's content; `plainPrice` draws the usual "amount / unit". */
  price?: React.ReactNode;
  badges?: CardBadge[];
  photo: CardPhotoView | null;
  fallbackImage: string;
  actions?: React.ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** A card above the fold: its photo loads at once ("high": the page's first, fetched first). */
  eager?: boolean | "high";
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="listing-card group">
      <CardPhoto photo={photo} fallback={fallbackImage} eager={eager} />
      {badges.length > 0 ? (
        <ul className="card-badges">
          {badges.map((badge) => (
            <li key={badge.label} className={`card-badge ${badgeTones[badge.tone]}`}>
              {badge.label}
            </li>
          ))}
        </ul>
      ) : null}
      {actions}
      {eyebrow ? <p className="card-eyebrow">{eyebrow}</p> : null}
      <Heading className="card-title">
        <LocalizedLink to={href} className="card-link">
          {title}
        </LocalizedLink>
      </Heading>
      {place ? <p className="card-place">{place}</p> : null}
      {facts.length > 0 ? (
        <ul className="card-facts">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
      {price}
    </article>
  );
}

/**
 * A card's photo: the first results' (`eager`) as `ListingPhoto` draws it, over its blurred
 * placeholder; the others one `<img>` on the card's background colour (they load as the card
 * nears the screen), with `srcSet` up to CARD_PHOTO_MAX_WIDTH.
 */
function CardPhoto({ photo, fallback, eager }: { photo: CardPhotoView | null; fallback: string; eager: boolean | "high" }) {
  const image = photo ? photoImage(photo, 640) : null;
  if (!image || eager) return <ListingPhoto photo={image} fallback={fallback} alt="" sizes={CARD_PHOTO_SIZES} eager={eager} className="aspect-[4/3] w-full" />;
  return <img src={image.src} srcSet={image.srcSet} sizes={CARD_PHOTO_SIZES} width={image.width} height={image.height} alt="" loading="lazy" decoding="async" className="card-photo" />;
}

/** A card's price line: the amount, then its unit ("/ día") in the smaller grey of the card's secondary texts. */
function PlainPrice({ cents, unit }: PriceView) {
  const { t } = useTranslation("listing");
  const lang = useLang();
  return (
    <p className="card-price">
      <span className="card-amount">{formatEuros(cents, lang)}</span>
      {unit === "total" ? null : ` ${t(`price.per.${unit}`)}`}
    </p>
  );
}

/** A boat in search results (and anywhere boats are listed). */
export function BoatListingCard({ card, actions, headingLevel, eager }: { card: DrawnCard<BoatCardView>; actions?: React.ReactNode; headingLevel?: 2 | 3 | 4; eager?: boolean | "high" }) {
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
          <div className="card-trip">
            <span className="block" data-testid="trip-total">
              <span className="font-bold">{formatEuros(card.trip.totalCents, lang)}</span>{" "}
              <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{t("price.tripTotal", { count: card.trip.days })}</span>
            </span>
            {card.price ? <Price cents={card.price.cents} unit={card.price.unit} className="block text-sm" /> : null}
          </div>
        ) : card.price ? (
          <PlainPrice {...card.price} />
        ) : null
      }
      badges={badges}
      photo={card.photo}
      fallbackImage={`/images/boats/${card.boatType ?? "motor"}.svg`}
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
      price={card.price ? <PlainPrice {...card.price} /> : null}
      badges={badges}
      photo={card.photo}
      fallbackImage="/images/docks.svg"
      actions={actions}
      headingLevel={headingLevel}
      eager={eager}
    />
  );
}
