/** Recently viewed listings (/historial). The folder's only door. */
export {
  HISTORY,
  HISTORY_MAX_ENTRIES,
  RECENTLY_VIEWED_COOKIE,
  RECENTLY_VIEWED_MAX_AGE_SECONDS,
  RECENTLY_VIEWED_MAX_IDS,
  type HistoryRecord,
  type HistoryViewer,
  type RecentlyViewedCookie,
} from "./model";
export { createHistoryService, type HistoryService } from "./service";
