import { defineConfig, devices } from "@playwright/test";
import { SEEDED_DATA_DIR } from "./tests/e2e/built-server";
import { chromiumArgs, chromiumPath } from "./tests/e2e/support/chromium";
import { E2E_SESSION_SECRET, SERVER_LOG } from "./tests/e2e/support/server-log";

const PORT = Number(process.env.E2E_PORT ?? 3210);

/** Browser tests drive Debian's Chromium against the built app (`npm run build` first). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No second run (issue 48): a test that fails fails the run, and a flaky one is fixed, not retried.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  // Once every test has run: the shared server's log is JSON lines without a secret (decision 049).
  globalTeardown: "./tests/e2e/support/server-log.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace: recording one for every test, to keep it on failure, cost every passing test its
    // screenshots and snapshots. A failure prints its error and the page's error context; for a
    // trace, run the failing test again with `--trace on`.
    trace: "off",
    // The trip pages' service worker (decision 060) precaches a signed-in person's trips on every
    // settings page: only the offline spec, which tests it, lets it run (its own context allows it).
    serviceWorkers: "block",
  },
  projects: [
    // Signs each demo person in once through the real form and saves the browser state to
    // .cache/e2e-auth/<person>.json; `demoPage` starts from it (decision 039).
    {
      name: "setup",
      testMatch: /support\/auth\.setup\.ts$/,
      use: {
        launchOptions: {
          executablePath: chromiumPath(),
          args: chromiumArgs,
        },
      },
    },
    {
      name: "chromium",
      dependencies: ["setup"],
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
    // The demo people's saved sign-ins belong to the data of one run: both go before the server
    // starts. The demo data is seeded once by the built server (support/seed-template.mjs) and
    // copied: this server and the tests that start their own on the demo data share that seed.
    // Its log goes to a file the global teardown reads (its errors are printed there).
    command: `rm -rf .cache/e2e-data .cache/e2e-auth && node tests/e2e/support/seed-template.mjs ${SEEDED_DATA_DIR} && cp -r ${SEEDED_DATA_DIR} .cache/e2e-data && exec node build/server/server.js > ${SERVER_LOG} 2>&1`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // Seeding the demo data on a busy 2-core machine can take over a minute.
    timeout: 180_000,
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR: ".cache/e2e-data",
      SESSION_SECRET: E2E_SESSION_SECRET,
      MARKETING_URL: "https://marketing.amarre.test/",
      METADATA_SERVER_DETECTION: "none",
      // Every browser test signs up from 127.0.0.1: lift the per-address limits (tested in unit tests).
      SIGN_UP_LIMIT_PER_HOUR: "1000",
      SIGN_IN_LIMIT_PER_10_MINUTES: "1000",
      SERVICE_REQUESTS_PER_HOUR: "1000",
      // Owners' imported calendars served by the tests themselves on 127.0.0.1 (decision 030).
      CALENDAR_IMPORT_ALLOW_HOSTS: "127.0.0.1",
      CALENDAR_IMPORT_TIMEOUT_SECONDS: "3",
      // Map tiles from this server (404s): browser tests never reach out to the tile provider.
      MAP_TILE_URL: `http://127.0.0.1:${PORT}/_tiles/{z}/{x}/{y}.png`,
    },
  },
});
