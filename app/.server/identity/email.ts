import { IdentityError } from "./index";

/** RFC 5321's limit on a whole address. */
export const MAX_EMAIL_LENGTH = 254;

const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?";
/** A practical email check: no spaces or quoting in the local part, a dotted domain of valid labels. */
const EMAIL_FORMAT = new RegExp(`^[^\\s@"(),:;<>[\\]\\\\]{1,64}@${LABEL}(?:\\.${LABEL})+$`, "u");

/**
 * The form both adapters store and look emails up by: trimmed and lower-cased (Firebase compares
 * emails case-insensitively too). Throws `invalid-email` when it is not an email.
 */
export function normalizeEmail(email: unknown): string {
  if (typeof email !== "string") throw new IdentityError("invalid-email");
  const normalized = email.trim().toLowerCase();
  if (normalized.length > MAX_EMAIL_LENGTH || !EMAIL_FORMAT.test(normalized)) throw new IdentityError("invalid-email");
  return normalized;
}
