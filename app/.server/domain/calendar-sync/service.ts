import { newDocumentId, type DocumentStore } from "#app/.server/store";
import { addDays, MAX_DAYS_AHEAD, slotIdsFor, today, type BookingsService } from "../bookings";
import { hasCalendar, type Listing, type ListingsService } from "../listings";
import { CalendarParseError, heldDays, parseCalendar, type ExternalEvent } from "./ical";
import { newConflicts } from "./notifications";
import {
  CALENDAR_EXPORT_SETTINGS,
  CALENDAR_IMPORTS,
  CalendarFetchError,
  CalendarSyncError,
  DEFAULT_IMPORT_MINUTES,
  isImportId,
  MAX_IMPORTS_PER_LISTING,
  MAX_URL_LENGTH,
  type CalendarFetcher,
  type CalendarImport,
  type ImportConflict,
  type SyncErrorCode,
} from "./model";

/** The marketplace's zone: a listing's days are days there unless it names its own. */
const DEFAULT_TIME_ZONE = "Europe/Madrid";

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

/** A listing's zone: its own if it has one, else Madrid's. */
export function timeZoneOf(listing: Listing): string {
  const own = (listing.data as { timeZone?: unknown }).timeZone;
  return typeof own === "string" && own.length > 0 ? own : DEFAULT_TIME_ZONE;
}

/** The slot ids an event holds on the listing (the bookings' own `slotIdsFor`). */
export function slotIdsOfEvent(listing: Pick<Listing, "id" | "kind">, event: ExternalEvent, timeZone: string, from: string, to: string): string[] {
  return heldDays(event, listing.kind, timeZone, from, to).flatMap(({ day, part }) => slotIdsFor(listing, day, day, part));
}

export function createCalendarSyncService(deps: CalendarSyncDeps) {
  const { store, listings, bookings, fetcher } = deps;
  const now = deps.now ?? (() => new Date());
  const minutes = deps.minutes ?? DEFAULT_IMPORT_MINUTES;
  const later = (from: Date) => new Date(from.getTime() + minutes * 60_000).toISOString();

  /** Today and the booking horizon's end (exclusive) in the listing's zone. */
  function horizon(): { from: string; to: string } {
    const from = today(now());
    return { from, to: addDays(from, MAX_DAYS_AHEAD + 1) };
  }

  async function ownedListing(ownerUid: string, listingId: string): Promise<Listing> {
    const listing = await listings.get(listingId);
    if (!listing || listing.ownerUid !== ownerUid) throw new CalendarSyncError("not-found");
    return listing;
  }

  async function ownedImport(ownerUid: string, id: string): Promise<CalendarImport> {
    if (!isImportId(id)) throw new CalendarSyncError("not-found");
    const record = await store.get<CalendarImport>(CALENDAR_IMPORTS, id);
    if (!record || record.ownerUid !== ownerUid) throw new CalendarSyncError("not-found");
    return record;
  }

  /** Fetches and reads a calendar; a `CalendarFetchError` for anything but a good calendar or a 304. */
  async function fetchEvents(url: string, conditions: { etag: string | null; lastModified: string | null }, listing: Listing) {
    const outcome = await fetcher(url, conditions);
    if (outcome.kind === "not-modified") return { kind: "not-modified" as const };
    const { from, to } = horizon();
    try {
      const events = parseCalendar(outcome.text, { from, to, timeZone: timeZoneOf(listing) });
      return { kind: "ok" as const, events, etag: outcome.etag, lastModified: outcome.lastModified };
    } catch (error) {
      if (error instanceof CalendarParseError) throw new CalendarFetchError("not-calendar");
      throw error;
    }
  }

  /** Makes the listing's slots held by this import exactly its events' ones; the conflicts with bookings. */
  async function apply(record: Pick<CalendarImport, "id">, listing: Listing, events: ExternalEvent[]): Promise<ImportConflict[]> {
    const { from, to } = horizon();
    const zone = timeZoneOf(listing);
    const perEvent = events.map((event) => slotIdsOfEvent(listing, event, zone, from, to));
    const wanted = [...new Set(perEvent.flat())];
    const { conflicts } = await bookings.holdImported(listing, record.id, wanted, from);
    const bookingOf = new Map(conflicts.map((c) => [c.slotId, c.bookingId]));
    const out: ImportConflict[] = [];
    events.forEach((event, n) => {
      const ids = [...new Set(perEvent[n].map((id) => bookingOf.get(id)).filter((id): id is string => Boolean(id)))];
      if (ids.length > 0) out.push({ ...event, bookingIds: ids });
    });
    return out;
  }

  /** Applies the other imports of a listing again (their days held by an import just removed are theirs now). */
  async function reapplyOthers(listing: Listing, exceptId: string) {
    const others = (await forListing(listing.id)).filter((r) => r.id !== exceptId);
    for (const other of others) {
      const conflicts = await apply(other, listing, other.events);
      await store.update(CALENDAR_IMPORTS, other.id, { conflicts });
    }
  }

  async function forListing(listingId: string): Promise<CalendarImport[]> {
    const docs = await store.query<CalendarImport>({ collection: CALENDAR_IMPORTS, where: [["listingId", "==", listingId]] });
    return docs.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  }

  /**
   * One sync: a conditional fetch; a good calendar replaces the events (gone ones free their
   * slots), a 304 keeps them (the horizon still moves on); a failure keeps the last good events
   * and their slots and records why.
   */
  async function sync(record: CalendarImport): Promise<CalendarImport> {
    const at = now();
    const listing = await listings.get(record.listingId);
    if (!listing || listing.ownerUid !== record.ownerUid) {
      // The listing is gone or changed hands: nothing to hold; try again later.
      const patch = { lastAttemptAt: at.toISOString(), nextSyncAt: later(at) };
      await store.update(CALENDAR_IMPORTS, record.id, patch);
      return { ...record, ...patch };
    }
    let patch: Partial<CalendarImport>;
    try {
      const result = await fetchEvents(record.url, { etag: record.etag, lastModified: record.lastModified }, listing);
      const events = result.kind === "ok" ? result.events : record.events;
      const conflicts = await apply(record, listing, events);
      patch = {
        events,
        conflicts,
        etag: result.kind === "ok" ? result.etag : record.etag,
        lastModified: result.kind === "ok" ? result.lastModified : record.lastModified,
        lastAttemptAt: at.toISOString(),
        lastSuccessAt: at.toISOString(),
        error: null,
        nextSyncAt: later(at),
      };
    } catch (error) {
      if (!(error instanceof CalendarFetchError)) throw error;
      patch = { lastAttemptAt: at.toISOString(), error: { code: error.code, status: error.status, at: at.toISOString() }, nextSyncAt: later(at) };
    }
    await store.update(CALENDAR_IMPORTS, record.id, patch);
    return { ...record, ...patch };
  }

  return {
    /**
     * Adds an external calendar to the owner's listing and imports it at once. Nothing is saved
     * unless the address answers an iCalendar file (`fetch`, with the reason, otherwise).
     */
    async add(ownerUid: string, listingId: string, rawUrl: string): Promise<CalendarImport> {
      const listing = await ownedListing(ownerUid, listingId);
      if (!hasCalendar(listing)) throw new CalendarSyncError("not-bookable");
      const url = rawUrl.trim();
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new CalendarSyncError("bad-url");
      }
      if (url.length > MAX_URL_LENGTH || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.username || parsed.password) throw new CalendarSyncError("bad-url");
      const existing = await forListing(listing.id);
      if (existing.some((r) => r.url === parsed.href)) throw new CalendarSyncError("duplicate");
      if (existing.length >= MAX_IMPORTS_PER_LISTING) throw new CalendarSyncError("too-many");
      let fetched: Awaited<ReturnType<typeof fetchEvents>>;
      try {
        fetched = await fetchEvents(parsed.href, { etag: null, lastModified: null }, listing);
      } catch (error) {
        if (error instanceof CalendarFetchError) throw new CalendarSyncError("fetch", error.code, error.status);
        throw error;
      }
      if (fetched.kind !== "ok") throw new CalendarSyncError("fetch", "not-calendar");
      const at = now();
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
        nextSyncAt: later(at),
        events: fetched.events,
        conflicts: [],
      };
      const { id: _id, ...doc } = record;
      await store.set(CALENDAR_IMPORTS, id, doc);
      record.conflicts = await apply(record, listing, record.events);
      await store.update(CALENDAR_IMPORTS, id, { conflicts: record.conflicts });
      return record;
    },

    /** Fetches one of the owner's calendars now; the record as it is after (its `error` says if it failed). */
    async syncNow(ownerUid: string, id: string): Promise<CalendarImport> {
      return sync(await ownedImport(ownerUid, id));
    },

    /** Stops importing a calendar: its days from today on are free again (unless another import holds them). */
    async remove(ownerUid: string, id: string): Promise<void> {
      const record = await ownedImport(ownerUid, id);
      const listing = await listings.get(record.listingId);
      if (listing) await bookings.holdImported(listing, record.id, [], today(now()));
      await store.delete(CALENDAR_IMPORTS, record.id);
      if (listing) await reapplyOthers(listing, record.id);
    },

    /** The owner's imported calendars of a listing, oldest first. */
    async list(ownerUid: string, listingId: string): Promise<CalendarImport[]> {
      return (await forListing(listingId)).filter((r) => r.ownerUid === ownerUid);
    },

    /**
     * Fetches every calendar whose time has come (the scheduler, every minute on every server).
     * A server takes a calendar by moving its `nextSyncAt` on in a transaction first, so two
     * servers do not fetch the same one at once.
     */
    async syncDue(limit = 50): Promise<{ synced: number; failed: number }> {
      const at = now();
      const due = await store.query<CalendarImport>({ collection: CALENDAR_IMPORTS, where: [["nextSyncAt", "<=", at.toISOString()]], limit });
      let synced = 0;
      let failed = 0;
      for (const candidate of due) {
        const taken = await store.runTransaction(async (tx) => {
          const doc = await tx.get<CalendarImport>(CALENDAR_IMPORTS, candidate.id);
          if (!doc || doc.nextSyncAt > at.toISOString()) return null;
          tx.update(CALENDAR_IMPORTS, candidate.id, { nextSyncAt: later(at) });
          return doc;
        });
        if (!taken) continue;
        try {
          const result = await sync(taken);
          if (result.error && result.error.at === result.lastAttemptAt) failed++;
          else synced++;
          // The owner is not looking at the page when the scheduler finds a double booking: tell them.
          const fresh = newConflicts(taken.conflicts ?? [], result.conflicts ?? []);
          if (fresh.length > 0 && deps.notifyConflicts) {
            const listing = await listings.get(result.listingId);
            if (listing) await deps.notifyConflicts(result, listing, fresh).catch((error: unknown) => console.error(`[calendars] telling the owner of ${candidate.id}'s conflicts failed:`, error));
          }
        } catch (error) {
          failed++;
          console.error(`[calendars] syncing calendar ${candidate.id} failed:`, error);
        }
      }
      return { synced, failed };
    },

    /** Whether the listing's own feed shows the imported days too (off unless the owner asks). */
    async exportsImported(listingId: string): Promise<boolean> {
      const doc = await store.get<{ ownerUid: string; exportImported: boolean }>(CALENDAR_EXPORT_SETTINGS, listingId);
      return doc?.exportImported === true;
    },

    async setExportImported(ownerUid: string, listingId: string, on: boolean): Promise<void> {
      await ownedListing(ownerUid, listingId);
      await store.set(CALENDAR_EXPORT_SETTINGS, listingId, { listingId, ownerUid, exportImported: on, updatedAt: now().toISOString() });
    },

    /**
     * What the listing's own feed adds when the owner asks: each imported event (of the last good
     * imports) as "not available", with an id of ours (`…@amarre`), so no Amarre import reads
     * it back. Empty when the owner has not asked.
     */
    async exportedEvents(listingId: string): Promise<Array<ExternalEvent & { importId: string }>> {
      const doc = await store.get<{ ownerUid: string; exportImported: boolean }>(CALENDAR_EXPORT_SETTINGS, listingId);
      if (doc?.exportImported !== true) return [];
      const records = (await forListing(listingId)).filter((r) => r.ownerUid === doc.ownerUid);
      return records.flatMap((r) => r.events.map((event) => ({ ...event, importId: r.id })));
    },

    /**
     * Stores a calendar's text as its last good import without fetching it (the demo data: its
     * server cannot reach the internet), and holds its days. The scheduler fetches it later like
     * any other.
     */
    async importText(ownerUid: string, listingId: string, url: string, text: string, options: { syncError?: SyncErrorCode } = {}): Promise<CalendarImport> {
      const listing = await ownedListing(ownerUid, listingId);
      const { from, to } = horizon();
      const events = parseCalendar(text, { from, to, timeZone: timeZoneOf(listing) });
      const at = now();
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
        nextSyncAt: later(at),
        events,
        conflicts: [],
      };
      const { id: _id, ...doc } = record;
      await store.set(CALENDAR_IMPORTS, id, doc);
      record.conflicts = await apply(record, listing, events);
      await store.update(CALENDAR_IMPORTS, id, { conflicts: record.conflicts });
      return record;
    },
  };
}

export type CalendarSyncService = ReturnType<typeof createCalendarSyncService>;
