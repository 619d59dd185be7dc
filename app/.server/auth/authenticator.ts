import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { Strategy } from "remix-auth/strategy";
import { isLang } from "#app/i18n";
import type { AccountsService } from "#app/features/accounts/.server";
import { IdentityError } from "../identity";
import type { SessionData } from "./session";

/**
 * A Firebase ID token in `Authorization: Bearer <idToken>`: the browser signed in with the
 * Firebase JS SDK (email/password or a Google popup) and syncs the token to the server.
 */
export class FirebaseIdTokenStrategy<User> extends Strategy<User, { idToken: string; request: Request }> {
  name = "firebase-id-token";

  async authenticate(request: Request): Promise<User> {
    const header = request.headers.get("Authorization") ?? "";
    const match = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header.trim());
    if (!match) throw new IdentityError("invalid-user-token", "missing or malformed bearer token");
    return this.verify({ idToken: match[1], request });
  }
}

/** The sign-in strategies: email and password from a form (works without JavaScript), and Firebase ID tokens. */
export function createAuthenticator(accounts: AccountsService) {
  const authenticator = new Authenticator<SessionData>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "").trim().toLowerCase();
      const password = String(form.get("password") ?? "");
      return accounts.signIn(email, password);
    }),
    "form",
  );
  authenticator.use(
    new FirebaseIdTokenStrategy<SessionData>(({ idToken, request }) => {
      // The page's language (`?lang=`), for the profile a first Google sign-in makes.
      const lang = new URL(request.url).searchParams.get("lang");
      return accounts.signInWithIdToken(idToken, lang && isLang(lang) ? lang : undefined);
    }),
    "firebase-id-token",
  );
  return authenticator;
}

export type AppAuthenticator = ReturnType<typeof createAuthenticator>;
