import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A visitor's case reaches an account only when the person proves they read the address the
 * request gave: its emails carry a link signed with the app's secret (HMAC-SHA256 over the case,
 * that address and an expiry), nothing stored. Opened by someone signed in with that same address,
 * before the expiry, while the case is still a visitor's, it attaches the case to their account;
 * once attached, every link to it is spent. (Decision 028.)
 */
export const CLAIM_LINK_DAYS = 7;
const VERSION = "v1";

export type ClaimOutcome =
  /** The case is now the person's. */
  | "claimed"
  /** It already was (a second click on the link). */
  | "already-yours"
  /** The link was used already: the case belongs to another account. */
  | "used"
  /** The link's day has passed. */
  | "expired"
  /** The person signed in has another address than the request's. */
  | "other-email"
  /** Not a link we signed for this case (altered, truncated, another case's). */
  | "invalid";

const normalise = (email: string) => email.trim().toLowerCase();

function signature(secret: string, caseId: string, email: string, expires: number): string {
  return createHmac("sha256", secret).update(`amarre-case-claim|${VERSION}|${caseId}|${normalise(email)}|${expires}`).digest("base64url");
}

/** The link's secret part (`v1.{expiry in seconds}.{signature}`) for the case and its address. */
export function signClaim(secret: string, target: { id: string; email: string }, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${VERSION}.${expires}.${signature(secret, target.id, target.email, expires)}`;
}

/**
 * Reads a link's token for the case and its address: `ok`, `expired` (signed by us, past its
 * time) or `invalid`. Any of `secrets` verifies (the newest signs), so rotating the secret keeps
 * recent links working while the old one is listed.
 */
export function readClaim(secrets: readonly string[], target: { id: string; email: string }, token: string, now: Date): "ok" | "expired" | "invalid" {
  const match = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid";
  const expires = Number(match[1]);
  const given = Buffer.from(match[2]!);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(signature(secret, target.id, target.email, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return "invalid";
  return expires * 1000 <= now.getTime() ? "expired" : "ok";
}

export function sameEmail(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}
