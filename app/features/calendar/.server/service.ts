import { createCalendarSyncContext, type CalendarSyncDeps } from "./context";
import * as feed from "./feed-settings";
import * as imports from "./imports";
import { syncDue } from "./schedule";
import { failing } from "./failing";
import { bindTo } from "#app/.server/domain/operations";

/**
 * Imported calendars (decision 030): an owner's listing holds the days other platforms' iCalendar
 * feeds say are taken, fetched every CALENDAR_IMPORT_MINUTES by the scheduler.
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): the owner's imports (`imports.ts`), the scheduler's pass (`schedule.ts`), the
 * listing's own feed settings (`feed-settings.ts`), on the holding of days (`holding.ts`).
 */
export function createCalendarSyncService(deps: CalendarSyncDeps) {
  const ctx = createCalendarSyncContext(deps);
  const bind = bindTo(ctx);
  return {
    add: bind(imports.add),
    syncNow: bind(imports.syncNow),
    remove: bind(imports.remove),
    list: bind(imports.list),
    syncDue: bind(syncDue),
    exportsImported: bind(feed.exportsImported),
    setExportImported: bind(feed.setExportImported),
    exportedEvents: bind(feed.exportedEvents),
    importText: bind(imports.importText),
    failing: bind(failing),
  };
}

export type CalendarSyncService = ReturnType<typeof createCalendarSyncService>;
