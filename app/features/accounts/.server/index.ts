/** Accounts: registration, sign-in and password reset. The folder's only door. */
export type { AccountSession } from "./model";
export { createAccountsService, type AccountsService } from "./service";
// Used by server code outside the feature.
export { createSessionRevocations, type SessionRevocations } from "./sessions";
