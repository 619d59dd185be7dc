/** Cases (gestiones): service requests the team works to the end. The folder's only door. */
export {
  acceptedQuote,
  CASE_TRANSITIONS,
  CaseError,
  documentsOutstanding,
  isQuoteExpired,
  madridDay,
  pendingQuote,
  QUOTE_LIMITS,
  quoteInvoiceId,
  QUOTE_STEPS,
  STEP_REQUIREMENTS,
  UNQUOTED_TYPES,
  caseStatuses,
  caseTypes,
  isCaseError,
  isCaseId,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  OPEN_STATUSES,
  procedureTypes,
  searchTokens,
  serviceTypes,
  type Case,
  type CaseContact,
  type CaseDocument,
  type CaseErrorCode,
  type CaseQuote,
  type CaseStatus,
  type CaseType,
} from "./model";
export { checkDocument, cleanName, type DocumentUpload } from "./documents";
export { CASES_PAGE_SIZE, createCasesService, type CaseEvent, type CaseFilters, type CasesService, type Viewer } from "./service";
export { createCaseNotifier } from "./notifications";
export { CLAIM_LINK_DAYS, signClaim, type ClaimOutcome } from "./claims";
