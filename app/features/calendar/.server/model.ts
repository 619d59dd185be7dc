import type { ExternalEvent } from "./ical";

/**
 * Other platforms' calendars imported per listing (decision record 030): an owner adds the
 * address of an iCalendar feed (Airbnb, Booking.com, Google, iCloud…); every event in it holds
 * the listing's days or half days through the bookings' slot claim, as the owner's own blocks.
 */
export const CALENDAR_IMPORTS = "calendar_imports";
/** Per listing: whether the listing's own feed also shows the imported days (off by default). */
export const CALENDAR_EXPORT_SETTINGS = "calendar_export_settings";

/** How often a calendar is fetched again, by default (CALENDAR_IMPORT_MINUTES). */
/** How often each server looks for imported calendars due a fetch (each is fetched every CALENDAR_IMPORT_MINUTES). */
export const CALENDAR_SYNC_CHECK_MS = 60_000;
export const DEFAULT_IMPORT_MINUTES = 30;
/** Calendars one listing may import. */
export const MAX_IMPORTS_PER_LISTING = 5;
/** The longest address accepted. */
export const MAX_URL_LENGTH = 2000;

/**
 * Why a fetch or a sync failed, as the owner is told: no answer in time, an HTTP error status,
 * an answer that is not iCalendar, an answer too large, an address that is not public (private,
 * loopback, link-local), no connection at all, an address that is not http(s), a calendar that
 * takes more work to read than allowed (decision 046), a read the server stopped during (it was
 * marked "being read" and never finished).
 */
export type SyncErrorCode = "timeout" | "http-status" | "not-calendar" | "too-large" | "refused-address" | "unreachable" | "bad-url" | "too-complex" | "interrupted";
export const syncErrorCodes = [
  "timeout",
  "http-status",
  "not-calendar",
  "too-large",
  "refused-address",
  "unreachable",
  "bad-url",
  "too-complex",
  "interrupted",
] as const satisfies readonly SyncErrorCode[];

/** Failed syncs in a row after which a calendar is fetched less often, and its owner told (decision 046). */
export const FAILURES_BEFORE_BACKOFF = 3;
/** The longest wait between two fetches of a failing calendar. */
export const MAX_BACKOFF_MINUTES = 24 * 60;

export class CalendarFetchError extends Error {
  override readonly name = "CalendarFetchError";
  constructor(
    readonly code: SyncErrorCode,
    readonly status: number | null = null,
    message?: string,
  ) {
    super(message ?? `calendar fetch: ${code}${status ? ` (${status})` : ""}`);
  }
}

/** What a conditional GET brought: nothing new (304), or the text with its validators. */
export type FetchOutcome = { kind: "not-modified" } | { kind: "ok"; text: string; etag: string | null; lastModified: string | null };

/** The port the domain fetches calendars through (the adapter refuses non-public addresses). Throws `CalendarFetchError`. */
export type CalendarFetcher = (url: string, conditions: { etag: string | null; lastModified: string | null }) => Promise<FetchOutcome>;

/** The days a calendar is read for: [`from`, `to`), the listing's zone. */
export type ReadOptions = { from: string; to: string; timeZone: string };
/** What reading a calendar's text brought: its events, or why not (the domain says what that means). */
export type ReadOutcome = { kind: "ok"; events: ExternalEvent[] } | { kind: "not-calendar" } | { kind: "too-complex" };
/**
 * The port the domain reads a fetched calendar through. The server's adapter reads it in a
 * worker thread with a memory ceiling and a CPU budget, answering `too-complex` for a file over
 * either (decision 046); by default it is read in this thread (`readCalendar`, bounded too).
 */
export type CalendarReader = (text: string, options: ReadOptions) => Promise<ReadOutcome>;

/** An imported event that overlaps an Amarre booking or request: kept, and shown to the owner. */
export type ImportConflict = ExternalEvent & { bookingIds: string[] };

export type CalendarImport = {
  id: string;
  listingId: string;
  ownerUid: string;
  url: string;
  createdAt: string;
  /** The last good answer's validators, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  lastModified: string | null;
  lastAttemptAt: string | null;
  /** When a sync last worked (a good calendar or a 304). */
  lastSuccessAt: string | null;
  /** The last attempt's failure (null once one works again); the last good events stay. */
  error: { code: SyncErrorCode; status: number | null; at: string } | null;
  /** Failed syncs since the last good one (absent on calendars stored before decision 046: none). */
  failures?: number;
  /** When the owner was told it keeps failing (once per run of failures; null after a good sync). */
  failingToldAt?: string | null;
  /**
   * Set by the scheduler in the transaction that takes the calendar, cleared when its sync ends:
   * a mark still there when the calendar is next due means the server stopped while reading it.
   */
  readingSince?: string | null;
  /** When the scheduler fetches it next. */
  nextSyncAt: string;
  /** The last good import's events within the horizon: what holds the days. */
  events: ExternalEvent[];
  conflicts: ImportConflict[];
};

export type CalendarSyncErrorCode =
  /** No such listing or calendar, or not the caller's. */
  | "not-found"
  /** The listing cannot hold days (not for rent). */
  | "not-bookable"
  /** The address is not http(s), or is too long. */
  | "bad-url"
  /** The listing already imports that address. */
  | "duplicate"
  /** The listing imports as many calendars as allowed. */
  | "too-many"
  /** The address did not answer an iCalendar file: `reason` says how. */
  | "fetch";

export class CalendarSyncError extends Error {
  override readonly name = "CalendarSyncError";
  constructor(
    readonly code: CalendarSyncErrorCode,
    readonly reason: SyncErrorCode | null = null,
    readonly status: number | null = null,
  ) {
    super(`calendar sync: ${code}${reason ? ` (${reason}${status ? ` ${status}` : ""})` : ""}`);
  }
}

export function isCalendarSyncError(error: unknown): error is CalendarSyncError {
  return error instanceof CalendarSyncError;
}

/** Ids come from forms. */
export function isImportId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9]{20}$/.test(id);
}
