/**
 * The local identity adapter: accounts in the document store, for the embedded backend. Its parts
 * sit beside it: `local-accounts.ts` (records, keys), `local-passwords.ts` (scrypt hashes),
 * `local-tokens.ts` (session tokens).
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
 * unless `checkRevoked` asks for the account read, and a token this process has verified is not
 * verified again (its expiry still is, on every call).
 */
import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
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
import {
  ACCOUNT_EMAILS_COLLECTION,
  ACCOUNTS_COLLECTION,
  emailKey,
  isDocumentId,
  PASSWORD_RESET_CODE_TTL_SECONDS,
  PASSWORD_RESETS_COLLECTION,
  sha256,
  toIdentity,
  type AccountEmailDoc,
  type LocalAccount,
  type PasswordResetDoc,
} from "./local-accounts";
import { DEFAULT_PASSWORD_HASH_COST, dummyHash, hashPassword, verifyPassword } from "./local-passwords";
import { BASE64URL, decodeSessionToken, encodeSessionToken, signingKey, toClaims, type TokenPayload } from "./local-tokens";

export type LocalIdentityOptions = {
  store: DocumentStore;
  /** Session-token secrets, newest first: tokens are signed with the first and verified with any. */
  secrets: readonly string[];
  passwordPolicy?: PasswordPolicy;
  /** scrypt's N for new password hashes (a power of two); DEFAULT_PASSWORD_HASH_COST unless set. */
  passwordHashCost?: number;
  /** The clock, in milliseconds since the epoch (tests move it). */
  now?: () => number;
};

class LocalIdentity implements IdentityProvider {
  readonly kind = "local" as const;
  readonly #store: DocumentStore;
  readonly #keys: Buffer[];
  readonly #policy: PasswordPolicy;
  readonly #hashCost: number;
  readonly #now: () => number;
  /**
   * The payloads of the last tokens whose signature held (at most 2,000, the least recently read
   * dropped first). A signed-in browser sends the same token page after page, and the HMAC and
   * decoding cost about 0.04 ms each time; what a token says is a function of the token and this
   * identity's keys alone, which never change. Expiry and revocation are still checked on every
   * call. Tokens longer than a real one are verified each time, so memory stays bounded.
   */
  readonly #verified = new LRUCache<string, TokenPayload>({ max: 2_000 });

  constructor(options: LocalIdentityOptions) {
    if (options.secrets.length === 0 || options.secrets.some((secret) => typeof secret !== "string" || secret.length === 0)) {
      throw new TypeError("The local identity needs at least one non-empty session secret");
    }
    this.#store = options.store;
    this.#keys = options.secrets.map(signingKey);
    this.#policy = options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
    this.#hashCost = options.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST;
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
    const passwordHash = await hashPassword(password, this.#hashCost);
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
      await verifyPassword(String(password), await dummyHash(this.#hashCost));
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
    return encodeSessionToken(payload, this.#keys[0]);
  }

  /** The token's payload if its signature holds (`invalid-user-token` otherwise); see #verified. */
  #verifiedPayload(token: string): TokenPayload {
    const remembered = typeof token === "string" && token.length <= LONGEST_REMEMBERED_TOKEN;
    const known = remembered ? this.#verified.get(token) : undefined;
    if (known) return known;
    const payload = decodeSessionToken(token, this.#keys);
    if (remembered) this.#verified.set(token, payload);
    return payload;
  }

  async verifySessionToken(token: string, options: { checkRevoked?: boolean } = {}): Promise<SessionClaims> {
    const payload = this.#verifiedPayload(token);
    if (payload.exp <= this.#seconds()) throw new IdentityError("user-token-expired");
    if (options.checkRevoked) {
      const account = await this.#get(payload.uid);
      if (!account) throw new IdentityError("invalid-user-token");
      if (account.disabled) throw new IdentityError("user-disabled");
      if (payload.iat < (account.tokensValidAfter ?? 0)) throw new IdentityError("user-token-expired");
    }
    return toClaims(payload);
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
    const passwordHash = await hashPassword(password, this.#hashCost);
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

  async deleteUser(uid: string): Promise<void> {
    if (!isDocumentId(uid)) return;
    await this.#store.runTransaction(async (tx) => {
      const account = await tx.get<LocalAccount>(ACCOUNTS_COLLECTION, uid);
      if (!account) return;
      const key = emailKey(account.email);
      const link = await tx.get<AccountEmailDoc>(ACCOUNT_EMAILS_COLLECTION, key);
      if (link?.uid === uid) tx.delete(ACCOUNT_EMAILS_COLLECTION, key);
      tx.delete(ACCOUNTS_COLLECTION, uid);
    });
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
    const passwordHash = await hashPassword(newPassword, this.#hashCost);
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

/** Longer tokens are verified every time (a real one is about 250 characters). */
const LONGEST_REMEMBERED_TOKEN = 1_024;

export function createLocalIdentity(options: LocalIdentityOptions): IdentityProvider {
  return new LocalIdentity(options);
}
