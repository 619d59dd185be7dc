import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "#app/.server/store/create-store";
import type { DocumentStore } from "#app/.server/store";
import { createIdentity } from "./create-identity";
import { describeIdentityContract, expectIdentityError } from "./identity.contract";
import { DEFAULT_PASSWORD_POLICY, SESSION_MAX_AGE_SECONDS, type PasswordPolicy } from "./index";
import { createLocalIdentity } from "./local";
import {
  ACCOUNT_EMAILS_COLLECTION,
  ACCOUNTS_COLLECTION,
  PASSWORD_RESET_CODE_TTL_SECONDS,
  PASSWORD_RESETS_COLLECTION,
  type LocalAccount,
} from "./local-accounts";
import { dummyHash, hashPassword, verifyPassword } from "./local-passwords";

const SECRETS = ["test-secret-newest", "test-secret-older"];

async function openStore(): Promise<{ store: DocumentStore; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-identity-"));
  const store = await createStore({ backend: "embedded", dataDir });
  return {
    store,
    async cleanup() {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describeIdentityContract("local (SQLite store)", async () => {
  const { store, cleanup } = await openStore();
  // The contract is about behaviour, not the hash's cost: its passwords are hashed at scrypt's
  // smallest cost the setting accepts (about 40 times cheaper). The tests below keep the
  // production default, which the first of them checks in the stored hash.
  const identity = await createIdentity({ kind: "local", store, secrets: SECRETS, passwordHashCost: 1024 });
  return {
    identity,
    async cleanup() {
      await identity.close();
      await cleanup();
    },
  };
});

describe("local identity", () => {
  let store: DocumentStore;
  let cleanup: () => Promise<void>;
  let counter = 0;
  const email = (label: string) => `${label}-${++counter}@amarre.test`;

  beforeAll(async () => {
    ({ store, cleanup } = await openStore());
  });

  afterAll(async () => {
    await cleanup?.();
  });

  /** A clock the test moves by hand. */
  function manualClock(start = Date.now()) {
    let now = start;
    return {
      now: () => now,
      advance(seconds: number) {
        now += seconds * 1000;
      },
    };
  }

  it("stores an scrypt hash and never the password itself", async () => {
    const identity = createLocalIdentity({ store, secrets: SECRETS });
    const password = "Plain-text-never-stored-1";
    const first = await identity.signUp({ email: email("hash"), password });
    const second = await identity.signUp({ email: email("hash"), password });

    const account = await store.get<LocalAccount>(ACCOUNTS_COLLECTION, first.uid);
    expect(account?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    const other = await store.get<LocalAccount>(ACCOUNTS_COLLECTION, second.uid);
    // A fresh salt per account: the same password hashes differently.
    expect(other?.passwordHash).not.toBe(account?.passwordHash);

    const code = await identity.createPasswordResetCode(first.email);
    const stored = JSON.stringify([
      account,
      other,
      await store.query({ collection: ACCOUNT_EMAILS_COLLECTION }),
      await store.query({ collection: PASSWORD_RESETS_COLLECTION }),
    ]);
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(Buffer.from(password).toString("base64"));
  });

  it("checks hashes in constant time and refuses malformed ones", async () => {
    const hash = await hashPassword("sesame-123");
    expect(await verifyPassword("sesame-123", hash)).toBe(true);
    expect(await verifyPassword("sesame-124", hash)).toBe(false);
    expect(await verifyPassword("sesame-123", "sesame-123")).toBe(false);
    expect(await verifyPassword("sesame-123", hash.replace("$16384$", "$16383$"))).toBe(false);
    expect(await verifyPassword("sesame-123", hash.replace("$16384$", `$${2 ** 24}$`))).toBe(false);
    // Unicode passwords are compared in one normal form.
    const composed = await hashPassword("Contraseña-1");
    expect(await verifyPassword("Contrasen\u0303a-1", composed)).toBe(true);
  });

  it("hashes new passwords at the configured cost, and still verifies hashes made at another", async () => {
    const before = createLocalIdentity({ store, secrets: SECRETS });
    const raised = createLocalIdentity({ store, secrets: SECRETS, passwordHashCost: 32768 });
    const old = await before.signUp({ email: email("cost"), password: "made-at-16384" });
    const fresh = await raised.signUp({ email: email("cost"), password: "made-at-32768" });
    expect((await store.get<LocalAccount>(ACCOUNTS_COLLECTION, old.uid))?.passwordHash).toMatch(/^scrypt\$16384\$/);
    expect((await store.get<LocalAccount>(ACCOUNTS_COLLECTION, fresh.uid))?.passwordHash).toMatch(/^scrypt\$32768\$/);
    // After the cost is raised, the account made before it still signs in, and a wrong password still fails.
    expect((await raised.signInWithPassword(old.email!, "made-at-16384")).uid).toBe(old.uid);
    await expect(raised.signInWithPassword(old.email!, "made-at-1638")).rejects.toMatchObject({ code: "invalid-credential" });
    // An unknown email is answered after a hash at the configured cost, as a wrong password is.
    await expect(raised.signInWithPassword(email("nobody"), "made-at-32768")).rejects.toMatchObject({ code: "invalid-credential" });
    expect(await dummyHash(32768)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await dummyHash(32768)).toBe(await dummyHash(32768));
  });

  it("verifies tokens signed with a secret that is still in the list, and not after it is dropped", async () => {
    const before = createLocalIdentity({ store, secrets: ["secret-2024"] });
    const during = createLocalIdentity({ store, secrets: ["secret-2025", "secret-2024"] });
    const after = createLocalIdentity({ store, secrets: ["secret-2025"] });
    const user = await before.signUp({ email: email("rotation"), password: "Rotation-1" });

    const oldToken = await before.createSessionToken({ uid: user.uid });
    expect((await during.verifySessionToken(oldToken, { checkRevoked: true })).uid).toBe(user.uid);
    await expectIdentityError(after.verifySessionToken(oldToken), "invalid-user-token");

    const newToken = await during.createSessionToken({ uid: user.uid });
    expect((await after.verifySessionToken(newToken)).uid).toBe(user.uid);
    await expectIdentityError(before.verifySessionToken(newToken), "invalid-user-token");
  });

  it("refuses to start without a secret", () => {
    expect(() => createLocalIdentity({ store, secrets: [] })).toThrow(/secret/);
    expect(() => createLocalIdentity({ store, secrets: [""] })).toThrow(/secret/);
  });

  it("lets a session token expire after SESSION_MAX_AGE_SECONDS", async () => {
    const clock = manualClock();
    const identity = createLocalIdentity({ store, secrets: SECRETS, now: clock.now });
    const user = await identity.signUp({ email: email("expiry"), password: "Expiry-123" });
    const token = await identity.createSessionToken({ uid: user.uid });
    clock.advance(SESSION_MAX_AGE_SECONDS - 1);
    expect((await identity.verifySessionToken(token)).uid).toBe(user.uid);
    clock.advance(1);
    await expectIdentityError(identity.verifySessionToken(token), "user-token-expired");
  });

  it("verifies a session token without reading the store unless checkRevoked asks", async () => {
    const identity = createLocalIdentity({ store, secrets: SECRETS });
    const user = await identity.signUp({ email: email("no-io"), password: "No-io-1234" });
    const token = await identity.createSessionToken({ uid: user.uid });
    let reads = 0;
    const counting = new Proxy(store, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          reads++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const verifier = createLocalIdentity({ store: counting, secrets: SECRETS });
    await verifier.verifySessionToken(token);
    expect(reads).toBe(0);
    await verifier.verifySessionToken(token, { checkRevoked: true });
    expect(reads).toBe(1);
  });

  it("expires password-reset codes after an hour", async () => {
    const clock = manualClock();
    const identity = createLocalIdentity({ store, secrets: SECRETS, now: clock.now });
    const address = email("reset-expiry");
    await identity.signUp({ email: address, password: "Reset-expiry-1" });

    const fresh = await identity.createPasswordResetCode(address);
    clock.advance(PASSWORD_RESET_CODE_TTL_SECONDS - 60);
    expect(await identity.confirmPasswordReset(fresh!, "Reset-expiry-2")).toEqual({ email: address });

    const stale = await identity.createPasswordResetCode(address);
    clock.advance(PASSWORD_RESET_CODE_TTL_SECONDS);
    await expectIdentityError(identity.confirmPasswordReset(stale!, "Reset-expiry-3"), "expired-action-code");
    // An expired code is removed, and the password did not change.
    await expectIdentityError(identity.confirmPasswordReset(stale!, "Reset-expiry-3"), "invalid-action-code");
    await identity.signInWithPassword(address, "Reset-expiry-2");
  });

  it("enforces a stricter configured policy", async () => {
    const policy: PasswordPolicy = { ...DEFAULT_PASSWORD_POLICY, minLength: 10, requireUppercase: true, requireNumeric: true };
    const identity = createLocalIdentity({ store, secrets: SECRETS, passwordPolicy: policy });
    expect(await identity.getPasswordPolicy()).toEqual(policy);
    const address = email("strict");
    for (const weak of ["lowercase-only-1", "NO-DIGITS-AT-ALL", "Short1"]) {
      await expectIdentityError(identity.signUp({ email: address, password: weak }), "password-does-not-meet-requirements");
    }
    const user = await identity.signUp({ email: address, password: "Strong-password-1" });
    await expectIdentityError(identity.updatePassword(user.uid, "no-uppercase-1"), "password-does-not-meet-requirements");
    await identity.updatePassword(user.uid, "Another-strong-2");
    await identity.signInWithPassword(address, "Another-strong-2");
  });

  it("lets exactly one of several simultaneous sign-ups with one email succeed", async () => {
    const identity = createLocalIdentity({ store, secrets: SECRETS });
    const address = email("race");
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => identity.signUp({ email: i % 2 ? address : address.toUpperCase(), password: `Racing-pass-${i}` })),
    );
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected.map((r) => (r.reason as { code?: string }).code)).toEqual(Array(5).fill("email-already-in-use"));
    expect(await store.count({ collection: ACCOUNTS_COLLECTION, where: [["email", "==", address]] })).toBe(1);
  });

  it("has no ID tokens", async () => {
    const identity = createLocalIdentity({ store, secrets: SECRETS });
    await expectIdentityError(identity.verifyIdToken("anything"), "invalid-user-token");
    await expectIdentityError(identity.createSessionToken({ idToken: "anything" }), "invalid-user-token");
    await expectIdentityError(identity.createSessionToken({ uid: "no-such-account" }), "user-not-found");
  });

  it("refuses a session for a disabled account", async () => {
    const identity = createLocalIdentity({ store, secrets: SECRETS });
    const user = await identity.signUp({ email: email("disabled-session"), password: "Disabled-1" });
    await identity.setDisabled(user.uid, true);
    await expectIdentityError(identity.createSessionToken({ uid: user.uid }), "user-disabled");
  });
});
