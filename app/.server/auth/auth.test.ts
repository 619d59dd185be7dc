import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as adminDashboard } from "#app/features/admin/routes/dashboard";
import { loader as adminLayout } from "#app/features/admin/routes/layout";
import { loader as panelLayout } from "#app/features/site/routes/panel-layout";
import { loader as settingsDashboard } from "#app/features/site/routes/panel";
import { loader as settingsNotFound } from "#app/features/site/routes/panel-not-found";
import { action as loginAction, loader as loginLoader } from "#app/features/accounts/routes/login";
import { action as registerAction, loader as registerLoader } from "#app/features/accounts/routes/register";
import { action as registerProAction } from "#app/features/accounts/routes/register-pro";
import { loader as me } from "#app/features/accounts/routes/auth-me";
import { action as logout } from "#app/features/accounts/routes/logout";
import { action as tokenSync } from "#app/features/accounts/routes/auth-session";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle } from "#tests/test-services";
import type { Services } from "../services";
import { SIGN_IN_MAX_DELAY_MS, signInDelayMs } from "./request-auth";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

type Thrown = Response | { data: unknown; init: ResponseInit };
const status = (r: Thrown) => (r instanceof Response ? r.status : (r.init.status ?? 200));
const location = (r: Thrown) => (r instanceof Response ? r.headers.get("Location") : new Headers(r.init.headers).get("Location"));
const ctx = () => loadContext(services);

describe("requireUser: the spec's login redirect", () => {
  it.each([
    ["/ajustes", "/login?redirect=%2Fajustes"],
    ["/ajustes/mi-perfil?tab=2&x=%C3%B1", "/login?redirect=%2Fajustes%2Fmi-perfil%3Ftab%3D2%26x%3D%25C3%25B1"],
    ["/en/ajustes", "/en/login?redirect=%2Fen%2Fajustes"],
    ["/fr/ajustes/dashboard", "/fr/login?redirect=%2Ffr%2Fajustes%2Fdashboard"],
    ["/de/ajustes/nicht-da", "/de/login?redirect=%2Fde%2Fajustes%2Fnicht-da"],
  ])("%s → %s", async (path, expected) => {
    const response = (await settle(() => panelLayout({ request: pageRequest(path), params: {}, context: ctx() }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(expected);
  });

  it("guards every settings loader, not only the layout", async () => {
    for (const run of [settingsDashboard, settingsNotFound] as Array<(args: Parameters<typeof settingsDashboard>[0]) => Promise<unknown>>) {
      const response = (await settle(() => run({ request: pageRequest("/ajustes/dashboard"), params: {}, context: ctx() }))) as Response;
      expect(location(response)).toBe("/login?redirect=%2Fajustes%2Fdashboard");
    }
  });

  it("lets a signed-in person in, and an unknown settings page is then a 404", async () => {
    const person = await createTestUser(services);
    const data = await settingsDashboard({ request: authedRequest("/ajustes", person.cookie), params: {}, context: ctx() });
    expect(data.displayName).toBe("Test Person");
    expect(data.unread).toBe(1); // the welcome email
    const missing = (await settle(() =>
      settingsNotFound({ request: authedRequest("/ajustes/nada", person.cookie), params: {}, context: ctx() }),
    )) as Thrown;
    expect(status(missing)).toBe(404);
  });
});

describe("sign-in", () => {
  it("sends a signed-in person away from /login and /register to /ajustes, keeping the language", async () => {
    const person = await createTestUser(services);
    type Loader = (args: Parameters<typeof loginLoader>[0]) => Promise<unknown>;
    const cases: Array<[string, Loader, string]> = [
      ["/login", loginLoader, "/ajustes"],
      ["/fr/login", loginLoader, "/fr/ajustes"],
      ["/register", registerLoader, "/ajustes"],
      ["/de/register", registerLoader, "/de/ajustes"],
    ];
    for (const [path, run, expected] of cases) {
      const response = (await settle(() => run({ request: authedRequest(path, person.cookie), params: {}, context: ctx() }))) as Response;
      expect(location(response)).toBe(expected);
    }
  });

  it.each([
    ["/ajustes/mi-perfil?tab=1", "/login", "/ajustes/mi-perfil?tab=1"],
    ["", "/login", "/ajustes"],
    ["/", "/login", "/ajustes"],
    ["/login", "/login", "/ajustes"],
    ["/en/login", "/en/login", "/en/ajustes"],
    ["//evil.example/x", "/login", "/ajustes"],
    ["https://evil.example/", "/fr/login", "/fr/ajustes"],
    ["/en/about", "/en/login", "/en/about"],
  ])("redirect=%s on %s goes to %s", async (redirectTo, page, expected) => {
    const person = await createTestUser(services);
    const response = (await settle(() =>
      loginAction({ request: formPost(page, { email: person.email, password: person.password, redirect: redirectTo }), params: {}, context: { ...ctx(), clientAddress: `10.0.0.${Math.floor(Math.random() * 250)}` } }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(expected);
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("answers a wrong password with 400 and a translated message, never saying which part was wrong", async () => {
    const person = await createTestUser(services);
    const wrong = (await loginAction({ request: formPost("/login", { email: person.email, password: "nope-nope" }), params: {}, context: { ...ctx(), clientAddress: "10.1.0.1" } })) as unknown as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.result.error[""]).toEqual(["El correo electrónico o la contraseña no son correctos. Revísalos e inténtalo de nuevo."]);
    const unknown = (await loginAction({ request: formPost("/en/login", { email: "nobody@amarre.test", password: "whatever1" }), params: {}, context: { ...ctx(), clientAddress: "10.1.0.2" } })) as unknown as { data: { result: { error: Record<string, string[]> } } };
    expect(unknown.data.result.error[""]).toEqual(["The email or the password is not correct."]);
  });

  it("answers an empty form with 400 and field messages", async () => {
    const result = (await loginAction({ request: formPost("/en/login", {}), params: {}, context: ctx() })) as unknown as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(Object.keys(result.data.result.error).sort()).toEqual(["email", "password"]);
  });

  it("limits attempts for one account from one address (429 with a translated message)", async () => {
    const person = await createTestUser(services);
    let last: { init: ResponseInit; data: { result: { error: Record<string, string[]> } } } | undefined;
    for (let i = 0; i < 6; i++) {
      last = (await loginAction({ request: formPost("/login", { email: person.email, password: "wrong-password" }), params: {}, context: { ...ctx(), clientAddress: "10.2.0.1" } })) as unknown as typeof last;
    }
    expect(last!.init.status).toBe(429);
    expect(last!.data.result.error[""]![0]).toMatch(/demasiados intentos/i);
    // the right password from that address waits too…
    const same = (await loginAction({ request: formPost("/login", { email: person.email, password: person.password }), params: {}, context: { ...ctx(), clientAddress: "10.2.0.1" } })) as Thrown;
    expect(status(same)).toBe(429);
    // …but the owner, from another address, signs in
    const owner = (await settle(() => loginAction({ request: formPost("/login", { email: person.email, password: person.password }), params: {}, context: { ...ctx(), clientAddress: "10.2.9.9" } }))) as Thrown;
    expect(status(owner)).toBe(302);
  });

  it("never locks an account: failures from many addresses only slow answers down", async () => {
    const person = await createTestUser(services);
    for (let i = 0; i < 8; i++) {
      const wrong = (await loginAction({ request: formPost("/login", { email: person.email, password: "wrong-password" }), params: {}, context: { ...ctx(), clientAddress: `10.6.0.${i}` } })) as Thrown;
      expect(status(wrong)).toBe(400);
    }
    const started = performance.now();
    const owner = (await settle(() => loginAction({ request: formPost("/login", { email: person.email, password: person.password }), params: {}, context: { ...ctx(), clientAddress: "10.6.1.1" } }))) as Thrown;
    expect(status(owner)).toBe(302);
    expect(performance.now() - started).toBeGreaterThanOrEqual(signInDelayMs(8) - 20);
    expect(signInDelayMs(4)).toBe(0);
    expect(signInDelayMs(8)).toBeGreaterThan(0);
    expect(signInDelayMs(1_000)).toBe(SIGN_IN_MAX_DELAY_MS);
  });

  it("limits attempts per address", async () => {
    let last: { init: ResponseInit } | undefined;
    for (let i = 0; i < 21; i++) {
      last = (await loginAction({ request: formPost("/login", { email: `p${i}@amarre.test`, password: "wrong-password" }), params: {}, context: { ...ctx(), clientAddress: "10.3.0.1" } })) as unknown as typeof last;
    }
    expect(last!.init.status).toBe(429);
  });
});

describe("registration", () => {
  it("creates the account, signs the person in and delivers the welcome email", async () => {
    const email = "new.sailor@amarre.test";
    const response = (await settle(() =>
      registerAction({ request: formPost("/en/register", { displayName: "New Sailor", email, password: "sea-breeze-42", acceptTerms: "on" }), params: {}, context: { ...ctx(), clientAddress: "10.4.0.1" } }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en/ajustes");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const who = await me({ request: authedRequest("/api/auth/me", cookie), params: {}, context: ctx() });
    const body = (await who.json()) as { user: { email: string; displayName: string; uid: string } };
    expect(body.user).toMatchObject({ email, displayName: "New Sailor" });
    const emails = await services.mailbox.list(body.user.uid);
    expect(emails).toHaveLength(1);
  });

  it("refuses a duplicate email, a short password and unchecked terms with 400 and field messages", async () => {
    const person = await createTestUser(services);
    const run = async (fields: Record<string, string>) =>
      (await registerAction({ request: formPost("/register", fields), params: {}, context: { ...ctx(), clientAddress: `10.5.0.${Math.floor(Math.random() * 250)}` } })) as unknown as {
        data: { result: { error: Record<string, string[]> } };
        init: ResponseInit;
      };
    const duplicate = await run({ displayName: "Someone", email: person.email, password: "long-enough-1", acceptTerms: "on" });
    expect(duplicate.init.status).toBe(400);
    expect(duplicate.data.result.error.email?.[0]).toMatch(/Ya existe una cuenta/);
    const short = await run({ displayName: "Someone", email: "short@amarre.test", password: "abc", acceptTerms: "on" });
    expect(short.data.result.error.password).toEqual(["Al menos 6 caracteres"]);
    const terms = await run({ displayName: "Someone", email: "terms@amarre.test", password: "long-enough-1" });
    expect(terms.data.result.error.acceptTerms).toBeTruthy();
    expect(await services.identity.getUserByEmail("short@amarre.test")).toBeNull();
  });

  it("registers professionals with their company data", async () => {
    const fields = { displayName: "Ana Vela", email: "charter@amarre.test", password: "charter-2027", acceptTerms: "on" };
    const missing = (await registerProAction({ request: formPost("/register-pro", fields), params: {}, context: { ...ctx(), clientAddress: "10.6.0.1" } })) as unknown as { init: ResponseInit; data: { result: { error: Record<string, string[]> } } };
    expect(missing.init.status).toBe(400);
    expect(Object.keys(missing.data.result.error).sort()).toEqual(["address", "companyName", "phone", "taxId"]);
    const response = (await settle(() =>
      registerProAction({ request: formPost("/register-pro", { ...fields, companyName: "Vela Charter S.L.", taxId: "b-1234567-4", phone: "+34 600 000 000", address: "Port Vell, Barcelona" }), params: {}, context: { ...ctx(), clientAddress: "10.6.0.2" } }),
    )) as Response;
    expect(response.status).toBe(302);
    const account = await services.identity.getUserByEmail("charter@amarre.test");
    const profile = await services.users.get(account!.uid);
    expect(profile).toMatchObject({ kind: "professional", company: { name: "Vela Charter S.L.", taxId: "B12345674" } });
  });
});

describe("session endpoints", () => {
  it("GET /api/auth/me answers 401 without a session", async () => {
    const response = (await settle(() => me({ request: pageRequest("/api/auth/me"), params: {}, context: ctx() }))) as Response;
    expect(response.status).toBe(401);
  });

  it("POST /api/logout clears the session and ends it on the server", async () => {
    const person = await createTestUser(services);
    // Revocation has a one-second grain (Firebase's rule): sign out in a later second than sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await logout({ request: formPost("/api/logout", { lang: "fr" }, person.cookie), params: {}, context: ctx() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/fr/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    // the old cookie no longer passes a revocation check
    const { getSessionUser } = await import("./guards");
    expect(await getSessionUser(authedRequest("/ajustes", person.cookie), ctx(), { checkRevoked: true })).toBeNull();
    const json = await logout({ request: authedRequest("/api/logout", person.cookie, { method: "POST", headers: { Accept: "application/json" } }), params: {}, context: ctx() });
    expect(await json.json()).toEqual({ ok: true });
  });

  it("POST /api/logout reads its body through the body gate: a body no form sends is a 400, a language it lacks is Spanish", async () => {
    const person = await createTestUser(services);
    const broken = await settle(() =>
      logout({ request: authedRequest("/en/api/logout", person.cookie, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new Uint8Array([0x6c, 0x61, 0x6e, 0x67, 0x3d, 0xff, 0xfe]) }), params: {}, context: ctx() }),
    );
    expect(status(broken as Thrown)).toBe(400);
    expect(JSON.stringify((broken as unknown as { data: unknown }).data)).toContain("could not read what was sent");
    // Nothing was signed out by a refused body.
    const { getSessionUser } = await import("./guards");
    expect(await getSessionUser(authedRequest("/ajustes", person.cookie), ctx())).not.toBeNull();
    for (const lang of ["xx", "x".repeat(50)]) {
      const response = await logout({ request: formPost("/api/logout", { lang }, person.cookie), params: {}, context: ctx() });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
  });

  it("refuses an ID token on the embedded backend (there are none)", async () => {
    const response = await tokenSync({ request: new Request("http://localhost:3000/api/auth/session", { method: "POST", headers: { Authorization: "Bearer a.b.c" } }), params: {}, context: ctx() });
    expect(response.status).toBe(401);
  });
});

describe("admin", () => {
  it("sends anonymous people to sign in, gives others a 403, and lets admins in", async () => {
    const anonymous = (await settle(() => adminLayout({ request: pageRequest("/admin/dashboard"), params: {}, context: ctx() }))) as Response;
    expect(location(anonymous)).toBe("/login?redirect=%2Fadmin%2Fdashboard");
    const person = await createTestUser(services);
    const forbidden = (await settle(() => adminDashboard({ request: authedRequest("/en/admin/dashboard", person.cookie), params: {}, context: ctx() }))) as Thrown;
    expect(status(forbidden)).toBe(403);
    const admin = await createTestUser(services);
    await services.identity.setRole(admin.uid, "admin");
    const session = await services.accounts.signIn(admin.email, admin.password);
    const cookieSession = await services.sessions.getSession();
    for (const [k, v] of Object.entries(session)) cookieSession.set(k as never, v as never);
    const adminCookie = (await services.sessions.commitSession(cookieSession)).split(";")[0];
    const data = await adminDashboard({ request: authedRequest("/admin/dashboard", adminCookie), params: {}, context: ctx() });
    expect(data.counts.people).toBeGreaterThanOrEqual(2);
  });
});

describe("a stricter password policy from the configuration", () => {
  it("is shown beside the field and enforced by the action", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const strict = await createTestServices({ PASSWORD_MIN_LENGTH: "10", PASSWORD_REQUIRE_NUMERIC: "true" });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Demo account renter@amarre.test skipped/));
    warn.mockRestore();
    try {
      const context = loadContext(strict);
      const page = await registerLoader({ request: pageRequest("/register"), params: {}, context });
      expect(page.hints.map((h) => h.key)).toEqual(["password.minLength", "password.numeric"]);
      const result = (await registerAction({
        request: formPost("/register", { displayName: "Strict Person", email: "strict@amarre.test", password: "abcdefgh", acceptTerms: "on" }),
        params: {},
        context,
      })) as unknown as { init: ResponseInit; data: { result: { error: Record<string, string[]> } } };
      expect(result.init.status).toBe(400);
      expect(result.data.result.error.password).toEqual(["Al menos 10 caracteres", "Al menos un número"]);
    } finally {
      await strict.close();
    }
  });
});
