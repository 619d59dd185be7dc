/** Deposit claims: the owner's claim, the renter's answer, the team's decision. The folder's only door (its limits are `#app/utils/deposits`'s, shared with the pages). */
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
export { canClaim, claimWindowEnd, createDepositsService, type AnswerInput, type CheckOutEvidence, type ClaimInput, type DecisionInput, type DepositsService, type Viewer } from "./service";
