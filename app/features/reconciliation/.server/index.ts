/** The daily reconciliation of the bookings' ledger and the paid quotes with the payments provider (decision 053). The folder's only door. */
export { compareBooking, type BookingComparison, type ProviderFacts } from "./compare";
export { compareQuote, type QuoteFacts } from "./compare-quote";
export { createTeamNotifier } from "./email";
export {
  MAX_BOOKINGS,
  RECONCILIATION_CHECK_MS,
  RECONCILIATION_LOCK,
  RECONCILIATION_RUNS,
  RUNS_KEPT,
  WINDOW_DAYS,
  type BookingDifference,
  type Difference,
  type DifferenceKind,
  type QuoteDifference,
  type ReconciledObject,
  type ReconciliationRun,
  type RunStarter,
} from "./model";
export { createReconciliationService, type ReconciliationDeps, type ReconciliationService, type RunOutcome } from "./service";
