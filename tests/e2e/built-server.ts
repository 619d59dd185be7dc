import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The demo marketplace as a first start seeds it, made once per browser run before the shared
 * server starts (support/seed-template.mjs, playwright.config.ts): never opened, only copied.
 */
export const SEEDED_DATA_DIR = ".cache/e2e-seed";

/**
 * The built server as an operator runs it: its own process, on a free port of 127.0.0.1, with a
 * data directory of its own (or the one given, to start a second server on the same data). With
 * `demoData`, its directory starts as a copy of SEEDED_DATA_DIR: the demo marketplace without the
 * 14 s of CPU its seed takes. Without it, a first start seeds (unless SEED_DEMO_DATA=false).
 */
export function startBuiltServer(env: Record<string, string> = {}, options: { dataDir?: string; demoData?: boolean } = {}) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "amarre-server-"));
  if (options.demoData) fs.cpSync(SEEDED_DATA_DIR, dataDir, { recursive: true });
  const child = spawn(process.execPath, ["build/server/server.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SESSION_SECRET: "server-test-secret-that-is-long-enough-0123456789",
      METADATA_SERVER_DETECTION: "none",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
  /** The port once the server says it is running, or null. */
  const port = () => /running at http:\/\/localhost:(\d+)/.exec(output)?.[1] ?? null;
  return { child, exited, output: () => output, port, dataDir, cleanup };
}
