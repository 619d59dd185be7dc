/**
 * The local identity adapter's stored records: the collections, the account document, the email
 * and reset-code keys (hashed: an email may hold characters a document id cannot, and only a reset
 * code's hash is stored), and an account as the port's Identity.
 */
import { createHash } from "node:crypto";
import type { Identity, Role } from "./index";

export const ACCOUNTS_COLLECTION = "accounts";
export const ACCOUNT_EMAILS_COLLECTION = "account_emails";
export const PASSWORD_RESETS_COLLECTION = "password_resets";

/** How long a password-reset code stays usable. */
export const PASSWORD_RESET_CODE_TTL_SECONDS = 60 * 60;

/** An account as stored in `accounts/{uid}`. */
export type LocalAccount = {
  email: string;
  passwordHash: string;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  disabled: boolean;
  role: Role | null;
  createdAt: string;
  lastSignInAt: string | null;
  /** Sessions issued before this second are revoked. */
  tokensValidAfter: number;
};

export type AccountEmailDoc = { uid: string; email: string };
export type PasswordResetDoc = { uid: string; email: string; createdAt: string; expiresAt: string };

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64url");
}

export function emailKey(normalizedEmail: string): string {
  return sha256(`email:${normalizedEmail}`);
}

export function isDocumentId(uid: unknown): uid is string {
  return typeof uid === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(uid);
}

export function toIdentity(uid: string, account: LocalAccount): Identity {
  return {
    uid,
    email: account.email,
    emailVerified: account.emailVerified ?? false,
    displayName: account.displayName ?? null,
    photoURL: account.photoURL ?? null,
    disabled: account.disabled ?? false,
    role: account.role === "admin" ? "admin" : null,
    createdAt: account.createdAt,
    lastSignInAt: account.lastSignInAt ?? null,
  };
}
