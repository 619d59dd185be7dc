import { z } from "zod";
import { emailField, honeypotField, phoneField } from "#app/features/accounts";
import { procedureTypes } from "#app/features/cases";
import { withoutControlCharacters } from "#app/utils/free-text";

/**
 * The service pages as pages and forms see them (client-safe): which pages there are, the shape
 * of their content (texts per language and a price, kept in the store and edited in the admin
 * area), and what each request form asks, with the zod schema the server and the browser share.
 */
/** The translation namespaces of the service pages. */
export const SERVICE_NAMESPACES = ["services", "cases", "zod", "validation"] as const;

export const servicePageKeys = ["gestoria", ...procedureTypes, "seguro", "limpieza", "transporte", "port"] as const;
export type ServicePageKey = (typeof servicePageKeys)[number];

export function isServicePageKey(value: unknown): value is ServicePageKey {
  return typeof value === "string" && (servicePageKeys as readonly string[]).includes(value);
}

/** One language's texts of a service page. */
export type ServiceTexts = {
  /** The page's heading and its name in navigation. */
  title: string;
  /** One or two sentences: the lead under the heading and the meta description. */
  summary: string;
  /** What the service is: paragraphs separated by a blank line. */
  body: string;
  /** Who needs it, one item each. */
  whoNeeds: string[];
  /** The documents to send, one item each. */
  documents: string[];
  /** How long it takes, as people say it ("5 to 10 working days"). */
  turnaround: string;
  faqs: Array<{ question: string; answer: string }>;
};

export type ServicePageContent = {
  key: ServicePageKey;
  /** The price from, in whole euros (VAT included); null when it is quoted case by case. */
  priceFromEuros: number | null;
  texts: Record<"es" | "en" | "fr" | "de", ServiceTexts>;
  updatedAt: string | null;
  updatedBy: string | null;
};

export const MAX_FAQS = 8;

/** Limits of the editor (and of the stored texts). */
export const serviceTextsSchema = z.object({
  title: z.string().trim().min(3).max(120),
  summary: z.string().trim().min(10).max(300),
  body: z.string().trim().min(10).max(6000),
  whoNeeds: z.array(z.string().trim().min(2).max(300)).max(12),
  documents: z.array(z.string().trim().min(2).max(300)).max(20),
  turnaround: z.string().trim().min(2).max(120),
  faqs: z
    .array(
      z.object({
        question: z.string().trim().min(5).max(300),
        answer: z.string().trim().min(5).max(2000),
      })
    )
    .max(MAX_FAQS),
});

// ---------------------------------------------------------------------------------------------
// Request forms

export const boatTypeOptions = ["motor", "sail", "fishing", "jetski", "other"] as const;
export const insuranceUseOptions = ["private", "charter"] as const;
export const cleaningOptions = ["hull", "interior", "full", "antifouling"] as const;

/** The forms: the seven procedures share one; each other service has its own. */
export type RequestKind = "procedure" | "seguro" | "limpieza" | "transporte" | "port";

export function requestKindOf(key: Exclude<ServicePageKey, "gestoria">): RequestKind {
  return (procedureTypes as readonly string[]).includes(key) ? "procedure" : (key as RequestKind);
}

export type RequestField =
  | {
      name: string;
      kind: "text";
      required: boolean;
      max: number;
      autoComplete?: string;
    }
  | { name: string; kind: "textarea"; required: boolean; max: number }
  | {
      name: string;
      kind: "number";
      required: boolean;
      min: number;
      max: number;
      step: number;
    }
  | { name: string; kind: "date"; required: boolean }
  | {
      name: string;
      kind: "select";
      required: boolean;
      options: readonly string[];
    };

const text = (name: string, required: boolean, max = 120): RequestField => ({
  name,
  kind: "text",
  required,
  max,
});
const number = (name: string, required: boolean, min: number, max: number, step = 0.1): RequestField => ({ name, kind: "number", required, min, max, step });
const notes: RequestField = {
  name: "notes",
  kind: "textarea",
  required: false,
  max: 2000,
};

/** The case details each form asks for, in order (labels: `cases:fields.<name>`). */
export const requestFields: Record<RequestKind, readonly RequestField[]> = {
  procedure: [
    text("boatName", true),
    {
      name: "boatType",
      kind: "select",
      required: true,
      options: boatTypeOptions,
    },
    text("registration", false, 40),
    number("lengthM", false, 1, 100),
    text("port", false),
    notes,
  ],
  seguro: [
    {
      name: "boatType",
      kind: "select",
      required: true,
      options: boatTypeOptions,
    },
    number("value", true, 500, 10_000_000, 1),
    number("lengthM", true, 1, 100),
    number("year", true, 1900, 2100, 1),
    {
      name: "use",
      kind: "select",
      required: true,
      options: insuranceUseOptions,
    },
    text("port", true),
    notes,
  ],
  limpieza: [
    text("port", true),
    number("lengthM", true, 1, 100),
    {
      name: "cleaning",
      kind: "select",
      required: true,
      options: cleaningOptions,
    },
    { name: "date", kind: "date", required: true },
    notes,
  ],
  transporte: [
    text("from", true),
    text("to", true),
    number("lengthM", true, 1, 40),
    number("beamM", true, 0.5, 12),
    number("weightKg", true, 50, 60_000, 1),
    { name: "date", kind: "date", required: true },
    notes,
  ],
  port: [text("portName", true), text("place", true), number("berths", true, 1, 5_000, 1), notes],
};

/** Which forms take documents (the procedures: papers are their substance). */
export function takesDocuments(kind: RequestKind): boolean {
  return kind === "procedure";
}

export const MAX_REQUEST_DOCUMENTS = 5;
export const MAX_REQUEST_DOCUMENT_BYTES = 10 * 1024 * 1024;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function fieldSchema(field: RequestField): z.ZodTypeAny {
  let schema: z.ZodTypeAny;
  switch (field.kind) {
    case "text":
    case "textarea":
      schema = withoutControlCharacters(z.string().trim().min(1).max(field.max));
      break;
    case "number":
      schema = z
        .number()
        .min(field.min)
        .max(field.max)
        .refine((value) => field.step < 1 || Number.isInteger(value), {
          params: { i18n: "service.wholeNumber" },
        });
      break;
    case "date":
      schema = z
        .string()
        .refine((value) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { params: { i18n: "date" } })
        // A day before yesterday cannot be wanted (a day of slack for time zones).
        .refine((value) => value >= new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), { params: { i18n: "service.notPast" } });
      break;
    case "select":
      schema = z.enum(field.options as [string, ...string[]]);
      break;
  }
  return field.required ? schema : schema.optional();
}

/**
 * The request form of `kind`: the contact (name, email, phone), the honeypot, the details and,
 * for the procedures, up to five documents (their content is checked by the server).
 */
export function requestSchema(kind: RequestKind) {
  const details = Object.fromEntries(requestFields[kind].map((field) => [field.name, fieldSchema(field)]));
  return z.object({
    name: withoutControlCharacters(z.string().trim().min(2).max(120)),
    email: emailField,
    phone: phoneField.optional(),
    website: honeypotField,
    ...details,
    ...(takesDocuments(kind)
      ? {
          documents: z
            .array(
              z.instanceof(Blob).superRefine((file, ctx) => {
                if (file.size > MAX_REQUEST_DOCUMENT_BYTES) {
                  const name = "name" in file && typeof file.name === "string" ? file.name : "";
                  ctx.addIssue({
                    code: z.ZodIssueCode.custom,
                    params: {
                      i18n: { key: "cases:errors.too-large", values: { name } },
                    },
                  });
                }
              })
            )
            .superRefine((files, ctx) => {
              if (files.length > MAX_REQUEST_DOCUMENTS)
                ctx.addIssue({
                  code: z.ZodIssueCode.custom,
                  params: {
                    i18n: {
                      key: "validation:service.tooManyFiles",
                      values: { max: MAX_REQUEST_DOCUMENTS },
                    },
                  },
                });
            })
            .optional(),
        }
      : {}),
  });
}

/** The names of the details a form of `kind` keeps in its case. */
export function detailNames(kind: RequestKind): string[] {
  return requestFields[kind].map((field) => field.name);
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The page of the route table that shows each service page. */
export function pageIdOf(key: ServicePageKey) {
  if (key === "gestoria" || key === "seguro" || key === "limpieza" || key === "transporte") return key;
  if (key === "port") return "port-form" as const;
  return `gestoria-${key}` as const;
}

/** Which service page a path below the language prefix shows (`/gestoria/itb-barco` → `itb-barco`). */
export function servicePageOfPath(path: string): ServicePageKey | null {
  const clean = path.replace(/\/+$/, "");
  if (clean === "/transport-boat") return "transporte";
  if (clean === "/port/PortForm") return "port";
  const match = /^\/(?:gestoria\/)?([a-z0-9-]+)$/.exec(clean);
  if (!match) return null;
  const key = match[1]!;
  if (!isServicePageKey(key) || key === "port") return null;
  const isProcedure = (procedureTypes as readonly string[]).includes(key);
  return isProcedure === clean.startsWith("/gestoria/") ? key : null;
}

/** The request form of a page: the index asks which of the seven procedures it is. */
export function servicePageRequestSchema(key: ServicePageKey) {
  if (key === "gestoria")
    return requestSchema("procedure").extend({
      procedure: z.enum(procedureTypes),
    });
  return requestSchema(requestKindOf(key));
}

// ---------------------------------------------------------------------------------------------
// The admin's editor

const lines = z
  .string()
  .max(6000)
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
  );

/**
 * The editor's form (/admin/contenidos/{key}): one language's texts and the page's price (empty
 * for "on quotation"); lists one item per line; FAQ pairs left empty are dropped.
 */
export const serviceContentFormSchema = z
  .object({
    lang: z.enum(["es", "en", "fr", "de"]),
    priceFromEuros: z.number().int().min(0).max(1_000_000).optional(),
    title: serviceTextsSchema.shape.title,
    summary: serviceTextsSchema.shape.summary,
    body: serviceTextsSchema.shape.body,
    whoNeeds: lines.pipe(z.array(z.string().max(300)).max(12)),
    documents: lines.pipe(z.array(z.string().max(300)).max(20)),
    turnaround: serviceTextsSchema.shape.turnaround,
    faqs: z
      .array(
        // A pair left empty is dropped; a half-filled one says what is missing.
        z.object({ question: z.string().trim().max(300).optional(), answer: z.string().trim().max(2000).optional() }).superRefine((faq, ctx) => {
          const question = faq.question ?? "";
          const answer = faq.answer ?? "";
          if (!question && !answer) return;
          if (question.length < 5) ctx.addIssue({ code: z.ZodIssueCode.too_small, minimum: 5, type: "string", inclusive: true, path: ["question"] });
          if (answer.length < 5) ctx.addIssue({ code: z.ZodIssueCode.too_small, minimum: 5, type: "string", inclusive: true, path: ["answer"] });
        }),
      )
      .max(MAX_FAQS)
      .optional(),
  });

export type ServiceContentForm = z.infer<typeof serviceContentFormSchema>;

/** The editor's values as the texts the store keeps. */
export function textsOfForm(value: ServiceContentForm): ServiceTexts {
  return {
    title: value.title,
    summary: value.summary,
    body: value.body,
    whoNeeds: value.whoNeeds,
    documents: value.documents,
    turnaround: value.turnaround,
    faqs: (value.faqs ?? []).filter((faq) => faq.question && faq.answer).map((faq) => ({ question: faq.question!, answer: faq.answer! })),
  };
}
