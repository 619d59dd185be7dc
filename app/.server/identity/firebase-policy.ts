/**
 * The Firebase identity adapter's password policy: reading the Identity Toolkit's
 * `GET /v2/passwordPolicy` answer into the port's PasswordPolicy.
 */
import { DEFAULT_PASSWORD_POLICY, IdentityError, type PasswordPolicy } from "./index";

/** How long a fetched password policy is reused. */
export const PASSWORD_POLICY_CACHE_MS = 5 * 60 * 1000;
export const PASSWORD_POLICY_SCHEMA_VERSION = 1;

type CustomStrengthOptions = {
  minPasswordLength?: number;
  maxPasswordLength?: number;
  containsLowercaseCharacter?: boolean;
  containsUppercaseCharacter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
};

/** The body of `GET /v2/passwordPolicy`. */
export type PasswordPolicyResponse = {
  customStrengthOptions?: CustomStrengthOptions;
  allowedNonAlphanumericCharacters?: string[] | string;
  enforcementState?: "ENFORCEMENT_STATE_UNSPECIFIED" | "OFF" | "ENFORCE" | string;
  forceUpgradeOnSignin?: boolean;
  schemaVersion?: number;
};

function positiveInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Reads the service's policy: schema version 1 only (`unsupported-password-policy-schema-version`
 * otherwise); not enforced (unspecified or OFF) means the default policy.
 */
export function parsePasswordPolicy(response: PasswordPolicyResponse): PasswordPolicy {
  if (response.schemaVersion !== PASSWORD_POLICY_SCHEMA_VERSION) {
    throw new IdentityError("unsupported-password-policy-schema-version", `Password policy schema version ${String(response.schemaVersion)}`);
  }
  if (response.enforcementState !== "ENFORCE") return { ...DEFAULT_PASSWORD_POLICY };
  const options = response.customStrengthOptions ?? {};
  const allowed = response.allowedNonAlphanumericCharacters;
  const allowedText = Array.isArray(allowed) ? allowed.filter((c) => typeof c === "string").join("") : typeof allowed === "string" ? allowed : "";
  return {
    minLength: positiveInteger(options.minPasswordLength) ?? DEFAULT_PASSWORD_POLICY.minLength,
    maxLength: positiveInteger(options.maxPasswordLength) ?? null,
    requireLowercase: options.containsLowercaseCharacter === true,
    requireUppercase: options.containsUppercaseCharacter === true,
    requireNumeric: options.containsNumericCharacter === true,
    requireNonAlphanumeric: options.containsNonAlphanumericCharacter === true,
    allowedNonAlphanumericCharacters: allowedText.length > 0 ? allowedText : null,
  };
}
