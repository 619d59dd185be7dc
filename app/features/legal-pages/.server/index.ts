/** The legal pages' texts (legal notice, privacy, cookies, terms, contact). The folder's only door. */
export { createLegalPagesService, defaultLegalContent, LEGAL_PAGES, LegalPageError, type LegalPagesService } from "./service";
export { COMPANY, companyAddress, PLATFORM_ISSUER } from "./company";
