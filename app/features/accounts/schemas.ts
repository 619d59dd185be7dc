import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";
import { langCodes, type Lang } from "#app/i18n";
import { withoutControlCharacters } from "#app/utils/free-text";
import { passwordFieldFor, type PasswordPolicy } from "#app/features/accounts/password-policy";

/**
 * The account forms' schemas, shared by the browser (conform) and the actions. Messages
 * come from the translated zod error map; custom ones name a key of the `validation` namespace.
 */
export const emailField = z.string().trim().toLowerCase().min(1).max(254).email();
/** Length and character rules come from the identity service's policy (checked in the action). */
export const passwordField = z.string().min(1).max(4096);

/** A field every public form carries: real people leave it empty. */
export const honeypotField = z.string().max(0, { message: "bot" }).optional();

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
  redirect: z.string().optional(),
  website: honeypotField,
});

export const registerSchema = z.object({
  displayName: z.string().trim().min(2).max(60),
  email: emailField,
  password: passwordField,
  acceptTerms: z
    .string()
    .optional()
    .refine((value) => value === "on", { params: { i18n: "acceptTerms" } }),
  redirect: z.string().optional(),
  website: honeypotField,
});

/** Spanish NIF/NIE/CIF or an EU VAT number (two letters and 2–13 characters). */
const taxIdPattern = /^(?:[0-9]{8}[A-Z]|[XYZ][0-9]{7}[A-Z]|[ABCDEFGHJKLMNPQRSUVW][0-9]{7}[0-9A-J]|[A-Z]{2}[0-9A-Z]{2,13})$/;
const phonePattern = /^\+?[0-9 ()-]{7,20}$/;

export const phoneField = z
  .string()
  .trim()
  .refine((v) => phonePattern.test(v), { params: { i18n: "phone" } });

export const registerProSchema = registerSchema.extend({
  companyName: z.string().trim().min(2).max(120),
  taxId: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => v.replace(/[\s.-]/g, ""))
    .refine((v) => taxIdPattern.test(v), { params: { i18n: "taxId" } }),
  phone: phoneField,
  address: z.string().trim().min(5).max(200),
});

export const spokenLanguages = ["es", "en", "fr", "de", "it", "pt", "ca", "nl"] as const;

/** An absolute https link to a public host (`javascript:`, `data:` and plain http are refused). */
export const profileSchema = z.object({
  displayName: withoutControlCharacters(z.string().trim().min(2).max(60)),
  bio: withoutControlCharacters(z.string().trim().max(1000)).optional(),
  phone: phoneField.optional(),
  languages: z.array(z.enum(spokenLanguages)).max(spokenLanguages.length).optional(),
  /** The language of the emails sent to the person (absent: left as it is). */
  emailLang: z.enum(langCodes as [Lang, ...Lang[]]).optional(),
});

/** The profile photo form: one image file (its content is checked on the server). */
export const profilePhotoSchema = z.object({
  photo: z.instanceof(Blob).refine((file) => file.size > 0, { params: { i18n: { key: "profile:photo.errors.none" } } }),
});

/** A new sign-in email, proven by the current password. */
export const changeEmailSchema = z.object({
  email: emailField,
  currentPassword: passwordField,
});

/** A new password under the identity service's policy, typed twice, proven by the current one. */
export function changePasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      currentPassword: passwordField,
      password: passwordFieldFor(policy),
      confirmPassword: passwordField,
    })
    .superRefine((value, ctx) => {
      if (value.password !== value.confirmPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], params: { i18n: "passwordMismatch" } });
      }
    });
}

export const ibanField = z
  .string()
  .trim()
  .transform((v) => electronicFormatIBAN(v) ?? "")
  .refine((v) => isValidIBAN(v), { params: { i18n: "iban" } });

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/**
 * A Spanish DNI or NIE (its control letter must match) or a passport number (5–20 letters
 * and digits), already upper-cased and without separators.
 */
export function isValidIdDocument(value: string): boolean {
  const dni = /^(\d{8})([A-Z])$/.exec(value);
  if (dni) return DNI_LETTERS[Number(dni[1]) % 23] === dni[2];
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (nie) return DNI_LETTERS[Number(`${"XYZ".indexOf(nie[1])}${nie[2]}`) % 23] === nie[3];
  return /^[0-9A-Z]{5,20}$/.test(value);
}

export const lessorSchema = z.object({
  legalName: z.string().trim().min(3).max(120),
  idDocument: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => v.replace(/[\s.-]/g, ""))
    .refine(isValidIdDocument, { params: { i18n: "idDocument" } }),
  phone: phoneField,
  address: z.string().trim().min(5).max(200),
  iban: ibanField,
});

export const siteLanguages = langCodes;
