/** The team's view of imported calendars that keep failing (/admin/operaciones): which listing, which host, since when, and when next. */
import type { CalendarSyncContext } from "./context";
import { CALENDAR_IMPORTS, type CalendarImport, type SyncErrorCode } from "./model";

export type FailingFeed = {
  id: string;
  listingId: string;
  /** The feed's host only: the rest of the address is often a secret (a private calendar's token). */
  host: string;
  failures: number;
  error: { code: SyncErrorCode; status: number | null; at: string } | null;
  lastSuccessAt: string | null;
  nextSyncAt: string;
};

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "—";
  }
}

/** Imported calendars whose last syncs failed (failures in a row > 0), most failures first. */
export async function failing(ctx: CalendarSyncContext, limit = 100): Promise<FailingFeed[]> {
  const docs = await ctx.store.query<CalendarImport>({ collection: CALENDAR_IMPORTS, where: [["failures", ">", 0]], limit });
  return docs
    .map((doc) => ({ id: doc.id, listingId: doc.listingId, host: hostOf(doc.url), failures: doc.failures ?? 0, error: doc.error, lastSuccessAt: doc.lastSuccessAt, nextSyncAt: doc.nextSyncAt }))
    .sort((a, b) => b.failures - a.failures || (a.nextSyncAt < b.nextSyncAt ? -1 : 1));
}
