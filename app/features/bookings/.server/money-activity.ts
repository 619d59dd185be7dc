/** The bookings whose money the daily reconciliation compares with the provider (decision 053). */
import { scanQuery } from "#app/.server/store";
import { BOOKINGS, type Booking } from "./model";
import type { BookingsContext } from "./context";
import { withLedger } from "./stored";

/** Bookings read per page while looking for the ones whose money went through a provider. */
const PAGE = 200;

/**
 * Bookings whose money went through a provider that charges: those changed since `since` (oldest
 * change first, at most `limit`; `more` when others changed too) and those named by `ids` (what
 * an earlier run found), read as stored — nothing due is applied, nothing written. Served by the
 * `bookings (updatedAt)` index; bookings of the `recorded` mode (the demo's trips) are skipped,
 * and at most 5 × `limit` changed bookings are read in all.
 */
export async function moneyActivity(ctx: BookingsContext, input: { since: string; ids?: readonly string[]; limit: number }): Promise<{ bookings: Booking[]; more: boolean }> {
  const charging = (doc: Booking) => doc.money?.charges === true && doc.money.provider !== "recorded";
  const found = new Map<string, Booking>();
  const read = await scanQuery<Booking>(
    ctx.store,
    { collection: BOOKINGS, where: [["updatedAt", ">=", input.since]], orderBy: [["updatedAt", "asc"]] },
    { pageSize: PAGE, maxRead: input.limit * 5 },
    (doc) => {
      if (!charging(doc)) return true;
      if (found.size >= input.limit) return false;
      found.set(doc.id, withLedger(doc));
      return true;
    },
  );
  const more = read !== "done";
  const named = (input.ids ?? []).filter((id) => !found.has(id));
  const again = named.length ? await ctx.store.getMany<Booking>(BOOKINGS, named) : [];
  for (const doc of again) if (doc && charging(doc)) found.set(doc.id, withLedger(doc));
  return { bookings: [...found.values()], more };
}
