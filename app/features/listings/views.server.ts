import { parseWithZod } from "@conform-to/zod";
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { i18n as I18n } from "i18next";
import type { z } from "zod";
import { localizePath, type Lang } from "#app/i18n";
import type {
  BoatCardView,
  CardPhotoView,
  DockCardView,
  GalleryPhotoView,
  MapPoint,
  OwnerView,
  PhotoView,
  PlaceView,
  PriceView,
} from "#app/features/listings/view";
import type { ListingPhoto } from "#app/features/listings/schemas";
import { photoSrcSet, photoUrl, pickPhotoWidth } from "#app/utils/photos";
import { CARD_PHOTO_MAX_WIDTH } from "#app/features/listings/view";
import { coercedSchema } from "#app/utils/form-coercion";
import { zodErrorMap } from "#app/utils/zod-errors";
import type { BoatListing, DockListing, Listing, ListingsService, PublishedRef } from "#app/features/listings/.server";
import type { Port } from "#app/features/ports/.server";
import type { UserProfile, UsersService } from "#app/features/profiles/.server";
import type { Config } from "#app/.server/config";
import { dateTimeFormat, displayNamesOf } from "#app/framework/intl";
import { href } from "#app/utils/href";
import { boatTariff, priceRental } from "#app/features/bookings";

/**
 * The listing pages' server half: turns the listings domain's documents into the view models
 * of `#app/features/listings/view` (photo URLs, places with port names, prices, owners' public
 * data), and parses search queries leniently. Routes call these after the domain, so the
 * browser never receives a listing document (it holds the owner's uid).
 */

// ---------------------------------------------------------------------------------------------
// Photos

const PHOTO_FOLDER = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)+$/;

function isShowable(photo: ListingPhoto): boolean {
  return PHOTO_FOLDER.test(photo.folder) && !photo.folder.split("/").includes("..") && photo.widths.length > 0;
}

/**
 * A photo of a listing as an `<img>` needs it (`src` at about `srcWidth` pixels); null for
 * metadata that cannot name a stored photo. `listing` is kept for callers that pass it.
 */
export function photoView(_listing: Pick<Listing, "kind" | "id">, photo: ListingPhoto, srcWidth = 640): PhotoView | null {
  if (!isShowable(photo)) return null;
  return {
    src: photoUrl(photo.folder, pickPhotoWidth(photo.widths, srcWidth)),
    srcSet: photoSrcSet(photo.folder, photo.widths),
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder.startsWith("data:image/") ? photo.placeholder : null,
  };
}

/**
 * A card's photo: the folder and the widths up to CARD_PHOTO_MAX_WIDTH (the card writes the
 * URLs), and the placeholder when `placeholder` is asked for (the first results draw one).
 */
export function cardPhotoView(photo: ListingPhoto | undefined, placeholder = true): CardPhotoView | null {
  if (!photo || !isShowable(photo)) return null;
  const narrow = photo.widths.filter((width) => width <= CARD_PHOTO_MAX_WIDTH);
  return {
    folder: photo.folder,
    widths: narrow.length > 0 ? narrow : [Math.min(...photo.widths)],
    width: photo.width,
    height: photo.height,
    placeholder: placeholder && photo.placeholder.startsWith("data:image/") ? photo.placeholder : null,
  };
}

/** A listing's photos for its page: the folder and widths of each (the page writes the URLs). */
export function photoViews(listing: Listing): GalleryPhotoView[] {
  return listing.photos.flatMap((photo) => {
    const view = cardPhotoView(photo);
    return view && photo.widths.length > 0 ? [{ ...view, widths: [...photo.widths].sort((a, b) => a - b) }] : [];
  });
}

/** The absolute URL of a listing's cover for social cards (about 1200 px wide), or null. */
export function coverImageUrl(listing: Listing, origin: string): { url: string; width: number; height: number } | null {
  const cover = listing.photos.find(isShowable);
  if (!cover) return null;
  const width = pickPhotoWidth(cover.widths, 1200);
  return {
    url: origin + photoUrl(cover.folder, width),
    width,
    height: Math.round((cover.height * width) / cover.width),
  };
}

// ---------------------------------------------------------------------------------------------
// Places, owners, prices

export function placeView(listing: Listing, portsBySlug: ReadonlyMap<string, Port>): PlaceView {
  const port = listing.portSlug ? portsBySlug.get(listing.portSlug) ?? null : null;
  const city = port?.city ?? listing.city;
  const label = port ? `${port.name}, ${port.city}` : city;
  return { label: label ?? null, portName: port?.name ?? null, city: city ?? null, region: listing.region, lat: listing.lat, lng: listing.lng };
}

export function portsBySlug(ports: readonly Port[]): Map<string, Port> {
  return new Map(ports.map((port) => [port.slug, port]));
}

export function ownerView(profile: UserProfile): OwnerView {
  return {
    slug: profile.slug,
    displayName: profile.displayName,
    photo: profile.photo,
    professional: profile.kind === "professional",
    companyName: profile.company?.name ?? null,
    createdAt: profile.createdAt,
  };
}

/** The public side of the owners of a page of listings, in one batch read, keyed by uid. */
export async function ownersOf(users: UsersService, uids: readonly string[]): Promise<Map<string, OwnerView>> {
  const owners = new Map<string, OwnerView>();
  for (const [uid, profile] of await users.getMany(uids)) owners.set(uid, ownerView(profile));
  return owners;
}

export async function ownerOf(users: UsersService, uid: string): Promise<OwnerView | null> {
  return (await ownersOf(users, [uid])).get(uid) ?? null;
}

/** A dock's headline price: the sale price, or for rent the monthly price (else the daily one). */
function dockPrice(listing: DockListing): PriceView | null {
  const data = listing.data;
  if (data.kind === "sale" && data.priceCents !== undefined) return { cents: data.priceCents, unit: "total" };
  if (data.kind === "rent") {
    if (data.monthlyPriceCents !== undefined) return { cents: data.monthlyPriceCents, unit: "month" };
    if (data.dailyPriceCents !== undefined) return { cents: data.dailyPriceCents, unit: "day" };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Cards and map points

export function boatCard(listing: BoatListing, ports: ReadonlyMap<string, Port>, owners: ReadonlyMap<string, OwnerView>): BoatCardView {
  const data = listing.data;
  const cover = listing.photos[0];
  return {
    kind: "boat",
    id: listing.id,
    href: href("boat", { params: { id: listing.id } }),
    title: data.title ?? null,
    boatType: data.type ?? null,
    capacity: data.capacity ?? null,
    lengthM: data.lengthM ?? null,
    place: placeView(listing, ports),
    price: data.dayPriceCents !== undefined ? { cents: data.dayPriceCents, unit: "day" } : null,
    instantBooking: data.instantBooking === true,
    professional: owners.get(listing.ownerUid)?.professional ?? false,
    photo: cardPhotoView(cover),
  };
}

/**
 * What `days` days on a boat come to for the renter (rental, skipper when mandatory, service
 * fee at `feePercent`, the payment mode's: the summary's total, by the same function), or null for
 * a boat without a day price.
 */
export function boatTripTotal(listing: BoatListing, days: number, feePercent: number, start?: string | null): { days: number; totalCents: number } | null {
  if (days < 1 || listing.data.dayPriceCents === undefined) return null;
  try {
    // From the first day on, each day at its own price (seasons, weekends: `day-prices.ts`).
    const tariff = boatTariff({ ...listing.data, skipper: listing.data.skipper ?? null }, feePercent, listing.pricing ?? null);
    return { days, totalCents: priceRental(tariff, { kind: "days", days, start: start ?? undefined }).totalCents };
  } catch {
    return null;
  }
}

export function dockCard(listing: DockListing, ports: ReadonlyMap<string, Port>, owners: ReadonlyMap<string, OwnerView>): DockCardView {
  const data = listing.data;
  const cover = listing.photos[0];
  return {
    kind: "dock",
    id: listing.id,
    href: href("dock", { params: { id: listing.id } }),
    dockKind: data.kind ?? null,
    berthType: data.berthType ?? null,
    berthNumber: data.berthNumber ?? null,
    maxLengthM: data.maxLengthM ?? null,
    maxBeamM: data.maxBeamM ?? null,
    depthM: data.depthM ?? null,
    place: placeView(listing, ports),
    price: dockPrice(listing),
    professional: owners.get(listing.ownerUid)?.professional ?? false,
    photo: cardPhotoView(cover),
  };
}

/** The map markers of a page of cards: those with coordinates. */
export function mapPoints(cards: ReadonlyArray<BoatCardView | DockCardView>, titleOf: (card: BoatCardView | DockCardView) => string): MapPoint[] {
  return cards.flatMap((card) =>
    card.place.lat !== null && card.place.lng !== null
      ? [{ id: card.id, href: card.href, title: titleOf(card), lat: card.place.lat, lng: card.place.lng, price: card.price }]
      : [],
  );
}

// ---------------------------------------------------------------------------------------------
// Search queries

export type FieldErrors = Record<string, string[]>;

export type ParsedSearch<T> = {
  /** The valid part of the query: invalid parameters are left out. */
  query: T;
  /** Translated messages of the invalid parameters, by parameter (empty when all were valid). */
  errors: FieldErrors;
  /** conform's reply for the filter form (shows the messages beside the fields), or null. */
  lastResult: SubmissionResult<string[]> | null;
};

/**
 * Parses a search's query string with its zod schema, the way the filter form submits it
 * (conform's coercion: empty values are absent, numbers and `on` checkboxes coerced). Invalid
 * parameters are dropped one round at a time (a cross-field rule names the field it blames)
 * until the rest parses, so a malformed link still searches with what it got right.
 */
export function parseSearch<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  params: URLSearchParams,
  t: I18n["t"],
): ParsedSearch<T> {
  const errorMap = zodErrorMap(t);
  const coerced = coercedSchema(schema);
  const parse = (input: URLSearchParams) => parseWithZod(input, { schema: coerced, errorMap, disableAutoCoercion: true }) as Submission<unknown, string[], T>;
  const first = parse(params);
  if (first.status === "success") return { query: first.value, errors: {}, lastResult: null };

  const errors: FieldErrors = {};
  let remaining = new URLSearchParams(params);
  let submission: Submission<unknown, string[], T> = first;
  const rootOf = (name: string) => name.split(/[.[]/)[0];
  for (let round = 0; round < 8 && submission.status !== "success"; round++) {
    const bad = new Set<string>();
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (!messages || messages.length === 0) continue;
      bad.add(rootOf(name));
      if (!errors[rootOf(name)]) errors[rootOf(name)] = messages;
    }
    let next = new URLSearchParams([...remaining].filter(([key]) => !bad.has(rootOf(key))));
    if (next.size === remaining.size) {
      // The rule blames a field that is absent (`to` without `from`): leave out the parameter
      // whose removal lets the rest parse, else give up on the query.
      const keys = [...new Set([...remaining.keys()].map(rootOf))];
      const fix = keys.find((key) => parse(new URLSearchParams([...remaining].filter(([name]) => rootOf(name) !== key))).status === "success");
      if (fix === undefined) break;
      next = new URLSearchParams([...remaining].filter(([name]) => rootOf(name) !== fix));
    }
    remaining = next;
    submission = parse(remaining);
  }
  const query = submission.status === "success" ? submission.value : schema.parse({});
  return { query, errors, lastResult: first.reply() };
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The site's public origin (PUBLIC_URL, else the request's), without a trailing slash. */
export function publicOrigin(request: Request, config: Pick<Config, "PUBLIC_URL">): string {
  return config.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
}

/** The edit form of a listing, for its owner (`?id=` resumes a draft or edits a listing). */
export function editPath(listing: Listing, lang: Lang): string {
  const form =
    listing.kind === "boat"
      ? { motor: "add-motor-boat", sail: "add-vela-boat", fishing: "add-pesca-boat", jetski: "add-moto-agua" }[listing.data.type ?? "motor"]
      : listing.data.kind === "rent"
        ? "add-dock-rent"
        : "add-dock-buy";
  return localizePath(`/${listing.kind}/form/${form}?id=${encodeURIComponent(listing.id)}`, lang);
}

// ---------------------------------------------------------------------------------------------
// The sitemap

export type { PublishedRef } from "#app/features/listings/.server";

/** Every published listing, for the sitemap (the listings service pages through them). */
export function publishedListingRefs(listings: ListingsService): Promise<PublishedRef[]> {
  return listings.publishedRefs();
}

/** A language's name as it reads inside a sentence of another language: "inglés", "English", "Spanisch". */
export function languageName(code: Lang, iso: string): string {
  return displayNamesOf(iso, { type: "language" }).of(code) ?? code;
}

/** "julio de 2024": when a person joined, in the page's language. */
export function memberSince(createdAt: string, iso: string): string {
  return dateTimeFormat(iso, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(createdAt));
}
