/** Stores the search fields added after listings were written (decision 056), once per store. */
import { scanQuery, type DocumentStore } from "#app/.server/store";
import { LISTINGS, type ListingRecord } from "./model";
import { placeOf } from "./places";
import { withSearchFields } from "./search-fields";

/** One document per data migration done on a store (as the short references' backfills keep). */
const MIGRATIONS = "migrations";
/**
 * The passes, in order, each marked done once: people (`seats`) and the place's levels
 * (`cityKey`, `regionKey`); then the stays a boat prices at its day price (`flatDays`, decision 062).
 */
const PASSES = [
  { marker: "listing-search-fields-v1", added: ["seats", "cityKey", "regionKey"] },
  { marker: "listing-search-fields-v2", added: ["flatDays"] },
] as const;
const BATCH = 100;

/** Runs the passes not done yet on this store (`backfillPass`); answers how many listings they updated. */
export async function backfillSearchFields(store: DocumentStore, now: () => number): Promise<number> {
  let updated = 0;
  for (const pass of PASSES) updated += await backfillPass(store, now, pass.marker, pass.added);
  return updated;
}

/**
 * Gives every listing stored without one of the `added` fields its value (recomputed from the
 * listing, in a transaction per hundred listings, so an edit meanwhile is not undone), then marks
 * the migration done: later starts read one document. Idempotent; answers how many it updated.
 */
async function backfillPass(store: DocumentStore, now: () => number, marker: string, added: readonly string[]): Promise<number> {
  if (await store.get(MIGRATIONS, marker)) return 0;
  const stale: string[] = [];
  await scanQuery<ListingRecord>(store, { collection: LISTINGS }, { pageSize: 300, maxRead: Number.POSITIVE_INFINITY }, (doc) => {
    if (added.some((field) => !(field in doc))) stale.push(doc.id);
    return true;
  });
  let updated = 0;
  for (let i = 0; i < stale.length; i += BATCH) {
    updated += await store.runTransaction(async (tx) => {
      const docs = await tx.getMany<ListingRecord>(LISTINGS, stale.slice(i, i + BATCH));
      let n = 0;
      for (const doc of docs) {
        if (!doc || !added.some((field) => !(field in doc))) continue;
        const fields = withSearchFields(doc, placeOf(doc));
        tx.update(LISTINGS, doc.id, Object.fromEntries(added.map((field) => [field, fields[field as keyof typeof fields]])));
        n++;
      }
      return n;
    });
  }
  await store.set(MIGRATIONS, marker, { at: new Date(now()).toISOString(), updated });
  return updated;
}
