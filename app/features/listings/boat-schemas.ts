/** The boat form's step schemas and the complete boat a listing must be to be published. */
import { z } from "zod";
import { boatTypeIds, licences, MAX_PEOPLE, type BoatTypeId } from "#app/features/search";
import { singleLine } from "#app/utils/text";
import { listingLimits } from "./limits";
import { applyRules, boatEquipment, cancellationPolicies, checkbox, type BoatEquipment, type CrossFieldRule, descriptionSchema, fuelPolicies, fuelTypes, type FuelType, homePortSchema, meetingShape, money, skipperSchema, withCrossFieldRule } from "./schema-fields";

// ---------------------------------------------------------------------------------------------
// Boats

export const boatSteps = ["basics", "specs", "location", "pricing", "conditions"] as const;
export type BoatStep = (typeof boatSteps)[number];

const boatStepShapes = {
  basics: {
    type: z.enum(boatTypeIds),
    // One line: line breaks become spaces and control characters go before it is checked and saved.
    title: z.preprocess((value) => (typeof value === "string" ? singleLine(value) : value), z.string().trim().min(listingLimits.title.min).max(listingLimits.title.max)),
    description: descriptionSchema,
  },
  specs: {
    make: z.string().trim().min(1).max(60),
    model: z.string().trim().min(1).max(60),
    year: z.number().int().min(listingLimits.year.min).max(listingLimits.year.max),
    lengthM: z.number().min(listingLimits.lengthM.min).max(listingLimits.lengthM.max),
    capacity: z.number().int().min(1).max(MAX_PEOPLE),
    cabins: z.number().int().min(0).max(listingLimits.cabinsMax),
    berths: z.number().int().min(0).max(listingLimits.berthsMax),
    enginePowerHp: z.number().int().min(0).max(listingLimits.enginePowerHpMax),
    fuel: z.enum(fuelTypes),
    equipment: z
      .array(z.enum(boatEquipment))
      .max(boatEquipment.length * 2)
      .default([])
      .transform((items) => boatEquipment.filter((id) => items.includes(id))),
  },
  location: {
    homePort: homePortSchema,
    ...meetingShape,
  },
  pricing: {
    dayPriceCents: money(listingLimits.dayPriceCents),
    halfDayPriceCents: money(listingLimits.dayPriceCents).optional(),
    weekPriceCents: money({ min: listingLimits.dayPriceCents.min, max: listingLimits.dayPriceCents.max * 7 }).optional(),
    depositCents: money({ min: 0, max: listingLimits.depositCentsMax }),
    skipper: skipperSchema,
  },
  conditions: {
    licence: z.enum(licences),
    fuelPolicy: z.enum(fuelPolicies),
    instantBooking: checkbox,
    cancellationPolicy: z.enum(cancellationPolicies),
  },
};

/** What fits on a water scooter from the equipment checklist (a galley, heads or cabin fittings do not). */
export const jetskiEquipment = ["gps", "vhf-radio", "bluetooth-audio", "snorkel-gear", "cooler"] as const satisfies readonly BoatEquipment[];

/** The equipment a type's form offers. */
export function boatEquipmentFor(type: BoatTypeId): readonly BoatEquipment[] {
  return type === "jetski" ? jetskiEquipment : boatEquipment;
}

/** The fuels a type's form offers: a motorboat and a water scooter run an engine ("none" is for sail and oars). */
export function fuelTypesFor(type: BoatTypeId): readonly FuelType[] {
  return type === "motor" || type === "jetski" ? fuelTypes.filter((fuel) => fuel !== "none") : fuelTypes;
}

/**
 * The specs a type asks for: every boat's, but a water scooter has no cabins or berths (what it
 * is sent of them is not kept); its fuels and equipment are the type's own (`fuelTypesFor`,
 * `boatEquipmentFor`).
 */
function specsShape(type: BoatTypeId): z.ZodRawShape {
  const { cabins, berths, ...scooter } = boatStepShapes.specs;
  const own = ownSpecs(type);
  return type === "jetski" ? { ...scooter, ...own } : { ...boatStepShapes.specs, cabins, berths, ...own };
}

/** A type's own fuel and equipment fields. */
function ownSpecs(type: BoatTypeId) {
  return {
    fuel: z.enum(fuelTypesFor(type) as [FuelType, ...FuelType[]]),
    // Kept in the type's list and order: an item the form does not offer (a scooter listed with a
    // galley before) is dropped, not refused, so no listing stops saving over it.
    equipment: z
      .array(z.enum(boatEquipment))
      .max(boatEquipment.length * 2)
      .default([])
      .transform((items) => boatEquipmentFor(type).filter((id) => items.includes(id))),
  };
}

/** Water scooters' extra fields (docs/PRODUCT.md "Boats"), by the step that asks for them. */
const jetskiStepShapes = {
  pricing: { hourPriceCents: money(listingLimits.hourPriceCents) },
  conditions: {
    minimumAge: z.number().int().min(listingLimits.minimumAge.min).max(listingLimits.minimumAge.max),
    guidedWithoutLicence: checkbox,
  },
};

/** Rules that tie fields of one step together (also applied to the complete listing). */
export const boatStepRules: Partial<Record<BoatStep, CrossFieldRule>> = {
  specs(value, ctx) {
    if (value.fuel === "none" && typeof value.enginePowerHp === "number" && value.enginePowerHp > 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fuel"], params: { i18n: "listing.engineNeedsFuel" } });
    }
  },
  pricing(value, ctx) {
    const day = value.dayPriceCents;
    if (typeof day !== "number") return;
    if (typeof value.halfDayPriceCents === "number" && value.halfDayPriceCents >= day) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["halfDayPriceCents"], params: { i18n: "listing.halfDayBelowDay" } });
    }
    if (typeof value.weekPriceCents === "number" && value.weekPriceCents > day * 7) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["weekPriceCents"], params: { i18n: "listing.weekAtMostSevenDays" } });
    }
  },
};

export function boatStepShape(step: BoatStep, type: BoatTypeId) {
  if (step === "specs") return specsShape(type);
  const extra = type === "jetski" && (step === "pricing" || step === "conditions") ? jetskiStepShapes[step] : {};
  return { ...boatStepShapes[step], ...extra } as z.ZodRawShape;
}

const boatStepSchemaCache = new Map<string, z.ZodTypeAny>();

/**
 * The schema of one step of the boat form for a boat type: water scooters' specs have no cabins
 * or berths, their pricing also asks for the hourly price, their conditions for the minimum age
 * and the guided session without licence; other types do not have those fields.
 */
export function boatStepSchema<S extends BoatStep>(step: S, type: BoatTypeId) {
  const key = `${step}:${type}`;
  let schema = boatStepSchemaCache.get(key);
  if (!schema) {
    schema = withCrossFieldRule(z.object(boatStepShape(step, type)), boatStepRules[step]);
    boatStepSchemaCache.set(key, schema);
  }
  return schema as z.ZodType<BoatStepData[S], z.ZodTypeDef, unknown>;
}

/** The field names a boat step writes (for that type), in form order. */
export function boatStepFields(step: BoatStep, type: BoatTypeId): string[] {
  return Object.keys(boatStepShape(step, type));
}

function boatObject<T extends BoatTypeId>(type: T) {
  const shape = boatSteps.reduce<z.ZodRawShape>((all, step) => ({ ...all, ...boatStepShape(step, type) }), {});
  return z.object({ ...shape, type: z.literal(type) });
}

const commonBoatObject = z.object({
  ...boatStepShapes.basics,
  ...boatStepShapes.specs,
  ...boatStepShapes.location,
  ...boatStepShapes.pricing,
  ...boatStepShapes.conditions,
});
const jetskiBoatObject = commonBoatObject
  .omit({ cabins: true, berths: true })
  .extend({ ...ownSpecs("jetski"), ...jetskiStepShapes.pricing, ...jetskiStepShapes.conditions, type: z.literal("jetski") });
const allBoatRules = applyRules(boatSteps.map((step) => boatStepRules[step]));

/** Everything a boat listing must hold to be published. */
export const publishableBoatSchema = z
  .discriminatedUnion("type", [
    commonBoatObject.extend({ ...ownSpecs("motor"), type: z.literal("motor") }),
    commonBoatObject.extend({ ...ownSpecs("sail"), type: z.literal("sail") }),
    commonBoatObject.extend({ ...ownSpecs("fishing"), type: z.literal("fishing") }),
    jetskiBoatObject,
  ])
  .superRefine(allBoatRules);

/** The publishable schema of one boat type (the per-type branch of `publishableBoatSchema`). */
export function publishableBoatSchemaFor(type: BoatTypeId) {
  return boatObject(type).superRefine(allBoatRules);
}

export type BoatData = z.output<typeof publishableBoatSchema>;
/** Every boat field, the water-scooter ones optional: a draft holds any subset of these. */
export type BoatFields = z.output<typeof commonBoatObject> & Partial<Omit<z.output<typeof jetskiBoatObject>, keyof z.output<typeof commonBoatObject>>>;
export type BoatDraftData = Partial<Omit<BoatFields, "type">> & { type?: BoatTypeId };
export type BoatStepData = {
  basics: Pick<BoatFields, "type" | "title" | "description">;
  specs: Pick<BoatFields, "make" | "model" | "year" | "lengthM" | "capacity" | "cabins" | "berths" | "enginePowerHp" | "fuel" | "equipment">;
  location: Pick<BoatFields, "homePort" | "meetingPoint" | "meetingTime">;
  pricing: Pick<BoatFields, "dayPriceCents" | "halfDayPriceCents" | "weekPriceCents" | "depositCents" | "skipper" | "hourPriceCents">;
  conditions: Pick<BoatFields, "licence" | "fuelPolicy" | "instantBooking" | "cancellationPolicy" | "minimumAge" | "guidedWithoutLicence">;
};
