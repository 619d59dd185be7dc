/**
 * Closing a claim, exactly once: the team's decision (part of the deposit to the owner, the rest
 * released) or the owner's withdrawal (all of it released). The booking's ledger moves the money;
 * the closing marker (`closing` in context.ts) makes two closings at once end with one.
 */
import { isBookingError } from "../bookings";
import { change, closing, entry, read, text, type DepositsContext } from "./context";
import { DepositError, type DepositClaim } from "./model";

export type DecisionInput = { keptCents: number; note: string };

/**
 * The team decides an open claim: `keptCents` (0 to the amount claimed) goes to the owner,
 * the rest of the deposit is released, with a note both people read.
 */
export async function decide(ctx: DepositsContext, adminUid: string, bookingId: string, input: DecisionInput): Promise<DepositClaim> {
  const claim = await read(ctx, bookingId);
  if (!claim) throw new DepositError("not-found");
  if (claim.status !== "open") throw new DepositError("not-open");
  const kept = input.keptCents;
  if (!Number.isInteger(kept) || kept < 0) throw new DepositError("invalid", "kept", "required");
  if (kept > claim.amountCents) throw new DepositError("invalid", "kept", "over-claim");
  const note = text(input.note, "note", true);
  await closing(ctx, bookingId, adminUid, "decide", async () => {
    try {
      await ctx.bookings.settleDeposit(bookingId, kept);
    } catch (error) {
      // The money moved already (another decision or a withdrawal), or not yet (the claim is being filed).
      if (isBookingError(error, "invalid-transition")) throw new DepositError("not-open");
      throw error;
    }
  });
  const iso = ctx.now().toISOString();
  return change(ctx, bookingId, (doc) => ({ status: "decided", decision: { keptCents: kept, by: adminUid, at: iso, note }, history: [...doc.history, entry("admin", adminUid, "decide", iso)], updatedAt: iso }), false);
}

/** The owner lets the claim go: the whole deposit is released now. */
export async function withdraw(ctx: DepositsContext, ownerUid: string, bookingId: string): Promise<DepositClaim> {
  const claim = await read(ctx, bookingId);
  if (!claim || claim.ownerUid !== ownerUid) throw new DepositError("not-found");
  if (claim.status !== "open") throw new DepositError("not-open");
  await closing(ctx, bookingId, ownerUid, "withdraw", async () => {
    try {
      await ctx.bookings.withdrawDepositClaim(bookingId, ownerUid);
    } catch (error) {
      if (isBookingError(error, "invalid-transition")) throw new DepositError("not-open");
      if (isBookingError(error, "not-found")) throw new DepositError("not-found");
      throw error;
    }
  });
  const iso = ctx.now().toISOString();
  return change(ctx, bookingId, (doc) => ({ status: "withdrawn", history: [...doc.history, entry("owner", ownerUid, "withdraw", iso)], updatedAt: iso }), false);
}
