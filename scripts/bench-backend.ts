/**
 * The backend `npm run bench` measures: `embedded` (the default: SQLite and the disk, nothing to
 * start) or `firebase`, on emulators started once for the whole run and stopped at its end —
 * Google's Cloud Firestore emulator (Java), the Firebase Auth emulator (firebase-tools) and the
 * Firebase Storage emulator (firebase-tools' server, in this process: tests/storage-emulator.ts).
 *
 * Emulators are single-process development servers that keep everything in memory and scan
 * rather than index: their figures show a regression from one commit to the next, never what
 * production Firestore can carry.
 */
export const backends = ["embedded", "firebase"] as const;
export type Backend = (typeof backends)[number];

/** The line every firebase run prints above its figures. */
export const EMULATOR_CAVEAT =
  "Firebase backend on EMULATORS (Cloud Firestore emulator, Auth emulator, Storage emulator): these figures are for catching regressions between commits, not a measure of capacity — production Firestore and Auth behave and scale differently.";

/** How much data each backend is seeded with, unless `--listings` says otherwise. */
export const dataSizes: Record<Backend, { listings: number; cases: number; subscribers: number; connections: number }> = {
  embedded: { listings: 10_000, cases: 10_000, subscribers: 500, connections: 16 },
  // Emulator writes are a few ms each and its queries scan every document: a tenth of the data
  // seeds in about a minute and still has every page's shape (pages of results, filters, 1,000 cases).
  // Each event stream is a Firestore listener on the emulator: 50 of them. The emulator answers
  // one scan at a time: 16 connections queue each request behind 15 others for longer than a run
  // lasts (no answer at all in 5 s on a busy machine), 4 keep every page measurable.
  firebase: { listings: 1_000, cases: 1_000, subscribers: 50, connections: 4 },
};

export interface BenchOptions {
  backend: Backend;
  listings: number;
  cases: number;
  subscribers: number;
  connections: number;
  /** Milliseconds autocannon waits for an answer; the emulators' slowest pages take seconds. */
  timeoutMs: number;
  /** One request at a time before each page's run: it waits for what the last run left queued, and is timed. */
  settle: boolean;
}

/**
 * Reads `--backend`, `--listings`, `--subscribers` and `--connections` (strings, as `parseArgs` gives them, or undefined) and
 * whether `--compare` was asked for; throws a message for the person at the terminal when the
 * combination cannot run.
 */
export function benchOptions(args: { backend?: string; listings?: string; subscribers?: string; connections?: string; compare?: string }): BenchOptions {
  const backend = (args.backend ?? "embedded") as Backend;
  if (!backends.includes(backend)) throw new Error(`--backend must be one of ${backends.join(", ")}, not "${args.backend}"`);
  if (args.compare !== undefined && backend !== "embedded") {
    throw new Error(
      "--compare is not supported with --backend firebase: the two builds would share one set of emulators (their writes and sign-ins mixed in one Firestore and one Auth). Run `npm run bench -- --backend firebase` on each commit instead.",
    );
  }
  const listings = args.listings === undefined ? dataSizes[backend].listings : Number(args.listings);
  if (!Number.isSafeInteger(listings) || listings < 0) throw new Error(`--listings must be a whole number, not "${args.listings}"`);
  const subscribers = args.subscribers === undefined ? dataSizes[backend].subscribers : Number(args.subscribers);
  if (!Number.isSafeInteger(subscribers) || subscribers < 1) throw new Error(`--subscribers must be a whole number of at least 1, not "${args.subscribers}"`);
  const connections = args.connections === undefined ? dataSizes[backend].connections : Number(args.connections);
  if (!Number.isSafeInteger(connections) || connections < 1) throw new Error(`--connections must be a whole number of at least 1, not "${args.connections}"`);
  const firebase = backend === "firebase";
  return { backend, listings, cases: dataSizes[backend].cases, subscribers, connections, timeoutMs: firebase ? 60_000 : 10_000, settle: firebase };
}

export interface RunningBackend {
  backend: Backend;
  /** Variables for the server and for this process's own services (the seed). */
  env: Record<string, string>;
  /** What runs where, for the report. */
  description: string;
  /** Stops everything started; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts what the backend needs. For firebase, each emulator once (scripts/firebase-emulators.ts,
 * which `npm run demo:firebase` uses too); whatever fails to start, the ones already running are
 * stopped before the error is thrown.
 */
export async function startBackend(backend: Backend): Promise<RunningBackend> {
  if (backend === "embedded") return { backend, env: { APP_BACKEND: "embedded" }, description: "embedded (SQLite, blobs on disk)", stop: async () => undefined };
  // Loaded only here: the embedded bench never loads the emulators' modules.
  const { consecutivePorts, startFirebaseEmulators } = await import("./firebase-emulators");
  const fixed = process.env.BENCH_PORTS ? consecutivePorts(Number(process.env.BENCH_PORTS) + 10) : undefined;
  const emulators = await startFirebaseEmulators({ firestore: "cloud", ports: fixed });
  return {
    backend,
    env: emulators.env,
    description: `firebase on emulators — ${emulators.description}`,
    stop: emulators.stop,
  };
}
