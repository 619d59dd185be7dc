/** Accounts: registration, sign-in and password reset. The folder's only door. */
export type { AccountSession } from "./model";
export { createAccountsService, type AccountsService } from "./service";
