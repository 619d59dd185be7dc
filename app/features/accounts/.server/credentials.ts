/** Credentials: resetting a forgotten password, proving and changing the password, changing the sign-in email, the admin role (each change ends the person's sessions). */
import type { Lang } from "#app/i18n";
import { href } from "#app/utils/href";
import { systemEmail } from "#app/features/mailbox/.server";
import { assertPasswordPolicy, type AccountsContext } from "./context";

/** Sends a reset link if the address has an account; says nothing either way. */
export async function requestPasswordReset(ctx: AccountsContext, email: string, lang: Lang, origin: string): Promise<void> {
  const code = await ctx.identity.createPasswordResetCode(email);
  if (!code) return;
  const account = await ctx.identity.getUserByEmail(email);
  if (!account) return;
  const link = `${origin}${href("reset-password", { lang, search: { code } })}`;
  await ctx.mailbox.deliver({ uid: account.uid, to: account.email, lang, email: systemEmail("passwordReset", { link, minutes: 60 }), link });
}

export async function resetPassword(ctx: AccountsContext, code: string, password: string): Promise<{ email: string }> {
  await assertPasswordPolicy(ctx, password);
  return ctx.identity.confirmPasswordReset(code, password);
}

/** The rules a new password must meet, as the identity service states them now. */
export function passwordPolicy(ctx: AccountsContext) {
  return ctx.identity.getPasswordPolicy();
}

/**
 * Proves a person's current password: a fresh sign-in with their email that must land on
 * their own account ("user-mismatch" otherwise). Identity errors are thrown as they come.
 */
export async function provePassword(ctx: AccountsContext, uid: string, email: string, password: string): Promise<"proven" | "user-mismatch"> {
  const proven = await ctx.identity.signInWithPassword(email, password);
  return proven.uid === uid ? "proven" : "user-mismatch";
}

/** A new sign-in email (the identity service ends every session, as Firebase does). */
export async function changeEmail(ctx: AccountsContext, uid: string, email: string): Promise<{ email: string }> {
  const updated = await ctx.identity.updateEmail(uid, email);
  await ctx.users.update(uid, { email: updated.email });
  await ctx.sessions.revokeAll(uid);
  return { email: updated.email };
}

export async function changePassword(ctx: AccountsContext, uid: string, password: string): Promise<void> {
  await assertPasswordPolicy(ctx, password);
  await ctx.identity.updatePassword(uid, password);
  await ctx.sessions.revokeAll(uid);
}

/** A role change (the admin claim) ends every session: the next one carries the new role. */
export async function setRole(ctx: AccountsContext, uid: string, role: "admin" | null): Promise<void> {
  await ctx.identity.setRole(uid, role);
  await ctx.sessions.revokeAll(uid);
  await ctx.identity.revokeSessions(uid);
}
