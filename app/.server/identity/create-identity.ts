import type { DocumentStore } from "../store";
import type { IdentityProvider, PasswordPolicy } from "./index";

export type CreateIdentityOptions =
  | {
      kind: "local";
      /** Where the accounts live (collections `accounts`, `account_emails`, `password_resets`). */
      store: DocumentStore;
      /** Session-token secrets, newest first. */
      secrets: readonly string[];
      passwordPolicy?: PasswordPolicy;
      /** scrypt's N for new password hashes (`PASSWORD_HASH_COST`). */
      passwordHashCost?: number;
    }
  | {
      kind: "firebase";
      projectId: string;
      apiKey: string;
      /** Service-account key JSON; without it, Application Default Credentials (none needed on the emulator). */
      serviceAccountJson?: string;
      /** "host:port" of the Auth emulator. */
      authEmulatorHost?: string;
    };

/**
 * Opens the identity provider for the configured backend. Each adapter is loaded only when
 * chosen, so the embedded backend never loads firebase-admin.
 */
export async function createIdentity(options: CreateIdentityOptions): Promise<IdentityProvider> {
  if (options.kind === "local") {
    const { createLocalIdentity } = await import("./local");
    return createLocalIdentity({ store: options.store, secrets: options.secrets, passwordPolicy: options.passwordPolicy, passwordHashCost: options.passwordHashCost });
  }
  const { createFirebaseIdentity } = await import("./firebase");
  return createFirebaseIdentity({
    projectId: options.projectId,
    apiKey: options.apiKey,
    serviceAccountJson: options.serviceAccountJson,
    authEmulatorHost: options.authEmulatorHost,
  });
}
