import type { Lang } from "#app/i18n";
import type { Config } from "#app/.server/config";
import { IdentityError, unmetPasswordRequirements, type IdentityProvider } from "#app/.server/identity";
import { href } from "#app/utils/href";
import { systemEmail, type MailboxService } from "../mailbox";
import type { AccountKind, Company, UsersService } from "../users";
import type { AccountSession } from "./model";
import type { SessionRevocations } from "../sessions";

/**
 * Accounts: registration, sign-in and password reset, tying the identity service (who you
 * are) to the profile (what the marketplace knows about you) and the mailbox.
 */
export function createAccountsService(deps: {
  identity: IdentityProvider;
  users: UsersService;
  mailbox: MailboxService;
  config: Config;
  /** Ends sessions on every server (a new password or email ends the old ones). */
  sessions: SessionRevocations;
}) {
  const { identity, users, mailbox, sessions } = deps;

  /** `lang`: the language a profile made here gets (the page the person signed in from). */
  async function sessionFor(uid: string, proof: { uid: string } | { idToken: string }, lang?: Lang): Promise<AccountSession> {
    const token = await identity.createSessionToken(proof);
    const claims = await identity.verifySessionToken(token);
    let profile = await users.get(uid);
    if (!profile) {
      // An identity made outside this app (Firebase console, Google sign-in): give it a profile.
      const identityRecord = await identity.getUser(uid);
      profile = await users.create({
        uid,
        email: claims.email,
        displayName: identityRecord?.displayName ?? claims.email.split("@")[0],
        kind: "person",
        ...(lang ? { lang } : {}),
      });
    }
    return { token, uid, email: claims.email, role: claims.role, displayName: profile.displayName, slug: profile.slug };
  }

  async function assertPasswordPolicy(password: string) {
    const unmet = unmetPasswordRequirements(password, await identity.getPasswordPolicy());
    if (unmet.length > 0) throw new IdentityError("password-does-not-meet-requirements", unmet.join(","));
  }

  return {
    async register(input: {
      email: string;
      password: string;
      displayName: string;
      kind: AccountKind;
      company?: Company | null;
      lang: Lang;
      origin: string;
    }): Promise<AccountSession> {
      await assertPasswordPolicy(input.password);
      const created = await identity.signUp({ email: input.email, password: input.password, displayName: input.displayName });
      await users.create({
        uid: created.uid,
        email: created.email,
        displayName: input.displayName,
        kind: input.kind,
        company: input.company ?? null,
        lang: input.lang,
      });
      const link = input.origin + href("settings", { lang: input.lang });
      await mailbox.deliver({ uid: created.uid, to: created.email, lang: input.lang, email: systemEmail("welcome", { name: input.displayName, link }), link });
      return sessionFor(created.uid, { uid: created.uid });
    },

    async signIn(email: string, password: string): Promise<AccountSession> {
      const signedIn = await identity.signInWithPassword(email, password);
      return sessionFor(signedIn.uid, { uid: signedIn.uid });
    },

    /**
     * The browser signed in with the Firebase JS SDK and sent its fresh ID token. A first sign-in
     * with Google makes the profile, in `lang` (the language of the page it came from): emails
     * sent outside a page of theirs go in it.
     */
    async signInWithIdToken(idToken: string, lang?: Lang): Promise<AccountSession> {
      const claims = await identity.verifyIdToken(idToken);
      return sessionFor(claims.uid, { idToken }, lang);
    },

    /** Sends a reset link if the address has an account; says nothing either way. */
    async requestPasswordReset(email: string, lang: Lang, origin: string): Promise<void> {
      const code = await identity.createPasswordResetCode(email);
      if (!code) return;
      const account = await identity.getUserByEmail(email);
      if (!account) return;
      const link = `${origin}${href("reset-password", { lang, search: { code } })}`;
      await mailbox.deliver({ uid: account.uid, to: account.email, lang, email: systemEmail("passwordReset", { link, minutes: 60 }), link });
    },

    async resetPassword(code: string, password: string): Promise<{ email: string }> {
      await assertPasswordPolicy(password);
      return identity.confirmPasswordReset(code, password);
    },

    /** The rules a new password must meet, as the identity service states them now. */
    passwordPolicy() {
      return identity.getPasswordPolicy();
    },

    /**
     * Proves a person's current password: a fresh sign-in with their email that must land on
     * their own account ("user-mismatch" otherwise). Identity errors are thrown as they come.
     */
    async provePassword(uid: string, email: string, password: string): Promise<"proven" | "user-mismatch"> {
      const proven = await identity.signInWithPassword(email, password);
      return proven.uid === uid ? "proven" : "user-mismatch";
    },

    /** A new sign-in email (the identity service ends every session, as Firebase does). */
    async changeEmail(uid: string, email: string): Promise<{ email: string }> {
      const updated = await identity.updateEmail(uid, email);
      await users.update(uid, { email: updated.email });
      await sessions.revokeAll(uid);
      return { email: updated.email };
    },

    async changePassword(uid: string, password: string): Promise<void> {
      await assertPasswordPolicy(password);
      await identity.updatePassword(uid, password);
      await sessions.revokeAll(uid);
    },

    /** Ends every session of the person, on every server and at the identity service. */
    async signOutEverywhere(uid: string): Promise<void> {
      await sessions.revokeAll(uid);
      await identity.revokeSessions(uid);
    },

    /** Ends one session (signing out of this browser). */
    async signOut(uid: string, sid: string | undefined): Promise<void> {
      // A session from before session ids existed can only be ended with all of the person's.
      if (sid === undefined) await sessions.revokeAll(uid);
      else await sessions.revokeSession(uid, sid);
    },

    /** A role change (the admin claim) ends every session: the next one carries the new role. */
    async setRole(uid: string, role: "admin" | null): Promise<void> {
      await identity.setRole(uid, role);
      await sessions.revokeAll(uid);
      await identity.revokeSessions(uid);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
