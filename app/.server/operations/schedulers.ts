import { schedulerRuns } from "./metrics";

/** The background schedulers `startBackgroundWork` runs, by name (the `scheduler` label of their counter). */
export const SCHEDULERS = ["bookings-due", "chat-emails", "calendar-sync", "booking-references", "case-references", "listing-search-fields", "owner-standings", "case-quotes-due", "deposit-closings", "reconciliation", "page-cache-invalidations"] as const;
export type SchedulerName = (typeof SCHEDULERS)[number];

/** One scheduler's record on this instance since it started. */
export type SchedulerState = {
  name: SchedulerName;
  lastStartAt: string | null;
  lastEndAt: string | null;
  lastOutcome: "ok" | "failed" | null;
  /** The last failure's message (its first line, at most 300 characters: no stack). */
  lastError: string | null;
  lastErrorAt: string | null;
  runs: number;
  failures: number;
  running: boolean;
};

/** An error's first line, bounded: what the operations page shows (no stack, no multi-line dumps). */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * Records each scheduler's passes in memory (per server instance, since it started) and counts
 * them in `amarre_scheduler_runs_total`. `run` never throws: a failed pass is logged once with
 * its `label`, recorded and counted.
 */
export function createSchedulerRecorder(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const states = new Map<SchedulerName, SchedulerState>(
    SCHEDULERS.map((name) => [name, { name, lastStartAt: null, lastEndAt: null, lastOutcome: null, lastError: null, lastErrorAt: null, runs: 0, failures: 0, running: false }]),
  );

  return {
    async run(name: SchedulerName, label: string, pass: () => Promise<unknown>): Promise<void> {
      const state = states.get(name)!;
      state.lastStartAt = now().toISOString();
      state.running = true;
      let outcome: "ok" | "failed" = "ok";
      let failure: unknown = null;
      try {
        await pass();
      } catch (error) {
        outcome = "failed";
        state.failures++;
        state.lastError = errorMessage(error);
        state.lastErrorAt = now().toISOString();
        failure = error;
      }
      state.running = false;
      state.runs++;
      state.lastOutcome = outcome;
      state.lastEndAt = now().toISOString();
      schedulerRuns.inc({ scheduler: name, outcome });
      // Logged once, with its stack, after the pass is recorded.
      if (outcome === "failed") console.error(`[${name}] ${label} failed:`, failure);
    },
    /** Every scheduler's record, in SCHEDULERS' order (copies). */
    list(): SchedulerState[] {
      return SCHEDULERS.map((name) => ({ ...states.get(name)! }));
    },
  };
}

export type SchedulerRecorder = ReturnType<typeof createSchedulerRecorder>;
