/**
 * The identity contract: one suite every adapter of the port passes. `local.test.ts` and
 * `firebase.test.ts` run it; it covers each method and each error code a person can meet.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_PASSWORD_POLICY,
  IdentityError,
  SESSION_MAX_AGE_SECONDS,
  type IdentityErrorCode,
  type IdentityProvider,
} from "./index";

export interface IdentityHarness {
  identity: IdentityProvider;
  /** Closes `identity` and releases whatever the harness started. */
  cleanup(): Promise<void>;
  /** Firebase only: signs in through the REST API, as a browser would, and returns a fresh ID token. */
  idTokenFor?(email: string, password: string): Promise<string>;
}

/** Behaviour a test backend may lack; the tests that need it are skipped with the reason. */
export type IdentityContractCapability =
  /** Session tokens carry a signature the adapter checks (the Auth emulator's tokens are unsigned). */
  "signed-tokens";

export interface IdentityContractOptions {
  unsupported?: Partial<Record<IdentityContractCapability, string>>;
}

const PASSWORD = "Correct-horse-7";
const OTHER_PASSWORD = "Battery-staple-9";

async function caught(action: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof action === "function" ? action() : action);
  } catch (error) {
    return error;
  }
  return undefined;
}

export async function expectIdentityError(action: Promise<unknown> | (() => unknown), code: IdentityErrorCode): Promise<IdentityError> {
  const error = await caught(action);
  expect(error, `expected an IdentityError "${code}"`).toBeInstanceOf(IdentityError);
  expect((error as IdentityError).code, (error as Error).message).toBe(code);
  return error as IdentityError;
}

/** Waits until the clock's second has moved on, so a revocation is later than every token so far. */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 25));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Rewrites the JSON part of a token that holds the claims, keeping its signature. */
function withTamperedClaims(token: string, change: (claims: Record<string, unknown>) => void): string {
  const parts = token.split(".");
  for (let i = 0; i < parts.length; i++) {
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(parts[i], "base64url").toString("utf8"));
    } catch {
      continue;
    }
    if (claims && typeof claims === "object" && "email" in claims) {
      change(claims as Record<string, unknown>);
      parts[i] = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return parts.join(".");
    }
  }
  throw new Error("No claims found in the token");
}

export function describeIdentityContract(
  name: string,
  make: () => Promise<IdentityHarness>,
  options: IdentityContractOptions = {},
): void {
  describe(`identity contract: ${name}`, () => {
    let harness: IdentityHarness;
    let identity: IdentityProvider;
    let counter = 0;
    const run = randomBytes(3).toString("hex");

    beforeAll(async () => {
      harness = await make();
      identity = harness.identity;
    });

    afterAll(async () => {
      await harness?.cleanup();
    });

    const needs = (capability: IdentityContractCapability, title: string, fn: () => Promise<void>) => {
      const reason = options.unsupported?.[capability];
      if (reason) it.skip(`${title} (unsupported: ${reason})`, fn);
      else it(title, fn);
    };

    const uniqueEmail = (label: string) => `${label}-${run}-${++counter}@amarre.test`;

    /** A fresh proof of identity, as the session layer has one right after a sign-in. */
    const proofFor = async (email: string, password: string) => {
      if (harness.idTokenFor) return { idToken: await harness.idTokenFor(email, password) };
      const user = await identity.signInWithPassword(email, password);
      return { uid: user.uid };
    };
    const sessionFor = async (email: string, password = PASSWORD) => identity.createSessionToken(await proofFor(email, password));

    const newAccount = async (label: string, password = PASSWORD) => {
      const email = uniqueEmail(label);
      const user = await identity.signUp({ email, password });
      return { email, user };
    };

    it("signs up a person and signs them in, emails trimmed and compared without case", async () => {
      const email = uniqueEmail("Sign-Up");
      const before = Date.now();
      const created = await identity.signUp({ email: `  ${email.toUpperCase()} `, password: PASSWORD, displayName: "Marina Vidal" });
      expect(created).toMatchObject({
        email: email.toLowerCase(),
        emailVerified: false,
        displayName: "Marina Vidal",
        photoURL: null,
        disabled: false,
        role: null,
      });
      expect(created.uid).toMatch(/^\S{6,128}$/);
      expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

      const signedIn = await identity.signInWithPassword(email, PASSWORD);
      expect(signedIn.uid).toBe(created.uid);
      expect(signedIn.email).toBe(email.toLowerCase());
      expect(signedIn.lastSignInAt).not.toBeNull();
      expect((await identity.signInWithPassword(` ${email.toUpperCase()}`, PASSWORD)).uid).toBe(created.uid);
    });

    it("refuses a second account with the same email, whatever its case", async () => {
      const { email } = await newAccount("duplicate");
      await expectIdentityError(identity.signUp({ email, password: OTHER_PASSWORD }), "email-already-in-use");
      await expectIdentityError(identity.signUp({ email: email.toUpperCase(), password: OTHER_PASSWORD }), "email-already-in-use");
      // The first account is untouched.
      await identity.signInWithPassword(email, PASSWORD);
      await expectIdentityError(identity.signInWithPassword(email, OTHER_PASSWORD), "invalid-credential");
    });

    it("answers invalid-credential for a wrong password and for an unknown email alike", async () => {
      const { email } = await newAccount("wrong-password");
      await expectIdentityError(identity.signInWithPassword(email, OTHER_PASSWORD), "invalid-credential");
      await expectIdentityError(identity.signInWithPassword(email, ""), "invalid-credential");
      await expectIdentityError(identity.signInWithPassword(uniqueEmail("nobody"), PASSWORD), "invalid-credential");
    });

    it("rejects what is not an email", async () => {
      for (const email of ["not-an-email", "a@b", "two words@amarre.test", ""]) {
        await expectIdentityError(identity.signUp({ email, password: PASSWORD }), "invalid-email");
      }
      await expectIdentityError(identity.signInWithPassword("not-an-email", PASSWORD), "invalid-email");
      const { user } = await newAccount("bad-new-email");
      await expectIdentityError(identity.updateEmail(user.uid, "not-an-email"), "invalid-email");
      await expectIdentityError(identity.createPasswordResetCode("not-an-email"), "invalid-email");
      expect(await identity.getUserByEmail("not-an-email")).toBeNull();
    });

    it("states its password policy and enforces it on every new password", async () => {
      const policy = await identity.getPasswordPolicy();
      expect(policy.minLength).toBeGreaterThanOrEqual(DEFAULT_PASSWORD_POLICY.minLength);
      const tooShort = "Ab1-x";
      const email = uniqueEmail("policy");
      await expectIdentityError(identity.signUp({ email, password: tooShort }), "password-does-not-meet-requirements");
      await expectIdentityError(identity.signUp({ email, password: "" }), "password-does-not-meet-requirements");
      expect(await identity.getUserByEmail(email)).toBeNull();

      const user = await identity.signUp({ email, password: PASSWORD });
      await expectIdentityError(identity.updatePassword(user.uid, tooShort), "password-does-not-meet-requirements");
      await identity.signInWithPassword(email, PASSWORD);

      const code = await identity.createPasswordResetCode(email);
      expect(code).toEqual(expect.any(String));
      await expectIdentityError(identity.confirmPasswordReset(code!, tooShort), "password-does-not-meet-requirements");
      // A refused password does not use the code up.
      expect(await identity.confirmPasswordReset(code!, OTHER_PASSWORD)).toEqual({ email });
    });

    it("turns a fresh sign-in into a session token whose claims verify", async () => {
      const { email, user } = await newAccount("session");
      const token = await sessionFor(email);
      expect(token).toEqual(expect.any(String));
      const claims = await identity.verifySessionToken(token);
      expect(claims).toMatchObject({ uid: user.uid, email, role: null });
      expect(Math.abs(claims.authTime - nowSeconds())).toBeLessThanOrEqual(60);
      expect(Math.abs(claims.issuedAt - nowSeconds())).toBeLessThanOrEqual(60);
      expect(claims.authTime).toBeLessThanOrEqual(claims.issuedAt);
      expect(claims.expiresAt - claims.issuedAt).toBe(SESSION_MAX_AGE_SECONDS);
      expect(await identity.verifySessionToken(token, { checkRevoked: true })).toEqual(claims);
    });

    it("starts a session from the uid of a password sign-in made just before", async () => {
      const { email, user } = await newAccount("session-from-sign-in");
      const signedIn = await identity.signInWithPassword(email, PASSWORD);
      const token = await identity.createSessionToken({ uid: signedIn.uid });
      expect(await identity.verifySessionToken(token, { checkRevoked: true })).toMatchObject({ uid: user.uid, email });
    });

    it("rejects malformed session tokens and tokens with a forged signature", async () => {
      const { email } = await newAccount("forged-signature");
      const token = await sessionFor(email);
      // The genuine token verified first: a forged copy is refused after it as before.
      await identity.verifySessionToken(token);
      const parts = token.split(".");
      const forged = [...parts.slice(0, -1), randomBytes(32).toString("base64url")].join(".");
      for (const bad of ["", "garbage", "a.b", "a.b.c", token.slice(0, Math.floor(token.length / 2)), forged, `${token}x.y`]) {
        await expectIdentityError(identity.verifySessionToken(bad), "invalid-user-token");
        await expectIdentityError(identity.verifySessionToken(bad, { checkRevoked: true }), "invalid-user-token");
      }
      await expectIdentityError(identity.verifyIdToken("garbage"), "invalid-user-token");
      await expectIdentityError(identity.createSessionToken({ idToken: "garbage" }), "invalid-user-token");
    });

    needs("signed-tokens", "rejects a session token whose claims were changed", async () => {
      const { email } = await newAccount("tampered");
      const { user: other } = await newAccount("tampered-other");
      const token = await sessionFor(email);
      await identity.verifySessionToken(token);
      const promoted = withTamperedClaims(token, (claims) => {
        claims.role = "admin";
      });
      const impersonating = withTamperedClaims(token, (claims) => {
        for (const key of ["uid", "sub", "user_id"]) if (key in claims) claims[key] = other.uid;
      });
      const extended = withTamperedClaims(token, (claims) => {
        claims.exp = Number(claims.exp) + 365 * 24 * 60 * 60;
      });
      for (const bad of [promoted, impersonating, extended]) {
        await expectIdentityError(identity.verifySessionToken(bad), "invalid-user-token");
        await expectIdentityError(identity.verifySessionToken(bad, { checkRevoked: true }), "invalid-user-token");
      }
    });

    it("ends every session on revokeSessions, seen with checkRevoked", async () => {
      const { email, user } = await newAccount("revoke");
      const token = await sessionFor(email);
      expect((await identity.verifySessionToken(token, { checkRevoked: true })).uid).toBe(user.uid);
      await nextSecond();
      await identity.revokeSessions(user.uid);
      await expectIdentityError(identity.verifySessionToken(token, { checkRevoked: true }), "user-token-expired");
      // Signing in again starts a session that holds.
      const fresh = await sessionFor(email);
      expect((await identity.verifySessionToken(fresh, { checkRevoked: true })).uid).toBe(user.uid);
    });

    it("refuses a disabled account at sign-in and in checked sessions, and admits it once enabled", async () => {
      const { email, user } = await newAccount("disabled");
      const token = await sessionFor(email);
      await identity.setDisabled(user.uid, true);
      expect((await identity.getUser(user.uid))?.disabled).toBe(true);
      await expectIdentityError(identity.signInWithPassword(email, PASSWORD), "user-disabled");
      await expectIdentityError(identity.verifySessionToken(token, { checkRevoked: true }), "user-disabled");
      await identity.setDisabled(user.uid, false);
      expect((await identity.getUser(user.uid))?.disabled).toBe(false);
      expect((await identity.signInWithPassword(email, PASSWORD)).uid).toBe(user.uid);
      const fresh = await sessionFor(email);
      expect((await identity.verifySessionToken(fresh, { checkRevoked: true })).uid).toBe(user.uid);
    });

    it("sets and clears the admin role, carried by sessions created afterwards", async () => {
      const { email, user } = await newAccount("role");
      await identity.setRole(user.uid, "admin");
      expect((await identity.getUser(user.uid))?.role).toBe("admin");
      const adminSession = await sessionFor(email);
      expect((await identity.verifySessionToken(adminSession)).role).toBe("admin");
      expect((await identity.verifySessionToken(adminSession, { checkRevoked: true })).role).toBe("admin");

      await identity.setRole(user.uid, null);
      expect((await identity.getUser(user.uid))?.role).toBeNull();
      expect((await identity.verifySessionToken(await sessionFor(email))).role).toBeNull();
    });

    it("changes the email: the new one signs in, the old one is free, old sessions end", async () => {
      const { email, user } = await newAccount("old-email");
      const token = await sessionFor(email);
      const newEmail = uniqueEmail("New-Email");
      await nextSecond();
      const updated = await identity.updateEmail(user.uid, newEmail.toUpperCase());
      expect(updated).toMatchObject({ uid: user.uid, email: newEmail.toLowerCase() });
      await expectIdentityError(identity.verifySessionToken(token, { checkRevoked: true }), "user-token-expired");
      expect((await identity.signInWithPassword(newEmail, PASSWORD)).uid).toBe(user.uid);
      await expectIdentityError(identity.signInWithPassword(email, PASSWORD), "invalid-credential");
      expect(await identity.getUserByEmail(email)).toBeNull();
      expect((await identity.getUserByEmail(newEmail))?.uid).toBe(user.uid);
      expect((await identity.verifySessionToken(await sessionFor(newEmail))).email).toBe(newEmail.toLowerCase());

      // The old email can be used again; another account's email cannot be taken.
      const reused = await identity.signUp({ email, password: PASSWORD });
      expect(reused.uid).not.toBe(user.uid);
      await expectIdentityError(identity.updateEmail(user.uid, email), "email-already-in-use");
    });

    it("changes the password and ends the sessions started with the old one", async () => {
      const { email, user } = await newAccount("password-change");
      const token = await sessionFor(email);
      await nextSecond();
      await identity.updatePassword(user.uid, OTHER_PASSWORD);
      await expectIdentityError(identity.verifySessionToken(token, { checkRevoked: true }), "user-token-expired");
      await expectIdentityError(identity.signInWithPassword(email, PASSWORD), "invalid-credential");
      expect((await identity.signInWithPassword(email, OTHER_PASSWORD)).uid).toBe(user.uid);
      const fresh = await sessionFor(email, OTHER_PASSWORD);
      expect((await identity.verifySessionToken(fresh, { checkRevoked: true })).uid).toBe(user.uid);
    });

    it("resets a password with a one-time code, ending the sessions started before", async () => {
      const { email, user } = await newAccount("reset");
      const token = await sessionFor(email);
      const code = await identity.createPasswordResetCode(email.toUpperCase());
      expect(code).toMatch(/^\S{16,}$/);
      await nextSecond();
      expect(await identity.confirmPasswordReset(code!, OTHER_PASSWORD)).toEqual({ email });
      await expectIdentityError(identity.verifySessionToken(token, { checkRevoked: true }), "user-token-expired");
      expect((await identity.signInWithPassword(email, OTHER_PASSWORD)).uid).toBe(user.uid);
      await expectIdentityError(identity.signInWithPassword(email, PASSWORD), "invalid-credential");
      // Used once, gone.
      await expectIdentityError(identity.confirmPasswordReset(code!, "Third-password-3"), "invalid-action-code");
      await expectIdentityError(identity.confirmPasswordReset("not-a-real-code", OTHER_PASSWORD), "invalid-action-code");
      await expectIdentityError(identity.confirmPasswordReset(randomBytes(32).toString("base64url"), OTHER_PASSWORD), "invalid-action-code");
      await expectIdentityError(identity.confirmPasswordReset("", OTHER_PASSWORD), "invalid-action-code");
    });

    it("says nothing when asked for a reset code for an unknown email", async () => {
      expect(await identity.createPasswordResetCode(uniqueEmail("unknown"))).toBeNull();
    });

    it("finds people by uid and by email, and answers null for strangers", async () => {
      const { email, user } = await newAccount("lookup");
      expect(await identity.getUser(user.uid)).toEqual(user);
      expect(await identity.getUserByEmail(` ${email.toUpperCase()} `)).toEqual(user);
      expect(await identity.getUser("no-such-uid-anywhere")).toBeNull();
      expect(await identity.getUser("")).toBeNull();
      expect(await identity.getUserByEmail(uniqueEmail("stranger"))).toBeNull();
    });

    it("updates and clears the display name and photo", async () => {
      const { user } = await newAccount("profile");
      const updated = await identity.updateProfile(user.uid, { displayName: "Capitán Nemo", photoURL: "https://amarre.test/nemo.png" });
      expect(updated).toMatchObject({ uid: user.uid, displayName: "Capitán Nemo", photoURL: "https://amarre.test/nemo.png" });
      expect(await identity.getUser(user.uid)).toMatchObject({ displayName: "Capitán Nemo", photoURL: "https://amarre.test/nemo.png" });
      const renamed = await identity.updateProfile(user.uid, { displayName: "Nemo" });
      expect(renamed).toMatchObject({ displayName: "Nemo", photoURL: "https://amarre.test/nemo.png" });
      const cleared = await identity.updateProfile(user.uid, { displayName: null, photoURL: null });
      expect(cleared).toMatchObject({ displayName: null, photoURL: null });
    });

    it("deletes an account for good: its password signs nobody in, its sessions end, its email is free again", async () => {
      const { email, user } = await newAccount("deleted");
      const token = await sessionFor(email);
      await identity.deleteUser(user.uid);
      expect(await identity.getUser(user.uid)).toBeNull();
      expect(await identity.getUserByEmail(email)).toBeNull();
      await expect(identity.signInWithPassword(email, PASSWORD)).rejects.toMatchObject({ code: expect.stringMatching(/^(invalid-credential|user-not-found)$/) });
      await expect(identity.verifySessionToken(token, { checkRevoked: true })).rejects.toBeInstanceOf(Error);
      // Gone already: not an error.
      await identity.deleteUser(user.uid);
      const again = await identity.signUp({ email, password: PASSWORD });
      expect(again.uid).not.toBe(user.uid);
    });

    it("answers user-not-found when changing an account that does not exist", async () => {
      const uid = "no-such-uid-anywhere";
      await expectIdentityError(identity.revokeSessions(uid), "user-not-found");
      await expectIdentityError(identity.setDisabled(uid, true), "user-not-found");
      await expectIdentityError(identity.setRole(uid, "admin"), "user-not-found");
      await expectIdentityError(identity.updatePassword(uid, OTHER_PASSWORD), "user-not-found");
      await expectIdentityError(identity.updateEmail(uid, uniqueEmail("ghost")), "user-not-found");
      await expectIdentityError(identity.updateProfile(uid, { displayName: "Ghost" }), "user-not-found");
    });
  });
}
