import type { Lang } from "#app/i18n";
import { boatTypes, type BoatTypeId } from "#app/features/search";
import type { BerthType, DockKind, LocalizedText } from "./schemas";
import { href } from "#app/utils/href";

/**
 * What the listing pages send to the browser: view models built on the server by
 * `app/features/listings/views.server.ts` from the listings domain (never the raw documents, which
 * carry the owner's uid). Client-safe: types and small pure helpers only.
 */

/** A stored photo, ready for an `<img>`: `src` is the variant for `sizes`' widest case. */
export type PhotoView = {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  /** A tiny blurred `data:image/…` URL shown until the photo loads, or null. */
  placeholder: string | null;
};

/** A photo on a listing's page, as its loader sends it (the page writes the URLs: `photoImage`, `largePhotoUrl` of features/listings/components/listing-photo.tsx). */
export type GalleryPhotoView = CardPhotoView;

export type PlaceView = {
  /** "Port Vell, Barcelona", or the city for a boat based at a city; null when unknown (drafts). */
  label: string | null;
  portName: string | null;
  city: string | null;
  region: string | null;
  lat: number | null;
  lng: number | null;
};

/** The public side of a listing's owner (never email, phone, lessor or payout data). */
export type OwnerView = {
  slug: string;
  displayName: string;
  /** Stored variants under `/photos/users/…`, or null for the initials. */
  photo: { folder: string; widths: number[]; placeholder: string } | null;
  professional: boolean;
  companyName: string | null;
  createdAt: string;
};

export type PriceUnit = "day" | "half-day" | "week" | "hour" | "month" | "total";
export type PriceView = { cents: number; unit: PriceUnit };

/**
 * A card's photo as its loader sends it: the stored variants' folder and widths (the card writes
 * the URLs and `srcSet` from them, `app/utils/photos.ts`), the size, and the blurred placeholder
 * only where the card draws one (the first results, `EAGER_CARDS`).
 */
export type CardPhotoView = { folder: string; widths: number[]; width: number; height: number; placeholder: string | null };

/** The results whose photos load at once (and show a blurred placeholder): the first row on the widest grid (three columns). */
export const EAGER_CARDS = 3;

/** The widest variant a card's `srcSet` offers: a card is at most 22rem, or a phone's width (430 CSS px at 3×: 1290). */
export const CARD_PHOTO_MAX_WIDTH = 1280;

type CardCommon = {
  id: string;
  /** Unprefixed path of the listing's page (`/boat/<id>`); links localize it. */
  href: string;
  place: PlaceView;
  price: PriceView | null;
  professional: boolean;
  photo: CardPhotoView | null;
};

export type BoatCardView = CardCommon & {
  kind: "boat";
  title: string | null;
  boatType: BoatTypeId | null;
  capacity: number | null;
  lengthM: number | null;
  instantBooking: boolean;
  /** With days chosen (a search's `from`/`to`): what those days come to in all, shown before the day price. */
  trip?: { days: number; totalCents: number } | null;
};

export type DockCardView = CardCommon & {
  kind: "dock";
  dockKind: DockKind | null;
  berthType: BerthType | null;
  berthNumber: string | null;
  maxLengthM: number | null;
  maxBeamM: number | null;
  depthM: number | null;
};

export type ListingCardView = BoatCardView | DockCardView;

/** A card as a results page sends it: its place only as the card shows it and the map places it. */
export type DrawnCard<C extends ListingCardView> = Omit<C, "place"> & { place: Pick<PlaceView, "label" | "lat" | "lng"> };

/** A search page's cards, trimmed to what they draw (the place's label, the map's coordinates). */
export function drawnCards<C extends ListingCardView>(cards: readonly C[]): Array<DrawnCard<C>> {
  return cards.map((card) => ({ ...card, place: { label: card.place.label, lat: card.place.lat, lng: card.place.lng } }));
}

/** The map markers of a page of cards (those with coordinates), drawn from the cards the page already has. */
export function mapPointsOf<C extends Pick<ListingCardView, "id" | "href" | "price"> & { place: Pick<PlaceView, "lat" | "lng"> }>(cards: readonly C[], titleOf: (card: C) => string): MapPoint[] {
  return cards.flatMap((card) =>
    card.place.lat !== null && card.place.lng !== null
      ? [{ id: card.id, href: card.href, title: titleOf(card), lat: card.place.lat, lng: card.place.lng, price: card.price }]
      : [],
  );
}

/** One marker of a results map. */
export type MapPoint = {
  id: string;
  href: string;
  title: string;
  lat: number;
  lng: number;
  price: PriceView | null;
};

/** The description in the page's language, else in the first language it was written in. */
export function pickDescription(description: LocalizedText | undefined, lang: Lang): { text: string; lang: Lang } | null {
  if (!description) return null;
  const own = description[lang];
  if (own) return { text: own, lang };
  for (const other of ["es", "en", "fr", "de"] as const) {
    const text = description[other];
    if (text) return { text, lang: other };
  }
  return null;
}

/** Text for a meta description: one line, at most `max` characters, cut at a word. */
export function summarize(text: string, max = 160): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------
// Boat search pages

/** The canonical boat search: every type. */
export const BOAT_SEARCH_CANONICAL = href("boat-search");

/** The search pages with a preset type (their own path), by path: motor, sail and water scooters. */
export const presetSearchPages: ReadonlyArray<{ path: string; type: BoatTypeId }> = boatTypes
  .filter((type) => !type.searchPath.includes("?"))
  .map((type) => ({ path: type.searchPath, type: type.id }));

/** The preset type of a search page path (without language prefix), or null for the canonical search. */
export function presetTypeOf(path: string): BoatTypeId | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return presetSearchPages.find((page) => page.path === normalized)?.type ?? null;
}

// ---------------------------------------------------------------------------------------------
// Query strings

type QueryValue = string | number | boolean | undefined | null;

/**
 * A parsed search query back to its URL form, leaving out empty values and `omit` keys:
 * booleans become `on` (what a checked checkbox sends), the form the parser reads back.
 */
export function toSearchParams(query: Record<string, QueryValue>, omit: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (omit.includes(key) || value === undefined || value === null || value === "" || value === false) continue;
    params.set(key, value === true ? "on" : String(value));
  }
  return params;
}

/** `path?query`, or just the path when the query is empty. */
export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A submitted search form as a compact query: without empty fields (except `keepEmpty` ones,
 * whose emptiness means something) and without fields equal to their `defaults` (`sort=relevance`).
 */
export function compactFormData(formData: FormData, defaults: Record<string, string> = {}, keepEmpty: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of formData) {
    if (typeof value !== "string") continue;
    const trimmed = value.trim();
    if ((trimmed === "" && !keepEmpty.includes(key)) || defaults[key] === trimmed) continue;
    params.append(key, trimmed);
  }
  return params;
}

// ---------------------------------------------------------------------------------------------
// Titles

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A dock's title, which it has none of: "Finger berth in Port Vell" (plus its number), from the
 * `listing` namespace. Shared by the pages (`useTranslation`) and loaders (`getFixedT`).
 */
export function dockTitle(t: Translate, dock: { berthType: BerthType | null; berthNumber: string | null; place: Pick<PlaceView, "portName" | "city"> }): string {
  const type = dock.berthType ? t(`berthTypes.${dock.berthType}`) : t("dock.berth");
  const where = dock.place.portName ?? dock.place.city;
  const base = where ? t("dock.title", { type, place: where }) : type;
  return dock.berthNumber ? t("dock.titleWithNumber", { title: base, number: dock.berthNumber }) : base;
}
