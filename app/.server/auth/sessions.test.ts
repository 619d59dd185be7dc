import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as adminDashboard } from "#app/features/admin/routes/dashboard";
import { loader as me } from "#app/features/accounts/routes/auth-me";
import { loader as emailsSubscribe } from "#app/features/mailbox/routes/events";
import { action as logout } from "#app/features/accounts/routes/logout";
import { action as loginAction } from "#app/features/accounts/routes/login";
import { action as favourite } from "#app/features/favourites/routes/favourite";
import { action as profileAction } from "#app/features/profiles/routes/profile";
import { loader as inbox } from "#app/features/mailbox/routes/inbox";
import { loader as settingsDashboard } from "#app/features/site/routes/panel";
import { loader as boatForm } from "#app/features/listings/routes/boat-form";
import { createServices, type Services } from "../services";
import { loadConfig } from "../config";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, settle } from "#tests/test-services";

/**
 * Sessions end when they should (issue: a cookie saved before signing out, a password change
 * or a role change kept working for up to 14 days): every probe below is refused once its
 * session is revoked, on this server and on another one, and an open event stream closes.
 */
let services: Services & { dataDir: string };
beforeAll(async () => {
  services = await createTestServices({ SIGN_IN_LIMIT_PER_10_MINUTES: "1000" });
});
afterAll(() => services.close());

const ctx = (s: Services = services) => ({ ...loadContext(s), clientAddress: `10.7.${Math.floor(Math.random() * 250)}.1` });

/** Signs in through the sign-in form, as a browser does; the session cookie it sets. */
async function signIn(email: string, password: string, s: Services = services): Promise<string> {
  const response = (await settle(() => loginAction({ request: formPost("/login", { email, password }), params: {}, context: ctx(s) }))) as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

type Outcome = Response | { init: ResponseInit | null };
const statusOf = (outcome: unknown) => (outcome instanceof Response ? outcome.status : ((outcome as Outcome & { init: ResponseInit | null }).init?.status ?? 200));

/** The eight probes of the report, each answering 2xx while the session is valid. */
async function probes(cookie: string, s: Services = services): Promise<Record<string, number>> {
  const args = (path: string, init: RequestInit = {}) => ({ request: authedRequest(path, cookie, init), params: {}, context: ctx(s) });
  const stream = (await settle(() => emailsSubscribe(args("/api/emails/subscribe")))) as Response;
  if (stream instanceof Response && stream.status === 200) await stream.body?.cancel();
  return {
    me: statusOf(await settle(() => me(args("/api/auth/me")))),
    settings: statusOf(await settle(() => settingsDashboard(args("/ajustes")))),
    inbox: statusOf(await settle(() => inbox(args("/ajustes/mi-bandeja-de-entrada")))),
    stream: stream.status,
    favourite: statusOf(
      await settle(() =>
        favourite(args("/resources/favourite", { method: "POST", body: new URLSearchParams({ listingId: "nope", intent: "add" }), headers: { "Sec-Fetch-Dest": "empty" } })),
      ),
    ),
    boatForm: statusOf(await settle(() => boatForm(args("/boat/form/add-motor-boat")))),
  };
}

const valid = { me: 200, settings: 200, inbox: 200, stream: 200, favourite: 404, boatForm: 200 };
const refused = { me: 401, settings: 302, inbox: 302, stream: 401, favourite: 401, boatForm: 302 };

describe("revocable sessions", () => {
  it("signing out ends that session everywhere, and only that one", async () => {
    const person = await createTestUser(services);
    const kept = await signIn(person.email, person.password);
    const saved = await signIn(person.email, person.password);
    expect(await probes(saved)).toEqual(valid);
    const out = (await settle(() => logout({ request: authedRequest("/api/logout", saved, { method: "POST" }), params: {}, context: ctx() }))) as Response;
    expect(out.status).toBe(302);
    // the cookie saved before signing out is refused by every probe…
    expect(await probes(saved)).toEqual(refused);
    // …while the person's other browser stays signed in
    expect(await probes(kept)).toEqual(valid);
  });

  it("a new password ends the other sessions; the browser that changed it stays signed in", async () => {
    const person = await createTestUser(services);
    const other = await signIn(person.email, person.password);
    const here = await signIn(person.email, person.password);
    const changed = (await settle(() =>
      profileAction({
        request: formPost("/ajustes/mi-perfil", { intent: "password", currentPassword: person.password, password: "a-new-password-42", confirmPassword: "a-new-password-42" }, here),
        params: {},
        context: ctx(),
      }),
    )) as Response;
    // Saved: a 303 back to the form whose Set-Cookie is the renewed session (with the notice flashed in it).
    expect(statusOf(changed)).toBe(303);
    const renewed = changed.headers.get("Set-Cookie")!.split(";")[0];
    expect(await probes(other)).toEqual(refused);
    expect(await probes(here)).toEqual(refused);
    expect(await probes(renewed)).toEqual(valid);
  });

  it("losing the admin role ends the admin's sessions: the old cookie no longer opens /admin", async () => {
    const admin = await createTestUser(services);
    await services.accounts.setRole(admin.uid, "admin");
    const cookie = await signIn(admin.email, admin.password);
    const args = () => ({ request: authedRequest("/admin/dashboard", cookie), params: {}, context: ctx() });
    expect(statusOf(await settle(() => adminDashboard(args())))).toBe(200);
    await services.accounts.setRole(admin.uid, null);
    const after = await settle(() => adminDashboard(args()));
    expect(statusOf(after)).toBe(302);
    const who = (await settle(() => me({ request: authedRequest("/api/auth/me", cookie), params: {}, context: ctx() }))) as Response;
    expect(who.status).toBe(401);
    // signing in again gives a session without the role
    const again = await signIn(admin.email, admin.password);
    expect(statusOf(await settle(() => adminDashboard({ request: authedRequest("/admin/dashboard", again), params: {}, context: ctx() })))).toBe(403);
  });

  it("an open event stream closes when its session ends", async () => {
    const person = await createTestUser(services);
    const cookie = await signIn(person.email, person.password);
    const stream = (await emailsSubscribe({ request: authedRequest("/api/emails/subscribe", cookie), params: {}, context: ctx() })) as Response;
    const reader = stream.body!.getReader();
    await reader.read(); // retry line and the current list
    await settle(() => logout({ request: authedRequest("/api/logout", cookie, { method: "POST" }), params: {}, context: ctx() }));
    const deadline = Date.now() + 2_000;
    let done = false;
    while (!done && Date.now() < deadline) done = (await reader.read()).done;
    expect(done).toBe(true);
  });

  it("a revocation on one server refuses the cookie on another within a second", async () => {
    const other = await createServices({ ...loadConfig({ NODE_ENV: "test", DATA_DIR: services.dataDir, MARKETING_URL: "https://marketing.amarre.test" }), seedDemoData: false });
    try {
      const person = await createTestUser(services);
      const cookie = await signIn(person.email, person.password);
      const meOn = async (s: Services) => statusOf(await settle(() => me({ request: authedRequest("/api/auth/me", cookie), params: {}, context: ctx(s) })));
      expect(await meOn(other)).toBe(200);
      await settle(() => logout({ request: authedRequest("/api/logout", cookie, { method: "POST" }), params: {}, context: ctx() }));
      const started = Date.now();
      while ((await meOn(other)) === 200 && Date.now() - started < 1_000) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await meOn(other)).toBe(401);
      expect(Date.now() - started).toBeLessThan(1_000);
      // and a server that starts later knows it from the start
      const later = await createServices({ ...loadConfig({ NODE_ENV: "test", DATA_DIR: services.dataDir, MARKETING_URL: "https://marketing.amarre.test" }), seedDemoData: false });
      try {
        expect(await meOn(later)).toBe(401);
      } finally {
        await later.close();
      }
    } finally {
      await other.close();
    }
  });
});
