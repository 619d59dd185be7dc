/** Bulk imports (and bench data): complete listings of one owner written as published in one transaction. */
import type { ListingPhoto } from "#app/features/listings/schemas";
import { newDocumentId } from "#app/.server/store";
import { isLessorComplete } from "#app/features/profiles/.server";
import { timestamp, type LifecycleContext } from "./lifecycle-context";
import { IMPORT_BATCH_MAX, LISTINGS, ListingError, type ListingKind, type ListingRecord } from "./model";
import { listingPageTags, mergeTags } from "./page-tags";
import { withSearchFields } from "./search-fields";
import { validateImportItem } from "./validation";

/**
 * Writes complete listings of one owner as published, in one transaction (bulk imports and
 * bench data): each must pass the same checks as `publish` — the publishable schema, 1–20
 * photos, an existing port, the owner's complete lessor profile. Returns the new ids.
 */
export async function importPublished(ctx: LifecycleContext, ownerUid: string, items: ReadonlyArray<{ kind: ListingKind; data: unknown; photos: ListingPhoto[] }>): Promise<string[]> {
  if (items.length > IMPORT_BATCH_MAX) throw new ListingError("invalid-input", { message: `At most ${IMPORT_BATCH_MAX} listings per import` });
  const owner = await ctx.users.get(ownerUid);
  if (!owner || !isLessorComplete(owner)) throw new ListingError("incomplete", { missing: ["lessorProfile"] });
  const portList = await ctx.ports.list();
  const portBySlug = new Map(portList.map((port) => [port.slug, port]));
  const now = timestamp(ctx);
  const records = items.map((item, index): [string, ListingRecord] => {
    const { data, photos, place } = validateImportItem(item, index, portList, portBySlug);
    const record = {
      kind: item.kind,
      ownerUid,
      status: "published",
      data,
      photos,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
      rating: null,
    } as unknown as ListingRecord;
    return [newDocumentId(), withSearchFields(record, place)];
  });
  await ctx.store.runTransaction(async (tx) => {
    for (const [id, record] of records) tx.create(LISTINGS, id, record);
  });
  ctx.written(mergeTags(...records.map(([id, record]) => listingPageTags(null, { ...record, id }))));
  return records.map(([id]) => id);
}
