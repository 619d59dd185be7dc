/** Deposit claims: the owner's claim, the renter's answer, the team's decision. The folder's only door (its limits are `#app/features/deposits/deposits`'s, shared with the pages). */
export {
  claimStatuses,
  DEPOSIT_CLAIMS,
  DepositError,
  isDepositError,
  type ClaimEvidence,
  type ClaimPhoto,
  type ClaimStatus,
  type DepositClaim,
  type DepositErrorCode,
  type DepositField,
} from "./model";
export { createDepositsService, type DepositsService } from "./service";
export { type CheckOutEvidence, type DepositsDeps, type Viewer } from "./context";
export { canClaim, claimWindowEnd, type AnswerInput, type ClaimInput } from "./filing";
export { type DecisionInput } from "./closing";
export { DEPOSIT_CLOSINGS_CHECK_MS, SCHEDULER, STUCK_AFTER_MS, type FinishOutcome, type StuckClaim, type StuckPass } from "./repair";
// Used by server code outside the feature.
export { claimPhotoKey } from "./photos";
