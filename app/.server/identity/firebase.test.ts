import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_EMULATOR_API_KEY, AUTH_EMULATOR_PROJECT_ID, startAuthEmulator, type AuthEmulator } from "#tests/auth-emulator";
import { createIdentity } from "./create-identity";
import { createFirebaseIdentity } from "./firebase";
import { fromAdminError, fromRestError } from "./firebase-errors";
import { parsePasswordPolicy, PASSWORD_POLICY_CACHE_MS } from "./firebase-policy";
import { IDENTITY_TOOLKIT_ORIGIN, parseEmulatorHost, REQUEST_TIMEOUT_MS } from "./firebase-rest";
import { describeIdentityContract, expectIdentityError } from "./identity.contract";
import { DEFAULT_PASSWORD_POLICY, MAX_AUTH_TOKEN_AGE_SECONDS, type IdentityProvider } from "./index";

const PASSWORD = "Correct-horse-7";

/** Signs in through the emulator's REST API, as the browser SDK would, and returns the ID token. */
async function restSignIn(host: string, email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${AUTH_EMULATOR_API_KEY}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) throw new Error(`REST sign-in failed: ${response.status} ${body.error?.message}`);
  return body.idToken;
}

function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("on the Firebase Auth emulator", () => {
  let emulator: AuthEmulator;

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    console.info(`Firebase Auth emulator ready on ${emulator.host} in ${emulator.startupMs} ms`);
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  describeIdentityContract(
    "firebase (Auth emulator)",
    async () => {
      const identity = await createIdentity({
        kind: "firebase",
        projectId: AUTH_EMULATOR_PROJECT_ID,
        apiKey: AUTH_EMULATOR_API_KEY,
        authEmulatorHost: emulator.host,
      });
      return {
        identity,
        cleanup: () => identity.close(),
        idTokenFor: (email, password) => restSignIn(emulator.host, email, password),
      };
    },
    {
      unsupported: {
        "signed-tokens": "the Auth emulator issues unsigned tokens (alg none), which firebase-admin accepts in emulator mode",
      },
    },
  );

  describe("firebase adapter", () => {
    let counter = 0;
    const email = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@amarre.test`;
    const open: IdentityProvider[] = [];
    const openIdentity = (now?: () => number) => {
      const identity = createFirebaseIdentity({
        projectId: AUTH_EMULATOR_PROJECT_ID,
        apiKey: AUTH_EMULATOR_API_KEY,
        authEmulatorHost: emulator.host,
        now,
      });
      open.push(identity);
      return identity;
    };

    afterAll(async () => {
      await Promise.all(open.map((identity) => identity.close()));
    });

    it("starts a session only from an ID token signed in within MAX_AUTH_TOKEN_AGE_SECONDS", async () => {
      let offsetMs = 0;
      const identity = openIdentity(() => Date.now() + offsetMs);
      const address = email("recent");
      const user = await identity.signUp({ email: address, password: PASSWORD });
      const idToken = await restSignIn(emulator.host, address, PASSWORD);
      const authTime = Number(decodeJwt(idToken).auth_time);

      // The same real token, judged by a clock that has moved on: just inside the limit, then past it.
      offsetMs = (authTime + MAX_AUTH_TOKEN_AGE_SECONDS - 1) * 1000 - Date.now();
      const session = await identity.createSessionToken({ idToken });
      expect(await identity.verifySessionToken(session)).toMatchObject({ uid: user.uid, authTime });
      offsetMs = (authTime + MAX_AUTH_TOKEN_AGE_SECONDS + 1) * 1000 - Date.now();
      await expectIdentityError(identity.createSessionToken({ idToken }), "requires-recent-login");

      // The same rule for the token kept from the adapter's own password sign-in.
      offsetMs = 0;
      await identity.signInWithPassword(address, PASSWORD);
      offsetMs = (MAX_AUTH_TOKEN_AGE_SECONDS + 2) * 1000;
      await expectIdentityError(identity.createSessionToken({ uid: user.uid }), "requires-recent-login");
    });

    it("needs a sign-in in this process before createSessionToken({ uid }), and uses it once", async () => {
      const identity = openIdentity();
      const address = email("uid-proof");
      const user = await identity.signUp({ email: address, password: PASSWORD });
      const other = openIdentity();
      await expectIdentityError(other.createSessionToken({ uid: user.uid }), "requires-recent-login");
      await identity.createSessionToken({ uid: user.uid });
      await expectIdentityError(identity.createSessionToken({ uid: user.uid }), "requires-recent-login");
    });

    it("verifies ID tokens from the browser, with the role claim, and keeps them apart from session cookies", async () => {
      const identity = openIdentity();
      const address = email("id-token");
      const user = await identity.signUp({ email: address, password: PASSWORD });
      await identity.setRole(user.uid, "admin");
      const idToken = await restSignIn(emulator.host, address, PASSWORD);
      const claims = await identity.verifyIdToken(idToken);
      expect(claims).toMatchObject({ uid: user.uid, email: address, role: "admin" });
      expect(claims.expiresAt - claims.issuedAt).toBe(3600);
      // An ID token is not a session cookie, nor the other way round.
      await expectIdentityError(identity.verifySessionToken(idToken), "invalid-user-token");
      const session = await identity.createSessionToken({ idToken });
      await expectIdentityError(identity.verifyIdToken(session), "invalid-user-token");
    });

    it("falls back to the default password policy, as the emulator has no policy endpoint", async () => {
      const identity = openIdentity();
      expect(await identity.getPasswordPolicy()).toEqual(DEFAULT_PASSWORD_POLICY);
    });

    it("maps the service's own password rule to password-does-not-meet-requirements", async () => {
      // A policy that lets a 5-character password through, so the emulator's WEAK_PASSWORD answers.
      const lax = { ...DEFAULT_PASSWORD_POLICY, minLength: 1 };
      let policyRequests = 0;
      const identity = createFirebaseIdentity({
        projectId: AUTH_EMULATOR_PROJECT_ID,
        apiKey: AUTH_EMULATOR_API_KEY,
        authEmulatorHost: emulator.host,
        fetch: async (input, init) => {
          if (String(input).includes("/v2/passwordPolicy")) {
            policyRequests++;
            return Response.json({ schemaVersion: 1, enforcementState: "ENFORCE", customStrengthOptions: { minPasswordLength: lax.minLength } });
          }
          return fetch(input, init);
        },
      });
      open.push(identity);
      await expectIdentityError(identity.signUp({ email: email("weak"), password: "12345" }), "password-does-not-meet-requirements");
      expect(policyRequests).toBe(1);
      await identity.getPasswordPolicy();
      expect(policyRequests).toBe(2);
    });

    it("clears the emulator's accounts", async () => {
      const identity = openIdentity();
      const address = email("cleared");
      await identity.signUp({ email: address, password: PASSWORD });
      await emulator.clearAccounts();
      expect(await identity.getUserByEmail(address)).toBeNull();
    });
  });
});

describe("firebase adapter without a server", () => {
  type Call = { url: string; init?: RequestInit };

  /** An adapter whose REST calls go to `answer`; firebase-admin is never reached in these tests. */
  function withFetch(answer: (call: Call) => Response | Promise<Response>, now?: () => number) {
    const calls: Call[] = [];
    const identity = createFirebaseIdentity({
      projectId: "demo-offline",
      apiKey: "offline-key",
      now,
      fetch: async (input, init) => {
        const call = { url: String(input), init };
        calls.push(call);
        return answer(call);
      },
    });
    return { identity, calls };
  }

  const restError = (message: string, status = 400) => Response.json({ error: { code: status, message } }, { status });

  it("calls the Identity Toolkit with the API key as the key parameter and a JSON body", async () => {
    const { identity, calls } = withFetch(() => restError("INVALID_LOGIN_CREDENTIALS"));
    await expectIdentityError(identity.signInWithPassword("Someone@Amarre.test", "whatever-1"), "invalid-credential");
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${IDENTITY_TOOLKIT_ORIGIN}/v1/accounts:signInWithPassword?key=offline-key`);
    expect(calls[0].init?.method).toBe("POST");
    expect(new Headers(calls[0].init?.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({ email: "someone@amarre.test", password: "whatever-1", returnSecureToken: true });
    expect(calls[0].init?.signal).toBeInstanceOf(AbortSignal);
    await identity.close();
  });

  it("answers invalid-credential for an unknown email and for a wrong password", async () => {
    for (const code of ["EMAIL_NOT_FOUND", "INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS"]) {
      const { identity } = withFetch(() => restError(code));
      await expectIdentityError(identity.signInWithPassword("someone@amarre.test", "whatever-1"), "invalid-credential");
      await identity.close();
    }
    const { identity } = withFetch(() => restError("TOO_MANY_ATTEMPTS_TRY_LATER : Access temporarily disabled"));
    await expectIdentityError(identity.signInWithPassword("someone@amarre.test", "whatever-1"), "too-many-requests");
    await identity.close();
  });

  it("reports network failures and time-outs as network-request-failed", async () => {
    const { identity } = withFetch(() => {
      throw new TypeError("fetch failed");
    });
    await expectIdentityError(identity.signInWithPassword("someone@amarre.test", "whatever-1"), "network-request-failed");
    await expectIdentityError(identity.getPasswordPolicy(), "network-request-failed");
    await identity.close();

    const timedOut = withFetch(() => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    const error = await expectIdentityError(timedOut.identity.confirmPasswordReset("some-code", "Long-enough-1"), "network-request-failed");
    expect(error.message).toContain("TimeoutError");
    await timedOut.identity.close();
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it("reads the password policy, caches it for five minutes and refetches after a refusal", async () => {
    let now = Date.now();
    let minPasswordLength = 8;
    const { identity, calls } = withFetch(
      ({ url }) => {
        if (url.includes("/v2/passwordPolicy")) {
          return Response.json({
            customStrengthOptions: { minPasswordLength, maxPasswordLength: 64, containsUppercaseCharacter: true, containsNonAlphanumericCharacter: true },
            allowedNonAlphanumericCharacters: ["!", "#", "$"],
            enforcementState: "ENFORCE",
            forceUpgradeOnSignin: false,
            schemaVersion: 1,
          });
        }
        return restError("PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain at least 10 characters]");
      },
      () => now,
    );
    const policyCalls = () => calls.filter((call) => call.url.includes("/v2/passwordPolicy")).length;
    expect(calls.length).toBe(0);
    expect(await identity.getPasswordPolicy()).toEqual({
      minLength: 8,
      maxLength: 64,
      requireLowercase: false,
      requireUppercase: true,
      requireNumeric: false,
      requireNonAlphanumeric: true,
      allowedNonAlphanumericCharacters: "!#$",
    });
    expect(calls[0].url).toBe(`${IDENTITY_TOOLKIT_ORIGIN}/v2/passwordPolicy?key=offline-key`);
    expect(calls[0].init?.method).toBe("GET");

    // Checked before asking the service: a password the cached policy refuses never leaves.
    await expectIdentityError(identity.signUp({ email: "new@amarre.test", password: "Short!1" }), "password-does-not-meet-requirements");
    await expectIdentityError(identity.signUp({ email: "new@amarre.test", password: "No-allowed-special" }), "password-does-not-meet-requirements");
    expect(calls.length).toBe(1);

    now += PASSWORD_POLICY_CACHE_MS - 1;
    await identity.getPasswordPolicy();
    expect(policyCalls()).toBe(1);
    now += 1;
    await identity.getPasswordPolicy();
    expect(policyCalls()).toBe(2);

    // The service's rules moved on: its refusal drops the cached policy.
    minPasswordLength = 10;
    await expectIdentityError(identity.signUp({ email: "new@amarre.test", password: "Passes!Old" }), "password-does-not-meet-requirements");
    expect(calls.at(-1)?.url).toContain("/v1/accounts:signUp");
    expect((await identity.getPasswordPolicy()).minLength).toBe(10);
    expect(policyCalls()).toBe(3);
    await identity.close();
  });

  it("treats a policy that is not enforced as the default, and refuses other schema versions", async () => {
    expect(parsePasswordPolicy({ schemaVersion: 1, enforcementState: "OFF", customStrengthOptions: { minPasswordLength: 12 } })).toEqual(
      DEFAULT_PASSWORD_POLICY,
    );
    expect(parsePasswordPolicy({ schemaVersion: 1, enforcementState: "ENFORCEMENT_STATE_UNSPECIFIED" })).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(parsePasswordPolicy({ schemaVersion: 1 })).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(parsePasswordPolicy({ schemaVersion: 1, enforcementState: "ENFORCE", customStrengthOptions: {} })).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(
      parsePasswordPolicy({
        schemaVersion: 1,
        enforcementState: "ENFORCE",
        customStrengthOptions: { containsLowercaseCharacter: true, containsNumericCharacter: true },
      }),
    ).toMatchObject({ minLength: 6, maxLength: null, requireLowercase: true, requireNumeric: true, allowedNonAlphanumericCharacters: null });
    for (const schemaVersion of [2, 0, undefined]) {
      await expectIdentityError(() => parsePasswordPolicy({ schemaVersion, enforcementState: "ENFORCE" }), "unsupported-password-policy-schema-version");
    }
    const { identity } = withFetch(() => Response.json({ schemaVersion: 2, enforcementState: "ENFORCE" }));
    await expectIdentityError(identity.getPasswordPolicy(), "unsupported-password-policy-schema-version");
    await identity.close();
  });

  it("falls back to the default policy when the endpoint does not exist", async () => {
    for (const status of [404, 501]) {
      const { identity, calls } = withFetch(() => restError("not implemented", status));
      expect(await identity.getPasswordPolicy()).toEqual(DEFAULT_PASSWORD_POLICY);
      await identity.getPasswordPolicy();
      expect(calls).toHaveLength(1);
      await identity.close();
    }
    const { identity } = withFetch(() => restError("INTERNAL", 500));
    await expectIdentityError(identity.getPasswordPolicy(), "internal-error");
    await identity.close();
  });

  it("maps the Identity Toolkit's error codes", () => {
    const cases: Array<[string, string]> = [
      ["EMAIL_EXISTS", "email-already-in-use"],
      ["EMAIL_NOT_FOUND", "user-not-found"],
      ["INVALID_PASSWORD", "wrong-password"],
      ["INVALID_LOGIN_CREDENTIALS", "invalid-credential"],
      ["USER_DISABLED", "user-disabled"],
      ["TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled", "too-many-requests"],
      ["EXPIRED_OOB_CODE", "expired-action-code"],
      ["INVALID_OOB_CODE", "invalid-action-code"],
      ["WEAK_PASSWORD : Password should be at least 6 characters", "password-does-not-meet-requirements"],
      ["PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements", "password-does-not-meet-requirements"],
      ["INVALID_EMAIL", "invalid-email"],
      ["TOKEN_EXPIRED", "user-token-expired"],
      ["INVALID_ID_TOKEN", "invalid-user-token"],
      ["CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "requires-recent-login"],
      ["USER_MISMATCH", "user-mismatch"],
      ["SOMETHING_NEW", "internal-error"],
    ];
    for (const [message, code] of cases) expect(fromRestError(400, { error: { message } }).code, message).toBe(code);
    expect(fromRestError(429, {}).code).toBe("too-many-requests");
    expect(fromRestError(500, undefined).code).toBe("internal-error");
  });

  it("maps firebase-admin's error codes", () => {
    const adminError = (code: string, message = "") => Object.assign(new Error(message), { code });
    const cases: Array<[string, string]> = [
      ["auth/email-already-exists", "email-already-in-use"],
      ["auth/user-not-found", "user-not-found"],
      ["auth/email-not-found", "user-not-found"],
      ["auth/invalid-email", "invalid-email"],
      ["auth/invalid-password", "password-does-not-meet-requirements"],
      ["auth/id-token-expired", "user-token-expired"],
      ["auth/session-cookie-expired", "user-token-expired"],
      ["auth/id-token-revoked", "user-token-expired"],
      ["auth/session-cookie-revoked", "user-token-expired"],
      ["auth/argument-error", "invalid-user-token"],
      ["auth/invalid-id-token", "invalid-user-token"],
      ["auth/user-disabled", "user-disabled"],
      ["app/network-error", "network-request-failed"],
      ["app/network-timeout", "network-request-failed"],
      ["auth/insufficient-permission", "internal-error"],
    ];
    for (const [code, expected] of cases) expect(fromAdminError(adminError(code)).code, code).toBe(expected);
    expect(fromAdminError(adminError("auth/internal-error", "An internal error has occurred. Raw server response: TOO_MANY_ATTEMPTS_TRY_LATER")).code).toBe(
      "too-many-requests",
    );
  });

  it("accepts emulator addresses with or without http(s), and API keys without a colon", () => {
    expect(parseEmulatorHost("127.0.0.1:9099")).toEqual({ hostPort: "127.0.0.1:9099", origin: "http://127.0.0.1:9099" });
    expect(parseEmulatorHost("http://localhost:9099/")).toEqual({ hostPort: "localhost:9099", origin: "http://localhost:9099" });
    expect(parseEmulatorHost("https://auth.test:443")).toEqual({ hostPort: "auth.test:443", origin: "https://auth.test:443" });
    expect(() => parseEmulatorHost("ftp://127.0.0.1:9099")).toThrow(/http/);
    expect(() => createFirebaseIdentity({ projectId: "demo-offline", apiKey: "bad:key" })).toThrow(/colon/);
  });
});
