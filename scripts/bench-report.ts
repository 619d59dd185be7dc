/**
 * The bench's page table and its verdicts against the targets (bench-targets.ts).
 */
import { readsCell, restCell, type PageCounts } from "./bench-counts";
import type { Measured } from "./bench-measure";
import type { RootLoaderCpu } from "./bench-root-loader";
import { duration } from "./bench-options";
import { FLOOR_SHARE, goals, isRendered, RENDERED_SHARE, ROOT_SIGNED_IN_MS, SIGNED_IN_BASELINE, VISITOR_BASELINE_AGAIN } from "./bench-targets";

export const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
export const num = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
/** Requests per second: a tenth shown below 10 (the emulators' slow pages), whole above. */
export const rate = (value: number) => num(value, value < 10 ? 1 : 0);

/** The root loader's CPU as a line of the report (bench-root-loader.ts). */
export const rootLoaderLine = (figures: RootLoaderCpu) =>
  `${num(figures.signedInUs / 1000, 3)} ms signed in, ${num(figures.visitorUs / 1000, 3)} ms for a visitor (+${num(figures.extraUs / 1000, 3)} ms); medians of ${figures.rounds} alternating rounds of ${figures.calls} calls`;

/**
 * The page table and the verdicts. `rootLoader`, when measured, judges the root loader's target;
 * without it, the signed-in `/_baseline`'s CPU per request beyond the visitor's stands in for it.
 */
export function printPages(results: Measured[], rootLoader?: RootLoaderCpu, counted?: ReadonlyMap<string, PageCounts>) {
  const healthz = results.find((r) => r.name.startsWith("healthz"))!;
  const baseline = results.find((r) => r.name === "baseline (/_baseline)")!;
  const alone = results.some((r) => r.aloneMs !== undefined);
  console.log(`page                            req/s   p50 ms   p95 ms   p99 ms   CPU ms/req   vs baseline   vs healthz   non-2xx${alone ? "   1 alone ms" : ""}${counted ? "   reads 1st/next   w/q/t" : ""}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(30)} ${rate(r.rps).padStart(7)}   ${num(r.p50, 1).padStart(6)}   ${num(r.p95, 1).padStart(6)}   ${num(r.p99, 1).padStart(6)}   ${num(r.cpuMsPerRequest, 2).padStart(10)}   ${pct(r.rps / baseline.rps).padStart(11)}   ${pct(r.rps / healthz.rps).padStart(10)}   ${String(r.non2xx + r.errors).padStart(7)}` +
        (alone ? `   ${num(r.aloneMs ?? NaN, 0).padStart(10)}` : "") +
        (counted ? `   ${readsCell(counted.get(r.name)).padStart(14)}   ${restCell(counted.get(r.name)).padStart(5)}` : ""),
    );
  }
  if (counted) {
    console.log(
      "reads 1st/next: documents read (as Firestore bills them) by the page's first answer after the server started and by the next one; " +
        "a page visitors share is rendered first (a search cold) and then comes from their page cache (0); a rendered or signed-in page is rendered both times (a search warm the second). " +
        "w/q/t: writes, queries and transactions of the next answer.",
    );
  }
  const unanswered = results.filter((r) => r.requests === 0);
  if (unanswered.length) console.log(`No answer within the ${duration} s run (every request still waiting): ${unanswered.map((r) => r.name).join(", ")}`);
  if (alone) console.log("1 alone ms: one request by itself before the page's run (it also waits for what the previous run left queued).");
  const floorMet = baseline.rps >= FLOOR_SHARE * healthz.rps;
  console.log(`\nTarget: the baseline ≥ ${FLOOR_SHARE * 100}% of /healthz → ${pct(baseline.rps / healthz.rps)}: ${floorMet ? "met" : "NOT met"}`);
  for (const [name, share, p95] of goals) {
    const r = results.find((result) => result.name === name);
    if (!r) continue;
    const met = r.rps >= share * baseline.rps && (p95 === null || r.p95 <= p95);
    console.log(
      `Target ${name}: ≥ ${share * 100}% of the baseline${p95 === null ? "" : ` and p95 ≤ ${p95} ms`} → ` +
        `${pct(r.rps / baseline.rps)}, p95 ${num(r.p95, 1)} ms: ${met ? "met" : "NOT met"}`,
    );
  }
  if (rootLoader) {
    console.log(
      `Target: the root loader's work for a signed-in person ≤ ${ROOT_SIGNED_IN_MS} ms of CPU (the build's root loader alone, in process) → ${rootLoaderLine(rootLoader)}: ${rootLoader.signedInUs / 1000 <= ROOT_SIGNED_IN_MS ? "met" : "NOT met"}`,
    );
  }
  const signedIn = results.find((r) => r.name === SIGNED_IN_BASELINE);
  if (signedIn) {
    // Against the visitor's baseline measured just before it (the run's first one is on a colder server).
    const visitor = results.find((r) => r.name === VISITOR_BASELINE_AGAIN) ?? baseline;
    const extra = signedIn.cpuMsPerRequest - visitor.cpuMsPerRequest;
    const figure =
      `${num(extra, 2)} ms (${num(signedIn.cpuMsPerRequest, 2)} ms per signed-in /_baseline against ${num(visitor.cpuMsPerRequest, 2)} ms for a visitor's, measured just before`;
    console.log(
      rootLoader
        ? `The signed-in /_baseline's CPU per request beyond the visitor's: ${figure}; whole requests, so ±0.3 ms from run to run)`
        : `Target: the root loader's work for a signed-in person ≤ ${ROOT_SIGNED_IN_MS} ms of CPU → ${figure}): ${extra <= ROOT_SIGNED_IN_MS ? "met" : "NOT met"}`,
    );
  }
  const slow = results.filter((r) => isRendered(r) && r.rps < RENDERED_SHARE * baseline.rps);
  console.log(
    `Target: every rendered page ≥ ${RENDERED_SHARE * 100}% of the baseline → ` +
      (slow.length === 0 ? "met" : `NOT met by ${slow.map((r) => `${r.name} (${pct(r.rps / baseline.rps)})`).join(", ")}`),
  );
}
