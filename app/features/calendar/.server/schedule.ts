/** The scheduler's pass: every calendar whose time has come, each taken by one server, its new conflicts and its run of failures told to the owner. */
import { later, type CalendarSyncContext } from "./context";
import { failed, sync } from "./holding";
import { newConflicts } from "./notifications";
import { CALENDAR_IMPORTS, FAILURES_BEFORE_BACKOFF, type CalendarImport } from "./model";

/**
 * Fetches every calendar whose time has come (the scheduler, every minute on every server).
 * A server takes a calendar by moving its `nextSyncAt` on and marking it "being read"
 * (`readingSince`) in a transaction first, so two servers do not fetch the same one at once. A
 * calendar still marked when it is next due was being read when its server stopped (a feed
 * that brought the process down, decision 046): it is not read again then; the interrupted
 * attempt counts as a failure (`interrupted`), and after FAILURES_BEFORE_BACKOFF in a row the
 * calendar waits longer between fetches and its owner is told, once per run of failures.
 */
export async function syncDue(ctx: CalendarSyncContext, limit = 50): Promise<{ synced: number; failed: number }> {
  const at = ctx.now();
  const due = await ctx.store.query<CalendarImport>({ collection: CALENDAR_IMPORTS, where: [["nextSyncAt", "<=", at.toISOString()]], limit });
  let synced = 0;
  let failures = 0;
  for (const candidate of due) {
    const taken = await ctx.store.runTransaction(async (tx) => {
      const doc = await tx.get<CalendarImport>(CALENDAR_IMPORTS, candidate.id);
      if (!doc || doc.nextSyncAt > at.toISOString()) return null;
      const record: CalendarImport = { ...doc, id: candidate.id };
      if (doc.readingSince) {
        const patch = failed(ctx, record, at, { code: "interrupted", status: null });
        tx.update(CALENDAR_IMPORTS, candidate.id, patch);
        return { interrupted: true as const, record: { ...record, ...patch } };
      }
      tx.update(CALENDAR_IMPORTS, candidate.id, { nextSyncAt: later(ctx, at), readingSince: at.toISOString() });
      return { interrupted: false as const, record };
    });
    if (!taken) continue;
    try {
      const result = taken.interrupted ? taken.record : await sync(ctx, taken.record);
      if (result.error && result.error.at === result.lastAttemptAt) failures++;
      else synced++;
      await tellOwner(ctx, taken.record, result);
    } catch (error) {
      failures++;
      console.error(`[calendars] syncing calendar ${candidate.id} failed:`, error);
    }
  }
  return { synced, failed: failures };
}

/**
 * The owner is not looking at the page when the scheduler finds a double booking or a calendar
 * that keeps failing: tell them (each conflict once; the failures once per run).
 */
async function tellOwner(ctx: CalendarSyncContext, before: CalendarImport, result: CalendarImport) {
  const fresh = newConflicts(before.conflicts ?? [], result.conflicts ?? []);
  const failing = (result.failures ?? 0) >= FAILURES_BEFORE_BACKOFF && !result.failingToldAt;
  if (!(fresh.length > 0 && ctx.notifyConflicts) && !(failing && ctx.notifyFailing)) return;
  const listing = await ctx.listings.get(result.listingId);
  if (!listing) return;
  if (fresh.length > 0 && ctx.notifyConflicts) {
    await ctx.notifyConflicts(result, listing, fresh).catch((error: unknown) => console.error(`[calendars] telling the owner of ${result.id}'s conflicts failed:`, error));
  }
  if (failing && ctx.notifyFailing) {
    try {
      await ctx.notifyFailing(result, listing);
      await ctx.store.update(CALENDAR_IMPORTS, result.id, { failingToldAt: ctx.now().toISOString() });
    } catch (error) {
      console.error(`[calendars] telling the owner that ${result.id} keeps failing failed:`, error);
    }
  }
}
