import { z } from "zod";
import { langCodes, type Lang } from "#app/i18n";
import { boatTypeIds, licences, MAX_PEOPLE, MAX_SEARCH_PRICE_EUROS, SEARCH_MAX_PAGES, type BoatTypeId } from "./boat-search";
import { singleLine } from "#app/utils/text";
import { listingLimits, MEETING_POINT_MAX } from "./limits";
import { dockKinds, dockSortOptions, type DockKind } from "./search-options";

/**
 * The listing forms' schemas (boats and docks), shared by the browser (conform) and the domain
 * (`app/.server/domain/listings.ts`), which validates every step it saves with the same schema.
 *
 * The forms save step by step, so each kind has STEP schemas (`boatStepSchema(step, type)`,
 * `dockStepSchema(step, kind)`) and a complete schema a listing must satisfy to be published
 * (`publishableBoatSchema`, `publishableDockSchema`). All money is in integer euro cents.
 * Messages come from the translated zod error map; custom ones name a key of the `validation`
 * namespace under `listing.`.
 */
export { boatTypeIds, licenceCovers, licences, type BoatTypeId, type Licence } from "./boat-search";

export const fuelTypes = ["gasoline", "diesel", "electric", "none"] as const;
export type FuelType = (typeof fuelTypes)[number];
export const skipperModes = ["none", "optional", "mandatory"] as const;
export type SkipperMode = (typeof skipperModes)[number];
export const fuelPolicies = ["included", "not-included-return-full"] as const;
export type FuelPolicy = (typeof fuelPolicies)[number];
export const cancellationPolicies = ["flexible", "moderate", "strict"] as const;
export type CancellationPolicy = (typeof cancellationPolicies)[number];

/** The equipment checklist of the boat forms. */
export const boatEquipment = [
  "gps",
  "chartplotter",
  "autopilot",
  "depth-sounder",
  "vhf-radio",
  "bow-thruster",
  "bimini",
  "sun-deck",
  "swim-ladder",
  "deck-shower",
  "hot-water",
  "fridge",
  "kitchen",
  "toilet",
  "air-conditioning",
  "generator",
  "bluetooth-audio",
  "wifi",
  "snorkel-gear",
  "paddle-board",
  "dinghy",
  "water-toys",
  "fishing-rods",
  "fish-finder",
  "live-bait-well",
  "rod-holders",
  "cooler",
] as const;
export type BoatEquipment = (typeof boatEquipment)[number];

export { dockKinds, type DockKind } from "./search-options";
/** Pontoon berth, finger berth, buoy mooring, dry storage. */
export const berthTypes = ["pontoon", "finger", "buoy", "dry"] as const;
export type BerthType = (typeof berthTypes)[number];

export const MIN_PHOTOS = 1;
export const MAX_PHOTOS = 20;
/** Rented docks are compared (searched, sorted) by a monthly price: a dock priced only by the day counts this many days. */
export const RENT_DAYS_PER_MONTH = 30;

// The bounds live in a module without zod (search pages use them in the browser).
export { listingLimits } from "./limits";

// ---------------------------------------------------------------------------------------------
// Field helpers

/** Integer euro cents between two bounds; the message shows the bounds in euros. */
function money(bounds: { min: number; max: number }) {
  return z
    .number()
    .int()
    .superRefine((value, ctx) => {
      if (value < bounds.min || value > bounds.max) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          params: { i18n: { key: "listing.money", values: { min: bounds.min / 100, max: bounds.max / 100 } } },
        });
      }
    });
}

/** A checkbox: absent (unchecked in a plain form) means false. */
const checkbox = z.boolean().default(false);

/** Optional text where an empty or blank value means "not given". */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/**
 * Where and when a trip starts (the boat's default, on its location step; the owner may set
 * another for one booking): one line of text, a 24-hour time `HH:MM`. Both optional.
 */
export const meetingShape = {
  meetingPoint: z.preprocess((value) => (typeof value === "string" ? singleLine(value) : value), optionalText(MEETING_POINT_MAX)),
  meetingTime: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .superRefine((value, ctx) => {
      if (value !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, params: { i18n: "listing.meetingTime" } });
    }),
};
export const meetingSchema = z.object(meetingShape);

const slugField = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

const isoDate = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), { params: { i18n: "date" } });

export type LocalizedText = Partial<Record<Lang, string>>;

/** A text per language (`{ es?, en?, fr?, de? }`); blank ones are dropped; at least one must remain. */
export const descriptionSchema = z
  .object(
    Object.fromEntries(langCodes.map((lang) => [lang, z.string().trim().max(listingLimits.descriptionMax).optional()])) as Record<
      Lang,
      z.ZodOptional<z.ZodString>
    >,
  )
  .transform((texts) => {
    const kept: LocalizedText = {};
    for (const lang of langCodes) if (texts[lang]) kept[lang] = texts[lang];
    return kept;
  })
  .superRefine((texts, ctx) => {
    if (Object.keys(texts).length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, params: { i18n: "listing.descriptionRequired" } });
  });

export type HomePort = { portSlug: string } | { city: string; lat: number; lng: number };

/**
 * Where a boat is based: one of Amarre's ports (`{ portSlug }`), or a city with coordinates
 * (`{ city, lat, lng }`). Whether the port exists is checked by the domain.
 */
export const homePortSchema = z
  .object({
    portSlug: slugField.optional(),
    city: optionalText(80),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.portSlug !== undefined) return;
    if (value.city === undefined && value.lat === undefined && value.lng === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["portSlug"], params: { i18n: "listing.portOrCity" } });
      return;
    }
    if (value.city !== undefined && value.city.length < 2) {
      ctx.addIssue({ code: z.ZodIssueCode.too_small, minimum: 2, inclusive: true, type: "string", path: ["city"] });
    }
    for (const field of ["city", "lat", "lng"] as const) {
      if (value[field] === undefined) {
        ctx.addIssue({
          code: z.ZodIssueCode.invalid_type,
          expected: field === "city" ? "string" : "number",
          received: "undefined",
          path: [field],
        });
      }
    }
  })
  .transform((value): HomePort =>
    value.portSlug !== undefined ? { portSlug: value.portSlug } : { city: value.city!, lat: value.lat!, lng: value.lng! },
  );

export const skipperSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("none") }),
  z.object({ mode: z.literal("optional"), dailyPriceCents: money(listingLimits.skipperDailyCents) }),
  z.object({ mode: z.literal("mandatory"), dailyPriceCents: money(listingLimits.skipperDailyCents) }),
]);
export type Skipper = z.output<typeof skipperSchema>;

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

/** Water scooters' extra fields (docs/PRODUCT.md "Boats"), by the step that asks for them. */
const jetskiStepShapes = {
  pricing: { hourPriceCents: money(listingLimits.hourPriceCents) },
  conditions: {
    minimumAge: z.number().int().min(listingLimits.minimumAge.min).max(listingLimits.minimumAge.max),
    guidedWithoutLicence: checkbox,
  },
};

type CrossFieldRule = (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;

/** Rules that tie fields of one step together (also applied to the complete listing). */
const boatStepRules: Partial<Record<BoatStep, CrossFieldRule>> = {
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

function applyRules(rules: Array<CrossFieldRule | undefined>): CrossFieldRule {
  return (value, ctx) => {
    for (const rule of rules) rule?.(value, ctx);
  };
}

/** What a cross-field rule sees for a field that does not parse: no comparison applies to it. */
const INVALID_FIELD = Symbol("invalid field");

/**
 * A step's fields with its cross-field rule. The rule runs before the object is parsed
 * (`z.preprocess`), so its message shows together with the fields' own; an object refinement
 * would only run once every field is valid, and a form would show its errors in two rounds.
 * The rule sees each field parsed on its own, and INVALID_FIELD for one that does not parse
 * (left to its own message: a rule's type checks skip it).
 */
function withCrossFieldRule(object: z.AnyZodObject, rule: CrossFieldRule | undefined): z.ZodTypeAny {
  if (!rule) return object;
  const shape = object.shape as z.ZodRawShape;
  return z.preprocess((raw, ctx) => {
    if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
      const input = raw as Record<string, unknown>;
      const fields = Object.entries(shape).map(([name, field]) => {
        const parsed = field.safeParse(input[name]);
        return [name, parsed.success ? parsed.data : INVALID_FIELD];
      });
      rule(Object.fromEntries(fields), ctx);
    }
    return raw;
  }, object);
}

function boatStepShape(step: BoatStep, type: BoatTypeId) {
  const extra = type === "jetski" && (step === "pricing" || step === "conditions") ? jetskiStepShapes[step] : {};
  return { ...boatStepShapes[step], ...extra } as z.ZodRawShape;
}

const boatStepSchemaCache = new Map<string, z.ZodTypeAny>();

/**
 * The schema of one step of the boat form for a boat type: water scooters' pricing also asks
 * for the hourly price, their conditions for the minimum age and the guided session without
 * licence; other types do not have those fields.
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
const jetskiBoatObject = commonBoatObject.extend({ ...jetskiStepShapes.pricing, ...jetskiStepShapes.conditions, type: z.literal("jetski") });
const allBoatRules = applyRules(boatSteps.map((step) => boatStepRules[step]));

/** Everything a boat listing must hold to be published. */
export const publishableBoatSchema = z
  .discriminatedUnion("type", [
    commonBoatObject.extend({ type: z.literal("motor") }),
    commonBoatObject.extend({ type: z.literal("sail") }),
    commonBoatObject.extend({ type: z.literal("fishing") }),
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

const rentRule: CrossFieldRule = (value, ctx) => {
  if (value.kind !== undefined && value.kind !== "rent") return;
  if (value.dailyPriceCents === undefined && value.monthlyPriceCents === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["dailyPriceCents"], params: { i18n: "listing.rentPriceRequired" } });
  }
  if (typeof value.availableFrom === "string" && typeof value.availableTo === "string" && value.availableTo < value.availableFrom) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["availableTo"], params: { i18n: "listing.availableRange" } });
  }
};

function dockStepShape(step: DockStep, kind: DockKind): z.ZodRawShape {
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

export { dockSortOptions, type DockSort } from "./search-options";

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
