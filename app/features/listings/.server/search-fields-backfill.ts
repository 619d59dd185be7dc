/** Stores the search fields added after listings were written (decision 056), once per store. */
import { scanQuery, type DocumentStore } from "#app/.server/store";
import { LISTINGS, type ListingRecord } from "./model";
import { placeOf } from "./places";
import { withSearchFields } from "./search-fields";

/** One document per data migration done on a store (as the short references' backfills keep). */
const MIGRATIONS = "migrations";
const MARKER = "listing-search-fields-v1";
/** The fields this pass adds: people (`seats`) and the place's levels (`cityKey`, `regionKey`). */
const ADDED = ["seats", "cityKey", "regionKey"] as const;
const BATCH = 100;

/**
 * Gives every listing stored without `seats`, `cityKey` or `regionKey` its value (recomputed from
 * the listing, in a transaction per hundred listings, so an edit meanwhile is not undone), then
 * marks the migration done: later starts read one document. Idempotent; answers how many it updated.
 */
export async function backfillSearchFields(store: DocumentStore, now: () => number): Promise<number> {
  if (await store.get(MIGRATIONS, MARKER)) return 0;
  const stale: string[] = [];
  await scanQuery<ListingRecord>(store, { collection: LISTINGS }, { pageSize: 300, maxRead: Number.POSITIVE_INFINITY }, (doc) => {
    if (ADDED.some((field) => !(field in doc))) stale.push(doc.id);
    return true;
  });
  let updated = 0;
  for (let i = 0; i < stale.length; i += BATCH) {
    updated += await store.runTransaction(async (tx) => {
      const docs = await tx.getMany<ListingRecord>(LISTINGS, stale.slice(i, i + BATCH));
      let n = 0;
      for (const doc of docs) {
        if (!doc || !ADDED.some((field) => !(field in doc))) continue;
        const fields = withSearchFields(doc, placeOf(doc));
        tx.update(LISTINGS, doc.id, { seats: fields.seats, cityKey: fields.cityKey, regionKey: fields.regionKey });
        n++;
      }
      return n;
    });
  }
  await store.set(MIGRATIONS, MARKER, { at: new Date(now()).toISOString(), updated });
  return updated;
}
