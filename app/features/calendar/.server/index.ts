/** Imported calendars: other platforms' iCalendar feeds holding a listing's days (decision 030). The folder's only door. */
export {
  CALENDAR_EXPORT_SETTINGS,
  CALENDAR_IMPORTS,
  CALENDAR_SYNC_CHECK_MS,
  CalendarFetchError,
  CalendarSyncError,
  DEFAULT_IMPORT_MINUTES,
  FAILURES_BEFORE_BACKOFF,
  isCalendarSyncError,
  isImportId,
  MAX_IMPORTS_PER_LISTING,
  syncErrorCodes,
  type CalendarFetcher,
  type CalendarImport,
  type CalendarReader,
  type CalendarSyncErrorCode,
  type FetchOutcome,
  type ImportConflict,
  type ReadOptions,
  type ReadOutcome,
  type SyncErrorCode,
} from "./model";
export {
  AFTERNOON_STARTS_MINUTE,
  CalendarParseError,
  CalendarTooComplexError,
  heldDays,
  looksLikeCalendar,
  OWN_UID_SUFFIX,
  parseCalendar,
  readCalendar,
  wallClock,
  zonedInstant,
  type ExternalEvent,
} from "./ical";
export { createCalendarSyncService, type CalendarSyncService } from "./service";
export { slotIdsOfEvent, timeZoneOf } from "./holding";
export { exportedEventOf } from "./export";
export { createConflictNotifier, createFailingNotifier, newConflicts } from "./notifications";
export { backoffMinutes } from "./context";
export { type FailingFeed } from "./failing";
