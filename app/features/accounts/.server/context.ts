/**
 * What every accounts operation shares: the dependencies, the session a sign-in ends with (and
 * the profile a first sign-in makes), and the password policy's check. Each operation module takes
 * this context; `service.ts` makes it once and wires the operations.
 */
import type { Lang } from "#app/i18n";
import type { Config } from "#app/.server/config";
import { IdentityError, unmetPasswordRequirements, type IdentityProvider } from "#app/.server/identity";
import type { MailboxService } from "#app/features/mailbox/.server";
import type { SessionRevocations } from "./sessions";
import type { UsersService } from "#app/features/profiles/.server";
import type { AccountSession } from "./model";

export type AccountsDeps = {
  identity: IdentityProvider;
  users: UsersService;
  mailbox: MailboxService;
  config: Config;
  /** Ends sessions on every server (a new password or email ends the old ones). */
  sessions: SessionRevocations;
};

export type AccountsContext = AccountsDeps;

/** `lang`: the language a profile made here gets (the page the person signed in from). */
export async function sessionFor(ctx: AccountsContext, uid: string, proof: { uid: string } | { idToken: string }, lang?: Lang): Promise<AccountSession> {
  const token = await ctx.identity.createSessionToken(proof);
  const claims = await ctx.identity.verifySessionToken(token);
  let profile = await ctx.users.get(uid);
  if (!profile) {
    // An identity made outside this app (Firebase console, Google sign-in): give it a profile.
    const identityRecord = await ctx.identity.getUser(uid);
    profile = await ctx.users.create({
      uid,
      email: claims.email,
      displayName: identityRecord?.displayName ?? claims.email.split("@")[0],
      kind: "person",
      ...(lang ? { lang } : {}),
    });
  }
  return { token, uid, email: claims.email, role: claims.role, displayName: profile.displayName, slug: profile.slug };
}

/** `password-does-not-meet-requirements` (with the unmet rules) unless the password meets the identity service's policy. */
export async function assertPasswordPolicy(ctx: AccountsContext, password: string) {
  const unmet = unmetPasswordRequirements(password, await ctx.identity.getPasswordPolicy());
  if (unmet.length > 0) throw new IdentityError("password-does-not-meet-requirements", unmet.join(","));
}
