import { createHandoverContext, type HandoverDeps } from "./context";
import * as reads from "./reads";
import { answer, licenceAsked, record } from "./recording";
import { bindTo } from "#app/.server/domain/operations";

/**
 * Check-in and check-out (decision 032). One side records the boat's state (photos, fuel,
 * engine hours, notes) at handover — from the trip's first day in the listing's time zone — and at
 * return, after check-in, both until the deposit's claim window closes; the other
 * side confirms or disputes it with a note. A clean check-out (confirmed, no damage noted by the
 * owner) releases the deposit at once through the bookings' `releaseDeposit` (the ledger's path).
 *
 * Records are created with `create` (of two check-ins at once, one is written) and answered
 * behind a marker created first (`handover_answers/{recordId}`): of two answers at once exactly
 * one is kept, on every store; answers to the two records are separate documents, so neither is lost.
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): recording and answering (`recording.ts`), the reads and what a side may do now
 * (`reads.ts`), on the rules in `rules.ts`.
 */
export function createHandoverService(deps: HandoverDeps) {
  const ctx = createHandoverContext(deps);
  const bind = bindTo(ctx);
  return {
    record: bind(record),
    answer: bind(answer),
    forBooking: bind(reads.forBooking),
    offer: bind(reads.offer),
    checkOutEvidence: bind(reads.checkOutEvidence),
    photo: bind(reads.photo),
    licenceAsked: bind(licenceAsked),
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
