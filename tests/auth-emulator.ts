/**
 * The Firebase Auth emulator from firebase-tools (a devDependency), for tests. It runs offline:
 * a `demo-` project needs no credentials and no network, and the CLI's update check, prompts and
 * usage reporting are switched off. Every port it opens (auth, hub, logging) is a free port on
 * 127.0.0.1, so several test runs can coexist; its files (firebase.json, the debug log, the hub
 * locator) stay in a temp directory removed on stop.
 *
 * Point firebase-admin at it with `process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host`
 * before using it; REST calls go to `http://<host>/identitytoolkit.googleapis.com/...` with any
 * API key.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const AUTH_EMULATOR_PROJECT_ID = "demo-amarre";
/** The emulator accepts any API key. */
export const AUTH_EMULATOR_API_KEY = "demo-api-key";

export interface AuthEmulator {
  /** "127.0.0.1:port", the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  /** How long it took to answer, in milliseconds. */
  startupMs: number;
  /** Deletes every account of the project. */
  clearAccounts(): Promise<void>;
  /** Stops the emulator and everything it started, and removes its temp directory. */
  stop(): Promise<void>;
}

const HOST = "127.0.0.1";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("firebase-tools/package.json")), "lib", "bin", "firebase.js");
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** The CLI's environment: offline, non-interactive, no update check, nothing of ours leaking in. */
function emulatorEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true",
    NO_UPDATE_NOTIFIER: "1",
    CI: "true",
    METADATA_SERVER_DETECTION: "none",
    // The hub locator file goes to os.tmpdir(): keep it in our directory.
    TMPDIR: dir,
  };
  for (const name of ["FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "GOOGLE_APPLICATION_CREDENTIALS", "FIREBASE_TOKEN"]) {
    delete env[name];
  }
  return env;
}

/** `ports`: those of the emulator, the CLI's hub and its logging server; free ones by default. */
export async function startAuthEmulator(options: { timeoutMs?: number; ports?: { auth: number; hub: number; logging: number } } = {}): Promise<AuthEmulator> {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-auth-emulator-"));
  const [authPort, hubPort, loggingPort] = options.ports
    ? [options.ports.auth, options.ports.hub, options.ports.logging]
    : await Promise.all([freePort(), freePort(), freePort()]);
  const configFile = path.join(dir, "firebase.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: HOST, port: authPort },
        hub: { host: HOST, port: hubPort },
        logging: { host: HOST, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const child = spawn(
    process.execPath,
    [firebaseCli(), "emulators:start", "--only", "auth", "--project", AUTH_EMULATOR_PROJECT_ID, "--config", configFile],
    {
      cwd: dir,
      // Its own process group, so stop() can end the CLI and anything it spawned together.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: emulatorEnv(dir),
    },
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitCode = code ?? (signal ? -1 : 0);
      resolve();
    });
  });

  const host = `${HOST}:${authPort}`;
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  // Should the test process end without stop(), take the emulator with it.
  const onExit = () => killGroup("SIGKILL");
  process.once("exit", onExit);
  const stop = async () => {
    process.off("exit", onExit);
    if (exitCode === undefined) {
      const killer = setTimeout(() => killGroup("SIGKILL"), 5_000);
      killGroup("SIGTERM");
      await exited;
      clearTimeout(killer);
    }
    // Anything the CLI left in its group.
    killGroup("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const timeoutMs = options.timeoutMs ?? 170_000;
  const deadline = started + timeoutMs;
  while (!(await answers(`http://${host}/`))) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`The Firebase Auth emulator exited (${exitCode}) before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Firebase Auth emulator did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(200);
  }

  return {
    host,
    projectId: AUTH_EMULATOR_PROJECT_ID,
    startupMs: Date.now() - started,
    async clearAccounts() {
      const response = await fetch(`http://${host}/emulator/v1/projects/${AUTH_EMULATOR_PROJECT_ID}/accounts`, {
        method: "DELETE",
        headers: { authorization: "Bearer owner" },
      });
      if (!response.ok) throw new Error(`Clearing the Auth emulator's accounts failed: ${response.status} ${await response.text()}`);
    },
    stop,
  };
}
