import type { SchedulerName, SchedulerRecorder } from "./schedulers";

/**
 * One kind of background work: what it is called on the operations page (`name`), what a failed
 * pass's log line says it was doing (`doing`), how often it runs (`everyMs`; null: once, at start)
 * and its pass.
 */
export type BackgroundJob = { name: SchedulerName; doing: string; everyMs: number | null; pass: () => Promise<unknown> };

/**
 * The work a running server does in the background, each kind on its own clock (its first pass at
 * once), every pass recorded by the schedulers' recorder. A pass still running when its clock
 * ticks again is not started twice: the tick is skipped (a slow calendar sync or reconciliation
 * never piles up). `stop` clears the clocks (a pass under way finishes); `start` after `stop`
 * starts them again.
 */
export function createBackgroundWork(recorder: SchedulerRecorder, jobs: readonly BackgroundJob[]) {
  const timers: Array<ReturnType<typeof setInterval>> = [];
  const running = new Set<SchedulerName>();
  const tick = (job: BackgroundJob) => {
    if (running.has(job.name)) return;
    running.add(job.name);
    void recorder.run(job.name, job.doing, job.pass).finally(() => running.delete(job.name));
  };
  return {
    start() {
      if (timers.length > 0) return;
      for (const job of jobs) {
        tick(job);
        if (job.everyMs === null) continue;
        const timer = setInterval(() => tick(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
  };
}
