/** People's own data: the export and the deletion of an account. The folder's only door. */
export { ErasureRefused, isErasureRefused, type ErasureBlocker, type ErasureReport } from "./model";
export { EXPORT_VERSION, type PersonalData } from "./export";
export { createPrivacyService, type PrivacyService } from "./service";
export type { PrivacyContext } from "./context";
