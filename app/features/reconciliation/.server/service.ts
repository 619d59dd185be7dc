import type { Booking } from "#app/features/bookings/.server";
import type { PaymentRecords, ProviderRefund, ProviderTransfer } from "#app/.server/payments";
import { newDocumentId, type DocumentStore } from "#app/.server/store";
import type { PaidQuote } from "#app/features/cases/.server";
import { compareBooking, type BookingComparison, type ProviderFacts } from "./compare";
import { compareQuote } from "./compare-quote";
import { LOCK_ID, LOCK_STALE_MS, MAX_BOOKINGS, MAX_DIFFERENCES, RECONCILIATION_LOCK, RECONCILIATION_RUNS, RUNS_KEPT, WINDOW_DAYS, type ReconciliationRun, type RunStarter } from "./model";

/**
 * The daily reconciliation (decision 053): the bookings whose money went through the provider and
 * changed in the last WINDOW_DAYS days (plus those the last run found different), each compared
 * with what the provider holds (`compare.ts`), and the paperwork quotes paid through it likewise
 * (`compare-quote.ts`), the differences stored as a run and emailed to the
 * team. Nothing is corrected. One run at a time across servers (a claim in the store), the
 * scheduler's at most once a day (its run's id is the day's).
 */
export type ReconciliationDeps = {
  store: DocumentStore;
  /** Null without a provider that moves money: nothing to compare. */
  records: PaymentRecords | null;
  bookings: { moneyActivity(input: { since: string; ids?: readonly string[]; limit: number }): Promise<{ bookings: Booking[]; more: boolean }> };
  /** The paperwork quotes paid through the provider (absent: none compared). */
  cases?: { quoteMoneyActivity(input: { since: string; ids?: readonly string[]; limit: number }): Promise<{ quotes: PaidQuote[]; more: boolean }> };
  /** Tells the team about a run's differences (only called when there are some). */
  notifyTeam(run: ReconciliationRun): Promise<ReconciliationRun["email"]>;
  now?: () => Date;
};

export type RunOutcome =
  | { outcome: "done"; run: ReconciliationRun }
  /** Another run holds the claim. */
  | { outcome: "busy" }
  /** The scheduler's run of this day was made already. */
  | { outcome: "already" }
  /** No provider moves money: nothing to compare. */
  | { outcome: "unavailable" };

type Lock = { runId: string; at: string };

/** Bookings read from the provider at once. */
const PARALLEL = 4;
const DAY_MS = 86_400_000;

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (text.split("\n", 1)[0] ?? "").slice(0, 300);
}

export function createReconciliationService(deps: ReconciliationDeps) {
  const { store, records } = deps;
  const now = deps.now ?? (() => new Date());

  /** Takes the claim (and, for the scheduler, the day): the new run's id, or why not. */
  async function claim(by: RunStarter, at: Date): Promise<{ id: string } | "busy" | "already"> {
    return store.runTransaction(async (tx) => {
      const lock = await tx.get<Lock>(RECONCILIATION_LOCK, LOCK_ID);
      const dayId = by.kind === "scheduler" ? `day-${by.day}` : null;
      const day = dayId ? await tx.get<ReconciliationRun>(RECONCILIATION_RUNS, dayId) : null;
      if (day?.state === "done") return "already";
      // A day's run that failed, or stopped with its server (its claim gone stale), is made again.
      if (lock && at.getTime() - Date.parse(lock.at) < LOCK_STALE_MS) return lock.runId === dayId ? "already" : "busy";
      const stopped = lock ? await tx.get<ReconciliationRun>(RECONCILIATION_RUNS, lock.runId) : null;
      const id = dayId ?? `run-${newDocumentId()}`;
      if (stopped?.state === "running") tx.update(RECONCILIATION_RUNS, lock!.runId, { state: "failed", error: "stopped before it finished (its server stopped)", finishedAt: at.toISOString() });
      const since = new Date(at.getTime() - WINDOW_DAYS * DAY_MS).toISOString();
      const run: Omit<ReconciliationRun, "id"> = {
        state: "running",
        by,
        startedAt: at.toISOString(),
        finishedAt: null,
        since,
        windowDays: WINDOW_DAYS,
        bookings: 0,
        quotes: 0,
        more: false,
        objects: 0,
        manual: 0,
        inFlight: 0,
        unread: 0,
        error: null,
        ledger: { capturedCents: 0, refundedCents: 0, transferredCents: 0 },
        stripe: { capturedCents: 0, refundedCents: 0, transferredCents: 0, feeCents: 0 },
        differences: [],
        differencesMore: 0,
        email: "none",
      };
      tx.set(RECONCILIATION_LOCK, LOCK_ID, { runId: id, at: at.toISOString() } satisfies Lock);
      tx.set(RECONCILIATION_RUNS, id, run);
      return { id };
    });
  }

  /** Lets the claim go, if it is still this run's. */
  async function release(runId: string) {
    await store.runTransaction(async (tx) => {
      const lock = await tx.get<Lock>(RECONCILIATION_LOCK, LOCK_ID);
      if (lock?.runId === runId) tx.delete(RECONCILIATION_LOCK, LOCK_ID);
    });
  }

  /** What the provider holds for one booking: its payments, their refunds, its transfers, and what the ledger names elsewhere. */
  async function factsOf(source: PaymentRecords, booking: Booking): Promise<ProviderFacts> {
    const depositReference = booking.money.lines.find((l) => l.id === "deposit")?.reference ?? null;
    const [payment, deposit, transfers] = await Promise.all([
      booking.money.reference ? source.payment(booking.money.reference) : null,
      depositReference ? source.payment(depositReference) : null,
      source.transfersOf(booking.id),
    ]);
    const refunds = (await Promise.all([payment, deposit].filter((p) => p !== null).map((p) => source.refundsOf(p.reference)))).flat();
    const listed = new Set([...refunds, ...transfers].map((o) => o.reference));
    const named = booking.money.lines.filter((l) => l.reference && !listed.has(l.reference) && l.op === null);
    const [otherRefunds, otherTransfers] = await Promise.all([
      Promise.all(named.filter((l) => l.kind === "refund").map((l) => source.refund(l.reference!))),
      Promise.all(named.filter((l) => l.kind === "payout" && !l.reference!.startsWith("manual_")).map((l) => source.transfer(l.reference!))),
    ]);
    return {
      payment,
      deposit,
      refunds,
      transfers,
      elsewhere: { refunds: otherRefunds.filter((r): r is ProviderRefund => r !== null), transfers: otherTransfers.filter((t): t is ProviderTransfer => t !== null) },
    };
  }

  /** What the provider holds for a paid quote: its PaymentIntent, its refunds, and the ones the quote names that the list lacks. */
  async function quoteFactsOf(source: PaymentRecords, paid: PaidQuote) {
    const reference = paid.quote.payment!.reference!;
    const [payment, refunds] = await Promise.all([source.payment(reference), source.refundsOf(reference)]);
    const listed = new Set(refunds.map((r) => r.reference));
    const named = (paid.quote.refunds ?? []).filter((r) => r.state === "done" && r.reference && !listed.has(r.reference));
    const elsewhere = await Promise.all(named.map((r) => source.refund(r.reference!)));
    return { payment, refunds, elsewhere: elsewhere.filter((r): r is ProviderRefund => r !== null) };
  }

  /** Compares the bookings and the paid quotes, and fills the run in (not stored yet). */
  async function compare(source: PaymentRecords, run: ReconciliationRun): Promise<ReconciliationRun> {
    const previous = await lastFinished();
    const flagged = (key: "bookingId" | "caseId") => [...new Set((previous?.differences ?? []).flatMap((d) => (d[key] ? [d[key]] : [])))];
    const [{ bookings, more }, quotes] = await Promise.all([
      deps.bookings.moneyActivity({ since: run.since, ids: flagged("bookingId"), limit: MAX_BOOKINGS }),
      deps.cases ? deps.cases.quoteMoneyActivity({ since: run.since, ids: flagged("caseId"), limit: MAX_BOOKINGS }) : { quotes: [], more: false },
    ]);
    const next: ReconciliationRun = { ...run, bookings: bookings.length, quotes: quotes.quotes.length, more: more || quotes.more };
    const tasks: Array<{ id: string; compare: () => Promise<BookingComparison> }> = [
      ...bookings.map((booking) => ({ id: booking.id, compare: async () => compareBooking(booking, await factsOf(source, booking)) })),
      ...quotes.quotes.map((paid) => ({ id: `${paid.caseId} #${paid.quote.n}`, compare: async () => compareQuote(paid, await quoteFactsOf(source, paid)) })),
    ];
    const differences: ReconciliationRun["differences"] = [];
    let index = 0;
    const worker = async () => {
      while (index < tasks.length) {
        const task = tasks[index++]!;
        let result: BookingComparison;
        try {
          result = await task.compare();
        } catch (error) {
          next.unread++;
          next.error ??= `${task.id}: ${firstLine(error)}`;
          continue;
        }
        differences.push(...result.differences);
        next.objects += result.objects;
        next.manual += result.manual;
        next.inFlight += result.inFlight;
        for (const key of ["capturedCents", "refundedCents", "transferredCents"] as const) {
          next.ledger[key] += result.ledger[key];
          next.stripe[key] += result.stripe[key];
        }
        next.stripe.feeCents += result.stripe.feeCents;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    // Bookings first, then quotes (by case and number); within each, by line and reference.
    const subject = (d: ReconciliationRun["differences"][number]) => (d.caseId ? `2:${d.caseId}:${String(d.quoteN).padStart(4, "0")}` : `1:${d.bookingId}`);
    differences.sort((a, b) => subject(a).localeCompare(subject(b)) || (a.line ?? "~").localeCompare(b.line ?? "~") || (a.reference ?? "").localeCompare(b.reference ?? ""));
    next.differences = differences.slice(0, MAX_DIFFERENCES);
    next.differencesMore = Math.max(0, differences.length - MAX_DIFFERENCES);
    // Everything unread (the provider did not answer): the run failed, its silence means nothing.
    next.state = next.unread > 0 && next.unread === tasks.length ? "failed" : "done";
    return next;
  }

  /** Removes the runs beyond RUNS_KEPT, oldest first. */
  async function prune() {
    const count = await store.count({ collection: RECONCILIATION_RUNS });
    if (count <= RUNS_KEPT) return;
    const oldest = await store.query<ReconciliationRun>({ collection: RECONCILIATION_RUNS, orderBy: [["startedAt", "asc"]], limit: count - RUNS_KEPT });
    await Promise.all(oldest.map((doc) => store.delete(RECONCILIATION_RUNS, doc.id)));
  }

  async function run(by: RunStarter): Promise<RunOutcome> {
    if (!records) return { outcome: "unavailable" };
    const at = now();
    const claimed = await claim(by, at);
    if (claimed === "busy" || claimed === "already") return { outcome: claimed };
    const started = (await store.get<ReconciliationRun>(RECONCILIATION_RUNS, claimed.id))!;
    let finished: ReconciliationRun;
    try {
      finished = await compare(records, started);
    } catch (error) {
      finished = { ...started, state: "failed", error: firstLine(error) };
    }
    finished.finishedAt = now().toISOString();
    const { id: _id, ...stored } = finished;
    await store.set(RECONCILIATION_RUNS, claimed.id, stored);
    await release(claimed.id);
    if (finished.state === "done" && finished.differences.length > 0) {
      finished.email = await deps.notifyTeam(finished).catch((error: unknown) => {
        console.error("[reconciliation] telling the team failed:", error);
        return "failed" as const;
      });
      await store.update(RECONCILIATION_RUNS, claimed.id, { email: finished.email });
    }
    await prune().catch((error: unknown) => console.error("[reconciliation] removing old runs failed:", error));
    return { outcome: "done", run: finished };
  }

  async function lastFinished(): Promise<ReconciliationRun | null> {
    const recent = await store.query<ReconciliationRun>({ collection: RECONCILIATION_RUNS, orderBy: [["startedAt", "desc"]], limit: 5 });
    return recent.find((r) => r.state !== "running") ?? null;
  }

  return {
    /** Whether there is anything to compare (a provider that moves money). */
    available: records !== null,
    /** A run now, started by a team member (`busy` while another is under way). */
    runNow: (admin: { uid: string; name: string | null }) => run({ kind: "admin", uid: admin.uid, name: admin.name }),
    /**
     * The scheduler's run of the day (UTC), at most once across servers: `already` once it is
     * made, `busy` while another run holds the claim (the next pass tries again). Throws when the
     * run failed, so the scheduler's record shows it.
     */
    async runDaily(): Promise<RunOutcome> {
      const result = await run({ kind: "scheduler", day: now().toISOString().slice(0, 10) });
      if (result.outcome === "done" && result.run.state === "failed") throw new Error(`the reconciliation failed: ${result.run.error ?? "unknown error"}`);
      return result;
    },
    /** The last finished run (done or failed), or null before the first. */
    lastFinished,
    /** Whether a run holds the claim now (a fresh one). */
    async underWay(): Promise<boolean> {
      const lock = await store.get<Lock>(RECONCILIATION_LOCK, LOCK_ID);
      return lock !== null && now().getTime() - Date.parse(lock.at) < LOCK_STALE_MS;
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
