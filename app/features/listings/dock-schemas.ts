/** The dock form's step schemas and the complete dock (for sale or rent) a listing must be to be published. */
import { z } from "zod";
import { listingLimits } from "./limits";
import { dockKinds, type DockKind } from "#app/features/search";
import { berthTypes, checkbox, type CrossFieldRule, descriptionSchema, isoDate, money, optionalText, slugField, withCrossFieldRule } from "./schema-fields";

// ---------------------------------------------------------------------------------------------
// Docks

export const dockSteps = ["basics", "features", "pricing"] as const;
export type DockStep = (typeof dockSteps)[number];

export const dockServicesSchema = z
  .object({
    water: checkbox,
    electricity: checkbox,
    electricityAmps: z.number().int().min(listingLimits.dock.electricityAmps.min).max(listingLimits.dock.electricityAmps.max).optional(),
    wifi: checkbox,
    showers: checkbox,
    security: checkbox,
    fuel: checkbox,
    parking: checkbox,
    pumpOut: checkbox,
  })
  .superRefine((services, ctx) => {
    if (services.electricity && services.electricityAmps === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["electricityAmps"], params: { i18n: "listing.electricityAmps" } });
    }
  })
  .transform(({ electricityAmps, ...services }) => (services.electricity ? { ...services, electricityAmps } : services));
export type DockServices = z.output<typeof dockServicesSchema>;

const dockBasicsShape = {
  kind: z.enum(dockKinds),
  portSlug: slugField,
  berthNumber: optionalText(20),
  description: descriptionSchema,
};
const dockFeaturesShape = {
  berthType: z.enum(berthTypes),
  maxLengthM: z.number().min(listingLimits.dock.maxLengthM.min).max(listingLimits.dock.maxLengthM.max),
  maxBeamM: z.number().min(listingLimits.dock.maxBeamM.min).max(listingLimits.dock.maxBeamM.max),
  depthM: z.number().min(listingLimits.dock.depthM.min).max(listingLimits.dock.depthM.max),
  services: dockServicesSchema,
};
const dockPricingShapes = {
  sale: {
    priceCents: money(listingLimits.dock.salePriceCents),
    concessionYearsLeft: z.number().int().min(0).max(listingLimits.dock.concessionYearsMax),
    annualFeeCents: money({ min: 0, max: listingLimits.dock.annualFeeCentsMax }),
    marinaApprovalRequired: checkbox,
  },
  rent: {
    dailyPriceCents: money(listingLimits.dock.dailyPriceCents).optional(),
    monthlyPriceCents: money(listingLimits.dock.monthlyPriceCents).optional(),
    availableFrom: isoDate,
    availableTo: isoDate.optional(),
  },
};

export const rentRule: CrossFieldRule = (value, ctx) => {
  if (value.kind !== undefined && value.kind !== "rent") return;
  if (value.dailyPriceCents === undefined && value.monthlyPriceCents === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["dailyPriceCents"], params: { i18n: "listing.rentPriceRequired" } });
  }
  if (typeof value.availableFrom === "string" && typeof value.availableTo === "string" && value.availableTo < value.availableFrom) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["availableTo"], params: { i18n: "listing.availableRange" } });
  }
};

export function dockStepShape(step: DockStep, kind: DockKind): z.ZodRawShape {
  if (step === "basics") return dockBasicsShape;
  if (step === "features") return dockFeaturesShape;
  return dockPricingShapes[kind];
}

const dockStepSchemaCache = new Map<string, z.ZodTypeAny>();

/** The schema of one step of the dock form; the pricing step depends on sale or rent. */
export function dockStepSchema<S extends DockStep>(step: S, kind: DockKind) {
  const key = `${step}:${kind}`;
  let schema = dockStepSchemaCache.get(key);
  if (!schema) {
    const object = z.object(dockStepShape(step, kind));
    schema = withCrossFieldRule(object, step === "pricing" && kind === "rent" ? rentRule : undefined);
    dockStepSchemaCache.set(key, schema);
  }
  return schema as z.ZodType<DockStepData[S], z.ZodTypeDef, unknown>;
}

/** The field names a dock step writes (for that kind), in form order. */
export function dockStepFields(step: DockStep, kind: DockKind): string[] {
  return Object.keys(dockStepShape(step, kind));
}

/** One step's fields, each with its own schema (boats by type, docks by kind). */
const saleDockObject = z.object({ ...dockBasicsShape, ...dockFeaturesShape, ...dockPricingShapes.sale, kind: z.literal("sale") });
const rentDockObject = z.object({ ...dockBasicsShape, ...dockFeaturesShape, ...dockPricingShapes.rent, kind: z.literal("rent") });

/** Everything a dock listing must hold to be published. */
export const publishableDockSchema = z.discriminatedUnion("kind", [saleDockObject, rentDockObject]).superRefine(rentRule);

/** The publishable schema of one dock kind. */
export function publishableDockSchemaFor(kind: DockKind) {
  return kind === "sale" ? saleDockObject.superRefine(rentRule) : rentDockObject.superRefine(rentRule);
}

export type DockData = z.output<typeof publishableDockSchema>;
export type SaleDockData = z.output<typeof saleDockObject>;
export type RentDockData = z.output<typeof rentDockObject>;
export type DockFields = z.output<typeof saleDockObject> & Omit<z.output<typeof rentDockObject>, "kind">;
export type DockDraftData = Partial<Omit<DockFields, "kind">> & { kind?: DockKind };
export type DockStepData = {
  basics: Pick<DockFields, "kind" | "portSlug" | "berthNumber" | "description">;
  features: Pick<DockFields, "berthType" | "maxLengthM" | "maxBeamM" | "depthM" | "services">;
  pricing: Partial<
    Pick<
      DockFields,
      "priceCents" | "concessionYearsLeft" | "annualFeeCents" | "marinaApprovalRequired" | "dailyPriceCents" | "monthlyPriceCents" | "availableFrom" | "availableTo"
    >
  >;
};
