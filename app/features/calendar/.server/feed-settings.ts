/** Whether the listing's own feed shows its imported days too, and what it then adds. */
import { forListing, ownedListing, type CalendarSyncContext } from "./context";
import type { ExternalEvent } from "./ical";
import { CALENDAR_EXPORT_SETTINGS } from "./model";

/** Whether the listing's own feed shows the imported days too (off unless the owner asks). */
export async function exportsImported(ctx: CalendarSyncContext, listingId: string): Promise<boolean> {
  const doc = await ctx.store.get<{ ownerUid: string; exportImported: boolean }>(CALENDAR_EXPORT_SETTINGS, listingId);
  return doc?.exportImported === true;
}

export async function setExportImported(ctx: CalendarSyncContext, ownerUid: string, listingId: string, on: boolean): Promise<void> {
  await ownedListing(ctx, ownerUid, listingId);
  await ctx.store.set(CALENDAR_EXPORT_SETTINGS, listingId, { listingId, ownerUid, exportImported: on, updatedAt: ctx.now().toISOString() });
}

/**
 * What the listing's own feed adds when the owner asks: each imported event (of the last good
 * imports) as "not available", with an id of ours (`…@amarre`), so no Amarre import reads
 * it back. Empty when the owner has not asked.
 */
export async function exportedEvents(ctx: CalendarSyncContext, listingId: string): Promise<Array<ExternalEvent & { importId: string }>> {
  const doc = await ctx.store.get<{ ownerUid: string; exportImported: boolean }>(CALENDAR_EXPORT_SETTINGS, listingId);
  if (doc?.exportImported !== true) return [];
  const records = (await forListing(ctx, listingId)).filter((r) => r.ownerUid === doc.ownerUid);
  return records.flatMap((r) => r.events.map((event) => ({ ...event, importId: r.id })));
}
