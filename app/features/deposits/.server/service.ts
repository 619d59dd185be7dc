import { createDepositsContext, type DepositsDeps } from "./context";
import { decide, withdraw } from "./closing";
import { answer, claim } from "./filing";
import * as reads from "./reads";
import * as repair from "./repair";
import { bindTo } from "#app/.server/domain/operations";

/**
 * Deposit claims (docs/PRODUCT.md: the owner may claim part of the deposit within 48 hours of the
 * end, with a reason, an amount and photos; the renter answers; the team decides). The booking's
 * ledger is the lock on the money: `bookings.claimDeposit` moves the deposit line to `disputed`
 * only from a held deposit inside the window, and `settleDeposit`/`withdrawDepositClaim` move it on
 * only from `disputed`, each in its own transaction — so of a decision and a withdrawal made at
 * once, or two decisions, exactly one moves the money and the other is told the claim is closed.
 * Nothing else releases a `disputed` deposit (`releaseDeposit`, the clean check-out's and the 48
 * hours' path, refuses it: issue 43).
 * Emails are the bookings' own (deposit-claimed, -settled, -released).
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): the owner's claim and the renter's answer (`filing.ts`), the team's decision and
 * the owner's withdrawal (`closing.ts`), and the reads (`reads.ts`).
 */
export function createDepositsService(deps: DepositsDeps) {
  const ctx = createDepositsContext(deps);
  const bind = bindTo(ctx);
  return {
    claim: bind(claim),
    answer: bind(answer),
    decide: bind(decide),
    withdraw: bind(withdraw),
    forBooking: bind(reads.forBooking),
    listOpen: bind(reads.listOpen),
    countOpen: bind(reads.countOpen),
    photo: bind(reads.photo),
    stuckClosings: bind(repair.stuck),
    finishClosing: bind(repair.finish),
    finishStuckClosings: bind(repair.finishStuck),
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
