/**
 * Firestore emulators for tests, bound to 127.0.0.1 on a free port.
 *
 * - `startFirestoreEmulator()`: the in-process emulator from `@firestore-emulator/server`. Fast
 *   and always there, but partial: see `IN_PROCESS_EMULATOR_GAPS` in
 *   `app/.server/store/firestore.test.ts` and docs/decisions/002-document-store-port.md.
 * - `startCloudFirestoreEmulator()`: Google's Cloud Firestore emulator (Java), when the machine has
 *   it (Debian package google-cloud-cli-firestore-emulator, or FIRESTORE_EMULATOR_JAR). It has
 *   Firestore's real query, transaction and security-rules semantics.
 *
 * Point firebase-admin at one with `process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort`
 * before creating the client.
 *
 * Under vitest, `startCloudFirestoreEmulator()` hands out the Google emulator of the test's worker,
 * started the first time one of its files asks (tests/emulators.global.ts) and stopped when the
 * run ends: a JVM per test file cost several seconds each. The files of a worker share it, one
 * after the other, so each uses a project id of its own (projects are separate databases in the
 * emulator); its `stop()` then leaves it running.
 */
import { spawn, spawnSync } from "node:child_process";
import { isMainThread } from "node:worker_threads";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FirestoreServer } from "@firestore-emulator/server";

export interface FirestoreEmulator {
  host: string;
  port: number;
  /** "127.0.0.1:port", the value for FIRESTORE_EMULATOR_HOST. */
  hostPort: string;
  stop(): Promise<void>;
}

const HOST = "127.0.0.1";

/** The parts of @grpc/grpc-js used here (the emulator's own copy, not a dependency of ours). */
interface GrpcServer {
  bindAsync(address: string, credentials: unknown, callback: (error: Error | null, port: number) => void): void;
}
interface GrpcModule {
  ServerCredentials: { createInsecure(): unknown };
}

/** Starts `@firestore-emulator/server` in this process, on `port` (a free one by default). */
export async function startFirestoreEmulator(options: { port?: number } = {}): Promise<FirestoreEmulator> {
  const emulator = new FirestoreServer();
  // Its start() binds 0.0.0.0; bind its gRPC server to loopback ourselves, with the grpc-js copy
  // the emulator was built against (a different copy's credentials are rejected).
  const emulatorRequire = createRequire(createRequire(import.meta.url).resolve("@firestore-emulator/server"));
  const grpc = emulatorRequire("@grpc/grpc-js") as GrpcModule;
  const server = (emulator as unknown as { server: GrpcServer }).server;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${HOST}:${options.port ?? 0}`, grpc.ServerCredentials.createInsecure(), (error, boundPort) =>
      error ? reject(error) : resolve(boundPort),
    );
  });
  return {
    host: HOST,
    port,
    hostPort: `${HOST}:${port}`,
    async stop() {
      emulator.stop();
    },
  };
}

const CLOUD_EMULATOR_JARS = [
  "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
  "/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
  path.join(os.homedir(), "google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar"),
];

/** The Cloud Firestore emulator's jar, if it and a `java` to run it are installed. */
export function findCloudFirestoreEmulator(): string | undefined {
  const candidates = [process.env.FIRESTORE_EMULATOR_JAR, ...CLOUD_EMULATOR_JARS].filter((p): p is string => Boolean(p));
  const jar = candidates.find((candidate) => fs.existsSync(candidate));
  if (!jar) return undefined;
  const java = spawnSync("java", ["-version"], { stdio: "ignore" });
  return java.status === 0 ? jar : undefined;
}

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

/** The security rules the shared emulator loads: the project's own. */
export const FIRESTORE_RULES_FILE = fileURLToPath(new URL("../firestore.rules", import.meta.url));

/** Under vitest (with tests/emulators.global.ts as a global setup): the address of the run's emulator broker. */
async function emulatorBroker(): Promise<string | undefined> {
  if (!process.env.VITEST || process.env.AMARRE_OWN_EMULATORS) return undefined;
  const { inject } = await import("vitest");
  try {
    return inject("emulatorBroker");
  } catch {
    return undefined;
  }
}

/**
 * Google's Cloud Firestore emulator: under vitest the worker's shared one (security rules from
 * firestore.rules; its `stop()` is a no-op), else one of its own (see `launchCloudFirestoreEmulator`).
 */
export async function startCloudFirestoreEmulator(options: { rulesFile?: string; timeoutMs?: number } = {}): Promise<FirestoreEmulator> {
  const broker = options.rulesFile && path.resolve(options.rulesFile) !== FIRESTORE_RULES_FILE ? undefined : await emulatorBroker();
  if (!broker) return launchCloudFirestoreEmulator(options);
  // Worker ids restart at 1 in each pool: a worker thread (the shared files) and a process (the
  // isolated ones) of the same id would otherwise share one emulator at the same time.
  const worker = `${isMainThread ? "process" : "thread"}-${process.env.VITEST_POOL_ID ?? ""}`;
  const response = await fetch(`${broker}/firestore?worker=${worker}`, { signal: AbortSignal.timeout(options.timeoutMs ?? 175_000) });
  const answer = (await response.json()) as { hostPort?: string; error?: string };
  if (!response.ok || !answer.hostPort) throw new Error(`The shared Cloud Firestore emulator did not start: ${answer.error ?? response.status}`);
  const [host, port] = answer.hostPort.split(":");
  return { host: host!, port: Number(port), hostPort: answer.hostPort, async stop() {} };
}

/**
 * Starts Google's Cloud Firestore emulator as a child process. `rulesFile` loads security rules
 * (they apply to unauthenticated REST/client calls; the Admin SDK bypasses them, as in production).
 * `port`: a free one by default. `detached`: in a process group of its own, so a Ctrl-C at the
 * terminal reaches only the parent, which stops it after whatever still uses it (`npm run demo:firebase`).
 */
export async function launchCloudFirestoreEmulator(
  options: { rulesFile?: string; timeoutMs?: number; port?: number; detached?: boolean } = {},
): Promise<FirestoreEmulator> {
  const jar = findCloudFirestoreEmulator();
  if (!jar) throw new Error("The Cloud Firestore emulator (and java) is not installed");
  const port = options.port ?? (await freePort());
  const args = [
    // The quick compiler only, and one garbage-collector thread: the emulator lives for one test
    // run or one demo and never warms up enough for the optimising compiler to pay. Measured on the
    // five heaviest Firestore unit files: 62–65 s of CPU → 39–43 s, wall time the same or shorter.
    "-XX:TieredStopAtLevel=1",
    "-XX:+UseSerialGC",
    "-Duser.language=en",
    "-cp",
    jar,
    "com.google.cloud.datastore.emulator.firestore.CloudFirestore",
    "start",
    `--host=${HOST}`,
    `--port=${port}`,
  ];
  if (options.rulesFile) args.push(`--rules=${path.resolve(options.rulesFile)}`);
  const child = spawn("java", args, { stdio: ["ignore", "pipe", "pipe"], detached: options.detached ?? false });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Should this process end without stop(), even while the emulator starts, take the Java process with it (no orphan).
  const onExit = () => child.kill("SIGKILL");
  process.once("exit", onExit);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The Cloud Firestore emulator did not start in time:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Dev App Server is now running")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The Cloud Firestore emulator exited (${code}):\n${output}`));
    });
  }).catch((error: unknown) => {
    process.off("exit", onExit);
    throw error;
  });
  // Keep draining its output so the pipes never fill up.
  child.stdout.resume();
  child.stderr.resume();

  return {
    host: HOST,
    port,
    hostPort: `${HOST}:${port}`,
    async stop() {
      process.off("exit", onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.kill("SIGTERM");
      await exited;
      clearTimeout(killer);
    },
  };
}
