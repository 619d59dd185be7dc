/**
 * What each page asks of the document store, beside its times: the bench's server runs with
 * `STORE_COUNTING=true` (bench-server.ts), so every answer carries an
 * `X-Store-Use: reads=N writes=N queries=N transactions=N` header (app/.server/store/counting.ts,
 * decision record 055). Reads are billed as Firestore bills them, so the figures are the same on
 * both backends for the same data.
 *
 * Each page is asked twice before anything is timed, one request after the other:
 * - `first`: the first answer after the server started. A page visitors share is not in their page
 *   cache yet, so it is rendered; a search runs cold (its totals and matches not remembered yet);
 * - `again`: the next answer. A page visitors share now comes from their page cache (0 reads); a
 *   rendered page (`Cache-Control: no-cache`, or signed in) is rendered again, a search warm.
 * The read targets judge `first` where a page may be cold and `again` where it is warm.
 */
import { parseCounts, type StoreCounts } from "#app/.server/store/counting";
import type { Target } from "./bench-targets";

export type PageCounts = { first: StoreCounts | null; again: StoreCounts | null };

/** One request's counts, from its `X-Store-Use` header (null when the server sends none). */
export async function countsOf(url: string, init: RequestInit = {}): Promise<{ status: number; counts: StoreCounts | null }> {
  const response = await fetch(url, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return { status: response.status, counts: parseCounts(response.headers.get("X-Store-Use")) };
}

/** Every page asked twice, in order (see the top of this file); before the timed runs. */
export async function probeCounts(base: string, targets: Target[]): Promise<Map<string, PageCounts>> {
  const counted = new Map<string, PageCounts>();
  for (const target of targets) {
    const first = (await countsOf(base + target.path, { headers: target.headers })).counts;
    const again = (await countsOf(base + target.path, { headers: target.headers })).counts;
    counted.set(target.name, { first, again });
  }
  return counted;
}

/**
 * The most reads a page may cost (issue 47): [which pages, the most for the first answer (cold),
 * the most for the next (warm)]. A page visitors share is judged on its rendered answer: its
 * `first` (the page cache's answers cost nothing). The first rule that matches a page judges it.
 */
export const readGoals: Array<{ label: string; matches: (name: string) => boolean; first: number; again: number }> = [
  { label: "home", matches: (name) => name.startsWith("home"), first: 30, again: 30 },
  { label: "search", matches: (name) => name.startsWith("search"), first: 60, again: 30 },
  { label: "booking summary", matches: (name) => name.startsWith("booking summary"), first: 20, again: 20 },
  { label: "signed-in pages", matches: (name) => name.includes("signed in") || name.startsWith("admin"), first: 40, again: 40 },
  { label: "boat page", matches: (name) => name.startsWith("boat page"), first: 15, again: 15 },
];
/** A booking confirmation (an instant booking's POST through the summary's action). */
export const CONFIRMATION_GOAL = { reads: 25, writes: 15 };

export type ReadVerdict = { name: string; label: string; first: number | null; again: number | null; limits: [number, number]; met: boolean };

/** Each counted page against its goal (pages without a goal, or without counts, are left out). */
export function judgeReads(counted: ReadonlyMap<string, PageCounts>): ReadVerdict[] {
  const verdicts: ReadVerdict[] = [];
  for (const [name, { first, again }] of counted) {
    const goal = readGoals.find((g) => g.matches(name));
    if (!goal || (!first && !again)) continue;
    const f = first?.reads ?? null;
    const a = again?.reads ?? null;
    const met = (f === null || f <= goal.first) && (a === null || a <= goal.again);
    verdicts.push({ name, label: goal.label, first: f, again: a, limits: [goal.first, goal.again], met });
  }
  return verdicts;
}

/** `12 / 0` (first / again) as the page table shows reads, `–` without a header. */
export const readsCell = (counts: PageCounts | undefined) =>
  counts?.first || counts?.again ? `${counts.first?.reads ?? "–"}/${counts.again?.reads ?? "–"}` : "–";
/** `w/q/t` of the next answer (the first's when the next has none). */
export const restCell = (counts: PageCounts | undefined) => {
  const c = counts?.again ?? counts?.first;
  return c ? `${c.writes}/${c.queries}/${c.transactions}` : "–";
};

/**
 * Prints the read targets' verdicts (and the confirmation's) and answers whether all were met;
 * the bench exits with status 1 when one is not.
 */
type Answer = { status: number; counts: StoreCounts | null };
export function printReadVerdicts(counted: ReadonlyMap<string, PageCounts>, confirmations?: { first: Answer; second: Answer }): boolean {
  const verdicts = judgeReads(counted);
  const booked = confirmations ? [confirmations.first, confirmations.second].every((c) => c.status === 303) : true;
  const confirmation = confirmations && booked ? confirmations.second.counts : null;
  if (verdicts.length === 0 && !confirmation) {
    console.log("Store reads: no X-Store-Use header in the answers (the server does not count; STORE_COUNTING=true)");
    return true;
  }
  let allMet = true;
  for (const label of new Set(verdicts.map((v) => v.label))) {
    const own = verdicts.filter((v) => v.label === label);
    const [first, again] = own[0]!.limits;
    const failed = own.filter((v) => !v.met);
    allMet &&= failed.length === 0;
    const limit = first === again ? `≤ ${first} reads` : `≤ ${first} reads cold (first answer), ≤ ${again} warm (next)`;
    const worst = `first ${Math.max(...own.map((v) => v.first ?? 0))}, next ${Math.max(...own.map((v) => v.again ?? 0))}`;
    console.log(
      `Target ${label}: ${limit} → most ${worst}: ` +
        (failed.length === 0 ? "met" : `NOT met by ${failed.map((v) => `${v.name} (${v.first ?? "–"}/${v.again ?? "–"})`).join(", ")}`),
    );
  }
  if (confirmations && !booked) console.log(`The booking confirmations counted answered ${confirmations.first.status} and ${confirmations.second.status}, not 303: not judged`);
  if (confirmations && confirmation) {
    const first = confirmations.first.counts;
    if (first) console.log(`The run's first booking confirmation: ${first.reads} reads, ${first.writes} writes, ${first.queries} queries (with the page cache's pruned invalidations when a minute has gone by)`);
    const met = confirmation.reads <= CONFIRMATION_GOAL.reads && confirmation.writes <= CONFIRMATION_GOAL.writes;
    allMet &&= met;
    console.log(
      `Target booking confirmation (the second in a row): ≤ ${CONFIRMATION_GOAL.reads} reads and ≤ ${CONFIRMATION_GOAL.writes} writes → ` +
        `${confirmation.reads} reads, ${confirmation.writes} writes, ${confirmation.queries} queries, ${confirmation.transactions} transactions: ${met ? "met" : "NOT met"}`,
    );
  }
  return allMet;
}
