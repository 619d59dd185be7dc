/** Stores a reference on every booking stored before references existed (`reference.ts`), once per store. */
import { cursorAfter } from "#app/.server/store";
import { BOOKINGS, type Booking } from "./model";
import { REFERENCE_ATTEMPTS, REFERENCES, referenceCandidate } from "./reference";
import type { BookingsContext } from "./context";

/** One document per data migration done on this store; a backfill that finds its own skips the scan. */
const MIGRATIONS = "migrations";
const REFERENCES_BACKFILLED = "booking-references-v1";


/**
 * Stores a reference on every booking stored without one (`reference.ts`): the derived
 * candidate first (what the pages already showed), another on a collision. Idempotent;
 * returns how many it stored.
 */
export async function backfillReferences(ctx: BookingsContext): Promise<number> {
  // Done once per store, not once per server start: new bookings get theirs when created.
  if (await ctx.store.get(MIGRATIONS, REFERENCES_BACKFILLED)) return 0;
  let stored = 0;
  let after: readonly unknown[] | undefined;
  for (;;) {
    const query = { collection: BOOKINGS, orderBy: [["createdAt", "asc"]] as const, limit: 300 };
    const page = await ctx.store.query<Booking>({ ...query, ...(after ? { startAfter: after } : {}) });
    for (const doc of page) {
      if (doc.reference) continue;
      for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
        const reference = referenceCandidate(doc.id, attempt);
        const done = await ctx.store.runTransaction(async (tx) => {
          const [current, claimed] = await Promise.all([tx.get<Booking>(BOOKINGS, doc.id), tx.get(REFERENCES, reference)]);
          if (!current || current.reference) return true;
          if (claimed) return false;
          tx.create(REFERENCES, reference, { bookingId: doc.id });
          tx.update(BOOKINGS, doc.id, { reference });
          return true;
        });
        if (done) {
          stored++;
          break;
        }
      }
    }
    if (page.length < 300) {
      await ctx.store.set(MIGRATIONS, REFERENCES_BACKFILLED, { at: ctx.now().toISOString(), stored });
      return stored;
    }
    after = cursorAfter(query, page.at(-1)!);
  }
}
