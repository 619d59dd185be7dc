import fs from "node:fs";
import path from "node:path";

/**
 * The demo people the browser tests sign in as, and where the setup project (`auth.setup.ts`)
 * keeps each one's signed-in browser state (`storageState`: the session cookie and the language
 * cookie) for the run. The web server starts on fresh data every run, so the files are rewritten
 * every run before any test reads them (the `chromium` project depends on `setup`).
 */
export const DEMO_PASSWORD = "amarre-demo";

export const demoPeople = ["renter", "owner", "admin", "pro", "balear", "costasol"] as const;
export type DemoPerson = (typeof demoPeople)[number];

export const AUTH_DIR = path.resolve(".cache/e2e-auth");

/** The file holding `person`'s signed-in state (`person` is the part of the email before `@amarre.test`). */
export function authFile(person: DemoPerson): string {
  return path.join(AUTH_DIR, `${person}.json`);
}

/** The saved state for a demo person's email, if the setup project saved one this run; undefined otherwise. */
export function savedStateFor(email: string): string | undefined {
  const match = /^([a-z]+)@amarre\.test$/.exec(email);
  if (!match || !(demoPeople as readonly string[]).includes(match[1])) return undefined;
  const file = authFile(match[1] as DemoPerson);
  return fs.existsSync(file) ? file : undefined;
}
