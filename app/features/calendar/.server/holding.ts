/**
 * Holding a listing's days for its imports: fetching and reading a calendar, making the slots
 * an import holds exactly its events' ones (the bookings' own slots, so no booking can take
 * them), and one sync of an import.
 */
import { slotIdFor } from "#app/features/bookings/.server";
import type { Listing } from "#app/features/listings/.server";
import { afterFailures, forListing, horizon, later, type CalendarSyncContext } from "./context";
import { heldDays, type ExternalEvent } from "./ical";
import { CALENDAR_IMPORTS, CalendarFetchError, type CalendarImport, type ImportConflict } from "./model";

/** The marketplace's zone: a listing's days are days there unless it names its own. */
const DEFAULT_TIME_ZONE = "Europe/Madrid";

/** A listing's zone: its own if it has one, else Madrid's. */
export function timeZoneOf(listing: Listing): string {
  const own = (listing.data as { timeZone?: unknown }).timeZone;
  return typeof own === "string" && own.length > 0 ? own : DEFAULT_TIME_ZONE;
}

/** The slot ids an event holds on the listing (the bookings' own ids, `slotIdFor`). */
export function slotIdsOfEvent(listing: Pick<Listing, "id" | "kind">, event: ExternalEvent, timeZone: string, from: string, to: string): string[] {
  const ids: string[] = [];
  for (const { day, part } of heldDays(event, listing.kind, timeZone, from, to)) {
    if (listing.kind === "dock") ids.push(slotIdFor(listing, day, null));
    else if (part) ids.push(slotIdFor(listing, day, part));
    else ids.push(slotIdFor(listing, day, "am"), slotIdFor(listing, day, "pm"));
  }
  return ids;
}

/** Resolves once the event loop has had a turn (timers, sockets) since it was called. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How long holding a calendar's days computes before it lets the event loop answer others (ms). */
const SLICE_MS = 10;

/**
 * Fetches and reads a calendar (through the reader port: the server's reads in a worker thread,
 * decision 046); a `CalendarFetchError` for anything but a good calendar or a 304, `too-complex`
 * for one over the reading's bounds.
 */
export async function fetchEvents(ctx: CalendarSyncContext, url: string, conditions: { etag: string | null; lastModified: string | null }, listing: Listing) {
  const outcome = await ctx.fetcher(url, conditions);
  if (outcome.kind === "not-modified") return { kind: "not-modified" as const };
  const { from, to } = horizon(ctx);
  const read = await ctx.reader(outcome.text, { from, to, timeZone: timeZoneOf(listing) });
  if (read.kind !== "ok") throw new CalendarFetchError(read.kind);
  return { kind: "ok" as const, events: read.events, etag: outcome.etag, lastModified: outcome.lastModified };
}

/** Makes the listing's slots held by this import exactly its events' ones; the conflicts with bookings. */
export async function apply(ctx: CalendarSyncContext, record: Pick<CalendarImport, "id">, listing: Listing, events: ExternalEvent[]): Promise<ImportConflict[]> {
  const { from, to } = horizon(ctx);
  const zone = timeZoneOf(listing);
  // Computed in slices (a calendar of 2,000 events over the whole horizon is 20,000 held days),
  // and once per distinct span (feeds repeat the same days under many events).
  const perEvent: string[][] = [];
  const bySpan = new Map<string, string[]>();
  let sliceStart = performance.now();
  for (const event of events) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    const span = `${event.allDay}|${event.start}|${event.end}`;
    let ids = bySpan.get(span);
    if (!ids) bySpan.set(span, (ids = slotIdsOfEvent(listing, event, zone, from, to)));
    perEvent.push(ids);
  }
  const wanted = [...new Set(perEvent.flat())];
  const { conflicts } = await ctx.bookings.holdImported(listing, record.id, wanted, from);
  const bookingOf = new Map(conflicts.map((c) => [c.slotId, c.bookingId]));
  const out: ImportConflict[] = [];
  events.forEach((event, n) => {
    const ids = [...new Set(perEvent[n].map((id) => bookingOf.get(id)).filter((id): id is string => Boolean(id)))];
    if (ids.length > 0) out.push({ ...event, bookingIds: ids });
  });
  return out;
}

/**
 * The stored conflicts that are still true now: each keeps the bookings that still hold one of
 * its event's slots (`holdingSlots`), and goes when none does. A booking cancelled, declined,
 * withdrawn, lapsed or moved away since the last good sync is no conflict on the page at once,
 * even when the next sync is 30 minutes off or the feed keeps failing (decision 030).
 */
export async function stillConflicting(ctx: CalendarSyncContext, listing: Listing, conflicts: readonly ImportConflict[]): Promise<ImportConflict[]> {
  if (conflicts.length === 0) return [];
  const holding = await ctx.bookings.holdingSlots(conflicts.flatMap((c) => c.bookingIds));
  const { from, to } = horizon(ctx);
  const zone = timeZoneOf(listing);
  return conflicts.flatMap((conflict) => {
    const slots = slotIdsOfEvent(listing, conflict, zone, from, to);
    const bookingIds = conflict.bookingIds.filter((id) => slots.some((slot) => holding.get(id)?.has(slot)));
    return bookingIds.length > 0 ? [{ ...conflict, bookingIds }] : [];
  });
}

/** Applies the other imports of a listing again (their days held by an import just removed are theirs now). */
export async function reapplyOthers(ctx: CalendarSyncContext, listing: Listing, exceptId: string) {
  const others = (await forListing(ctx, listing.id)).filter((r) => r.id !== exceptId);
  for (const other of others) {
    const conflicts = await apply(ctx, other, listing, other.events);
    await ctx.store.update(CALENDAR_IMPORTS, other.id, { conflicts });
  }
}

/**
 * One sync: a conditional fetch; a good calendar replaces the events (gone ones free their
 * slots), a 304 keeps them (the horizon still moves on); a failure keeps the last good events
 * and their slots, records why and counts it (the next fetch waits longer after
 * FAILURES_BEFORE_BACKOFF in a row, decision 046); a good one resets the count. Either way the
 * "being read" mark goes.
 */
export async function sync(ctx: CalendarSyncContext, record: CalendarImport): Promise<CalendarImport> {
  const at = ctx.now();
  const listing = await ctx.listings.get(record.listingId);
  if (!listing || listing.ownerUid !== record.ownerUid) {
    // The listing is gone or changed hands: nothing to hold; try again later.
    const patch = { lastAttemptAt: at.toISOString(), nextSyncAt: later(ctx, at), readingSince: null };
    await ctx.store.update(CALENDAR_IMPORTS, record.id, patch);
    return { ...record, ...patch };
  }
  let patch: Partial<CalendarImport>;
  try {
    const result = await fetchEvents(ctx, record.url, { etag: record.etag, lastModified: record.lastModified }, listing);
    const events = result.kind === "ok" ? result.events : record.events;
    const conflicts = await apply(ctx, record, listing, events);
    patch = {
      events,
      conflicts,
      etag: result.kind === "ok" ? result.etag : record.etag,
      lastModified: result.kind === "ok" ? result.lastModified : record.lastModified,
      lastAttemptAt: at.toISOString(),
      lastSuccessAt: at.toISOString(),
      error: null,
      failures: 0,
      failingToldAt: null,
      readingSince: null,
      nextSyncAt: later(ctx, at),
    };
  } catch (error) {
    if (!(error instanceof CalendarFetchError)) throw error;
    patch = failed(ctx, record, at, { code: error.code, status: error.status });
  }
  await ctx.store.update(CALENDAR_IMPORTS, record.id, patch);
  return { ...record, ...patch };
}

/** A failed attempt at `at`, counted: the fields it changes (the last good events stay). */
export function failed(ctx: CalendarSyncContext, record: CalendarImport, at: Date, error: Pick<NonNullable<CalendarImport["error"]>, "code" | "status">): Partial<CalendarImport> {
  const failures = (record.failures ?? 0) + 1;
  return { lastAttemptAt: at.toISOString(), error: { ...error, at: at.toISOString() }, failures, readingSince: null, nextSyncAt: afterFailures(ctx, at, failures) };
}
