/**
 * The identity service's password policy and the check against it: shared by the form in the
 * browser and the action on the server, so both enforce the same rules.
 */
import { z } from "zod";
/** The spec's password policy (schema version 1): minimum length 6 when not given. */
export type PasswordPolicy = {
  minLength: number;
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
  /** The characters that count as non-alphanumeric, when the service restricts them. */
  allowedNonAlphanumericCharacters: string | null;
};

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
  allowedNonAlphanumericCharacters: null,
};

/** Checks a password against a policy; returns the unmet requirements (empty when it passes). */
export function unmetPasswordRequirements(password: string, policy: PasswordPolicy) {
  const unmet: Array<"minLength" | "maxLength" | "lowercase" | "uppercase" | "numeric" | "nonAlphanumeric"> = [];
  const length = [...password].length;
  if (length < policy.minLength) unmet.push("minLength");
  if (policy.maxLength !== null && length > policy.maxLength) unmet.push("maxLength");
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) unmet.push("lowercase");
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) unmet.push("uppercase");
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) unmet.push("numeric");
  if (policy.requireNonAlphanumeric) {
    const allowed = policy.allowedNonAlphanumericCharacters;
    const ok = allowed ? [...password].some((c) => allowed.includes(c)) : /[^\p{L}\p{Nd}]/u.test(password);
    if (!ok) unmet.push("nonAlphanumeric");
  }
  return unmet;
}

/** The password field of a form, checked against the policy with translated messages per rule. */
export function passwordFieldFor(policy: PasswordPolicy) {
  return z
    .string({ required_error: undefined })
    .min(1)
    .superRefine((value, ctx) => {
      for (const rule of unmetPasswordRequirements(value, policy)) {
        const values = {
          count: rule === "maxLength" ? (policy.maxLength ?? 0) : policy.minLength,
          characters: policy.allowedNonAlphanumericCharacters ?? "",
        };
        ctx.addIssue({ code: "custom", params: { i18n: { key: `password.${rule}`, values } } });
      }
    });
}

/** The rules to show beside a new-password field. */
export function passwordHints(policy: PasswordPolicy) {
  const hints: Array<{ key: string; values: Record<string, string | number> }> = [
    { key: "password.minLength", values: { count: policy.minLength } },
  ];
  if (policy.maxLength !== null) hints.push({ key: "password.maxLength", values: { count: policy.maxLength } });
  if (policy.requireLowercase) hints.push({ key: "password.lowercase", values: {} });
  if (policy.requireUppercase) hints.push({ key: "password.uppercase", values: {} });
  if (policy.requireNumeric) hints.push({ key: "password.numeric", values: {} });
  if (policy.requireNonAlphanumeric) {
    hints.push({ key: "password.nonAlphanumeric", values: { characters: policy.allowedNonAlphanumericCharacters ?? "" } });
  }
  return hints;
}
