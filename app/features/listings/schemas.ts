import { z } from "zod";
import { boatStepRules, boatStepShape, type BoatStep } from "./boat-schemas";
import { dockStepShape, rentRule, type DockStep } from "./dock-schemas";
import { MAX_SEARCH_PRICE_EUROS, SEARCH_MAX_PAGES, type BoatTypeId } from "#app/features/search";
import { MAX_PHOTOS, MIN_PHOTOS } from "./schema-fields";
import { listingLimits } from "./limits";
import { dockKinds, dockSortOptions, type DockKind } from "#app/features/search";

/**
 * The listing forms' schemas (boats and docks), shared by the browser (conform) and the domain
 * (`app/features/listings/.server.ts`), which validates every step it saves with the same schema.
 *
 * The forms save step by step, so each kind has STEP schemas (`boatStepSchema(step, type)`,
 * `dockStepSchema(step, kind)`) and a complete schema a listing must satisfy to be published
 * (`publishableBoatSchema`, `publishableDockSchema`). All money is in integer euro cents.
 * Messages come from the translated zod error map; custom ones name a key of the `validation`
 * namespace under `listing.`.
 *
 * This file is the door: the building blocks are in `schema-fields.ts`, the boats' schemas in
 * `boat-schemas.ts`, the docks' in `dock-schemas.ts`; photos and the dock search stay here.
 */
export { boatTypeIds, licenceCovers, licences, type BoatTypeId, type Licence } from "#app/features/search";

// The bounds live in a module without zod (search pages use them in the browser).
export { listingLimits } from "./limits";
export { dockKinds, type DockKind } from "#app/features/search";
export {
  fuelTypes,
  type FuelType,
  skipperModes,
  type SkipperMode,
  fuelPolicies,
  type FuelPolicy,
  cancellationPolicies,
  type CancellationPolicy,
  boatEquipment,
  type BoatEquipment,
  berthTypes,
  type BerthType,
  MIN_PHOTOS,
  MAX_PHOTOS,
  RENT_DAYS_PER_MONTH,
  meetingShape,
  meetingSchema,
  type LocalizedText,
  descriptionSchema,
  type HomePort,
  homePortSchema,
  skipperSchema,
  type Skipper,
} from "./schema-fields";
export {
  boatSteps,
  type BoatStep,
  boatStepSchema,
  boatStepFields,
  boatEquipmentFor,
  fuelTypesFor,
  publishableBoatSchema,
  publishableBoatSchemaFor,
  type BoatData,
  type BoatFields,
  type BoatDraftData,
  type BoatStepData,
} from "./boat-schemas";
export {
  dockSteps,
  type DockStep,
  dockServicesSchema,
  type DockServices,
  dockStepSchema,
  dockStepFields,
  publishableDockSchema,
  publishableDockSchemaFor,
  type DockData,
  type SaleDockData,
  type RentDockData,
  type DockFields,
  type DockDraftData,
  type DockStepData,
} from "./dock-schemas";

export function stepShape(kind: "boat" | "dock", step: BoatStep | DockStep, variant: string): z.ZodRawShape {
  return kind === "boat" ? boatStepShape(step as BoatStep, variant as BoatTypeId) : dockStepShape(step as DockStep, variant as DockKind);
}

/** The fields a step's cross-field rule objects to, for these (parsed) values. */
export function crossFieldObjections(kind: "boat" | "dock", step: BoatStep | DockStep, variant: string, values: Record<string, unknown>): string[] {
  const rule = kind === "boat" ? boatStepRules[step as BoatStep] : step === "pricing" && variant === "rent" ? rentRule : undefined;
  if (!rule) return [];
  const fields: string[] = [];
  const ctx = { addIssue: (issue: { path?: Array<string | number> }) => fields.push(String(issue.path?.[0] ?? "")), path: [] } as unknown as z.RefinementCtx;
  rule(values, ctx);
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Photos

/**
 * A photo as the listing keeps it: the blob store's id of the resized set, the original's size,
 * a tiny placeholder (e.g. a data URI or a blurhash) and the widths that were produced.
 */
export const listingPhotoSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
  placeholder: z.string().max(10_000),
  widths: z.array(z.number().int().min(1).max(20_000)).min(1).max(16),
  /** Where the variants live under /photos/ (`<ownerPrefix>/<id>`): `photoSrcSet(photo.folder, photo.widths)`. */
  folder: z.string().regex(/^[a-z0-9_-][a-z0-9._-]*(?:\/[a-z0-9_-][a-z0-9._-]*)*$/).max(300),
});
export type ListingPhoto = z.output<typeof listingPhotoSchema>;

/** A listing's photos in display order (the first is the cover): at most MAX_PHOTOS, each once. */
export const listingPhotosSchema = z
  .array(listingPhotoSchema)
  .superRefine((photos, ctx) => {
    if (photos.length > MAX_PHOTOS) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, params: { i18n: { key: "listing.photoCount", values: { min: MIN_PHOTOS, max: MAX_PHOTOS } } } });
    }
    const seen = new Set<string>();
    photos.forEach((photo, index) => {
      if (seen.has(photo.id)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "id"], params: { i18n: "listing.duplicatePhoto" } });
      seen.add(photo.id);
    });
  });

// ---------------------------------------------------------------------------------------------
// Dock search

export { dockSortOptions, type DockSort } from "#app/features/search";

const searchPrice = z.number().int().min(0).max(MAX_SEARCH_PRICE_EUROS);

/**
 * The dock search's query. `place` is a port (slug or name), a city or a region; the minimums
 * are metres; `minPrice`/`maxPrice` are whole euros: the sale price for docks for sale, the
 * monthly price for docks for rent (see RENT_DAYS_PER_MONTH).
 */
export const dockSearchSchema = z
  .object({
    kind: z.enum(dockKinds).optional(),
    place: z.string().trim().max(80).optional(),
    minLengthM: z.number().min(0).max(listingLimits.dock.maxLengthM.max).optional(),
    minBeamM: z.number().min(0).max(listingLimits.dock.maxBeamM.max).optional(),
    minDepthM: z.number().min(0).max(listingLimits.dock.depthM.max).optional(),
    minPrice: searchPrice.optional(),
    maxPrice: searchPrice.optional(),
    sort: z.enum(dockSortOptions).optional(),
    page: z.number().int().min(1).max(SEARCH_MAX_PAGES).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["maxPrice"], params: { i18n: "listing.priceRange" } });
    }
  });
export type DockSearch = z.infer<typeof dockSearchSchema>;
