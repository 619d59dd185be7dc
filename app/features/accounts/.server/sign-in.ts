/** Registering and signing in and out: the session a sign-in ends with, the welcome email, ending one session or all of them. */
import type { Lang } from "#app/i18n";
import { href } from "#app/utils/href";
import { systemEmail } from "#app/features/mailbox/.server";
import type { AccountKind, Company } from "#app/features/profiles/.server";
import { assertPasswordPolicy, sessionFor, type AccountsContext } from "./context";
import type { AccountSession } from "./model";

/** A new account: the identity, the profile, the welcome email, and the session it starts signed in with. */
export async function register(
  ctx: AccountsContext,
  input: { email: string; password: string; displayName: string; kind: AccountKind; company?: Company | null; lang: Lang; origin: string },
): Promise<AccountSession> {
  await assertPasswordPolicy(ctx, input.password);
  const created = await ctx.identity.signUp({ email: input.email, password: input.password, displayName: input.displayName });
  await ctx.users.create({
    uid: created.uid,
    email: created.email,
    displayName: input.displayName,
    kind: input.kind,
    company: input.company ?? null,
    lang: input.lang,
  });
  const link = input.origin + href("settings", { lang: input.lang });
  await ctx.mailbox.deliver({ uid: created.uid, to: created.email, lang: input.lang, email: systemEmail("welcome", { name: input.displayName, link }), link });
  return sessionFor(ctx, created.uid, { uid: created.uid });
}

export async function signIn(ctx: AccountsContext, email: string, password: string): Promise<AccountSession> {
  const signedIn = await ctx.identity.signInWithPassword(email, password);
  return sessionFor(ctx, signedIn.uid, { uid: signedIn.uid });
}

/**
 * The browser signed in with the Firebase JS SDK and sent its fresh ID token. A first sign-in
 * with Google makes the profile, in `lang` (the language of the page it came from): emails
 * sent outside a page of theirs go in it.
 */
export async function signInWithIdToken(ctx: AccountsContext, idToken: string, lang?: Lang): Promise<AccountSession> {
  const claims = await ctx.identity.verifyIdToken(idToken);
  return sessionFor(ctx, claims.uid, { idToken }, lang);
}

/** Ends every session of the person, on every server and at the identity service. */
export async function signOutEverywhere(ctx: AccountsContext, uid: string): Promise<void> {
  await ctx.sessions.revokeAll(uid);
  await ctx.identity.revokeSessions(uid);
}

/** Ends one session (signing out of this browser). */
export async function signOut(ctx: AccountsContext, uid: string, sid: string | undefined): Promise<void> {
  // A session from before session ids existed can only be ended with all of the person's.
  if (sid === undefined) await ctx.sessions.revokeAll(uid);
  else await ctx.sessions.revokeSession(uid, sid);
}
