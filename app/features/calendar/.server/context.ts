/**
 * What every calendar-import operation shares: the dependencies with their defaults, when a
 * calendar is fetched next, the booking horizon, and the owner's listing or import (`not-found`
 * for anyone else). Each operation module takes this context; `service.ts` makes it once and
 * wires the operations.
 */
import type { DocumentStore } from "#app/.server/store";
import { addDays, MAX_DAYS_AHEAD, today, type BookingsService } from "#app/features/bookings/.server";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import { readCalendar } from "./ical";
import {
  CALENDAR_IMPORTS,
  CalendarSyncError,
  DEFAULT_IMPORT_MINUTES,
  FAILURES_BEFORE_BACKOFF,
  isImportId,
  MAX_BACKOFF_MINUTES,
  type CalendarFetcher,
  type CalendarImport,
  type CalendarReader,
  type ImportConflict,
} from "./model";

export type CalendarSyncDeps = {
  store: DocumentStore;
  listings: Pick<ListingsService, "get">;
  bookings: Pick<BookingsService, "holdImported" | "holdingSlots">;
  fetcher: CalendarFetcher;
  /** Reads a fetched calendar (the server's reads in a worker thread, decision 046); in this thread by default. */
  reader?: CalendarReader;
  /** Minutes between two fetches of one calendar (CALENDAR_IMPORT_MINUTES). */
  minutes?: number;
  /** Tells the owner of the conflicts a scheduled sync found that were not known before; failures are logged. */
  notifyConflicts?: (record: CalendarImport, listing: Listing, fresh: ImportConflict[]) => Promise<void>;
  /** Tells the owner a calendar failed FAILURES_BEFORE_BACKOFF times in a row and is fetched less often; failures are logged. */
  notifyFailing?: (record: CalendarImport, listing: Listing) => Promise<void>;
  now?: () => Date;
};

export type CalendarSyncContext = CalendarSyncDeps & { now: () => Date; minutes: number; reader: CalendarReader };

export function createCalendarSyncContext(deps: CalendarSyncDeps): CalendarSyncContext {
  return { ...deps, now: deps.now ?? (() => new Date()), minutes: deps.minutes ?? DEFAULT_IMPORT_MINUTES, reader: deps.reader ?? (async (text, options) => readCalendar(text, options)) };
}

/** When a calendar fetched at `from` is fetched next. */
export const later = (ctx: CalendarSyncContext, from: Date) => new Date(from.getTime() + ctx.minutes * 60_000).toISOString();

/**
 * The minutes before the next fetch of a calendar that has failed `failures` times in a row
 * (decision 046): the usual interval up to FAILURES_BEFORE_BACKOFF − 1 failures, then twice as
 * long at each failure (with 30 minutes: 60, 120, 240, 480, 960), at most a day.
 */
export function backoffMinutes(ctx: CalendarSyncContext, failures: number): number {
  if (failures < FAILURES_BEFORE_BACKOFF) return ctx.minutes;
  return Math.min(MAX_BACKOFF_MINUTES, ctx.minutes * 2 ** (failures - FAILURES_BEFORE_BACKOFF + 1));
}

/** When a calendar that has failed `failures` times in a row, the last at `at`, is fetched next. */
export const afterFailures = (ctx: CalendarSyncContext, at: Date, failures: number) => new Date(at.getTime() + backoffMinutes(ctx, failures) * 60_000).toISOString();

/** Today and the booking horizon's end (exclusive) in the listing's zone. */
export function horizon(ctx: CalendarSyncContext): { from: string; to: string } {
  const from = today(ctx.now());
  return { from, to: addDays(from, MAX_DAYS_AHEAD + 1) };
}

export async function ownedListing(ctx: CalendarSyncContext, ownerUid: string, listingId: string): Promise<Listing> {
  const listing = await ctx.listings.get(listingId);
  if (!listing || listing.ownerUid !== ownerUid) throw new CalendarSyncError("not-found");
  return listing;
}

export async function ownedImport(ctx: CalendarSyncContext, ownerUid: string, id: string): Promise<CalendarImport> {
  if (!isImportId(id)) throw new CalendarSyncError("not-found");
  const record = await ctx.store.get<CalendarImport>(CALENDAR_IMPORTS, id);
  if (!record || record.ownerUid !== ownerUid) throw new CalendarSyncError("not-found");
  return record;
}

/** A listing's imports, oldest first. */
export async function forListing(ctx: CalendarSyncContext, listingId: string): Promise<CalendarImport[]> {
  const docs = await ctx.store.query<CalendarImport>({ collection: CALENDAR_IMPORTS, where: [["listingId", "==", listingId]] });
  return docs.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
}
