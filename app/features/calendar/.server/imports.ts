/** The owner's imports: adding a calendar (imported at once), fetching one now, removing one, listing them, and the demo's stored calendars. */
import { newDocumentId } from "#app/.server/store";
import { today } from "#app/features/bookings/.server";
import { hasCalendar } from "#app/features/listings/.server";
import { forListing, horizon, later, ownedImport, ownedListing, type CalendarSyncContext } from "./context";
import { apply, fetchEvents, reapplyOthers, stillConflicting, sync, timeZoneOf } from "./holding";
import { CalendarParseError, CalendarTooComplexError, readCalendar } from "./ical";
import { CALENDAR_IMPORTS, CalendarFetchError, CalendarSyncError, MAX_IMPORTS_PER_LISTING, MAX_URL_LENGTH, type CalendarImport, type SyncErrorCode } from "./model";

/**
 * Adds an external calendar to the owner's listing and imports it at once. Nothing is saved
 * unless the address answers an iCalendar file (`fetch`, with the reason, otherwise).
 */
export async function add(ctx: CalendarSyncContext, ownerUid: string, listingId: string, rawUrl: string): Promise<CalendarImport> {
  const listing = await ownedListing(ctx, ownerUid, listingId);
  if (!hasCalendar(listing)) throw new CalendarSyncError("not-bookable");
  const url = rawUrl.trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CalendarSyncError("bad-url");
  }
  if (url.length > MAX_URL_LENGTH || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.username || parsed.password) throw new CalendarSyncError("bad-url");
  const existing = await forListing(ctx, listing.id);
  if (existing.some((r) => r.url === parsed.href)) throw new CalendarSyncError("duplicate");
  if (existing.length >= MAX_IMPORTS_PER_LISTING) throw new CalendarSyncError("too-many");
  let fetched: Awaited<ReturnType<typeof fetchEvents>>;
  try {
    fetched = await fetchEvents(ctx, parsed.href, { etag: null, lastModified: null }, listing);
  } catch (error) {
    if (error instanceof CalendarFetchError) throw new CalendarSyncError("fetch", error.code, error.status);
    throw error;
  }
  if (fetched.kind !== "ok") throw new CalendarSyncError("fetch", "not-calendar");
  const at = ctx.now();
  const id = newDocumentId();
  const record: CalendarImport = {
    id,
    listingId: listing.id,
    ownerUid,
    url: parsed.href,
    createdAt: at.toISOString(),
    etag: fetched.etag,
    lastModified: fetched.lastModified,
    lastAttemptAt: at.toISOString(),
    lastSuccessAt: at.toISOString(),
    error: null,
    failures: 0,
    failingToldAt: null,
    readingSince: null,
    nextSyncAt: later(ctx, at),
    events: fetched.events,
    conflicts: [],
  };
  const { id: _id, ...doc } = record;
  await ctx.store.set(CALENDAR_IMPORTS, id, doc);
  record.conflicts = await apply(ctx, record, listing, record.events);
  await ctx.store.update(CALENDAR_IMPORTS, id, { conflicts: record.conflicts });
  return record;
}

/** Fetches one of the owner's calendars now; the record as it is after (its `error` says if it failed). */
export async function syncNow(ctx: CalendarSyncContext, ownerUid: string, id: string): Promise<CalendarImport> {
  return sync(ctx, await ownedImport(ctx, ownerUid, id));
}

/** Stops importing a calendar: its days from today on are free again (unless another import holds them). */
export async function remove(ctx: CalendarSyncContext, ownerUid: string, id: string): Promise<void> {
  const record = await ownedImport(ctx, ownerUid, id);
  const listing = await ctx.listings.get(record.listingId);
  if (listing) await ctx.bookings.holdImported(listing, record.id, [], today(ctx.now()));
  await ctx.store.delete(CALENDAR_IMPORTS, record.id);
  if (listing) await reapplyOthers(ctx, listing, record.id);
}

/**
 * The owner's imported calendars of a listing, oldest first, each with only the conflicts still
 * true now (`stillConflicting`): the stored ones are the last good sync's finding.
 */
export async function list(ctx: CalendarSyncContext, ownerUid: string, listingId: string): Promise<CalendarImport[]> {
  const records = (await forListing(ctx, listingId)).filter((r) => r.ownerUid === ownerUid);
  const listing = records.some((r) => r.conflicts.length > 0) ? await ctx.listings.get(listingId) : null;
  if (!listing) return records;
  return Promise.all(records.map(async (r) => ({ ...r, conflicts: await stillConflicting(ctx, listing, r.conflicts) })));
}

/**
 * Stores a calendar's text as its last good import without fetching it (the demo data: its
 * server cannot reach the internet), and holds its days. The scheduler fetches it later like
 * any other. The text is the demo's own, so it is read in this thread (bounded all the same),
 * not through the reader port: the worker thread of decision 046 starts when a fetched calendar
 * first needs it, not at every seed.
 */
export async function importText(ctx: CalendarSyncContext, ownerUid: string, listingId: string, url: string, text: string, options: { syncError?: SyncErrorCode } = {}): Promise<CalendarImport> {
  const listing = await ownedListing(ctx, ownerUid, listingId);
  const { from, to } = horizon(ctx);
  const read = readCalendar(text, { from, to, timeZone: timeZoneOf(listing) });
  if (read.kind === "not-calendar") throw new CalendarParseError("the demo calendar is not an iCalendar file");
  if (read.kind === "too-complex") throw new CalendarTooComplexError("the demo calendar is over the reading's bounds");
  const events = read.events;
  const at = ctx.now();
  const id = newDocumentId();
  const record: CalendarImport = {
    id,
    listingId,
    ownerUid,
    url,
    createdAt: at.toISOString(),
    etag: null,
    lastModified: null,
    lastAttemptAt: at.toISOString(),
    lastSuccessAt: at.toISOString(),
    error: options.syncError ? { code: options.syncError, status: null, at: at.toISOString() } : null,
    failures: options.syncError ? 1 : 0,
    failingToldAt: null,
    readingSince: null,
    nextSyncAt: later(ctx, at),
    events,
    conflicts: [],
  };
  const { id: _id, ...doc } = record;
  await ctx.store.set(CALENDAR_IMPORTS, id, doc);
  record.conflicts = await apply(ctx, record, listing, events);
  await ctx.store.update(CALENDAR_IMPORTS, id, { conflicts: record.conflicts });
  return record;
}
