/**
 * The local identity adapter: accounts in the document store, for the embedded backend.
 *
 * - `accounts/{uid}`: the account (lower-cased email, scrypt password hash, profile, role,
 *   `disabled`, `tokensValidAfter` in seconds since the epoch).
 * - `account_emails/{sha256(email)}`: one document per email, created in the same transaction as
 *   the account, so two sign-ups with one email cannot both succeed. (Hashed because an email may
 *   hold characters a document id cannot.)
 * - `password_resets/{sha256(code)}`: outstanding reset codes; only their hash is stored.
 *
 * Session tokens are `base64url(JSON payload).base64url(HMAC-SHA256)`, signed with a key derived
 * from `secrets[0]` and accepted under any of `secrets` (rotation). Verifying one is pure CPU
 * unless `checkRevoked` asks for the account read.
 */
import { createHash, createHmac, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { isStoreError, newDocumentId, type DocumentStore, type StoredDoc, type Transaction } from "../store";
import { normalizeEmail } from "./email";
import {
  DEFAULT_PASSWORD_POLICY,
  IdentityError,
  SESSION_MAX_AGE_SECONDS,
  unmetPasswordRequirements,
  type Identity,
  type IdentityErrorCode,
  type IdentityProvider,
  type PasswordPolicy,
  type Role,
  type SessionClaims,
} from "./index";

export const ACCOUNTS_COLLECTION = "accounts";
export const ACCOUNT_EMAILS_COLLECTION = "account_emails";
export const PASSWORD_RESETS_COLLECTION = "password_resets";

/** How long a password-reset code stays usable. */
export const PASSWORD_RESET_CODE_TTL_SECONDS = 60 * 60;

export type LocalIdentityOptions = {
  store: DocumentStore;
  /** Session-token secrets, newest first: tokens are signed with the first and verified with any. */
  secrets: readonly string[];
  passwordPolicy?: PasswordPolicy;
  /** The clock, in milliseconds since the epoch (tests move it). */
  now?: () => number;
};

/** An account as stored in `accounts/{uid}`. */
export type LocalAccount = {
  email: string;
  passwordHash: string;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  disabled: boolean;
  role: Role | null;
  createdAt: string;
  lastSignInAt: string | null;
  /** Sessions issued before this second are revoked. */
  tokensValidAfter: number;
};

type AccountEmailDoc = { uid: string; email: string };
type PasswordResetDoc = { uid: string; email: string; createdAt: string; expiresAt: string };

// ---------------------------------------------------------------------------------------------
// Passwords

const SCRYPT_N = 16384;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function scryptOptions(N: number, r: number, p: number): ScryptOptions {
  // Node's default maxmem (32 MiB) is just enough for N=16384, r=8; leave room for the parameters.
  return { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 };
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, scryptOptions(SCRYPT_N, SCRYPT_R, SCRYPT_P));
  return ["scrypt", SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * The hash of a random password nobody knows, with the current parameters: checked when the
 * email is unknown, so that answer takes as long as a wrong password.
 */
const DUMMY_HASH =
  "scrypt$16384$8$1$D1jv7k5UlqJrn35cOz8e2g$MCocSOco-jzkBF3G5Wry8-txgZqQk-2eOAlPIdrY4VP6aYAS4EtzJzxOkn2Dypvux4KWguEoPOv7ReQq2boh0w";

const HASH_FORMAT = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{8,})\$([A-Za-z0-9_-]{16,})$/;

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(stored);
  if (!match) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Power of two, and bounded so a damaged record cannot ask for gigabytes.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(match[4], "base64url");
  const expected = Buffer.from(match[5], "base64url");
  const actual = await scrypt(password, salt, expected.length, scryptOptions(N, r, p));
  return timingSafeEqual(actual, expected);
}

// ---------------------------------------------------------------------------------------------
// Emails

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64url");
}

function emailKey(normalizedEmail: string): string {
  return sha256(`email:${normalizedEmail}`);
}

// ---------------------------------------------------------------------------------------------
// Session tokens

type TokenPayload = { uid: string; email: string; role: Role | null; authTime: number; iat: number; exp: number };

/** Keys are derived from the secrets so a token's MAC can never double as another use of the same secret. */
function signingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("amarre/identity/session-token/v1").digest();
}

function sign(payloadPart: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(payloadPart).digest();
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function isPayload(value: unknown): value is TokenPayload {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uid === "string" &&
    v.uid.length > 0 &&
    typeof v.email === "string" &&
    (v.role === null || v.role === "admin") &&
    Number.isSafeInteger(v.authTime) &&
    Number.isSafeInteger(v.iat) &&
    Number.isSafeInteger(v.exp)
  );
}

// ---------------------------------------------------------------------------------------------
// The adapter

class LocalIdentity implements IdentityProvider {
  readonly kind = "local" as const;
  readonly #store: DocumentStore;
  readonly #keys: Buffer[];
  readonly #policy: PasswordPolicy;
  readonly #now: () => number;

  constructor(options: LocalIdentityOptions) {
    if (options.secrets.length === 0 || options.secrets.some((secret) => typeof secret !== "string" || secret.length === 0)) {
      throw new TypeError("The local identity needs at least one non-empty session secret");
    }
    this.#store = options.store;
    this.#keys = options.secrets.map(signingKey);
    this.#policy = options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
    this.#now = options.now ?? Date.now;
  }

  #seconds(): number {
    return Math.floor(this.#now() / 1000);
  }

  #iso(): string {
    return new Date(this.#now()).toISOString();
  }

  #checkPolicy(password: unknown): string {
    if (typeof password !== "string" || unmetPasswordRequirements(password, this.#policy).length > 0) {
      throw new IdentityError("password-does-not-meet-requirements");
    }
    return password;
  }

  async #findByEmail(normalizedEmail: string): Promise<{ id: string; account: LocalAccount } | null> {
    const link = await this.#store.get<AccountEmailDoc>(ACCOUNT_EMAILS_COLLECTION, emailKey(normalizedEmail));
    if (!link) return null;
    const account = await this.#store.get<LocalAccount>(ACCOUNTS_COLLECTION, link.uid);
    return account ? { id: account.id, account } : null;
  }

  async #requireAccount(uid: string): Promise<LocalAccount> {
    const account = typeof uid === "string" && uid.length > 0 ? await this.#get(uid) : null;
    if (!account) throw new IdentityError("user-not-found");
    return account;
  }

  async #get(uid: string): Promise<StoredDoc<LocalAccount> | null> {
    if (!isDocumentId(uid)) return null;
    return this.#store.get<LocalAccount>(ACCOUNTS_COLLECTION, uid);
  }

  /** `store.update` on an account, with a missing account reported as `user-not-found`. */
  async #update(uid: string, patch: Partial<LocalAccount>): Promise<void> {
    if (!isDocumentId(uid)) throw new IdentityError("user-not-found");
    try {
      await this.#store.update(ACCOUNTS_COLLECTION, uid, patch);
    } catch (error) {
      if (isStoreError(error, "not-found")) throw new IdentityError("user-not-found");
      throw error;
    }
  }

  async signUp(input: { email: string; password: string; displayName?: string }): Promise<Identity> {
    const email = normalizeEmail(input.email);
    const password = this.#checkPolicy(input.password);
    const passwordHash = await hashPassword(password);
    const uid = newDocumentId();
    const account: LocalAccount = {
      email,
      passwordHash,
      emailVerified: false,
      displayName: input.displayName?.trim() || null,
      photoURL: null,
      disabled: false,
      role: null,
      createdAt: this.#iso(),
      lastSignInAt: null,
      tokensValidAfter: 0,
    };
    const key = emailKey(email);
    try {
      await this.#store.runTransaction(async (tx) => {
        if (await tx.get(ACCOUNT_EMAILS_COLLECTION, key)) throw new IdentityError("email-already-in-use");
        tx.create(ACCOUNT_EMAILS_COLLECTION, key, { uid, email } satisfies AccountEmailDoc);
        tx.create(ACCOUNTS_COLLECTION, uid, account);
      });
    } catch (error) {
      // A sign-up with the same email that committed between our read and our write.
      if (isStoreError(error, "already-exists") || isStoreError(error, "aborted")) {
        if (await this.#store.get(ACCOUNT_EMAILS_COLLECTION, key)) throw new IdentityError("email-already-in-use");
      }
      throw error;
    }
    return toIdentity(uid, account);
  }

  async signInWithPassword(email: string, password: string): Promise<Identity> {
    const normalized = normalizeEmail(email);
    const found = await this.#findByEmail(normalized);
    if (!found) {
      await verifyPassword(String(password), DUMMY_HASH);
      throw new IdentityError("invalid-credential");
    }
    if (!(await verifyPassword(String(password), found.account.passwordHash))) throw new IdentityError("invalid-credential");
    if (found.account.disabled) throw new IdentityError("user-disabled");
    const lastSignInAt = this.#iso();
    await this.#update(found.id, { lastSignInAt });
    return toIdentity(found.id, { ...found.account, lastSignInAt });
  }

  async createSessionToken(proof: { uid: string } | { idToken: string }): Promise<string> {
    if (!("uid" in proof)) throw new IdentityError("invalid-user-token", "The local identity has no ID tokens");
    const account = await this.#requireAccount(proof.uid);
    if (account.disabled) throw new IdentityError("user-disabled");
    const now = this.#seconds();
    const payload: TokenPayload = {
      uid: proof.uid,
      email: account.email,
      role: account.role ?? null,
      authTime: now,
      iat: now,
      exp: now + SESSION_MAX_AGE_SECONDS,
    };
    const payloadPart = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
    return `${payloadPart}.${sign(payloadPart, this.#keys[0]).toString("base64url")}`;
  }

  async verifySessionToken(token: string, options: { checkRevoked?: boolean } = {}): Promise<SessionClaims> {
    const payload = this.#decode(token);
    if (payload.exp <= this.#seconds()) throw new IdentityError("user-token-expired");
    if (options.checkRevoked) {
      const account = await this.#get(payload.uid);
      if (!account) throw new IdentityError("invalid-user-token");
      if (account.disabled) throw new IdentityError("user-disabled");
      if (payload.iat < (account.tokensValidAfter ?? 0)) throw new IdentityError("user-token-expired");
    }
    return {
      uid: payload.uid,
      email: payload.email,
      role: payload.role,
      authTime: payload.authTime,
      issuedAt: payload.iat,
      expiresAt: payload.exp,
    };
  }

  /** Checks the MAC against every key and parses the payload; `invalid-user-token` otherwise. */
  #decode(token: unknown): TokenPayload {
    const invalid = () => new IdentityError("invalid-user-token");
    if (typeof token !== "string" || token.length > 8192) throw invalid();
    const parts = token.split(".");
    if (parts.length !== 2 || !BASE64URL.test(parts[0]) || !BASE64URL.test(parts[1])) throw invalid();
    const [payloadPart, signaturePart] = parts;
    const signature = Buffer.from(signaturePart, "base64url");
    if (signature.length !== 32 || signature.toString("base64url") !== signaturePart) throw invalid();
    let valid = false;
    for (const key of this.#keys) {
      if (timingSafeEqual(sign(payloadPart, key), signature)) valid = true;
    }
    if (!valid) throw invalid();
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
    } catch {
      throw invalid();
    }
    if (!isPayload(payload)) throw invalid();
    return payload;
  }

  async verifyIdToken(): Promise<SessionClaims> {
    throw new IdentityError("invalid-user-token", "The local identity has no ID tokens");
  }

  async revokeSessions(uid: string): Promise<void> {
    await this.#update(uid, { tokensValidAfter: this.#seconds() });
  }

  async getUser(uid: string): Promise<Identity | null> {
    const account = await this.#get(uid);
    return account ? toIdentity(account.id, account) : null;
  }

  async getUserByEmail(email: string): Promise<Identity | null> {
    let normalized: string;
    try {
      normalized = normalizeEmail(email);
    } catch {
      return null;
    }
    const found = await this.#findByEmail(normalized);
    return found ? toIdentity(found.id, found.account) : null;
  }

  async updateEmail(uid: string, email: string): Promise<Identity> {
    const normalized = normalizeEmail(email);
    if (!isDocumentId(uid)) throw new IdentityError("user-not-found");
    const newKey = emailKey(normalized);
    try {
      const account = await this.#store.runTransaction(async (tx: Transaction) => {
        const account = await tx.get<LocalAccount>(ACCOUNTS_COLLECTION, uid);
        if (!account) throw new IdentityError("user-not-found");
        if (account.email === normalized) return account;
        const taken = await tx.get<AccountEmailDoc>(ACCOUNT_EMAILS_COLLECTION, newKey);
        if (taken) throw new IdentityError("email-already-in-use");
        const oldKey = emailKey(account.email);
        const oldLink = await tx.get<AccountEmailDoc>(ACCOUNT_EMAILS_COLLECTION, oldKey);
        if (oldLink?.uid === uid) tx.delete(ACCOUNT_EMAILS_COLLECTION, oldKey);
        tx.create(ACCOUNT_EMAILS_COLLECTION, newKey, { uid, email: normalized } satisfies AccountEmailDoc);
        // As on Firebase, a new email ends the sessions that carry the old one.
        const tokensValidAfter = this.#seconds();
        tx.update(ACCOUNTS_COLLECTION, uid, { email: normalized, emailVerified: false, tokensValidAfter });
        return { ...account, email: normalized, emailVerified: false, tokensValidAfter };
      });
      return toIdentity(uid, account);
    } catch (error) {
      if (isStoreError(error, "already-exists")) throw new IdentityError("email-already-in-use");
      throw error;
    }
  }

  async updatePassword(uid: string, password: string): Promise<void> {
    this.#checkPolicy(password);
    await this.#requireAccount(uid);
    const passwordHash = await hashPassword(password);
    await this.#update(uid, { passwordHash, tokensValidAfter: this.#seconds() });
  }

  async updateProfile(uid: string, profile: { displayName?: string | null; photoURL?: string | null }): Promise<Identity> {
    const patch: Partial<LocalAccount> = {};
    if (profile.displayName !== undefined) patch.displayName = profile.displayName?.trim() || null;
    if (profile.photoURL !== undefined) patch.photoURL = profile.photoURL || null;
    if (Object.keys(patch).length > 0) await this.#update(uid, patch);
    const account = await this.#requireAccount(uid);
    return toIdentity(uid, account);
  }

  async setDisabled(uid: string, disabled: boolean): Promise<void> {
    await this.#update(uid, { disabled });
  }

  async setRole(uid: string, role: Role | null): Promise<void> {
    if (role !== null && role !== "admin") throw new TypeError(`Unknown role ${String(role)}`);
    await this.#update(uid, { role });
  }

  async getPasswordPolicy(): Promise<PasswordPolicy> {
    return { ...this.#policy };
  }

  async createPasswordResetCode(email: string): Promise<string | null> {
    const found = await this.#findByEmail(normalizeEmail(email));
    if (!found) return null;
    const code = randomBytes(32).toString("base64url");
    const now = this.#now();
    await this.#store.create(PASSWORD_RESETS_COLLECTION, sha256(code), {
      uid: found.id,
      email: found.account.email,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + PASSWORD_RESET_CODE_TTL_SECONDS * 1000).toISOString(),
    } satisfies PasswordResetDoc);
    return code;
  }

  async confirmPasswordReset(code: string, newPassword: string): Promise<{ email: string }> {
    if (typeof code !== "string" || code.length !== 43 || !BASE64URL.test(code)) throw new IdentityError("invalid-action-code");
    this.#checkPolicy(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const id = sha256(code);
    const outcome = await this.#store.runTransaction(async (tx): Promise<{ error: IdentityErrorCode } | { email: string }> => {
      const reset = await tx.get<PasswordResetDoc>(PASSWORD_RESETS_COLLECTION, id);
      if (!reset) return { error: "invalid-action-code" };
      if (Date.parse(reset.expiresAt) <= this.#now()) {
        tx.delete(PASSWORD_RESETS_COLLECTION, id);
        return { error: "expired-action-code" };
      }
      const account = isDocumentId(reset.uid) ? await tx.get<LocalAccount>(ACCOUNTS_COLLECTION, reset.uid) : null;
      tx.delete(PASSWORD_RESETS_COLLECTION, id);
      if (!account) return { error: "invalid-action-code" };
      tx.update(ACCOUNTS_COLLECTION, reset.uid, { passwordHash, tokensValidAfter: this.#seconds() });
      return { email: account.email };
    });
    if ("error" in outcome) throw new IdentityError(outcome.error);
    return outcome;
  }

  async close(): Promise<void> {
    // The store belongs to whoever passed it in.
  }
}

function isDocumentId(uid: unknown): uid is string {
  return typeof uid === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(uid);
}

function toIdentity(uid: string, account: LocalAccount): Identity {
  return {
    uid,
    email: account.email,
    emailVerified: account.emailVerified ?? false,
    displayName: account.displayName ?? null,
    photoURL: account.photoURL ?? null,
    disabled: account.disabled ?? false,
    role: account.role === "admin" ? "admin" : null,
    createdAt: account.createdAt,
    lastSignInAt: account.lastSignInAt ?? null,
  };
}

export function createLocalIdentity(options: LocalIdentityOptions): IdentityProvider {
  return new LocalIdentity(options);
}
