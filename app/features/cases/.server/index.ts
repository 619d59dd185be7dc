/**
 * Cases (gestiones): service requests the team works to the end. The folder's only door. The
 * lifecycle's constants (statuses, types, steps, quote limits) have theirs in `#app/features/cases/cases`,
 * shared with the pages: one door per feature for its constants, not re-exported here.
 */
export {
  acceptedQuote,
  CaseError,
  documentsOutstanding,
  isQuoteExpired,
  madridDay,
  pendingQuote,
  quoteInvoiceId,
  refundable,
  isCaseError,
  isCaseId,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  searchTokens,
  type Case,
  type CaseContact,
  type CaseDocument,
  type CaseErrorCode,
  type CaseQuote,
  type CaseStatus,
  type CaseType,
  type QuotePayment,
  type QuoteRefund,
} from "./model";
export { checkDocument, cleanName, type DocumentUpload } from "./documents";
export { caseReferenceCandidate, normalizeCaseReference } from "./reference";
export type { PaidQuote } from "./quote-money-activity";
export { CASES_PAGE_SIZE, createCasesService, type CaseEvent, type CaseFilters, type CasesService, type TeamMember, type Viewer } from "./service";
export { createCaseNotifier } from "./notifications";
export { CLAIM_LINK_DAYS, signClaim, type ClaimOutcome } from "./claims";
// Used by server code outside the feature.
export { documentKey } from "./documents";
