/**
 * The local identity adapter's session tokens: `base64url(JSON payload).base64url(HMAC-SHA256)`,
 * signed with a key derived from the newest secret and accepted under any of them (rotation).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { IdentityError, type Role, type SessionClaims } from "./index";

export type TokenPayload = { uid: string; email: string; role: Role | null; authTime: number; iat: number; exp: number };

/** Keys are derived from the secrets so a token's MAC can never double as another use of the same secret. */
export function signingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("amarre/identity/session-token/v1").digest();
}

function sign(payloadPart: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(payloadPart).digest();
}

export const BASE64URL = /^[A-Za-z0-9_-]+$/;

function isPayload(value: unknown): value is TokenPayload {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uid === "string" &&
    v.uid.length > 0 &&
    typeof v.email === "string" &&
    (v.role === null || v.role === "admin") &&
    Number.isSafeInteger(v.authTime) &&
    Number.isSafeInteger(v.iat) &&
    Number.isSafeInteger(v.exp)
  );
}

/** A signed token for a payload. */
export function encodeSessionToken(payload: TokenPayload, key: Buffer): string {
  const payloadPart = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${payloadPart}.${sign(payloadPart, key).toString("base64url")}`;
}

/** Checks the MAC against every key and parses the payload; `invalid-user-token` otherwise. */
export function decodeSessionToken(token: unknown, keys: readonly Buffer[]): TokenPayload {
  const invalid = () => new IdentityError("invalid-user-token");
  if (typeof token !== "string" || token.length > 8192) throw invalid();
  const parts = token.split(".");
  if (parts.length !== 2 || !BASE64URL.test(parts[0]) || !BASE64URL.test(parts[1])) throw invalid();
  const [payloadPart, signaturePart] = parts;
  const signature = Buffer.from(signaturePart, "base64url");
  if (signature.length !== 32 || signature.toString("base64url") !== signaturePart) throw invalid();
  let valid = false;
  for (const key of keys) {
    if (timingSafeEqual(sign(payloadPart, key), signature)) valid = true;
  }
  if (!valid) throw invalid();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!isPayload(payload)) throw invalid();
  return payload;
}

/** A verified payload as the port's claims. */
export function toClaims(payload: TokenPayload): SessionClaims {
  return {
    uid: payload.uid,
    email: payload.email,
    role: payload.role,
    authTime: payload.authTime,
    issuedAt: payload.iat,
    expiresAt: payload.exp,
  };
}
