/**
 * Closing a claim, exactly once: the team's decision (part of the deposit to the owner, the rest
 * released) or the owner's withdrawal (all of it released). The booking's ledger moves the money;
 * the closing marker (`closing` in context.ts) makes two closings at once end with one.
 */
import { isBookingError, lineOf } from "#app/features/bookings/.server";
import { change, closing, entry, read, text, type DepositsContext } from "./context";
import { DepositError, type DepositClaim } from "./model";

export type DecisionInput = { keptCents: number; note: string };

/**
 * The team decides an open claim: `keptCents` (0 to the amount claimed) goes to the owner,
 * the rest of the deposit is released, with a note both people read. A claim whose deposit went
 * back before it was closed (`releasedBefore`) is decided with 0 and moves no money.
 */
export async function decide(ctx: DepositsContext, adminUid: string, bookingId: string, input: DecisionInput): Promise<DepositClaim> {
  const claim = await read(ctx, bookingId);
  if (!claim) throw new DepositError("not-found");
  if (claim.status !== "open") throw new DepositError("not-open");
  const kept = input.keptCents;
  if (!Number.isInteger(kept) || kept < 0) throw new DepositError("invalid", "kept", "required");
  if (kept > claim.amountCents) throw new DepositError("invalid", "kept", "over-claim");
  const note = text(input.note, "note", true);
  const releasedAt = await closing(ctx, bookingId, adminUid, "decide", async () => {
    try {
      await ctx.bookings.settleDeposit(bookingId, kept);
      return null;
    } catch (error) {
      // The money moved already (another decision or a withdrawal), or not yet (the claim is being filed)…
      if (!isBookingError(error, "invalid-transition")) throw error;
      // …or it went back before the claim was closed: nothing is left to keep.
      const before = await releasedBefore(ctx, claim);
      if (!before) throw new DepositError("not-open");
      if (kept > 0) throw new DepositError("invalid", "kept", "released");
      return before;
    }
  }, { keptCents: kept, note });
  const iso = ctx.now().toISOString();
  const decided = await change(
    ctx,
    bookingId,
    (doc) => ({ status: "decided", decision: { keptCents: kept, by: adminUid, at: iso, note }, ...(releasedAt ? { depositReleasedBefore: releasedAt } : {}), history: [...doc.history, entry("admin", adminUid, "decide", iso)], updatedAt: iso }),
    false,
  );
  await ctx.afterClosingStep("status", bookingId);
  return decided;
}

/** The owner lets the claim go: the whole deposit is released now (or was already: then no money moves). */
export async function withdraw(ctx: DepositsContext, ownerUid: string, bookingId: string): Promise<DepositClaim> {
  const claim = await read(ctx, bookingId);
  if (!claim || claim.ownerUid !== ownerUid) throw new DepositError("not-found");
  if (claim.status !== "open") throw new DepositError("not-open");
  const releasedAt = await closing(ctx, bookingId, ownerUid, "withdraw", async () => {
    try {
      await ctx.bookings.withdrawDepositClaim(bookingId, ownerUid);
      return null;
    } catch (error) {
      if (isBookingError(error, "not-found")) throw new DepositError("not-found");
      if (!isBookingError(error, "invalid-transition")) throw error;
      const before = await releasedBefore(ctx, claim);
      if (!before) throw new DepositError("not-open");
      return before;
    }
  });
  const iso = ctx.now().toISOString();
  const withdrawn = await change(ctx, bookingId, (doc) => ({ status: "withdrawn", ...(releasedAt ? { depositReleasedBefore: releasedAt } : {}), history: [...doc.history, entry("owner", ownerUid, "withdraw", iso)], updatedAt: iso }), false);
  await ctx.afterClosingStep("status", bookingId);
  return withdrawn;
}

/**
 * When the claim's deposit went back whole while the claim was open — what confirming a clean
 * check-out did before issue 43 (the claim then stayed open for good, its closing refused). Asked
 * behind the closing marker, so no other closing can have moved it: the deposit `released` at its
 * full amount with no part kept. Null for anything else.
 */
async function releasedBefore(ctx: DepositsContext, claim: DepositClaim): Promise<string | null> {
  const money = (await ctx.bookings.getFor(claim.bookingId, claim.ownerUid))?.booking.money;
  const deposit = money ? lineOf(money, "deposit") : undefined;
  if (!money || deposit?.state !== "released" || deposit.amountCents !== claim.depositCents || lineOf(money, "claim")) return null;
  return deposit.updatedAt;
}
