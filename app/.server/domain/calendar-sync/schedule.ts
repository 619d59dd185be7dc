/** The scheduler's pass: every calendar whose time has come, each taken by one server, its new conflicts told to the owner. */
import { later, type CalendarSyncContext } from "./context";
import { sync } from "./holding";
import { newConflicts } from "./notifications";
import { CALENDAR_IMPORTS, type CalendarImport } from "./model";

/**
 * Fetches every calendar whose time has come (the scheduler, every minute on every server).
 * A server takes a calendar by moving its `nextSyncAt` on in a transaction first, so two
 * servers do not fetch the same one at once.
 */
export async function syncDue(ctx: CalendarSyncContext, limit = 50): Promise<{ synced: number; failed: number }> {
  const at = ctx.now();
  const due = await ctx.store.query<CalendarImport>({ collection: CALENDAR_IMPORTS, where: [["nextSyncAt", "<=", at.toISOString()]], limit });
  let synced = 0;
  let failed = 0;
  for (const candidate of due) {
    const taken = await ctx.store.runTransaction(async (tx) => {
      const doc = await tx.get<CalendarImport>(CALENDAR_IMPORTS, candidate.id);
      if (!doc || doc.nextSyncAt > at.toISOString()) return null;
      tx.update(CALENDAR_IMPORTS, candidate.id, { nextSyncAt: later(ctx, at) });
      return doc;
    });
    if (!taken) continue;
    try {
      const result = await sync(ctx, taken);
      if (result.error && result.error.at === result.lastAttemptAt) failed++;
      else synced++;
      // The owner is not looking at the page when the scheduler finds a double booking: tell them.
      const fresh = newConflicts(taken.conflicts ?? [], result.conflicts ?? []);
      if (fresh.length > 0 && ctx.notifyConflicts) {
        const listing = await ctx.listings.get(result.listingId);
        if (listing) await ctx.notifyConflicts(result, listing, fresh).catch((error: unknown) => console.error(`[calendars] telling the owner of ${candidate.id}'s conflicts failed:`, error));
      }
    } catch (error) {
      failed++;
      console.error(`[calendars] syncing calendar ${candidate.id} failed:`, error);
    }
  }
  return { synced, failed };
}
