/**
 * The Firebase identity adapter's records: firebase-admin's users and decoded tokens as the
 * port's Identity and SessionClaims.
 */
import type { DecodedIdToken, UserRecord } from "firebase-admin/auth";
import type { Identity, Role, SessionClaims } from "./index";

function toRole(value: unknown): Role | null {
  return value === "admin" ? "admin" : null;
}

export function toClaims(decoded: DecodedIdToken): SessionClaims {
  return {
    uid: decoded.uid,
    email: decoded.email ?? "",
    role: toRole(decoded.role),
    authTime: decoded.auth_time,
    issuedAt: decoded.iat,
    expiresAt: decoded.exp,
  };
}

function toIso(value: string | undefined | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function toIdentity(user: UserRecord): Identity {
  return {
    uid: user.uid,
    email: user.email ?? "",
    emailVerified: user.emailVerified,
    displayName: user.displayName ?? null,
    photoURL: user.photoURL ?? null,
    disabled: user.disabled,
    role: toRole(user.customClaims?.role),
    createdAt: toIso(user.metadata.creationTime) ?? new Date(0).toISOString(),
    lastSignInAt: toIso(user.metadata.lastSignInTime),
  };
}
