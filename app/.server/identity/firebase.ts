/**
 * The Firebase identity adapter: Firebase Auth through two doors. Its parts sit beside it:
 * `firebase-rest.ts` (the REST client, emulator addresses), `firebase-errors.ts` (error mapping),
 * `firebase-policy.ts` (the password policy), `firebase-records.ts` (users and claims).
 *
 * - The Identity Toolkit REST API, as a browser client would call it (API key as the `key` query
 *   parameter): password sign-up and sign-in, the password policy, password-reset confirmation.
 * - firebase-admin (a named app per adapter): ID-token and session-cookie verification, session
 *   cookies, revocation, custom claims, user management and password-reset codes.
 *
 * A password sign-in or sign-up yields a fresh ID token; the adapter keeps it (in memory, for
 * MAX_AUTH_TOKEN_AGE_SECONDS) so `createSessionToken({ uid })` right after it can turn it into a
 * session cookie, as `createSessionToken({ idToken })` does with a token from the browser.
 *
 * With an emulator host, firebase-admin is pointed at it through FIREBASE_AUTH_EMULATOR_HOST (the
 * only way it offers, so it is process-wide) and REST calls go to
 * `http://<host>/identitytoolkit.googleapis.com`. The emulator neither signs tokens nor serves the
 * password policy (that falls back to DEFAULT_PASSWORD_POLICY), and firebase-admin checks
 * revocation on every verification there.
 */
import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { normalizeEmail } from "./email";
import { forSignIn, forVerification, fromAdminError, fromRestError } from "./firebase-errors";
import { parsePasswordPolicy, PASSWORD_POLICY_CACHE_MS, type PasswordPolicyResponse } from "./firebase-policy";
import { toClaims, toIdentity } from "./firebase-records";
import { IDENTITY_TOOLKIT_ORIGIN, IdentityToolkitClient, localIdOf, parseEmulatorHost, type RestResponse } from "./firebase-rest";
import {
  DEFAULT_PASSWORD_POLICY,
  IdentityError,
  MAX_AUTH_TOKEN_AGE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  unmetPasswordRequirements,
  type Identity,
  type IdentityProvider,
  type PasswordPolicy,
  type Role,
  type SessionClaims,
} from "./index";

export type FirebaseIdentityOptions = {
  projectId: string;
  /** The web API key (Identity Toolkit REST calls). */
  apiKey: string;
  /** Service-account key JSON; without it, Application Default Credentials (or none on the emulator). */
  serviceAccountJson?: string;
  /** "host:port" of the Auth emulator (an http:// or https:// prefix is accepted). */
  authEmulatorHost?: string;
  /** For the REST calls. */
  fetch?: typeof fetch;
  /** The clock, in milliseconds since the epoch (token age and the policy cache). */
  now?: () => number;
};

class FirebaseIdentity implements IdentityProvider {
  readonly kind = "firebase" as const;
  readonly #app: App;
  readonly #auth: Auth;
  readonly #rest: IdentityToolkitClient;
  readonly #now: () => number;
  #policy: { value: PasswordPolicy; fetchedAt: number } | undefined;
  #policyRequest: Promise<PasswordPolicy> | undefined;
  /** ID tokens from this process's own password sign-ins, for `createSessionToken({ uid })`. */
  readonly #freshIdTokens = new Map<string, { idToken: string; receivedAt: number }>();
  #closed = false;

  constructor(options: FirebaseIdentityOptions) {
    if (!options.projectId) throw new TypeError("The Firebase identity needs a project id");
    if (!options.apiKey || options.apiKey.includes(":")) throw new TypeError("The Firebase API key is missing or invalid (it cannot contain a colon)");
    this.#now = options.now ?? Date.now;
    let restBase = IDENTITY_TOOLKIT_ORIGIN;
    if (options.authEmulatorHost) {
      const { hostPort, origin } = parseEmulatorHost(options.authEmulatorHost);
      process.env.FIREBASE_AUTH_EMULATOR_HOST = hostPort;
      restBase = `${origin}/identitytoolkit.googleapis.com`;
    }
    this.#rest = new IdentityToolkitClient({ apiKey: options.apiKey, restBase, fetch: options.fetch ?? globalThis.fetch });
    const credentials = options.serviceAccountJson ? (JSON.parse(options.serviceAccountJson) as ServiceAccount) : undefined;
    this.#app = initializeApp(
      { projectId: options.projectId, ...(credentials ? { credential: cert(credentials) } : {}) },
      `amarre-identity-${++appCounter}-${Math.random().toString(36).slice(2, 8)}`,
    );
    this.#auth = getAuth(this.#app);
  }

  async #admin<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      throw fromAdminError(error);
    }
  }

  #rememberIdToken(uid: string, idToken: unknown): void {
    if (typeof idToken !== "string") return;
    const now = this.#now();
    for (const [key, entry] of this.#freshIdTokens) {
      if (now - entry.receivedAt > MAX_AUTH_TOKEN_AGE_SECONDS * 1000) this.#freshIdTokens.delete(key);
    }
    this.#freshIdTokens.delete(uid);
    this.#freshIdTokens.set(uid, { idToken, receivedAt: now });
  }

  /** Rejects a password the cached policy refuses, before asking the service. */
  async #checkPolicy(password: unknown): Promise<string> {
    const policy = await this.getPasswordPolicy();
    if (typeof password !== "string" || unmetPasswordRequirements(password, policy).length > 0) {
      throw new IdentityError("password-does-not-meet-requirements");
    }
    return password;
  }

  /** The spec: a `password-does-not-meet-requirements` answer means the policy changed; refetch it. */
  #onPasswordRejected(error: unknown): never {
    if (error instanceof IdentityError && error.code === "password-does-not-meet-requirements") this.#policy = undefined;
    throw error;
  }

  async signUp(input: { email: string; password: string; displayName?: string }): Promise<Identity> {
    const email = normalizeEmail(input.email);
    const password = await this.#checkPolicy(input.password);
    const displayName = input.displayName?.trim();
    const result = await this.#rest.request("POST", "/v1/accounts:signUp", {
      email,
      password,
      ...(displayName ? { displayName } : {}),
      returnSecureToken: true,
      clientType: "CLIENT_TYPE_WEB",
    }).catch((error: unknown) => this.#onPasswordRejected(error));
    const uid = localIdOf(result);
    this.#rememberIdToken(uid, result.idToken);
    return this.#requireUser(uid);
  }

  async signInWithPassword(email: string, password: string): Promise<Identity> {
    let result: RestResponse;
    try {
      result = await this.#rest.request("POST", "/v1/accounts:signInWithPassword", {
        email: normalizeEmail(email),
        password: String(password),
        returnSecureToken: true,
        clientType: "CLIENT_TYPE_WEB",
      });
    } catch (error) {
      throw forSignIn(fromAdminError(error));
    }
    const uid = localIdOf(result);
    this.#rememberIdToken(uid, result.idToken);
    return this.#requireUser(uid);
  }

  async createSessionToken(proof: { uid: string } | { idToken: string }): Promise<string> {
    let idToken: string;
    if ("idToken" in proof) {
      idToken = proof.idToken;
    } else {
      const fresh = this.#freshIdTokens.get(proof.uid);
      this.#freshIdTokens.delete(proof.uid);
      if (!fresh) throw new IdentityError("requires-recent-login", "No password sign-in of this account in this process to start a session from");
      idToken = fresh.idToken;
    }
    const decoded = await this.#admin(() => this.#auth.verifyIdToken(idToken)).catch((error: IdentityError) => {
      throw forVerification(error);
    });
    if (Math.floor(this.#now() / 1000) - decoded.auth_time > MAX_AUTH_TOKEN_AGE_SECONDS) {
      throw new IdentityError("requires-recent-login", "The sign-in is older than the maximum auth token age");
    }
    return this.#admin(() => this.#auth.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_SECONDS * 1000 }));
  }

  async verifySessionToken(token: string, options: { checkRevoked?: boolean } = {}): Promise<SessionClaims> {
    if (typeof token !== "string" || token.length === 0) throw new IdentityError("invalid-user-token");
    const decoded = await this.#admin(() => this.#auth.verifySessionCookie(token, options.checkRevoked === true)).catch(
      (error: IdentityError) => {
        throw forVerification(error);
      },
    );
    return toClaims(decoded);
  }

  async verifyIdToken(idToken: string): Promise<SessionClaims> {
    if (typeof idToken !== "string" || idToken.length === 0) throw new IdentityError("invalid-user-token");
    const decoded = await this.#admin(() => this.#auth.verifyIdToken(idToken)).catch((error: IdentityError) => {
      throw forVerification(error);
    });
    return toClaims(decoded);
  }

  async revokeSessions(uid: string): Promise<void> {
    this.#freshIdTokens.delete(uid);
    await this.#admin(() => this.#auth.revokeRefreshTokens(uid));
  }

  async #requireUser(uid: string): Promise<Identity> {
    return toIdentity(await this.#admin(() => this.#auth.getUser(uid)));
  }

  async getUser(uid: string): Promise<Identity | null> {
    if (typeof uid !== "string" || uid.length === 0 || uid.length > 128) return null;
    try {
      return await this.#requireUser(uid);
    } catch (error) {
      if (error instanceof IdentityError && error.code === "user-not-found") return null;
      throw error;
    }
  }

  async getUserByEmail(email: string): Promise<Identity | null> {
    let normalized: string;
    try {
      normalized = normalizeEmail(email);
    } catch {
      return null;
    }
    try {
      return toIdentity(await this.#admin(() => this.#auth.getUserByEmail(normalized)));
    } catch (error) {
      if (error instanceof IdentityError && (error.code === "user-not-found" || error.code === "invalid-email")) return null;
      throw error;
    }
  }

  async updateEmail(uid: string, email: string): Promise<Identity> {
    const normalized = normalizeEmail(email);
    return toIdentity(await this.#admin(() => this.#auth.updateUser(uid, { email: normalized, emailVerified: false })));
  }

  async updatePassword(uid: string, password: string): Promise<void> {
    await this.#checkPolicy(password);
    await this.#admin(() => this.#auth.updateUser(uid, { password })).catch((error: unknown) => this.#onPasswordRejected(error));
    await this.revokeSessions(uid);
  }

  async updateProfile(uid: string, profile: { displayName?: string | null; photoURL?: string | null }): Promise<Identity> {
    const update: { displayName?: string | null; photoURL?: string | null } = {};
    if (profile.displayName !== undefined) update.displayName = profile.displayName?.trim() || null;
    if (profile.photoURL !== undefined) update.photoURL = profile.photoURL || null;
    if (Object.keys(update).length === 0) return this.#requireUser(uid);
    return toIdentity(await this.#admin(() => this.#auth.updateUser(uid, update)));
  }

  async setDisabled(uid: string, disabled: boolean): Promise<void> {
    await this.#admin(() => this.#auth.updateUser(uid, { disabled }));
    if (disabled) this.#freshIdTokens.delete(uid);
  }

  async deleteUser(uid: string): Promise<void> {
    this.#freshIdTokens.delete(uid);
    try {
      await this.#admin(() => this.#auth.deleteUser(uid));
    } catch (error) {
      if (error instanceof IdentityError && error.code === "user-not-found") return;
      throw error;
    }
  }

  async setRole(uid: string, role: Role | null): Promise<void> {
    if (role !== null && role !== "admin") throw new TypeError(`Unknown role ${String(role)}`);
    const user = await this.#admin(() => this.#auth.getUser(uid));
    const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
    if (role) claims.role = role;
    else delete claims.role;
    await this.#admin(() => this.#auth.setCustomUserClaims(uid, Object.keys(claims).length > 0 ? claims : null));
  }

  async getPasswordPolicy(): Promise<PasswordPolicy> {
    const cached = this.#policy;
    if (cached && this.#now() - cached.fetchedAt < PASSWORD_POLICY_CACHE_MS) return { ...cached.value };
    this.#policyRequest ??= this.#fetchPasswordPolicy().finally(() => {
      this.#policyRequest = undefined;
    });
    return { ...(await this.#policyRequest) };
  }

  async #fetchPasswordPolicy(): Promise<PasswordPolicy> {
    const { status, json } = await this.#rest.send("GET", "/v2/passwordPolicy");
    let value: PasswordPolicy;
    if (status === 404 || status === 501) {
      // No policy endpoint (the Auth emulator answers 501 "not implemented"): the spec's default.
      value = { ...DEFAULT_PASSWORD_POLICY };
    } else if (status >= 200 && status <= 299 && json && typeof json === "object") {
      value = parsePasswordPolicy(json as PasswordPolicyResponse);
    } else {
      throw fromRestError(status, json);
    }
    this.#policy = { value, fetchedAt: this.#now() };
    return value;
  }

  async createPasswordResetCode(email: string): Promise<string | null> {
    const normalized = normalizeEmail(email);
    let link: string;
    try {
      link = await this.#admin(() => this.#auth.generatePasswordResetLink(normalized));
    } catch (error) {
      if (error instanceof IdentityError && error.code === "user-not-found") return null;
      throw error;
    }
    const code = new URL(link).searchParams.get("oobCode");
    if (!code) throw new IdentityError("internal-error", "The password-reset link has no oobCode");
    return code;
  }

  async confirmPasswordReset(code: string, newPassword: string): Promise<{ email: string }> {
    if (typeof code !== "string" || code.length === 0) throw new IdentityError("invalid-action-code");
    await this.#checkPolicy(newPassword);
    const result = await this.#rest.request("POST", "/v1/accounts:resetPassword", { oobCode: code, newPassword }).catch((error: unknown) =>
      this.#onPasswordRejected(error),
    );
    return { email: String(result.email ?? "") };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#freshIdTokens.clear();
    await deleteApp(this.#app);
  }
}

let appCounter = 0;

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  return new FirebaseIdentity(options);
}
