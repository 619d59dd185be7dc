/**
 * The listing schemas' building blocks: the fields' option lists and limits, the field helpers
 * (money, checkbox, optional text), the shared field schemas (meeting point, description, home
 * port, skipper) and cross-field rules. Re-exported by `schemas.ts` (the public ones).
 */
import { z } from "zod";
import { langCodes, type Lang } from "#app/i18n";
import { singleLine } from "#app/utils/text";
import { listingLimits, MEETING_POINT_MAX } from "./limits";
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

/** Pontoon berth, finger berth, buoy mooring, dry storage. */
export const berthTypes = ["pontoon", "finger", "buoy", "dry"] as const;
export type BerthType = (typeof berthTypes)[number];

export const MIN_PHOTOS = 1;
export const MAX_PHOTOS = 20;
/** Rented docks are compared (searched, sorted) by a monthly price: a dock priced only by the day counts this many days. */
export const RENT_DAYS_PER_MONTH = 30;


// ---------------------------------------------------------------------------------------------
// Field helpers

/** Integer euro cents between two bounds; the message shows the bounds in euros. */
export function money(bounds: { min: number; max: number }) {
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
export const checkbox = z.boolean().default(false);

/** Optional text where an empty or blank value means "not given". */
export function optionalText(max: number) {
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

export const slugField = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const isoDate = z
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

export type CrossFieldRule = (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;

export function applyRules(rules: Array<CrossFieldRule | undefined>): CrossFieldRule {
  return (value, ctx) => {
    for (const rule of rules) rule?.(value, ctx);
  };
}

/** What a cross-field rule sees for a field that does not parse: no comparison applies to it. */
export const INVALID_FIELD = Symbol("invalid field");

/**
 * A step's fields with its cross-field rule. The rule runs before the object is parsed
 * (`z.preprocess`), so its message shows together with the fields' own; an object refinement
 * would only run once every field is valid, and a form would show its errors in two rounds.
 * The rule sees each field parsed on its own, and INVALID_FIELD for one that does not parse
 * (left to its own message: a rule's type checks skip it).
 */
export function withCrossFieldRule(object: z.AnyZodObject, rule: CrossFieldRule | undefined): z.ZodTypeAny {
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
