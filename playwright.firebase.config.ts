import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/e2e/support/chromium";

/**
 * The browser smoke test on the firebase backend (`npx playwright test -c playwright.firebase.config.ts`,
 * after `npm run build`): its web server is `npm run demo:firebase`'s launcher — the Cloud Firestore
 * (or in-process), Auth and Storage emulators and the built app seeded on them — on ports of its own
 * (E2E_FIREBASE_PORT, else 3220, for the app; E2E_FIREBASE_EMULATOR_PORTS, else 3225, for the five
 * emulator ports from there), so it never meets the embedded browser tests' server — `npm test`
 * runs both at the same time, so this one does not read their E2E_PORT. One worker: the
 * journeys are few and the emulators answer one request at a time anyway.
 */
const PORT = Number(process.env.E2E_FIREBASE_PORT ?? 3220);
const EMULATOR_PORTS = Number(process.env.E2E_FIREBASE_EMULATOR_PORTS ?? 3225);

export default defineConfig({
  testDir: "tests/e2e-firebase",
  fullyParallel: false,
  workers: 1,
  // No second run (issue 48): a test that fails fails the run.
  retries: 0,
  reporter: [["list"]],
  // Each page reads the Firestore emulator several times; on a busy machine that adds up.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    // The trip pages' service worker (decision 060) precaches a signed-in person's trips on every
    // settings page: only the offline spec, which tests it, lets it run (its own context allows it).
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium-firebase",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: chromiumPath(),
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: {
    command: `npx tsx scripts/demo-firebase.ts --port ${PORT} --emulator-ports ${EMULATOR_PORTS}`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // The JVM, the firebase-tools CLI and seeding the whole demo marketplace on the emulators:
    // about two minutes on a busy two-core machine.
    timeout: 600_000,
    // SIGTERM to the launcher's process group: it stops the app, then every emulator (Java and the
    // CLI run in groups of their own, so a SIGKILL of this group would leave them running).
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "pipe",
    env: {
      SESSION_SECRET: "e2e-firebase-session-secret-long-enough-0123456789",
      MARKETING_URL: "https://marketing.amarre.test/",
      METADATA_SERVER_DETECTION: "none",
      // Map tiles from this server (404s): the browser never reaches out to the tile provider.
      MAP_TILE_URL: `http://127.0.0.1:${PORT}/_tiles/{z}/{x}/{y}.png`,
    },
  },
});
