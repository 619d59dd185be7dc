/** The bookings whose money the daily reconciliation compares with the provider (decision 053). */
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
  let after: string | null = null;
  let afterId: string | null = null;
  let read = 0;
  let more = false;
  while (read < input.limit * 5) {
    const page: Booking[] = await ctx.store.query<Booking>({
      collection: BOOKINGS,
      where: [["updatedAt", ">=", input.since]],
      orderBy: [["updatedAt", "asc"]],
      limit: PAGE,
      ...(after !== null ? { startAfter: [after, afterId] } : {}),
    });
    read += page.length;
    for (const doc of page) {
      if (!charging(doc)) continue;
      if (found.size >= input.limit) {
        more = true;
        break;
      }
      found.set(doc.id, withLedger(doc));
    }
    if (more || page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = last.updatedAt;
    afterId = last.id;
    if (read >= input.limit * 5) more = true;
  }
  const named = (input.ids ?? []).filter((id) => !found.has(id));
  const again = named.length ? await ctx.store.getMany<Booking>(BOOKINGS, named) : [];
  for (const doc of again) if (doc && charging(doc)) found.set(doc.id, withLedger(doc));
  return { bookings: [...found.values()], more };
}
