import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * How long this thread's event loop was held while `run` ran, two ways (issue 43, decision 046):
 * - `delayMs`: `monitorEventLoopDelay`'s longest delay (resolution 10 ms) — what a request waiting
 *   behind the work would have waited, on this machine as loaded as it is now;
 * - `busiestMs`: the most CPU this thread used between two ticks of a 10 ms timer, read from Linux's
 *   per-thread schedstat. Time on a CPU, so another process's load does not inflate it: when both
 *   cores are busy (the test run shares them with the build and the type check), the delay counts
 *   the time this thread waited for a core, the busiest tick only the time it worked. Where there
 *   is no /proc it is the delay.
 * Tests assert a bound on `busiestMs` (the work); `delayMs` depends on the machine's load and is printed, not asserted. A late tick
 * sums every callback that ran meanwhile, so `busiestMs` too grows on a loaded machine (see calendar-hostile-feeds.test.ts).
 */
export async function watchEventLoop<T>(run: () => Promise<T>): Promise<{ result: T; delayMs: number; busiestMs: number }> {
  const onCpu = cpuClock();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let busiest = 0;
  let last = onCpu?.() ?? 0;
  const tick = setInterval(() => {
    if (!onCpu) return;
    const now = onCpu();
    busiest = Math.max(busiest, now - last);
    last = now;
  }, 10);
  try {
    const result = await run();
    // The monitor and the timer see a held loop when they next run.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const delayMs = delay.max / 1e6;
    return { result, delayMs, busiestMs: onCpu ? busiest : delayMs };
  } finally {
    clearInterval(tick);
    delay.disable();
  }
}

/** This thread's time on a CPU so far (ms), or null where Linux's /proc is not there. */
function cpuClock(): (() => number) | null {
  let path: string;
  try {
    path = `/proc/${fs.readlinkSync("/proc/thread-self")}/schedstat`;
    fs.readFileSync(path, "utf8");
  } catch {
    return null;
  }
  return () => Number(fs.readFileSync(path, "utf8").split(" ")[0]) / 1e6;
}
