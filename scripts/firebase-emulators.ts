/**
 * The three emulators the firebase backend needs on one machine, started together and stopped
 * together — for `npm run bench -- --backend firebase` (scripts/bench-backend.ts) and
 * `npm run demo:firebase` (scripts/demo-firebase.ts):
 *
 * - Firestore: Google's Cloud Firestore emulator (Java) where it is installed; otherwise, when the
 *   caller accepts it, the in-process `@firestore-emulator/server` (partial: see
 *   docs/decisions/002-document-store-port.md);
 * - Auth: the Firebase Auth emulator of firebase-tools, offline (tests/auth-emulator.ts);
 * - Storage: firebase-tools' Storage emulator server, in this process (tests/storage-emulator.ts).
 *
 * Everything lives in memory (or in temp directories removed on stop): each start is empty.
 */
import { AUTH_EMULATOR_API_KEY, AUTH_EMULATOR_PROJECT_ID, startAuthEmulator } from "#tests/auth-emulator";
import { findCloudFirestoreEmulator, launchCloudFirestoreEmulator, startCloudFirestoreEmulator, startFirestoreEmulator } from "#tests/firestore-emulator";
import { loadFirebaseToolsStorage, startStorageEmulator } from "#tests/storage-emulator";

/** A JVM and the firebase-tools CLI starting together on a busy two-core machine can take minutes. */
export const EMULATORS_START_TIMEOUT_MS = 240_000;

export type FirestoreKind = "cloud" | "in-process";

/** Fixed ports (for a demo someone reads the addresses of); free ports when not given. */
export interface EmulatorPorts {
  firestore: number;
  auth: number;
  /** The firebase-tools CLI's hub and logging server, beside the Auth emulator. */
  hub: number;
  logging: number;
  storage: number;
}

/** Five consecutive ports from `base`: Firestore, Auth, the CLI's hub, its logging, Storage. */
export function consecutivePorts(base: number): EmulatorPorts {
  return { firestore: base, auth: base + 1, hub: base + 2, logging: base + 3, storage: base + 4 };
}

export interface RunningEmulators {
  firestoreKind: FirestoreKind;
  /** The variables the app (and firebase-admin in any process) needs to use them. */
  env: {
    APP_BACKEND: "firebase";
    FIREBASE_PROJECT_ID: string;
    FIREBASE_API_KEY: string;
    FIRESTORE_EMULATOR_HOST: string;
    FIREBASE_AUTH_EMULATOR_HOST: string;
    FIREBASE_STORAGE_EMULATOR_HOST: string;
    METADATA_SERVER_DETECTION: "none";
  };
  /** What runs where, one line. */
  description: string;
  /** Stops every emulator; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartEmulatorsOptions {
  /** `cloud`: Google's emulator or an error; `auto`: Google's where installed, else the in-process one. */
  firestore: "cloud" | "auto";
  ports?: EmulatorPorts;
  /**
   * Java and the firebase-tools CLI in process groups of their own: a Ctrl-C at the terminal then
   * reaches only this process, which stops them after the app that uses them.
   */
  detached?: boolean;
  timeoutMs?: number;
}

/** Starts the three emulators; whatever fails to start, the ones already running are stopped before the error is thrown. */
export async function startFirebaseEmulators(options: StartEmulatorsOptions): Promise<RunningEmulators> {
  const timeoutMs = options.timeoutMs ?? EMULATORS_START_TIMEOUT_MS;
  const cloud = findCloudFirestoreEmulator() !== undefined;
  if (!cloud && options.firestore === "cloud") {
    throw new Error("Google's Cloud Firestore emulator and java are needed (Debian package google-cloud-cli-firestore-emulator, or FIRESTORE_EMULATOR_JAR)");
  }
  const tools = loadFirebaseToolsStorage();
  if (typeof tools === "string") throw new Error(`The Storage emulator cannot start: ${tools}`);
  const ports = options.ports;
  const firestoreKind: FirestoreKind = cloud ? "cloud" : "in-process";
  const startFirestore = () => {
    if (!cloud) return startFirestoreEmulator({ port: ports?.firestore });
    // With fixed ports or its own process group, an emulator of its own (never a test run's shared one).
    if (ports || options.detached) return launchCloudFirestoreEmulator({ timeoutMs, port: ports?.firestore, detached: options.detached });
    return startCloudFirestoreEmulator({ timeoutMs });
  };

  const stops: Array<() => Promise<void>> = [];
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= Promise.allSettled(stops.map((s) => s())).then(() => undefined));
  try {
    const started = await Promise.allSettled([
      startFirestore(),
      // The CLI always runs in a process group of its own (tests/auth-emulator.ts).
      startAuthEmulator({ timeoutMs, ports: ports && { auth: ports.auth, hub: ports.hub, logging: ports.logging } }),
      startStorageEmulator(tools, AUTH_EMULATOR_PROJECT_ID, { port: ports?.storage }),
    ]);
    for (const result of started) if (result.status === "fulfilled") stops.push(() => result.value.stop());
    const failed = started.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failed) throw failed.reason;
    const [firestore, auth, storage] = started.map((r) => (r as PromiseFulfilledResult<{ host?: string; hostPort?: string }>).value);
    const env = {
      APP_BACKEND: "firebase" as const,
      FIREBASE_PROJECT_ID: AUTH_EMULATOR_PROJECT_ID,
      FIREBASE_API_KEY: AUTH_EMULATOR_API_KEY,
      FIRESTORE_EMULATOR_HOST: firestore.hostPort!,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host!,
      FIREBASE_STORAGE_EMULATOR_HOST: storage.host!,
      METADATA_SERVER_DETECTION: "none" as const,
    };
    const firestoreName = firestoreKind === "cloud" ? "Cloud Firestore (Java)" : "Firestore (in-process @firestore-emulator/server)";
    return {
      firestoreKind,
      env,
      description: `${firestoreName} ${env.FIRESTORE_EMULATOR_HOST}, Auth ${env.FIREBASE_AUTH_EMULATOR_HOST} (firebase-tools), Storage ${env.FIREBASE_STORAGE_EMULATOR_HOST} (firebase-tools' server, in process)`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
