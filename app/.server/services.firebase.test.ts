import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_EMULATOR_API_KEY, AUTH_EMULATOR_PROJECT_ID, startAuthEmulator, type AuthEmulator } from "#tests/auth-emulator";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from "#tests/firestore-emulator";
import { authedRequest, createTestUser, loadContext } from "#tests/test-services";
import { loadConfig } from "./config";
import { getSessionUser, requireUser } from "./auth/guards";
import { seedDemoData, seedSteps } from "./seed";
import { createServices, type Services } from "./services";
import { action as tokenSync } from "#app/features/accounts/routes/auth-session";

/**
 * The whole accounts flow on the firebase backend: Firebase Auth (emulator) for identity,
 * Firestore (Google's emulator where installed, else the in-process one) for the store.
 */
let auth: AuthEmulator;
let firestore: FirestoreEmulator;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  [auth, firestore] = await Promise.all([
    startAuthEmulator(),
    findCloudFirestoreEmulator() ? startCloudFirestoreEmulator() : startFirestoreEmulator(),
  ]);
  process.env.FIRESTORE_EMULATOR_HOST = firestore.hostPort;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-firebase-"));
  const config = loadConfig({
    NODE_ENV: "test",
    APP_BACKEND: "firebase",
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: AUTH_EMULATOR_PROJECT_ID,
    FIREBASE_API_KEY: AUTH_EMULATOR_API_KEY,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    FIRESTORE_EMULATOR_HOST: firestore.hostPort,
  });
  expect(config.seedDemoData).toBe(false);
  services = await createServices(config);
}, 120_000);

afterAll(async () => {
  await services?.close();
  await Promise.all([auth?.stop(), firestore?.stop()]);
  delete process.env.FIRESTORE_EMULATOR_HOST;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the firebase backend", () => {
  it("registers a person (Firebase Auth + Firestore profile + welcome email) and keeps them signed in", async () => {
    const person = await createTestUser(services, { displayName: "Nora Brisa" });
    const user = await requireUser(authedRequest("/ajustes", person.cookie), loadContext(services), { checkRevoked: true });
    expect(user).toMatchObject({ uid: person.uid, email: person.email, displayName: "Nora Brisa", role: null });
    expect(await services.users.get(person.uid)).toMatchObject({ kind: "person", slug: person.slug });
    const emails = await services.mailbox.list(person.uid);
    expect(emails.map((e) => e.subject)).toHaveLength(1);
  });

  it("signs in with the password again, and sign-out everywhere ends the old session", async () => {
    const person = await createTestUser(services);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const session = await services.accounts.signIn(person.email, person.password);
    expect(session.uid).toBe(person.uid);
    await services.accounts.signOutEverywhere(session.uid);
    const context = loadContext(services);
    expect(await getSessionUser(authedRequest("/ajustes", person.cookie), context, { checkRevoked: true })).toBeNull();
  });

  it("gives someone who first signs in with Google (an identity made outside the app) a profile in the language of the page they came from", async () => {
    // The Auth emulator's REST sign-up stands for Google's popup: an identity with no profile yet.
    const signUp = async (email: string) => {
      const response = await fetch(`http://${auth.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${AUTH_EMULATOR_API_KEY}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "una-clave-larga-123", returnSecureToken: true }),
      });
      return (await response.json()) as { idToken: string; localId: string };
    };
    const sync = (idToken: string, query: string) =>
      tokenSync({ request: new Request(`http://localhost:3000/api/auth/session${query}`, { method: "POST", headers: { Authorization: `Bearer ${idToken}` } }), params: {}, context: loadContext(services) }) as Promise<Response>;

    const english = await signUp(`google-en-${Date.now()}@example.com`);
    const signedIn = await sync(english.idToken, "?lang=en");
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Set-Cookie")).toBeTruthy();
    expect(await services.users.get(english.localId)).toMatchObject({ kind: "person", lang: "en" });

    // No language, or one the site does not have: the profile has none (Spanish, the default).
    const unknown = await signUp(`google-xx-${Date.now()}@example.com`);
    expect((await sync(unknown.idToken, "?lang=xx")).status).toBe(200);
    expect((await services.users.get(unknown.localId))?.lang).toBeUndefined();
  });

  it("seeds the demo accounts only when asked, idempotently", async () => {
    // Ports and accounts: the listings' photos would go to Cloud Storage, which has no emulator
    // here (and the bookings step needs the listings).
    const steps = seedSteps.filter((step) => step.id === "ports-v1" || step.id === "accounts-v1");
    const first = await seedDemoData(services, steps);
    expect(first.applied).toEqual(["ports-v1", "accounts-v1"]);
    const admin = await services.identity.getUserByEmail("admin@amarre.test");
    expect(admin?.role).toBe("admin");
    expect((await seedDemoData(services, steps)).applied).toEqual([]);
    const session = await services.accounts.signIn("pro@amarre.test", "amarre-demo");
    expect((await services.users.get(session.uid))?.kind).toBe("professional");
  });
});
