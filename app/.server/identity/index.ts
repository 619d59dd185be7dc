/**
 * The identity port: who a person is and how they prove it. Two adapters implement it:
 * `local.ts` (accounts in the document store, scrypt password hashes) for the embedded
 * backend, and `firebase.ts` (Firebase Auth: Identity Toolkit REST + firebase-admin) for the
 * firebase backend. One contract suite (`identity.contract.ts`) runs against both.
 */

export type Role = "admin";

export type Identity = {
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  disabled: boolean;
  /** From the identity's custom claim `role`. */
  role: Role | null;
  /** ISO-8601. */
  createdAt: string;
  lastSignInAt: string | null;
};

/** What a verified session says about its holder, checked on every request without I/O where possible. */
export type SessionClaims = {
  uid: string;
  email: string;
  role: Role | null;
  /** When the person last proved who they are (seconds since the epoch). */
  authTime: number;
  /** When this session token was issued (seconds since the epoch). */
  issuedAt: number;
  /** When it expires (seconds since the epoch). */
  expiresAt: number;
};

export { DEFAULT_PASSWORD_POLICY, unmetPasswordRequirements, type PasswordPolicy } from "#app/features/accounts";
import type { PasswordPolicy } from "#app/features/accounts";

/** The error codes of the spec's catalogue that a person can meet, plus the port's own. */
export const identityErrorCodes = [
  "email-already-in-use",
  "wrong-password",
  "invalid-credential",
  "user-not-found",
  "too-many-requests",
  "expired-action-code",
  "invalid-action-code",
  "requires-recent-login",
  "user-token-expired",
  "invalid-user-token",
  "user-disabled",
  "user-mismatch",
  "network-request-failed",
  "password-does-not-meet-requirements",
  "invalid-email",
  "unsupported-password-policy-schema-version",
  "internal-error",
] as const;
export type IdentityErrorCode = (typeof identityErrorCodes)[number];

export class IdentityError extends Error {
  constructor(
    readonly code: IdentityErrorCode,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? code, options);
    this.name = "IdentityError";
  }
}

export function isIdentityError(error: unknown, code?: IdentityErrorCode): error is IdentityError {
  return error instanceof IdentityError && (code === undefined || error.code === code);
}

/** How long a session lasts (Firebase allows 5 minutes to 2 weeks). */
export { DEFAULT_PASSWORD_HASH_COST } from "./local-passwords";

export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
/** The spec's maximum auth token age: an ID token older than this cannot start a session. */
export const MAX_AUTH_TOKEN_AGE_SECONDS = 5 * 60;

export interface IdentityProvider {
  readonly kind: "local" | "firebase";

  /** Creates an account; `email-already-in-use`, `invalid-email`, `password-does-not-meet-requirements`. */
  signUp(input: { email: string; password: string; displayName?: string }): Promise<Identity>;
  /** Checks a password; `invalid-credential` (never says which of the two was wrong), `user-disabled`. */
  signInWithPassword(email: string, password: string): Promise<Identity>;

  /**
   * Turns a fresh proof of identity into a long-lived session token for the cookie session.
   * Local: from a uid that just signed in. Firebase: from an ID token whose `auth_time` is at
   * most MAX_AUTH_TOKEN_AGE_SECONDS old (`requires-recent-login` otherwise) — `createSessionCookie`.
   */
  createSessionToken(proof: { uid: string } | { idToken: string }): Promise<string>;
  /**
   * Verifies a session token locally (no I/O on firebase once keys are cached); with
   * `checkRevoked`, also that the account is enabled and its sessions were not revoked after
   * the token was issued. `user-token-expired`, `invalid-user-token`, `user-disabled`.
   */
  verifySessionToken(token: string, options?: { checkRevoked?: boolean }): Promise<SessionClaims>;
  /** Verifies an ID token from the browser (firebase only; local throws `invalid-user-token`). */
  verifyIdToken(idToken: string): Promise<SessionClaims>;
  /** Ends every session of the account (sign-out everywhere, password change). */
  revokeSessions(uid: string): Promise<void>;

  getUser(uid: string): Promise<Identity | null>;
  getUserByEmail(email: string): Promise<Identity | null>;
  updateEmail(uid: string, email: string): Promise<Identity>;
  updatePassword(uid: string, password: string): Promise<void>;
  updateProfile(uid: string, profile: { displayName?: string | null; photoURL?: string | null }): Promise<Identity>;
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /**
   * Erases the account for good (a person deleting theirs): its email is free again, its password
   * signs nobody in, its sessions fail `checkRevoked`. Deleting an account that is gone already is
   * not an error.
   */
  deleteUser(uid: string): Promise<void>;
  /** Sets or clears the `role` claim; takes effect on the next session verification with claims. */
  setRole(uid: string, role: Role | null): Promise<void>;

  /** The policy new passwords must meet, as the identity service states it (cached briefly). */
  getPasswordPolicy(): Promise<PasswordPolicy>;

  /** A one-time code for a password-reset link; null when no account has that email (say nothing). */
  createPasswordResetCode(email: string): Promise<string | null>;
  /** Uses the code; `expired-action-code`, `invalid-action-code`, `password-does-not-meet-requirements`. */
  confirmPasswordReset(code: string, newPassword: string): Promise<{ email: string }>;

  close(): Promise<void>;
}
