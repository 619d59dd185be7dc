import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { vi } from "vitest";
import { loadConfig } from "#app/.server/config";
import { seedDemoData, seedSteps } from "#app/.server/seed";
import type { MailTransport } from "#app/.server/mail";
import { createServices, type Services } from "#app/.server/services";

/**
 * A real embedded backend in a fresh temp directory, with the demo data seeded through the
 * domain services, as `npm start` would have it.
 *
 * The seed is made once per run and setting (env and options) in a template directory, which
 * each later call copies: about 300 ms of CPU per call (the run makes about 80) against a few
 * milliseconds. Not while the clock is faked: the demo data is dated from the (fake) now.
 */
export async function createTestServices(
  env: Record<string, string> = {},
  { mailTransport, ...options }: { demoListings?: boolean; demoBlog?: boolean; mailTransport?: MailTransport | null } = {},
): Promise<Services & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-test-"));
  const config = testConfig(dataDir, env);
  const template = config.seedDemoData && config.APP_BACKEND === "embedded" && !vi.isFakeTimers() ? await seededTemplate(env, options) : null;
  // The template's own generated session secret stays behind: this directory has its own (made by loadConfig).
  if (template) fs.cpSync(template, dataDir, { recursive: true, filter: (source) => path.basename(source) !== "session-secret" });
  // A test's mail transport (the seed's template is made without one: its demo emails stay in the mailboxes).
  const services = await createServices(config, { mailTransport });
  if (config.seedDemoData && !template) await seed(services, options);
  return {
    ...services,
    dataDir,
    async close() {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function testConfig(dataDir: string, env: Record<string, string>) {
  // Password hashes at scrypt's N = 2^10 rather than 2^14: the unit run registers over 600
  // accounts (the demo people of each backend, each test's people), 40 ms of CPU each at 2^14.
  return loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, MARKETING_URL: "https://marketing.amarre.test", PASSWORD_HASH_COST: "1024", ...env });
}

/**
 * The demo ports and accounts, as a first start seeds them; the 78 demo listings (and their
 * generated photos) and the demo blog posts (their covers) only for the tests that ask, since they
 * take seconds to make.
 */
async function seed(services: Services, options: { demoListings?: boolean; demoBlog?: boolean }) {
  const skipped = [...(options.demoListings ? [] : ["listings-v1"]), ...(options.demoBlog ? [] : ["blog-v1"])];
  await seedDemoData(services, seedSteps.filter((step) => !skipped.includes(step.id)));
}

const templates = new Map<string, Promise<string>>();

/** Settings that change how the store is read, never what a seed writes: a template serves with or without them. */
const SEED_NEUTRAL = new Set(["STORE_COUNTING"]);

/**
 * A closed data directory seeded for `env` and `options`, made once per run: the first worker
 * (thread or process) to ask seeds it in the run's temporary directory (tests/temp-dir.global.ts
 * removes it with the run), the others wait for it and copy it. The demo data is dated from today,
 * so the day is part of the key (as Madrid and UTC name it). Per worker, as before, it cost a seed in every worker thread and
 * every file with a process of its own: the demo marketplace with its photos, seeded by two files
 * in two settings, was some 10 s of CPU each time.
 */
function seededTemplate(env: Record<string, string>, options: { demoListings?: boolean; demoBlog?: boolean }): Promise<string> {
  const seedEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !SEED_NEUTRAL.has(name)));
  const now = new Date();
  // The demo's days are Madrid's; a day that turns in either zone makes a new template.
  const days = [now.toISOString().slice(0, 10), new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(now)];
  const key = JSON.stringify([seedEnv, options, days]);
  let template = templates.get(key);
  if (!template) {
    template = runTemplate(key, async (dir) => {
      const services = await createServices(testConfig(dir, seedEnv));
      try {
        await seed(services, options);
      } finally {
        await services.close();
      }
    });
    // A seed that failed is not kept: the next call tries again (and fails the same way, visibly).
    template.catch(() => templates.delete(key));
    templates.set(key, template);
  }
  return template;
}

/** How long a worker waits for another's seed before it gives up (below vitest's hook limit). */
const TEMPLATE_WAIT_MS = 150_000;

/**
 * The run-wide directory for `key`: made by `make` under a lock (a directory: `mkdir` is atomic
 * across processes), written aside and renamed into place, so a directory found is complete.
 */
async function runTemplate(key: string, make: (dir: string) => Promise<void>): Promise<string> {
  const root = path.join(os.tmpdir(), "amarre-templates");
  fs.mkdirSync(root, { recursive: true });
  const dir = path.join(root, createHash("sha256").update(key).digest("hex").slice(0, 16));
  const lock = `${dir}.lock`;
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  for (;;) {
    if (fs.existsSync(dir)) return dir;
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`The seeded template ${dir} was not made within ${TEMPLATE_WAIT_MS / 1000} s (lock ${lock})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (fs.existsSync(dir)) return dir;
      const building = fs.mkdtempSync(`${dir}.building-`);
      try {
        await make(building);
        fs.renameSync(building, dir);
      } catch (error) {
        fs.rmSync(building, { recursive: true, force: true });
        throw error;
      }
      return dir;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

export function loadContext(services: Services): AppLoadContext {
  return { services, cspNonce: "test-nonce", shutdownSignal: new AbortController().signal, clientAddress: "127.0.0.1" };
}

/** A GET request as a browser sends it. */
export function pageRequest(pathAndQuery: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${pathAndQuery}`, { headers });
}

/** Runs a loader or action that may throw a Response (redirects, 404s) and returns it either way. */
export async function settle<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    // single-fetch `data()` throws a DataWithResponseInit
    if (error && typeof error === "object" && "type" in error && (error as { type: string }).type === "DataWithResponseInit") {
      return error as T;
    }
    throw error;
  }
}

/** Registers a person through the real accounts service and returns the session cookie a browser would hold. */
export async function createTestUser(
  services: Services,
  input: { email?: string; password?: string; displayName?: string; kind?: "person" | "professional" } = {},
) {
  const email = input.email ?? `person-${Math.random().toString(36).slice(2, 10)}@amarre.test`;
  const password = input.password ?? "correct-horse-battery";
  const session = await services.accounts.register({
    email,
    password,
    displayName: input.displayName ?? "Test Person",
    kind: input.kind ?? "person",
    lang: "es",
    origin: "http://localhost:3000",
  });
  return { ...session, password, cookie: await sessionCookie(services, session) };
}

type SignedIn = Awaited<ReturnType<Services["accounts"]["signIn"]>>;

/** The `__session=…` cookie a browser holds after signing in with `session`. */
export async function sessionCookie(services: Services, session: SignedIn): Promise<string> {
  const cookieSession = await services.sessions.getSession();
  for (const [key, value] of Object.entries(session)) cookieSession.set(key as keyof typeof session, value as never);
  return (await services.sessions.commitSession(cookieSession)).split(";")[0];
}

/** Signs an existing account in (a demo account, say); its uid and session cookie. */
export async function signInAs(services: Services, email: string, password: string) {
  const session = await services.accounts.signIn(email, password);
  return { uid: session.uid, cookie: await sessionCookie(services, session) };
}

/** A person with the admin role, signed in after it was given (the session carries the claim). */
export async function createTestAdmin(services: Services, input: Parameters<typeof createTestUser>[1] = {}) {
  const admin = await createTestUser(services, input);
  await services.identity.setRole(admin.uid, "admin");
  return { ...admin, cookie: (await signInAs(services, admin.email, admin.password)).cookie };
}

/** A request from a signed-in browser. */
export function authedRequest(pathAndQuery: string, cookie: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", [cookie, headers.get("Cookie")].filter(Boolean).join("; "));
  return new Request(`http://localhost:3000${pathAndQuery}`, { ...init, headers });
}

/** A form post as a browser sends it (plain POST, no JavaScript). */
export function formPost(pathAndQuery: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return cookie
    ? authedRequest(pathAndQuery, cookie, { method: "POST", body })
    : new Request(`http://localhost:3000${pathAndQuery}`, { method: "POST", body });
}

/** The status of what a loader or action returned: a Response's, `data(…, { status })`'s, or 200. */
export const statusOf = (result: unknown): number =>
  result instanceof Response ? result.status : ((result as { init: ResponseInit | null }).init?.status ?? 200);

/** What a loader or action returned, unwrapped from `data(…)`; read by shape in tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader data read by shape in tests
export const dataOf = (result: unknown): any =>
  result && typeof result === "object" && "init" in result && "data" in result ? (result as { data: unknown }).data : result;
