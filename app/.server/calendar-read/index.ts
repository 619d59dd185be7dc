import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CalendarReader, ReadOptions, ReadOutcome } from "#app/features/calendar/.server";
import { WORKER_ENTRY, WORKER_FILE, workerBuildOptions } from "./worker-build.js";

/**
 * The calendar reader (the `CalendarReader` port of features/calendar/.server, decision 046): a fetched
 * calendar is someone else's file, so it is read in a worker thread, never on the event loop that
 * answers requests, with two ceilings the domain's own bounds sit in front of: a heap of
 * `maxMemoryMb` (V8 stops the thread, not the process, past it) and `cpuBudgetMs` of the
 * thread's CPU time per calendar (read from /proc on Linux, every `pollMs`; elsewhere time on
 * the clock). A calendar over either is `too-complex`; the thread is ended and a new one starts
 * with the next calendar. One thread, started with the first calendar and kept (it does not keep
 * the process alive); calendars wait their turn.
 *
 * The thread runs `worker.ts`: built beside the server (`build/server/calendar-read-worker.cjs`,
 * scripts/build-server.js), so production needs neither TypeScript nor the build tools; in
 * development and tests (this module running from its `.ts` source) esbuild bundles the same
 * entry with the same options (`worker-build.js`) in memory, once per process.
 */
export type WorkerReaderOptions = {
  /** The thread's heap ceiling (V8's old generation), in MB. */
  maxMemoryMb?: number;
  /** The CPU time one calendar may take, in ms. */
  cpuBudgetMs?: number;
  /** How often the CPU time is looked at while a calendar is read, in ms. */
  pollMs?: number;
};

export const DEFAULT_MAX_MEMORY_MB = 128;
export const DEFAULT_CPU_BUDGET_MS = 2000;
/** Where the clock stands in for the CPU time (no /proc), or a thread that waits without working: this many times the budget. */
const WALL_FACTOR = 10;

export type WorkerCalendarReader = {
  read: CalendarReader;
  /** Ends the thread (the server's close); calendars still waiting are refused. */
  close(): Promise<void>;
};

type Job = { id: number; text: string; options: ReadOptions; resolve: (outcome: ReadOutcome) => void; reject: (error: Error) => void };
/** A started thread: ready once it has said where its CPU time is counted. */
type Thread = { ready: Promise<{ worker: Worker; cpuStatPath: string | null }> };
type Result = { outcome?: ReadOutcome; error?: Error };

export function createWorkerCalendarReader(options: WorkerReaderOptions = {}): WorkerCalendarReader {
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  const cpuBudgetMs = options.cpuBudgetMs ?? DEFAULT_CPU_BUDGET_MS;
  const pollMs = options.pollMs ?? 50;
  const queue: Job[] = [];
  let thread: Thread | null = null;
  let running: Job | null = null;
  let closed = false;
  let nextId = 1;
  /** Ends the calendar being read: its outcome (or error); set while one is read. */
  let settle: ((result: Result) => void) | null = null;

  function start(): Thread {
    const ready = spawn(maxMemoryMb).then(
      (worker) =>
        new Promise<{ worker: Worker; cpuStatPath: string | null }>((resolve, reject) => {
          worker.unref();
          worker.once("message", (message: { cpuStatPath: string | null }) => resolve({ worker, cpuStatPath: message.cpuStatPath }));
          // Its outcome or its end settles the calendar it was reading.
          worker.on("message", (message: { id?: number; outcome?: ReadOutcome }) => {
            if (message.id !== undefined && running?.id === message.id) settle?.({ outcome: message.outcome });
          });
          worker.on("error", (error: Error & { code?: string }) => {
            reject(error);
            // The thread is gone: the next calendar starts another (before this one's end lets it in).
            if (thread === current) thread = null;
            // Past the heap ceiling V8 stops the thread: the calendar was too much to read.
            settle?.(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? { outcome: { kind: "too-complex" } } : { error });
          });
          worker.on("exit", (code) => {
            reject(new Error(`the calendar reader's thread ended before it was ready (code ${code})`));
            if (thread === current) thread = null;
            // Ended while reading: by V8 or by us past a ceiling (too complex), or by `close`.
            settle?.(closed ? { error: new Error("the calendar reader is closed") } : { outcome: { kind: "too-complex" } });
          });
        }),
    );
    const current: Thread = { ready };
    ready.catch(() => {
      if (thread === current) thread = null;
    });
    return current;
  }

  async function runNext(): Promise<void> {
    if (running || queue.length === 0) return;
    const job = queue.shift()!;
    running = job;
    try {
      const current = (thread ??= start());
      const { worker, cpuStatPath } = await current.ready;
      job.resolve(await readOn(current, worker, job, cpuStatPath));
    } catch (error) {
      job.reject(error as Error);
    } finally {
      running = null;
      void runNext();
    }
  }

  /** Reads one calendar on the thread, watching its CPU time; ends the thread past the budget. */
  function readOn(current: Thread, worker: Worker, job: Job, cpuStatPath: string | null): Promise<ReadOutcome> {
    return new Promise<ReadOutcome>((resolve, reject) => {
      const startedCpu = cpuStatPath ? cpuMs(cpuStatPath) : null;
      const startedAt = performance.now();
      const over = () => {
        const wall = performance.now() - startedAt;
        if (startedCpu === null || cpuStatPath === null) return wall > cpuBudgetMs;
        const used = cpuMs(cpuStatPath);
        return (used !== null && used - startedCpu > cpuBudgetMs) || wall > cpuBudgetMs * WALL_FACTOR;
      };
      const finish = (result: Result) => {
        clearInterval(watch);
        settle = null;
        if (result.error) reject(result.error);
        else resolve(result.outcome!);
      };
      const watch = setInterval(() => {
        if (!over()) return;
        if (thread === current) thread = null;
        finish({ outcome: { kind: "too-complex" } });
        void worker.terminate();
      }, pollMs);
      settle = finish;
      worker.postMessage({ id: job.id, text: job.text, options: job.options });
    });
  }

  return {
    read(text, readOptions) {
      if (closed) return Promise.reject(new Error("the calendar reader is closed"));
      return new Promise<ReadOutcome>((resolve, reject) => {
        queue.push({ id: nextId++, text, options: readOptions, resolve, reject });
        void runNext();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("the calendar reader is closed"));
      const current = thread;
      thread = null;
      const started = await current?.ready.catch(() => null);
      await started?.worker.terminate();
    },
  };
}

/** A thread's CPU time so far (user and system), in ms, from its /proc line; null if unreadable. */
function cpuMs(statPath: string): number | null {
  try {
    const stat = fs.readFileSync(statPath, "utf8");
    // Fields after the command name (which may hold spaces): state is the 3rd; utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

const here = path.dirname(fileURLToPath(import.meta.url));
/** This module runs from its TypeScript source (development, tests), not from the server build. */
const fromSource = import.meta.url.endsWith(".ts");

/** The thread, from the built file beside the server, or from the source bundled in memory. */
async function spawn(maxMemoryMb: number): Promise<Worker> {
  const resourceLimits = { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: Math.min(16, maxMemoryMb), stackSizeMb: 4 };
  if (fromSource) return new Worker(await bundledSource(), { eval: true, resourceLimits });
  // The server build is build/server/index.js, or a chunk in build/server/assets/.
  const file = [path.join(here, WORKER_FILE), path.join(here, "..", WORKER_FILE)].find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`the calendar reader's thread (${WORKER_FILE}) is not beside the server build: run npm run build`);
  return new Worker(file, { resourceLimits });
}

let bundled: Promise<string> | null = null;

/** `worker.ts` and what it imports as one CommonJS script, bundled once per process off the event loop (esbuild, a dev dependency). */
function bundledSource(): Promise<string> {
  bundled ??= (async () => {
    const esbuild = (await import("esbuild")) as typeof import("esbuild");
    const root = path.resolve(here, "../../..");
    const result = await esbuild.build({ ...workerBuildOptions, entryPoints: [path.join(root, WORKER_ENTRY)], absWorkingDir: root, write: false });
    return result.outputFiles![0]!.text;
  })();
  bundled.catch(() => (bundled = null));
  return bundled;
}
