/**
 * The production server the bench measures: `build/server/server.js` of a checkout, on a data
 * directory, on a free port, with sign-in limits lifted and the store's use counted per request.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort, waitForHealth } from "./serve-build";

export const SESSION_SECRET = "bench-session-secret-that-is-long-enough-0123456789";

export type Server = { base: string; pid: number; process: ChildProcess; startupMs: number; stop: () => void };

/**
 * `BENCH_PORTS=<n>`: the bench's servers listen on n, n + 1… and its emulators on n + 10 to n + 14
 * (bench-backend.ts), for a machine where each run keeps to its own ports; free ports otherwise.
 */
export const benchPorts = process.env.BENCH_PORTS ? Number(process.env.BENCH_PORTS) : null;
let servers = 0;

/** Starts `build/server/server.js` of the checkout at `root` on a data directory. */
export async function startServer(root: string, dataDir: string, backendEnv: Record<string, string> = {}): Promise<Server> {
  const port = benchPorts ? benchPorts + servers++ : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["build/server/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...backendEnv,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET,
      SIGN_IN_LIMIT_PER_10_MINUTES: "100000",
      METADATA_SERVER_DETECTION: "none",
      // Every answer says what it asked of the store (X-Store-Use; bench-counts.ts).
      STORE_COUNTING: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const started = Date.now();
  try {
    await waitForHealth(base, () => server.exitCode !== null);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  return { base, pid: server.pid!, process: server, startupMs: Date.now() - started, stop: () => server.kill("SIGTERM") };
}
