import type { z } from "zod";
import { boatTypeIds, type BoatTypeId, type Licence } from "#app/features/search";
import {
  boatStepFields,
  boatSteps,
  boatStepSchema,
  crossFieldObjections,
  dockKinds,
  dockStepFields,
  dockSteps,
  dockStepSchema,
  listingPhotosSchema,
  MIN_PHOTOS,
  publishableBoatSchemaFor,
  publishableDockSchemaFor,
  stepShape,
  type BoatStep,
  type DockKind,
  type DockStep,
  type HomePort,
  type ListingPhoto,
} from "#app/features/listings/schemas";
import type { Port } from "#app/features/ports/.server";
import { isLessorComplete, type UserProfile } from "#app/features/profiles/.server";
import { customIssue, invalid, ListingError, type Listing, type ListingContent, type ListingData, type ListingKind, type ListingPlace, type ListingStatus } from "./model";
import { placeOfCity, placeOfPort } from "./places";
import { legalMinimumLicence, licenceAllowed } from "#app/features/licences/.server";

/**
 * The listing's rules as pure functions: which steps and fields exist for a boat type or dock
 * kind, what a step accepts, what keeps a listing from being published, and which status
 * changes are allowed.
 */

/** The data's variant: the boat type or the dock kind, when chosen. */
export function variantOf(listing: ListingData): string | undefined {
  return listing.kind === "boat" ? listing.data.type : listing.data.kind;
}

function fieldOrder(kind: ListingKind, variant: string): string[] {
  return kind === "boat"
    ? boatSteps.flatMap((step) => boatStepFields(step, variant as BoatTypeId))
    : dockSteps.flatMap((step) => dockStepFields(step, variant as DockKind));
}

/** The top-level data fields that keep a listing from being publishable, in form order. */
export function missingDataFields(listing: ListingData): string[] {
  const chosen = variantOf(listing);
  const variant = chosen ?? (listing.kind === "boat" ? "motor" : "sale");
  const schema = listing.kind === "boat" ? publishableBoatSchemaFor(variant as BoatTypeId) : publishableDockSchemaFor(variant as DockKind);
  const result = schema.safeParse({ ...listing.data, [listing.kind === "boat" ? "type" : "kind"]: variant });
  const keys = new Set<string>(chosen === undefined ? [listing.kind === "boat" ? "type" : "kind"] : []);
  if (!result.success) for (const issue of result.error.issues) keys.add(String(issue.path[0] ?? "data"));
  const order = fieldOrder(listing.kind, variant);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

/**
 * What keeps a listing from being published: its missing (or inconsistent) data fields in form
 * order, then `photos` (fewer than MIN_PHOTOS) and `lessorProfile` (the owner has not completed
 * their lessor profile). Empty when it can be published.
 */
export function missingForPublish(listing: ListingContent, ownerProfile: Pick<UserProfile, "lessor"> | null): string[] {
  const missing = missingDataFields(listing);
  if (listing.photos.length < MIN_PHOTOS) missing.push("photos");
  if (!ownerProfile || !isLessorComplete(ownerProfile)) missing.push("lessorProfile");
  return missing;
}

/**
 * Removes fields that do not belong to the data's variant: a scooter's extras once the type is
 * another, the other kind's prices once a dock changes between sale and rent. (Without a type or
 * kind, only the steps that do not depend on it can have been saved.)
 */
export function pruneToVariant(kind: ListingKind, data: Record<string, unknown>): void {
  const variant = kind === "boat" ? ((data.type as string | undefined) ?? "motor") : ((data.kind as string | undefined) ?? "sale");
  const allowed = new Set(fieldOrder(kind, variant));
  for (const key of Object.keys(data)) if (!allowed.has(key)) delete data[key];
}

/** Validates one step's input for a listing; returns the fields it writes and their values. */
export function validateStep(listing: Listing, step: string, input: unknown): { fields: string[]; values: Record<string, unknown> } {
  if (listing.kind === "boat") {
    if (!(boatSteps as readonly string[]).includes(step)) invalid([customIssue(["step"], "listing.unknownStep")]);
    const boatStep = step as BoatStep;
    const type = listing.data.type;
    if (type === undefined && (boatStep === "pricing" || boatStep === "conditions")) invalid([customIssue(["type"], "listing.chooseTypeFirst")]);
    const variant = boatStep === "basics" ? "motor" : (type ?? "motor");
    const result = boatStepSchema(boatStep, variant).safeParse(input);
    if (!result.success) invalid(result.error.issues);
    const values = result.data as Record<string, unknown>;
    if (boatStep === "conditions") refuseLicenceBelowLaw(listing, values);
    return { fields: boatStepFields(boatStep, variant), values };
  }
  if (!(dockSteps as readonly string[]).includes(step)) invalid([customIssue(["step"], "listing.unknownStep")]);
  const dockStep = step as DockStep;
  const kind = listing.data.kind;
  if (kind === undefined && dockStep === "pricing") invalid([customIssue(["kind"], "listing.chooseTypeFirst")]);
  const variant = kind ?? "sale";
  const result = dockStepSchema(dockStep, variant).safeParse(input);
  if (!result.success) invalid(result.error.issues);
  return { fields: dockStepFields(dockStep, variant), values: result.data as Record<string, unknown> };
}

/**
 * What can be kept of one step left half-filled ("save and leave"): each field the input names
 * is checked on its own; a valid one is kept (undefined: an optional field emptied, to remove),
 * an invalid or missing required one is left out, so the listing keeps what it had. The step's
 * cross-field rule then drops the new values it objects to (against the values kept before).
 */
export function validStepFields(listing: Listing, step: string, input: unknown): Record<string, unknown> {
  const steps: readonly string[] = listing.kind === "boat" ? boatSteps : dockSteps;
  if (!steps.includes(step)) invalid([customIssue(["step"], "listing.unknownStep")]);
  const variant = variantOf(listing) ?? (listing.kind === "boat" ? "motor" : "sale");
  const shape = stepShape(listing.kind, step as BoatStep | DockStep, variant);
  const raw = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (!(name in raw)) continue;
    const parsed = field.safeParse(raw[name]);
    if (parsed.success) kept[name] = parsed.data;
  }
  const previous = listing.data as Record<string, unknown>;
  for (let round = 0; round < Object.keys(shape).length; round += 1) {
    const merged = { ...previous, ...kept };
    const objections = crossFieldObjections(listing.kind, step as BoatStep | DockStep, variant, merged).filter((name) => name in kept);
    if (objections.length === 0) break;
    for (const name of objections) delete kept[name];
  }
  if (listing.kind === "boat" && step === "conditions" && typeof kept.licence === "string" && !licenceAllowed(listing.data, kept.licence as Licence)) delete kept.licence;
  return kept;
}

/**
 * An owner may ask for more than the law, never less (issue 49): a licence below the legal minimum
 * of the boat's type, length and power (saved before, in the specs step) is refused on its field.
 */
function refuseLicenceBelowLaw(listing: Listing, values: Record<string, unknown>): void {
  if (listing.kind !== "boat" || typeof values.licence !== "string") return;
  if (licenceAllowed(listing.data, values.licence as Licence)) return;
  invalid([customIssue(["licence"], `licences:belowMinimum.${legalMinimumLicence(listing.data)}`)]);
}

/** A new listing's data: boats may name their type and docks sale or rent from the start. */
export function initialData(kind: ListingKind, variant: BoatTypeId | DockKind | undefined): Record<string, unknown> {
  if (kind === "boat") {
    if (variant !== undefined && !(boatTypeIds as readonly string[]).includes(variant)) invalid([customIssue(["type"], "listing.chooseTypeFirst")]);
    return variant === undefined ? {} : { type: variant };
  }
  if (kind === "dock") {
    if (variant !== undefined && !(dockKinds as readonly string[]).includes(variant)) invalid([customIssue(["kind"], "listing.chooseTypeFirst")]);
    return variant === undefined ? {} : { kind: variant };
  }
  invalid([customIssue(["kind"], "listing.chooseTypeFirst")]);
}

/** Validates the photos' metadata (display order, at most MAX_PHOTOS, each once). */
export function parsePhotos(photos: unknown): ListingPhoto[] {
  const parsed = listingPhotosSchema.safeParse(photos);
  if (!parsed.success) invalid(parsed.error.issues);
  return parsed.data;
}

/**
 * One item of a bulk import, checked as `publish` checks a listing: the publishable schema,
 * 1–20 photos and an existing port. Issues' paths start with the item's index.
 */
export function validateImportItem(
  item: { kind: ListingKind; data: unknown; photos: ListingPhoto[] },
  index: number,
  portList: readonly Port[],
  portBySlug: ReadonlyMap<string, Port>,
): { data: Record<string, unknown>; photos: ListingPhoto[]; place: ListingPlace } {
  const withIndex: (issues: z.ZodIssue[]) => never = (issues) => invalid(issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })));
  const photos = listingPhotosSchema.safeParse(item.photos);
  if (!photos.success) withIndex(photos.error.issues);
  if (photos.data.length < MIN_PHOTOS) throw new ListingError("incomplete", { missing: ["photos"] });
  const variantKey = item.kind === "boat" ? "type" : "kind";
  const variant = (item.data as Record<string, unknown> | null)?.[variantKey];
  const schema =
    item.kind === "boat"
      ? (boatTypeIds as readonly unknown[]).includes(variant)
        ? publishableBoatSchemaFor(variant as BoatTypeId)
        : null
      : (dockKinds as readonly unknown[]).includes(variant)
        ? publishableDockSchemaFor(variant as DockKind)
        : null;
  if (!schema) withIndex([customIssue([variantKey], "listing.chooseTypeFirst")]);
  const parsed = schema.safeParse(item.data);
  if (!parsed.success) withIndex(parsed.error.issues);
  const data = parsed.data as Record<string, unknown>;
  let place: ListingPlace;
  if (item.kind === "boat") {
    const home = data.homePort as HomePort;
    if ("portSlug" in home) {
      const port = portBySlug.get(home.portSlug);
      if (!port) withIndex([customIssue(["homePort", "portSlug"], "listing.unknownPort")]);
      place = placeOfPort(port);
    } else {
      place = placeOfCity(home, portList);
    }
  } else {
    const port = portBySlug.get(data.portSlug as string);
    if (!port) withIndex([customIssue(["portSlug"], "listing.unknownPort")]);
    place = placeOfPort(port);
  }
  return { data, photos: photos.data, place };
}

// ---------------------------------------------------------------------------------------------
// Status

export type Transition = "publish" | "pause" | "resume" | "archive";

/** The allowed status changes: from where, to what, and whether the listing must be complete. */
export const transitions: Record<Transition, { from: readonly ListingStatus[]; to: ListingStatus; needsComplete: boolean }> = {
  publish: { from: ["draft"], to: "published", needsComplete: true },
  pause: { from: ["published"], to: "paused", needsComplete: false },
  resume: { from: ["paused"], to: "published", needsComplete: true },
  archive: { from: ["draft", "published", "paused"], to: "archived", needsComplete: false },
};
