/**
 * The Firebase identity adapter: Firebase Auth through two doors.
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
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from "firebase-admin/auth";
import { normalizeEmail } from "./email";
import {
  DEFAULT_PASSWORD_POLICY,
  IdentityError,
  MAX_AUTH_TOKEN_AGE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  unmetPasswordRequirements,
  type Identity,
  type IdentityErrorCode,
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

export const IDENTITY_TOOLKIT_ORIGIN = "https://identitytoolkit.googleapis.com";
/** Every REST call gives up after this long (the spec's desktop sign-in time-out). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How long a fetched password policy is reused. */
export const PASSWORD_POLICY_CACHE_MS = 5 * 60 * 1000;
export const PASSWORD_POLICY_SCHEMA_VERSION = 1;

// ---------------------------------------------------------------------------------------------
// Errors

/** Identity Toolkit REST error codes (the first word of `error.message`) to the port's codes. */
const REST_ERRORS: Record<string, IdentityErrorCode> = {
  EMAIL_EXISTS: "email-already-in-use",
  EMAIL_NOT_FOUND: "user-not-found",
  USER_NOT_FOUND: "user-not-found",
  INVALID_PASSWORD: "wrong-password",
  INVALID_LOGIN_CREDENTIALS: "invalid-credential",
  INVALID_IDP_RESPONSE: "invalid-credential",
  USER_DISABLED: "user-disabled",
  TOO_MANY_ATTEMPTS_TRY_LATER: "too-many-requests",
  QUOTA_EXCEEDED: "too-many-requests",
  EXPIRED_OOB_CODE: "expired-action-code",
  INVALID_OOB_CODE: "invalid-action-code",
  MISSING_OOB_CODE: "invalid-action-code",
  WEAK_PASSWORD: "password-does-not-meet-requirements",
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "password-does-not-meet-requirements",
  MISSING_PASSWORD: "password-does-not-meet-requirements",
  INVALID_EMAIL: "invalid-email",
  MISSING_EMAIL: "invalid-email",
  TOKEN_EXPIRED: "user-token-expired",
  USER_TOKEN_EXPIRED: "user-token-expired",
  INVALID_ID_TOKEN: "invalid-user-token",
  INVALID_REFRESH_TOKEN: "invalid-user-token",
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: "requires-recent-login",
  USER_MISMATCH: "user-mismatch",
};

/** firebase-admin's `auth/...` and `app/...` codes to the port's codes. */
const ADMIN_ERRORS: Record<string, IdentityErrorCode> = {
  "auth/email-already-exists": "email-already-in-use",
  "auth/user-not-found": "user-not-found",
  "auth/email-not-found": "user-not-found",
  "auth/invalid-uid": "user-not-found",
  "auth/invalid-email": "invalid-email",
  "auth/invalid-new-email": "invalid-email",
  "auth/missing-email": "invalid-email",
  "auth/invalid-password": "password-does-not-meet-requirements",
  "auth/id-token-expired": "user-token-expired",
  "auth/session-cookie-expired": "user-token-expired",
  "auth/id-token-revoked": "user-token-expired",
  "auth/session-cookie-revoked": "user-token-expired",
  "auth/invalid-id-token": "invalid-user-token",
  "auth/argument-error": "invalid-user-token",
  "auth/user-disabled": "user-disabled",
  "auth/quota-exceeded": "too-many-requests",
  "app/network-error": "network-request-failed",
  "app/network-timeout": "network-request-failed",
};

function errorCodeOf(error: unknown): string | undefined {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") return error.code;
  return undefined;
}

/** Turns a firebase-admin failure into an IdentityError (IdentityErrors pass through). */
export function fromAdminError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  let mapped = code ? ADMIN_ERRORS[code] : undefined;
  // Server codes firebase-admin does not know arrive as auth/internal-error with the raw code in the message.
  for (const [word] of message.matchAll(/\b[A-Z][A-Z_]{3,}\b/g)) {
    if (mapped) break;
    mapped = REST_ERRORS[word];
  }
  return new IdentityError(mapped ?? "internal-error", `${code ?? "firebase-admin"}: ${message}`, { cause: error });
}

/** Turns an Identity Toolkit error response body into an IdentityError. */
export function fromRestError(status: number, body: unknown): IdentityError {
  const error = body && typeof body === "object" && "error" in body ? (body as { error: unknown }).error : undefined;
  const message = error && typeof error === "object" && "message" in error ? String((error as { message: unknown }).message) : "";
  const serverCode = /^[A-Z_]+/.exec(message)?.[0] ?? "";
  const mapped = REST_ERRORS[serverCode] ?? (status === 429 ? "too-many-requests" : "internal-error");
  return new IdentityError(mapped, `Identity Toolkit ${status}: ${message || "no message"}`);
}

/** A sign-in never says whether the email or the password was wrong. */
function forSignIn(error: IdentityError): IdentityError {
  if (error.code === "user-not-found" || error.code === "wrong-password" || error.code === "password-does-not-meet-requirements") {
    return new IdentityError("invalid-credential", error.message, { cause: error });
  }
  return error;
}

/** While verifying a token, an account that does not exist means the token is not valid. */
function forVerification(error: IdentityError): IdentityError {
  if (error.code === "user-not-found") {
    return new IdentityError("invalid-user-token", error.message, { cause: error });
  }
  return error;
}

// ---------------------------------------------------------------------------------------------
// Password policy

type CustomStrengthOptions = {
  minPasswordLength?: number;
  maxPasswordLength?: number;
  containsLowercaseCharacter?: boolean;
  containsUppercaseCharacter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
};

/** The body of `GET /v2/passwordPolicy`. */
export type PasswordPolicyResponse = {
  customStrengthOptions?: CustomStrengthOptions;
  allowedNonAlphanumericCharacters?: string[] | string;
  enforcementState?: "ENFORCEMENT_STATE_UNSPECIFIED" | "OFF" | "ENFORCE" | string;
  forceUpgradeOnSignin?: boolean;
  schemaVersion?: number;
};

function positiveInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Reads the service's policy: schema version 1 only (`unsupported-password-policy-schema-version`
 * otherwise); not enforced (unspecified or OFF) means the default policy.
 */
export function parsePasswordPolicy(response: PasswordPolicyResponse): PasswordPolicy {
  if (response.schemaVersion !== PASSWORD_POLICY_SCHEMA_VERSION) {
    throw new IdentityError("unsupported-password-policy-schema-version", `Password policy schema version ${String(response.schemaVersion)}`);
  }
  if (response.enforcementState !== "ENFORCE") return { ...DEFAULT_PASSWORD_POLICY };
  const options = response.customStrengthOptions ?? {};
  const allowed = response.allowedNonAlphanumericCharacters;
  const allowedText = Array.isArray(allowed) ? allowed.filter((c) => typeof c === "string").join("") : typeof allowed === "string" ? allowed : "";
  return {
    minLength: positiveInteger(options.minPasswordLength) ?? DEFAULT_PASSWORD_POLICY.minLength,
    maxLength: positiveInteger(options.maxPasswordLength) ?? null,
    requireLowercase: options.containsLowercaseCharacter === true,
    requireUppercase: options.containsUppercaseCharacter === true,
    requireNumeric: options.containsNumericCharacter === true,
    requireNonAlphanumeric: options.containsNonAlphanumericCharacter === true,
    allowedNonAlphanumericCharacters: allowedText.length > 0 ? allowedText : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The adapter

type RestResponse = { [key: string]: unknown };

/** "host:port" and the REST origin for an emulator address. */
export function parseEmulatorHost(value: string): { hostPort: string; origin: string } {
  const trimmed = value.trim().replace(/\/+$/, "");
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") {
    throw new TypeError(`The Auth emulator address must start with http:// or https:// (got ${value})`);
  }
  const hostPort = scheme ? trimmed.slice(scheme.length + 3) : trimmed;
  if (!/^[^/\s]+$/.test(hostPort)) throw new TypeError(`Invalid Auth emulator address ${value}`);
  return { hostPort, origin: `${scheme ?? "http"}://${hostPort}` };
}

class FirebaseIdentity implements IdentityProvider {
  readonly kind = "firebase" as const;
  readonly #app: App;
  readonly #auth: Auth;
  readonly #apiKey: string;
  readonly #restBase: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  #policy: { value: PasswordPolicy; fetchedAt: number } | undefined;
  #policyRequest: Promise<PasswordPolicy> | undefined;
  /** ID tokens from this process's own password sign-ins, for `createSessionToken({ uid })`. */
  readonly #freshIdTokens = new Map<string, { idToken: string; receivedAt: number }>();
  #closed = false;

  constructor(options: FirebaseIdentityOptions) {
    if (!options.projectId) throw new TypeError("The Firebase identity needs a project id");
    if (!options.apiKey || options.apiKey.includes(":")) throw new TypeError("The Firebase API key is missing or invalid (it cannot contain a colon)");
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#now = options.now ?? Date.now;
    if (options.authEmulatorHost) {
      const { hostPort, origin } = parseEmulatorHost(options.authEmulatorHost);
      process.env.FIREBASE_AUTH_EMULATOR_HOST = hostPort;
      this.#restBase = `${origin}/identitytoolkit.googleapis.com`;
    } else {
      this.#restBase = IDENTITY_TOOLKIT_ORIGIN;
    }
    const credentials = options.serviceAccountJson ? (JSON.parse(options.serviceAccountJson) as ServiceAccount) : undefined;
    this.#app = initializeApp(
      { projectId: options.projectId, ...(credentials ? { credential: cert(credentials) } : {}) },
      `amarre-identity-${++appCounter}-${Math.random().toString(36).slice(2, 8)}`,
    );
    this.#auth = getAuth(this.#app);
  }

  /** The JSON request helper: API key as `key`, 30 s time-out; answers any status with its JSON body. */
  async #send(method: "GET" | "POST", path: string, body?: object): Promise<{ status: number; json: unknown }> {
    const url = `${this.#restBase}${path}?key=${encodeURIComponent(this.#apiKey)}`;
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method,
        headers: body ? { "content-type": "application/json" } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new IdentityError("network-request-failed", `${method} ${path} failed: ${reason}`, { cause: error });
    }
    try {
      return { status: response.status, json: await response.json() };
    } catch (error) {
      if (!response.ok) return { status: response.status, json: undefined };
      throw new IdentityError("network-request-failed", `${method} ${path}: the response was cut short or not JSON`, { cause: error });
    }
  }

  /** `#send`, with error answers thrown as IdentityErrors. */
  async #request(method: "GET" | "POST", path: string, body?: object): Promise<RestResponse> {
    const { status, json } = await this.#send(method, path, body);
    if (status < 200 || status > 299) throw fromRestError(status, json);
    if (!json || typeof json !== "object") throw new IdentityError("internal-error", `${method} ${path}: unexpected response`);
    return json as RestResponse;
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
    const result = await this.#request("POST", "/v1/accounts:signUp", {
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
      result = await this.#request("POST", "/v1/accounts:signInWithPassword", {
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
    const { status, json } = await this.#send("GET", "/v2/passwordPolicy");
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
    const result = await this.#request("POST", "/v1/accounts:resetPassword", { oobCode: code, newPassword }).catch((error: unknown) =>
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

function localIdOf(result: RestResponse): string {
  if (typeof result.localId !== "string" || result.localId.length === 0) {
    throw new IdentityError("internal-error", "The Identity Toolkit answered without a localId");
  }
  return result.localId;
}

function toRole(value: unknown): Role | null {
  return value === "admin" ? "admin" : null;
}

function toClaims(decoded: DecodedIdToken): SessionClaims {
  return {
    uid: decoded.uid,
    email: decoded.email ?? "",
    role: toRole(decoded.role),
    authTime: decoded.auth_time,
    issuedAt: decoded.iat,
    expiresAt: decoded.exp,
  };
}

function toIso(value: string | undefined | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function toIdentity(user: UserRecord): Identity {
  return {
    uid: user.uid,
    email: user.email ?? "",
    emailVerified: user.emailVerified,
    displayName: user.displayName ?? null,
    photoURL: user.photoURL ?? null,
    disabled: user.disabled,
    role: toRole(user.customClaims?.role),
    createdAt: toIso(user.metadata.creationTime) ?? new Date(0).toISOString(),
    lastSignInAt: toIso(user.metadata.lastSignInTime),
  };
}

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  return new FirebaseIdentity(options);
}
