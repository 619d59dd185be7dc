/**
 * Claims stuck half-way through their closing (decision 025's consequences): the closing marker
 * was created but the server stopped before the claim's status was written — before the ledger
 * moved (the deposit still `disputed`) or after (the money settled, the claim still `open`).
 * Nobody can close such a claim (every closing is told it is closed), so the scheduler finishes
 * it (`finishStuck`, issue 46), and the team from /admin/operaciones what the scheduler leaves,
 * with the domain's own steps: the ledger's move (only from `disputed`, so never twice) as the
 * marker says, the provider calls and the email still owed, then the claim's status from what
 * the ledger holds.
 */
import { isStoreError } from "#app/.server/store";
import { isBookingError, lineOf } from "#app/features/bookings/.server";
import { change, entry, read, type ClosingMarker, type DepositsContext } from "./context";
import { DEPOSIT_CLAIM_CLOSINGS as CLOSINGS, isDepositError, type DepositClaim } from "./model";
import { listOpen } from "./reads";

/** A marker older than this on an open claim is a closing that stopped (a live one takes well under a second). */
export const STUCK_AFTER_MS = 5 * 60_000;
/** How often the scheduler looks for stuck closings: one is finished within STUCK_AFTER_MS and a minute. */
export const DEPOSIT_CLOSINGS_CHECK_MS = 60_000;
/** Finishing a claim takes this lock first, so two presses at once finish it once. */
export const DEPOSIT_CLAIM_REPAIRS = "deposit_claim_repairs";

export type StuckClaim = {
  bookingId: string;
  listingId: string;
  ownerUid: string;
  renterUid: string;
  amountCents: number;
  depositCents: number;
  kind: ClosingMarker["kind"];
  /** The amount the stopped decision was to keep (null for a withdrawal, or a marker without it). */
  keptCents: number | null;
  markedAt: string;
  /** Whether the ledger moved already (only the claim's status is left to write). */
  moneyMoved: boolean;
};

export type FinishOutcome =
  | { outcome: "finished"; status: "decided" | "withdrawn"; keptCents: number }
  /** A decision's marker without its amount (written before issue 45): removed, the team decides again. */
  | { outcome: "reopened" }
  | { outcome: "not-found" }
  /** Not stuck: no marker, a closing under way, or the claim closed (finished already). */
  | { outcome: "not-stuck" };

const isStale = (ctx: DepositsContext, at: string) => Date.parse(at) <= ctx.now().getTime() - STUCK_AFTER_MS;

async function depositState(ctx: DepositsContext, claim: DepositClaim) {
  const money = (await ctx.bookings.getFor(claim.bookingId, claim.ownerUid))?.booking.money;
  return { deposit: money ? lineOf(money, "deposit") : undefined, kept: money ? (lineOf(money, "claim")?.amountCents ?? 0) : 0 };
}

/** The open claims with a closing marker older than STUCK_AFTER_MS, oldest claim first: the open claims, then their markers in one read. */
async function stale(ctx: DepositsContext): Promise<Array<{ claim: DepositClaim; marker: ClosingMarker }>> {
  const open = await listOpen(ctx);
  const markers = open.length ? await ctx.store.getMany<ClosingMarker>(CLOSINGS, open.map((claim) => claim.bookingId)) : [];
  return open.flatMap((claim, i) => {
    const marker = markers[i];
    return marker && isStale(ctx, marker.at) ? [{ claim, marker }] : [];
  });
}

/** Open claims whose closing marker is older than STUCK_AFTER_MS, oldest claim first. */
export async function stuck(ctx: DepositsContext): Promise<StuckClaim[]> {
  const found: StuckClaim[] = [];
  for (const { claim, marker } of await stale(ctx)) {
    const { deposit } = await depositState(ctx, claim);
    found.push({
      bookingId: claim.bookingId,
      listingId: claim.listingId,
      ownerUid: claim.ownerUid,
      renterUid: claim.renterUid,
      amountCents: claim.amountCents,
      depositCents: claim.depositCents,
      kind: marker.kind,
      keptCents: marker.kind === "decide" && typeof marker.keptCents === "number" ? marker.keptCents : null,
      markedAt: marker.at,
      moneyMoved: deposit?.state !== "disputed",
    });
  }
  return found;
}

/** Takes the finishing lock (a stale one, left by a finish that stopped, is taken over). */
async function lock(ctx: DepositsContext, bookingId: string, by: string): Promise<boolean> {
  const at = ctx.now().toISOString();
  try {
    await ctx.store.create(DEPOSIT_CLAIM_REPAIRS, bookingId, { by, at });
    return true;
  } catch (error) {
    if (!isStoreError(error, "already-exists")) throw error;
    const held = await ctx.store.get<{ at: string }>(DEPOSIT_CLAIM_REPAIRS, bookingId);
    if (held && !isStale(ctx, held.at)) return false;
    await ctx.store.delete(DEPOSIT_CLAIM_REPAIRS, bookingId);
    return lock(ctx, bookingId, by);
  }
}

/**
 * Finishes a stuck claim as its marker says: a withdrawal releases the deposit, a decision keeps
 * its amount; money already moved is not moved again (the ledger moves a deposit only from
 * `disputed`). The claim then reads what the ledger holds. Pressing it again: `not-stuck`.
 */
export function finish(ctx: DepositsContext, adminUid: string, bookingId: string): Promise<FinishOutcome> {
  // With `reopen`, never `needs-team`.
  return finishAs(ctx, adminUid, bookingId, { reopen: true }) as Promise<FinishOutcome>;
}

/**
 * The one finishing path, the team's (`finish`) and the scheduler's (`finishStuck`): a decision's
 * marker without its amount is reopened for the team (`reopen`) or left to it (`needs-team`).
 * Once the ledger has moved — by this finish or before the stop — the provider calls still owed
 * are made and the closing's email sent, both once (`bookings.finishDepositMove`: keyed calls,
 * keyed emails), before the claim's status is written.
 */
async function finishAs(ctx: DepositsContext, by: string, bookingId: string, options: { reopen: boolean }): Promise<FinishOutcome | { outcome: "needs-team" }> {
  const claim = await read(ctx, bookingId);
  if (!claim) return { outcome: "not-found" };
  if (claim.status !== "open") return { outcome: "not-stuck" };
  const marker = await ctx.store.get<ClosingMarker>(CLOSINGS, bookingId);
  if (!marker || !isStale(ctx, marker.at)) return { outcome: "not-stuck" };
  if (!(await lock(ctx, bookingId, by))) return { outcome: "not-stuck" };
  try {
    const before = await depositState(ctx, claim);
    let movedHere = false;
    if (before.deposit?.state === "disputed") {
      if (marker.kind === "decide" && typeof marker.keptCents !== "number") {
        if (!options.reopen) return { outcome: "needs-team" };
        await ctx.store.delete(CLOSINGS, bookingId);
        return { outcome: "reopened" };
      }
      try {
        if (marker.kind === "withdraw") await ctx.bookings.withdrawDepositClaim(bookingId, claim.ownerUid);
        else await ctx.bookings.settleDeposit(bookingId, marker.keptCents!);
        // Moved here: the provider calls and the email went with it.
        movedHere = true;
      } catch (error) {
        // Moved meanwhile by another hand: what the ledger holds now is the outcome.
        if (!isBookingError(error, "invalid-transition")) throw error;
      }
    }
    const after = await depositState(ctx, claim);
    if (after.deposit?.state === "disputed") return { outcome: "not-stuck" };
    // Moved before the stop: what the stopped closing still owed (its provider calls, its email), once.
    if (!movedHere) await ctx.bookings.finishDepositMove(bookingId, marker.at);
    const status = marker.kind === "withdraw" ? "withdrawn" : "decided";
    const iso = ctx.now().toISOString();
    try {
      await change(ctx, bookingId, (doc) => ({
        status,
        ...(status === "decided" ? { decision: { keptCents: after.kept, by: marker.by, at: marker.at, note: marker.note ?? "" } } : {}),
        history: [...doc.history, entry(marker.kind === "withdraw" ? "owner" : "admin", marker.by, marker.kind, marker.at)],
        closingFinished: { by, at: iso },
        updatedAt: iso,
      }));
    } catch (error) {
      if (isDepositError(error, "not-open")) return { outcome: "not-stuck" };
      throw error;
    }
    return { outcome: "finished", status, keptCents: after.kept };
  } finally {
    await ctx.store.delete(DEPOSIT_CLAIM_REPAIRS, bookingId).catch(() => undefined);
  }
}

/** Who finished a claim the scheduler finished (`closingFinished.by`): no person. */
export const SCHEDULER = "scheduler";

export type StuckPass = { finished: number; needsTeam: number };

/**
 * The scheduler's pass (`deposit-closings`, on every server): finishes every open claim whose
 * marker is older than STUCK_AFTER_MS, as the team's button would, recorded as the scheduler's.
 * Idempotent — a claim finished (by another server, or a press) is `not-stuck`, and the finishing
 * lock lets one of two at once through. Bounded: the open claims (at most 200, `listOpen`) and
 * one marker read each. A pre-issue-45 marker without its amount is left to the team (listed on
 * /admin/operaciones). A claim that fails (its provider call, say) is tried on the next pass; the
 * pass then fails naming how many, so the operations page shows it.
 */
export async function finishStuck(ctx: DepositsContext): Promise<StuckPass> {
  const pass: StuckPass = { finished: 0, needsTeam: 0 };
  let failed = 0;
  for (const { claim } of await stale(ctx)) {
    try {
      const done = await finishAs(ctx, SCHEDULER, claim.bookingId, { reopen: false });
      if (done.outcome === "finished") pass.finished++;
      if (done.outcome === "needs-team") pass.needsTeam++;
    } catch (error) {
      failed++;
      console.error(`[deposits] finishing the closing of claim ${claim.bookingId} failed; the next pass tries again:`, error);
    }
  }
  if (failed > 0) throw new Error(`${failed} stuck deposit closing(s) could not be finished; the next pass tries again`);
  return pass;
}
