/**
 * How far a listing is and how the owner's pages show it: the steps done, where to resume, the
 * summary card, the review's missing items (shared by the form, the drafts and the owner's listings).
 */
import type { Listing } from "#app/features/listings/.server";
import type { DomainServices } from "#app/.server/services";
import { photoView } from "#app/features/listings/views.server";
import { dataSteps, formSteps, LESSOR_PROFILE_PATH, stepFields, stepHref, stepOfField, type DataStep, type FormStep } from "#app/features/listings/form";
import { boatStepSchema, dockStepSchema, type BoatStep, type DockStep, type ListingPhoto } from "#app/features/listings/schemas";
import type { PhotoView } from "#app/features/listings/view";
import { href } from "#app/utils/href";
import { MIN_PHOTOS } from "#app/utils/photos";
import type { Lang } from "#app/i18n";
import { variantOf } from "./env.server";

export type PhotoItem = PhotoView & { id: string };

/** A photo of the listing for the form's list, with its id (null for metadata naming no stored photo). */
export function photoItem(listing: Pick<Listing, "kind" | "id">, photo: ListingPhoto, target = 640): PhotoItem | null {
  const view = photoView(listing, photo, target);
  return view ? { id: photo.id, ...view } : null;
}

function stepComplete(listing: Listing, step: DataStep): boolean {
  const variant = variantOf(listing);
  if (variant === undefined) return false;
  const stored = listing.data as Record<string, unknown>;
  const values = Object.fromEntries(stepFields(listing.kind, step, variant).map((field) => [field, stored[field]]));
  const schema = listing.kind === "boat" ? boatStepSchema(step as BoatStep, listing.data.type!) : dockStepSchema(step as DockStep, listing.data.kind!);
  return schema.safeParse(values).success;
}

/** The steps done: the data steps and photos when complete, the review once the listing is published. */
export function stepsDone(listing: Listing): FormStep[] {
  const done: FormStep[] = dataSteps(listing.kind).filter((step) => stepComplete(listing, step));
  if (listing.photos.length >= MIN_PHOTOS) done.push("photos");
  if (listing.status === "published" || listing.status === "paused") done.push("review");
  return done;
}

/** Where to resume a listing: its first step not done yet, else the review. */
export function firstOpenStep(listing: Listing): FormStep {
  const done = stepsDone(listing);
  return formSteps(listing.kind).find((step) => step !== "review" && !done.includes(step)) ?? "review";
}

/** How far a listing is: steps done of the form's steps (the same list the form's indicator shows). */
export function progressOf(listing: Listing) {
  return { done: stepsDone(listing).length, total: formSteps(listing.kind).length };
}

/**
 * What the owner's pages call a listing: what its public pages and emails call it
 * (`listings.titleIfAny`: a boat's title, a berth's type, port and number in `lang`), null for a
 * boat not titled yet (the page says "untitled").
 */
export function listingTitle(services: Pick<DomainServices, "listings">, listing: Listing, lang: Lang): Promise<string | null> {
  return services.listings.titleIfAny(listing, lang);
}

/** The owner's listings as his pages show them (`listingSummary`), each named as the public pages name it. */
export async function listingSummaries(services: Pick<DomainServices, "listings" | "ports">, listings: readonly Listing[], lang: Lang) {
  const [portNames, titles] = await Promise.all([portNamesOf(services), Promise.all(listings.map((listing) => listingTitle(services, listing, lang)))]);
  return listings.map((listing, i) => listingSummary(listing, portNames, titles[i] ?? null));
}

/** A listing as the owner's pages show it: title (`listingTitle`), cover, place, main price and where to edit it. */
export function listingSummary(listing: Listing, portNames: ReadonlyMap<string, string>, title: string | null) {
  const variant = variantOf(listing) ?? null;
  let price: { cents: number; unit: "day" | "month" | "sale" } | null = null;
  if (listing.kind === "boat") {
    if (listing.data.dayPriceCents !== undefined) price = { cents: listing.data.dayPriceCents, unit: "day" };
  } else if (listing.data.kind === "sale" && listing.data.priceCents !== undefined) {
    price = { cents: listing.data.priceCents, unit: "sale" };
  } else if (listing.data.monthlyPriceCents !== undefined) {
    price = { cents: listing.data.monthlyPriceCents, unit: "month" };
  } else if (listing.data.dailyPriceCents !== undefined) {
    price = { cents: listing.data.dailyPriceCents, unit: "day" };
  }
  const cover = listing.photos[0];
  return {
    id: listing.id,
    kind: listing.kind,
    variant,
    status: listing.status,
    title,
    place: listing.portSlug ? (portNames.get(listing.portSlug) ?? listing.portSlug) : listing.city,
    cover: cover ? photoView(listing, cover, 320) : null,
    price,
    updatedAt: listing.updatedAt,
    progress: progressOf(listing),
    editHref: stepHref(listing.kind, variant ?? undefined, listing.id, "basics"),
    resumeHref: stepHref(listing.kind, variant ?? undefined, listing.id, firstOpenStep(listing)),
    viewHref: href(listing.kind, { params: { id: listing.id } }),
  };
}
export type ListingSummary = ReturnType<typeof listingSummary>;

export async function portNamesOf(services: Pick<DomainServices, "ports">): Promise<Map<string, string>> {
  return new Map((await services.ports.list()).map((port) => [port.slug, port.name]));
}

/** A "missing" item of the review: what it is and where to fix it (unprefixed path). */
export type MissingItem = { key: string; href: string };

export function missingItems(listing: Listing, keys: readonly string[]): MissingItem[] {
  const variant = variantOf(listing) ?? (listing.kind === "boat" ? "motor" : "sale");
  return keys.map((key) => {
    if (key === "lessorProfile") return { key, href: LESSOR_PROFILE_PATH };
    if (key === "photos") return { key, href: stepHref(listing.kind, variant, listing.id, "photos") };
    return { key, href: stepHref(listing.kind, variant, listing.id, stepOfField(listing.kind, variant, key) ?? "basics") };
  });
}
