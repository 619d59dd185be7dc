/** Cases (gestiones): service requests the team works to the end. The folder's only door. */
export {
  CASE_TRANSITIONS,
  CaseError,
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
  type CaseStatus,
  type CaseType,
} from "./model";
export { checkDocument, cleanName, type DocumentUpload } from "./documents";
export { CASES_PAGE_SIZE, createCasesService, type CaseEvent, type CaseFilters, type CasesService, type Viewer } from "./service";
export { createCaseNotifier } from "./notifications";
