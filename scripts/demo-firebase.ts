/**
 * `npm run demo:firebase` (after the build): the app on the firebase backend, on one machine, with
 * nothing from Google's cloud — the three emulators (scripts/firebase-emulators.ts: Google's Cloud
 * Firestore emulator where it is installed, else the in-process one; the Firebase Auth emulator;
 * the Storage emulator in this process) and the production build seeded with the demo data, all on
 * 127.0.0.1. Ctrl-C (or SIGTERM) stops the app first, then every emulator, then exits.
 *
 *   tsx scripts/demo-firebase.ts [--port 3000] [--emulator-ports BASE]
 *
 * `--port` (else PORT, else 3000) is the app's; `--emulator-ports BASE` puts Firestore, Auth, the
 * firebase-tools hub, its logging server and Storage on BASE … BASE+4 (else Firebase's usual ports:
 * 8080, 9099, 4400, 4500, 9199). The emulators keep everything in memory: every start is a fresh,
 * freshly seeded marketplace, and nothing is left on disk. Other variables of the app (.env.example)
 * pass through from the environment. See docs/decisions/036-demo-on-firebase.md.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { consecutivePorts, startFirebaseEmulators, type EmulatorPorts, type RunningEmulators } from "./firebase-emulators";
import { waitForHealth } from "./serve-build";

const HOST = "127.0.0.1";
/** Firebase's own defaults (firebase.json's `emulators` section), familiar to anyone who has used them. */
export const FIREBASE_DEFAULT_PORTS: EmulatorPorts = { firestore: 8080, auth: 9099, hub: 4400, logging: 4500, storage: 9199 };
/** Seeding the whole demo marketplace on emulators, on a busy two-core machine. */
const START_TIMEOUT_MS = 600_000;

export interface DemoOptions {
  port: number;
  emulatorPorts: EmulatorPorts;
}

/** Reads the command line (and PORT); throws a message for the person at the terminal. */
export function demoOptions(argv: string[], env: Record<string, string | undefined> = process.env): DemoOptions {
  const { values } = parseArgs({ args: argv, options: { port: { type: "string" }, "emulator-ports": { type: "string" } }, strict: true });
  const whole = (value: string, name: string, max: number) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 1 || n > max) throw new Error(`${name} must be a port number (1–${max}), not "${value}"`);
    return n;
  };
  const port = whole(values.port ?? env.PORT ?? "3000", values.port !== undefined ? "--port" : "PORT", 65535);
  const emulatorPorts = values["emulator-ports"] === undefined ? FIREBASE_DEFAULT_PORTS : consecutivePorts(whole(values["emulator-ports"], "--emulator-ports", 65531));
  const all = [port, ...Object.values(emulatorPorts)];
  if (new Set(all).size !== all.length) throw new Error(`--port ${port} is one of the emulators' ports (${Object.values(emulatorPorts).join(", ")})`);
  return { port, emulatorPorts };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** A signal repeated within this time is the same one delivered twice (see main's onSignal). */
const DUPLICATE_SIGNAL_MS = 1_000;

async function main() {
  let options: DemoOptions;
  try {
    options = demoOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  if (!fs.existsSync("build/server/server.js")) {
    console.error("No production build: run `npm run build` first (`npm run demo:firebase` does).");
    process.exit(1);
  }
  const taken: number[] = [];
  for (const port of [options.port, ...Object.values(options.emulatorPorts)]) if (!(await portIsFree(port))) taken.push(port);
  if (taken.length > 0) {
    console.error(`Port${taken.length > 1 ? "s" : ""} ${taken.join(", ")} on ${HOST} already in use: stop what uses them, or choose others with --port and --emulator-ports BASE.`);
    process.exit(1);
  }

  let emulators: RunningEmulators | undefined;
  // While they start (a signal may come then): settles with them, or with nothing if they failed.
  const starting: { emulators?: Promise<RunningEmulators | undefined> } = {};
  // Set once the app is started (read by stopAll, which a signal may call before that).
  const app: { process?: ChildProcess; exited?: Promise<number> } = {};
  let stopping: Promise<never> | undefined;
  const stopAll = (code: number, why?: string): Promise<never> =>
    (stopping ??= (async () => {
      if (why) console.info(why);
      // The app goes first, so it never sees its backend vanish under it.
      const server = app.process;
      if (server && app.exited && server.exitCode === null && server.signalCode === null) {
        server.kill("SIGTERM");
        const killer = setTimeout(() => server.kill("SIGKILL"), 15_000);
        await app.exited;
        clearTimeout(killer);
      }
      // Stopped while they start: once they have, or have failed (which stops those that did).
      await (emulators ?? (await starting.emulators))?.stop();
      console.info("The app and the emulators are stopped.");
      process.exit(code);
    })());
  // A second Ctrl-C does not wait (for the emulators to finish starting, for the app to close):
  // exiting at once still ends them all, through the exit handlers of the launchers and this one,
  // but leaves the emulators' directories behind. One signal to the process group arrives twice
  // (from the terminal or the test runner, and relayed by tsx's parent process): a repeat within
  // a second is that same signal, not a second Ctrl-C.
  let firstSignalAt = 0;
  const onSignal = (code: number) => () => {
    if (stopping) {
      if (Date.now() - firstSignalAt < DUPLICATE_SIGNAL_MS) return;
      console.info("Stopping now.");
      process.exit(code);
    }
    firstSignalAt = Date.now();
    void stopAll(code, `${code === 130 ? "\n" : ""}Stopping the app and the emulators… (Ctrl-C again: at once)`);
  };
  process.on("SIGINT", onSignal(130));
  process.on("SIGTERM", onSignal(143));
  process.once("exit", () => app.process?.kill("SIGKILL"));

  const started = Date.now();
  console.info("Starting the Firestore, Auth and Storage emulators…");
  const start = startFirebaseEmulators({ firestore: "auto", ports: options.emulatorPorts, detached: true });
  starting.emulators = start.catch(() => undefined);
  try {
    emulators = await start;
  } catch (error) {
    console.error(`The emulators did not start: ${error instanceof Error ? error.message : String(error)}`);
    return stopAll(1);
  }
  if (stopping) return;
  console.info(`Emulators running (${((Date.now() - started) / 1000).toFixed(1)} s): ${emulators.description}`);
  if (emulators.firestoreKind === "in-process") {
    console.info("  Google's Cloud Firestore emulator (java) is not installed: the in-process emulator stands in; it lacks some of Firestore's query and transaction behaviour.");
  }
  console.info("Starting the app and seeding the demo data on the emulators (a few minutes on a busy machine)…");

  const base = `http://${HOST}:${options.port}`;
  const child = spawn(process.execPath, ["build/server/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST,
      PORT: String(options.port),
      // Sessions last as long as the emulators' data: a new secret each start is enough.
      SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString("base64url"),
      SEED_DEMO_DATA: "true",
      ...emulators.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  app.process = child;
  app.exited = new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  void app.exited.then((code) => stopAll(code === 0 ? 0 : code, stopping ? undefined : `The app stopped (exit ${code}): stopping the emulators…`));
  try {
    await waitForHealth(base, () => child.exitCode !== null || child.signalCode !== null, START_TIMEOUT_MS);
  } catch (error) {
    if (stopping) return;
    console.error(`The app did not start: ${error instanceof Error ? error.message : String(error)}`);
    return stopAll(1);
  }
  console.info(
    [
      "",
      `Amarre on the firebase backend (emulators) is ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${base}/`,
      `  Firestore ${emulators.env.FIRESTORE_EMULATOR_HOST} · Auth ${emulators.env.FIREBASE_AUTH_EMULATOR_HOST} · Storage ${emulators.env.FIREBASE_STORAGE_EMULATOR_HOST} (project ${emulators.env.FIREBASE_PROJECT_ID})`,
      "  The demo accounts are listed above. The data lives in the emulators' memory: gone on stop.",
      "  Ctrl-C stops the app and every emulator.",
    ].join("\n"),
  );
}

// Run as a script (not when a test imports demoOptions).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
