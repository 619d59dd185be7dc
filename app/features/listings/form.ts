import { z } from "zod";
import type { Lang } from "#app/i18n";
import {
  boatStepFields,
  boatSteps,
  boatStepSchema,
  dockStepFields,
  dockSteps,
  dockStepSchema,
  stepShape,
  type BoatStep,
  type BoatTypeId,
  type DockKind,
  type DockStep,
} from "#app/features/listings/schemas";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, MIN_PHOTOS } from "#app/utils/photos";
import { zodErrorMap } from "#app/utils/zod-errors";
import { href } from "#app/utils/href";

/**
 * The listing forms as the browser and the actions see them (client-safe): their paths and
 * steps, and the step schemas of `schemas.ts` wrapped for form input.
 *
 * The wrapping only reads what people type: amounts are typed in euros with up to two
 * decimals ("120", "120,50", "1.500" or "1,234.56") and become the integer cents the domain
 * stores, and decimal numbers accept a comma ("12,5"). The field names stay the domain's
 * (`dayPriceCents`), so the domain's messages land on the right field; the labels say "€".
 * Everything else is the domain's own schema, so the browser, the action and `saveStep`
 * check exactly the same rules.
 */
export type ListingKind = "boat" | "dock";
export type DataStep = BoatStep | DockStep;
export type FormStep = DataStep | "photos" | "review";

/** Each boat type's form, under the language prefix. */
export const boatFormPaths: Record<BoatTypeId, string> = {
  motor: href("boat-form-motor"),
  sail: href("boat-form-sail"),
  fishing: href("boat-form-fishing"),
  jetski: href("boat-form-jetski"),
};
/** Each dock kind's form. */
export const dockFormPaths: Record<DockKind, string> = {
  sale: href("dock-form-sale"),
  rent: href("dock-form-rent"),
};
export const BOAT_SELECT_PATH = href("boat-form-select");
export const MY_LISTINGS_PATH = href("settings-my-listings");
export const DRAFTS_PATH = href("settings-drafts");
export const LIST_YOUR_BOAT_PATH = href("settings-list-boat");
export const LESSOR_PROFILE_PATH = href("settings-lessor");

export const boatFormSteps = [...boatSteps, "photos", "review"] as const satisfies readonly FormStep[];
export const dockFormSteps = [...dockSteps, "photos", "review"] as const satisfies readonly FormStep[];

export function formSteps(kind: ListingKind): readonly FormStep[] {
  return kind === "boat" ? boatFormSteps : dockFormSteps;
}

export function dataSteps(kind: ListingKind): readonly DataStep[] {
  return kind === "boat" ? boatSteps : dockSteps;
}

export function isDataStep(kind: ListingKind, step: string): step is DataStep {
  return (dataSteps(kind) as readonly string[]).includes(step);
}

/** The form of a listing: its kind and variant (boat type or dock kind), without language prefix. */
export function formPathOf(kind: ListingKind, variant: string | undefined): string {
  if (kind === "boat") return boatFormPaths[(variant as BoatTypeId | undefined) ?? "motor"] ?? boatFormPaths.motor;
  return dockFormPaths[(variant as DockKind | undefined) ?? "sale"] ?? dockFormPaths.sale;
}

/** `<form path>?id=…&step=…` */
export function stepHref(kind: ListingKind, variant: string | undefined, id: string, step: FormStep): string {
  return `${formPathOf(kind, variant)}?${new URLSearchParams({ id, step })}`;
}

/** The fields one data step writes, in form order. */
export function stepFields(kind: ListingKind, step: DataStep, variant: string): string[] {
  return kind === "boat" ? boatStepFields(step as BoatStep, variant as BoatTypeId) : dockStepFields(step as DockStep, variant as DockKind);
}

/** The data step that asks for a field (for the review's "missing" links). */
export function stepOfField(kind: ListingKind, variant: string, field: string): DataStep | null {
  if (field === "type" || field === "kind") return "basics";
  return dataSteps(kind).find((step) => stepFields(kind, step, variant).includes(field)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Amounts and decimals as people type them

/** Amount fields (euros in the form, cents in the data), by path. */
const moneyPaths = [
  ["dayPriceCents"],
  ["halfDayPriceCents"],
  ["weekPriceCents"],
  ["depositCents"],
  ["hourPriceCents"],
  ["skipper", "dailyPriceCents"],
  ["priceCents"],
  ["annualFeeCents"],
  ["dailyPriceCents"],
  ["monthlyPriceCents"],
] as const;
/** Decimal fields, which also accept a decimal comma. */
const decimalPaths = [["lengthM"], ["homePort", "lat"], ["homePort", "lng"], ["maxLengthM"], ["maxBeamM"], ["depthM"]] as const;

const MAX_WHOLE_DIGITS = 13;

/**
 * Euros typed by a person → integer cents. Accepts an optional sign, "€" and spaces, one
 * decimal separator (comma or point) with one or two decimals, and thousands grouped by the
 * other separator (or by the same one when no decimals follow: "1.500" is 1500 €). Returns
 * undefined for an empty text and NaN for anything else, which the schema reports.
 */
export function eurosToCents(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, "");
  if (compact === "") return undefined;
  const plain = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  const grouped = plain ? null : /^(-?)(\d{1,3}([.,])\d{3}(?:\3\d{3})*)(?:([.,])(\d{1,2}))?$/.exec(compact);
  let sign: string;
  let whole: string;
  let decimals: string;
  if (plain) {
    [, sign, whole, decimals = ""] = plain;
  } else if (grouped && (grouped[4] === undefined || grouped[4] !== grouped[3])) {
    sign = grouped[1];
    whole = grouped[2].replace(/[.,]/g, "");
    decimals = grouped[5] ?? "";
  } else {
    return Number.NaN;
  }
  const digits = whole.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_WHOLE_DIGITS) return Number.NaN;
  const cents = Number(digits) * 100 + Number(decimals.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
}

const commaLanguages: readonly Lang[] = ["es", "fr", "de"];

/** Integer cents → euros as a person types them in that language: "1500", "120,50" (en: "120.50"). */
export function centsToEuros(cents: number, lang: Lang): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  if (rest === 0) return `${sign}${whole}`;
  return `${sign}${whole}${commaLanguages.includes(lang) ? "," : "."}${String(rest).padStart(2, "0")}`;
}

/** A decimal number as a person reads it in that language ("12,5" in Spanish). */
export function formatDecimal(value: number, lang: Lang): string {
  const text = String(value);
  return commaLanguages.includes(lang) ? text.replace(".", ",") : text;
}

function mapPath(value: unknown, path: readonly string[], fn: (leaf: unknown) => unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const [head, ...rest] = path;
  if (!(head in record)) return value;
  return { ...record, [head]: rest.length === 0 ? fn(record[head]) : mapPath(record[head], rest, fn) };
}

/** Reads amounts and decimal commas of a submitted form; everything else passes untouched. */
export function readFormNumbers(input: unknown): unknown {
  let value = input;
  for (const path of moneyPaths) value = mapPath(value, path, (leaf) => (typeof leaf === "string" ? eurosToCents(leaf) : leaf));
  for (const path of decimalPaths) {
    value = mapPath(value, path, (leaf) => (typeof leaf === "string" && /^\s*-?\d+,\d+\s*$/.test(leaf) ? leaf.replace(",", ".") : leaf));
  }
  return value;
}

/** The stored value of a field → what its input shows (amounts in euros, decimals in the page's language). */
export function formValuesOf(fields: readonly string[], data: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const euros = (value: unknown) => (typeof value === "number" ? centsToEuros(value, lang) : undefined);
  const decimal = (value: unknown) => (typeof value === "number" ? formatDecimal(value, lang) : undefined);
  for (const field of fields) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    if (moneyPaths.some((path) => path.length === 1 && path[0] === field)) values[field] = euros(value);
    else if (decimalPaths.some((path) => path.length === 1 && path[0] === field)) values[field] = decimal(value);
    else if (field === "homePort") {
      const home = value as { portSlug?: string; city?: string; lat?: number; lng?: number };
      values.homePort = home.portSlug ? { portSlug: home.portSlug } : { city: home.city, lat: decimal(home.lat), lng: decimal(home.lng) };
    } else if (field === "skipper") {
      const skipper = value as { mode: string; dailyPriceCents?: number };
      values.skipper = { mode: skipper.mode, dailyPriceCents: euros(skipper.dailyPriceCents) };
    } else values[field] = value;
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Schemas

const boatFormSchemaCache = new Map<string, z.ZodTypeAny>();
const dockFormSchemaCache = new Map<string, z.ZodTypeAny>();

/** One step of a boat form: the domain's step schema, reading euros and decimal commas. */
export function boatFormSchema(step: BoatStep, type: BoatTypeId): z.ZodTypeAny {
  const key = `${step}:${type}`;
  let schema = boatFormSchemaCache.get(key);
  if (!schema) {
    schema = z.preprocess(readFormNumbers, boatStepSchema(step, type));
    boatFormSchemaCache.set(key, schema);
  }
  return schema;
}

/** One step of a dock form. */
export function dockFormSchema(step: DockStep, kind: DockKind): z.ZodTypeAny {
  const key = `${step}:${kind}`;
  let schema = dockFormSchemaCache.get(key);
  if (!schema) {
    schema = z.preprocess(readFormNumbers, dockStepSchema(step, kind));
    dockFormSchemaCache.set(key, schema);
  }
  return schema;
}

export function listingFormSchema(kind: ListingKind, step: DataStep, variant: string): z.ZodTypeAny {
  return kind === "boat" ? boatFormSchema(step as BoatStep, variant as BoatTypeId) : dockFormSchema(step as DockStep, variant as DockKind);
}

/** What a field of the "save and leave" schema holds when its input is not valid. */
export const INVALID_INPUT = "\u0000invalid";

const draftFormSchemaCache = new Map<string, z.ZodTypeAny>();

/**
 * "Save and leave": the step's fields, each read on its own and never failing — an empty field
 * is undefined, an invalid one INVALID_INPUT (see `keptFields`) — so the browser sends the form
 * whatever it holds and the action keeps what is valid (the domain checks it again).
 */
export function listingDraftFormSchema(kind: ListingKind, step: DataStep, variant: string): z.ZodTypeAny {
  const key = `${kind}:${step}:${variant}`;
  let schema = draftFormSchemaCache.get(key);
  if (!schema) {
    const shape = stepShape(kind, step, variant);
    const lenient = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, field.optional().catch(INVALID_INPUT as never)]));
    schema = z.preprocess(readFormNumbers, z.object(lenient));
    draftFormSchemaCache.set(key, schema);
  }
  return schema;
}

/** The fields of a "save and leave" submission worth handing to the domain (the invalid ones left out). */
export function keptFields(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== INVALID_INPUT));
}

/** The upload limit as people read it. */
export const MAX_PHOTO_MEGABYTES = MAX_PHOTO_BYTES / (1024 * 1024);

/**
 * The photo upload: at least one file; in the browser each file is also checked against the
 * size limit before it is sent (the server checks sizes and contents itself, file by file).
 */
export const photoUploadSchema = z.object({
  photos: z
    .array(
      z.instanceof(Blob).superRefine((file, ctx) => {
        if (file.size > MAX_PHOTO_BYTES) {
          const name = "name" in file && typeof file.name === "string" ? file.name : "";
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            params: { i18n: { key: "listing-form:photos.errors.too-large", values: { name, max: MAX_PHOTO_MEGABYTES } } },
          });
        }
      }),
    )
    .superRefine((files, ctx) => {
      if (files.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, params: { i18n: "listing-form:photos.errors.none" } });
      if (files.length > MAX_PHOTOS) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, params: { i18n: { key: "listing-form:photos.errors.count", values: { max: MAX_PHOTOS } } } });
      }
    }),
});

export { MAX_PHOTOS, MIN_PHOTOS };

/**
 * zod messages for the listing forms: the translated map of `zod-errors.ts`, with plainer words
 * where the generic ones read badly in a form: a number that is not one, a choice not made, and
 * custom issues may also name a key of the `listing-form` namespace (`listing-form:photos.…`).
 */
export function listingErrorMap(t: Parameters<typeof zodErrorMap>[0]): z.ZodErrorMap {
  const base = zodErrorMap(t);
  return (issue, ctx) => {
    const field = String(issue.path[issue.path.length - 1] ?? "");
    if (issue.code === z.ZodIssueCode.invalid_type && (issue.received === "nan" || (issue.received === "string" && issue.expected === "number"))) {
      return { message: t(field.endsWith("Cents") ? "listing-form:errors.euros" : "listing-form:errors.number") };
    }
    if (issue.code === z.ZodIssueCode.invalid_enum_value || issue.code === z.ZodIssueCode.invalid_union_discriminator) {
      return { message: t("listing-form:errors.choose") };
    }
    if (issue.code === z.ZodIssueCode.invalid_type && issue.expected === "integer") {
      return { message: t("listing-form:errors.integer") };
    }
    return base(issue, ctx);
  };
}
