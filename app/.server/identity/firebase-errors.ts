/**
 * The Firebase identity adapter's error mapping: Identity Toolkit REST codes and firebase-admin
 * codes to the port's IdentityError codes, and the two rewrites the adapter applies (a sign-in
 * never tells which half was wrong; a missing account during verification is an invalid token).
 */
import { IdentityError, type IdentityErrorCode } from "./index";

/** Identity Toolkit REST error codes (the first word of `error.message`) to the port's codes. */
const REST_ERRORS: Record<string, IdentityErrorCode> = {
  EMAIL_EXISTS: "email-already-in-use",
  EMAIL_NOT_FOUND: "user-not-found",
  USER_NOT_FOUND: "user-not-found",
  INVALID_PASSWORD: "wrong-password",
  INVALID_LOGIN_CREDENTIALS: "invalid-credential",
  INVALID_IDP_RESPONSE: "invalid-credential",
  USER_DISABLED: "user-disabled",
  TOO_MANY_ATTEMPTS_TRY_LATER: "too-many-requests",
  QUOTA_EXCEEDED: "too-many-requests",
  EXPIRED_OOB_CODE: "expired-action-code",
  INVALID_OOB_CODE: "invalid-action-code",
  MISSING_OOB_CODE: "invalid-action-code",
  WEAK_PASSWORD: "password-does-not-meet-requirements",
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "password-does-not-meet-requirements",
  MISSING_PASSWORD: "password-does-not-meet-requirements",
  INVALID_EMAIL: "invalid-email",
  MISSING_EMAIL: "invalid-email",
  TOKEN_EXPIRED: "user-token-expired",
  USER_TOKEN_EXPIRED: "user-token-expired",
  INVALID_ID_TOKEN: "invalid-user-token",
  INVALID_REFRESH_TOKEN: "invalid-user-token",
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: "requires-recent-login",
  USER_MISMATCH: "user-mismatch",
};

/** firebase-admin's `auth/...` and `app/...` codes to the port's codes. */
const ADMIN_ERRORS: Record<string, IdentityErrorCode> = {
  "auth/email-already-exists": "email-already-in-use",
  "auth/user-not-found": "user-not-found",
  "auth/email-not-found": "user-not-found",
  "auth/invalid-uid": "user-not-found",
  "auth/invalid-email": "invalid-email",
  "auth/invalid-new-email": "invalid-email",
  "auth/missing-email": "invalid-email",
  "auth/invalid-password": "password-does-not-meet-requirements",
  "auth/id-token-expired": "user-token-expired",
  "auth/session-cookie-expired": "user-token-expired",
  "auth/id-token-revoked": "user-token-expired",
  "auth/session-cookie-revoked": "user-token-expired",
  "auth/invalid-id-token": "invalid-user-token",
  "auth/argument-error": "invalid-user-token",
  "auth/user-disabled": "user-disabled",
  "auth/quota-exceeded": "too-many-requests",
  "app/network-error": "network-request-failed",
  "app/network-timeout": "network-request-failed",
};

function errorCodeOf(error: unknown): string | undefined {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") return error.code;
  return undefined;
}

/** Turns a firebase-admin failure into an IdentityError (IdentityErrors pass through). */
export function fromAdminError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  let mapped = code ? ADMIN_ERRORS[code] : undefined;
  // Server codes firebase-admin does not know arrive as auth/internal-error with the raw code in the message.
  for (const [word] of message.matchAll(/\b[A-Z][A-Z_]{3,}\b/g)) {
    if (mapped) break;
    mapped = REST_ERRORS[word];
  }
  return new IdentityError(mapped ?? "internal-error", `${code ?? "firebase-admin"}: ${message}`, { cause: error });
}

/** Turns an Identity Toolkit error response body into an IdentityError. */
export function fromRestError(status: number, body: unknown): IdentityError {
  const error = body && typeof body === "object" && "error" in body ? (body as { error: unknown }).error : undefined;
  const message = error && typeof error === "object" && "message" in error ? String((error as { message: unknown }).message) : "";
  const serverCode = /^[A-Z_]+/.exec(message)?.[0] ?? "";
  const mapped = REST_ERRORS[serverCode] ?? (status === 429 ? "too-many-requests" : "internal-error");
  return new IdentityError(mapped, `Identity Toolkit ${status}: ${message || "no message"}`);
}

/** A sign-in never says whether the email or the password was wrong. */
export function forSignIn(error: IdentityError): IdentityError {
  if (error.code === "user-not-found" || error.code === "wrong-password" || error.code === "password-does-not-meet-requirements") {
    return new IdentityError("invalid-credential", error.message, { cause: error });
  }
  return error;
}

/** While verifying a token, an account that does not exist means the token is not valid. */
export function forVerification(error: IdentityError): IdentityError {
  if (error.code === "user-not-found") {
    return new IdentityError("invalid-user-token", error.message, { cause: error });
  }
  return error;
}
