import type { AccountsContext, AccountsDeps } from "./context";
import * as credentials from "./credentials";
import * as signing from "./sign-in";
import { bindTo } from "#app/.server/domain/operations";

/**
 * Accounts: registration, sign-in and password reset, tying the identity service (who you
 * are) to the profile (what the marketplace knows about you) and the mailbox.
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): registering and signing in and out (`sign-in.ts`) and the credentials
 * (`credentials.ts`).
 */
export function createAccountsService(deps: AccountsDeps) {
  const ctx: AccountsContext = deps;
  const bind = bindTo(ctx);
  return {
    register: bind(signing.register),
    signIn: bind(signing.signIn),
    signInWithIdToken: bind(signing.signInWithIdToken),
    requestPasswordReset: bind(credentials.requestPasswordReset),
    resetPassword: bind(credentials.resetPassword),
    passwordPolicy: bind(credentials.passwordPolicy),
    provePassword: bind(credentials.provePassword),
    changeEmail: bind(credentials.changeEmail),
    changePassword: bind(credentials.changePassword),
    signOutEverywhere: bind(signing.signOutEverywhere),
    signOut: bind(signing.signOut),
    setRole: bind(credentials.setRole),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
