/**
 * The offline feature's door (decision 060): the trip page's banner and the handover form's
 * offline send, and the root's watch of the service worker.
 */
export { OfflineBanner, OfflineSendStatus, useKeepOffline, useSubmissionId } from "./components/offline";
export { watchOfflineWorker } from "./worker";
