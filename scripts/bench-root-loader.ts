/**
 * The root loader's own CPU, for a visitor and for a signed-in person: the production build's
 * root `loader` called with real Requests on services opened on the bench server's data (with its
 * session secret, so the server's session cookie verifies), in a process of its own
 * (`tsx scripts/bench-root-loader.ts <checkout> <data dir> <cookie>` prints the figures as JSON),
 * so each checkout's build is loaded alone.
 *
 * Why not from the server's CPU per request: the signed-in `/_baseline` minus the visitor's moved
 * by ±0.3 ms from one two-second window to the next on this machine (eight alternating pairs on
 * one server: −0.25 to +0.33 ms), as much as the 0.3 ms judged, because a whole request's CPU
 * carries the server's garbage collection, JIT and the kernel's share. Here only the loader runs:
 * the session (read, token verified, revocations), the unread conversations, the notice and the
 * language, as on every signed-in page.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { ServerBuild } from "@remix-run/node";
import { SESSION_SECRET } from "./bench-server";

type RootLoader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
type ServerApp = {
  loadConfig: () => unknown;
  createServices: (config: unknown) => Promise<{ close(): Promise<void> }>;
};

export type RootLoaderCpu = { visitorUs: number; signedInUs: number; extraUs: number; calls: number; rounds: number };

/** CPU microseconds per call of `call`, `n` calls one after the other (each awaited). */
async function cpuPerCall(n: number, call: () => Promise<unknown>): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await call();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
}

/**
 * Loads `root`'s build, opens its services on `dataDir` (this process's environment holds the
 * emulators' addresses on firebase), and calls the root loader `calls` times per round for the
 * visitor and for the signed-in person (`sessionCookie`), alternating which goes first; the
 * medians of the rounds. Meant for a process of its own: it sets the server's environment.
 */
async function measureInThisProcess(root: string, dataDir: string, sessionCookie: string, { calls = 2_000, rounds = 7 } = {}): Promise<RootLoaderCpu> {
  Object.assign(process.env, { NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET, METADATA_SERVER_DETECTION: "none", SEED_DEMO_DATA: "false" });
  const build = (await import(pathToFileURL(path.resolve(root, "build/server/index.js")).href)) as ServerBuild;
  const { serverApp } = build.entry.module as unknown as { serverApp: ServerApp };
  const services = await serverApp.createServices(serverApp.loadConfig());
  try {
    const loader = build.routes.root!.module.loader as unknown as RootLoader;
    const context = { services, cspNonce: "bench", shutdownSignal: new AbortController().signal, clientAddress: "127.0.0.1" };
    const visitor = { Cookie: "i18n_redirected=es" };
    const signedIn = { Cookie: `${sessionCookie}; i18n_redirected=es` };
    const call = (headers: Record<string, string>) => () => loader({ request: new Request("http://127.0.0.1/_baseline", { headers }), params: {}, context });
    // Warm: V8 compiles the loader's code, the statements and the session memo fill.
    await cpuPerCall(calls, call(visitor));
    await cpuPerCall(calls, call(signedIn));
    const visitors: number[] = [];
    const signedIns: number[] = [];
    const extras: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [visitor, signedIn] : [signedIn, visitor];
      const [first, second] = [await cpuPerCall(calls, call(order[0]!)), await cpuPerCall(calls, call(order[1]!))];
      const [v, s] = order[0] === visitor ? [first, second] : [second, first];
      visitors.push(v);
      signedIns.push(s);
      extras.push(s - v);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    return { visitorUs: median(visitors), signedInUs: median(signedIns), extraUs: median(extras), calls, rounds };
  } finally {
    await services.close();
  }
}

/** The figures for the checkout at `root` (see above), measured in a child process. */
export async function measureRootLoader(root: string, dataDir: string, sessionCookie: string, backendEnv: Record<string, string> = {}): Promise<RootLoaderCpu> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), root, dataDir, sessionCookie], {
    env: { ...process.env, ...backendEnv },
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as RootLoaderCpu;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root, dataDir, cookie] = process.argv.slice(2);
  if (!root || !dataDir || !cookie) throw new Error("usage: tsx scripts/bench-root-loader.ts <checkout> <data dir> <session cookie>");
  const figures = await measureInThisProcess(root, dataDir, cookie);
  console.log(JSON.stringify(figures));
  process.exit(0);
}
