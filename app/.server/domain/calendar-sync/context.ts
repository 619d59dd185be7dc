/**
 * What every calendar-import operation shares: the dependencies with their defaults, when a
 * calendar is fetched next, the booking horizon, and the owner's listing or import (`not-found`
 * for anyone else). Each operation module takes this context; `service.ts` makes it once and
 * wires the operations.
 */
import type { DocumentStore } from "#app/.server/store";
import { addDays, MAX_DAYS_AHEAD, today, type BookingsService } from "../bookings";
import type { Listing, ListingsService } from "../listings";
import { CALENDAR_IMPORTS, CalendarSyncError, DEFAULT_IMPORT_MINUTES, isImportId, type CalendarFetcher, type CalendarImport, type ImportConflict } from "./model";

export type CalendarSyncDeps = {
  store: DocumentStore;
  listings: Pick<ListingsService, "get">;
  bookings: Pick<BookingsService, "holdImported">;
  fetcher: CalendarFetcher;
  /** Minutes between two fetches of one calendar (CALENDAR_IMPORT_MINUTES). */
  minutes?: number;
  /** Tells the owner of the conflicts a scheduled sync found that were not known before; failures are logged. */
  notifyConflicts?: (record: CalendarImport, listing: Listing, fresh: ImportConflict[]) => Promise<void>;
  now?: () => Date;
};

export type CalendarSyncContext = CalendarSyncDeps & { now: () => Date; minutes: number };

export function createCalendarSyncContext(deps: CalendarSyncDeps): CalendarSyncContext {
  return { ...deps, now: deps.now ?? (() => new Date()), minutes: deps.minutes ?? DEFAULT_IMPORT_MINUTES };
}

/** When a calendar fetched at `from` is fetched next. */
export const later = (ctx: CalendarSyncContext, from: Date) => new Date(from.getTime() + ctx.minutes * 60_000).toISOString();

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
