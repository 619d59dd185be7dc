import type { Role } from "#app/.server/identity";

/**
 * A signed-in person, as registration and sign-in return them: the token the identity service
 * issued (a local signed token or a Firebase session cookie) and what pages show of them. The
 * cookie session stores exactly this (`SessionData` of `app/.server/auth/session.ts`).
 */
export type AccountSession = {
  token: string;
  uid: string;
  email: string;
  role: Role | null;
  displayName: string;
  slug: string;
};
