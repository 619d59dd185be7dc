import fs from "node:fs";
import { today } from "#app/utils/dates";
import { SEEDED_DATA_DIR, startBuiltServer } from "../built-server";

/**
 * The demo data is seeded relative to its day: a trip starts "today" (check-in), another in four
 * days (the demo forecast's blow), one ended "yesterday" (a claimed deposit). A browser run that
 * starts before midnight in Madrid and reaches a spec after it finds those trips a day off — the
 * check-in trip is yesterday's, the blow falls a day earlier — and such specs failed on data, not
 * on the app. A spec that relies on the seed's day asks `demoOfToday()` for its server: the shared
 * one while the marketplace's day is the one the template was seeded on (every run that does not
 * cross midnight), else a server of its own, seeded today through a first start.
 */

/** The marketplace's date now, as the app reckons it (`today`, Europe/Madrid), as YYYY-MM-DD. */
const marketDay = () => today(new Date());

/**
 * Where seed-template.mjs writes the day its seed ran on: the day, or two days with a space
 * between them when the seed itself crossed midnight (then no day matches it).
 */
export const SEEDED_DAY_FILE = `${SEEDED_DATA_DIR}.day`;

/** The day the shared demo data was seeded on, or null when no template says it (a server started by hand). */
export function seededDay(): string | null {
  try {
    return fs.readFileSync(SEEDED_DAY_FILE, "utf8").trim();
  } catch {
    return null;
  }
}

export type DemoServer = {
  /** Options for demoPage's context: `{ baseURL }` of a server of the spec's own; none for the shared one. */
  context: { baseURL?: string };
  /** Stops a server of the spec's own and removes its data; nothing for the shared one. */
  close(): Promise<void>;
};

/**
 * The shared server while its data belongs to today; else a built server of this spec's own,
 * seeded by its first start (about a minute of CPU), on the shared server's settings.
 */
export async function demoOfToday(): Promise<DemoServer> {
  const seeded = seededDay();
  if (seeded === null || seeded === marketDay()) return { context: {}, close: async () => {} };
  console.log(`demo data seeded on ${seeded}, the marketplace's day is now ${marketDay()}: this spec seeds a server of its own`);
  const server = startBuiltServer({
    SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
    SIGN_IN_LIMIT_PER_10_MINUTES: "1000",
    MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
  });
  const started = Date.now();
  const fail = (why: string) => {
    server.child.kill("SIGKILL");
    server.cleanup();
    return new Error(`the spec's own server ${why}:\n${server.output()}`);
  };
  while (server.port() === null) {
    if (server.child.exitCode !== null) throw fail("exited before it listened");
    if (Date.now() - started > 170_000) throw fail("did not start within 170 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    context: { baseURL: `http://127.0.0.1:${server.port()}` },
    async close() {
      server.child.kill("SIGTERM");
      await server.exited;
      server.cleanup();
    },
  };
}
