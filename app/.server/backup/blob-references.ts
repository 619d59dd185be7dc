/**
 * The blob keys a database's documents point at, read from the SQLite file itself (a backup's
 * snapshot or the live one), so a backup can prove that every blob its snapshot needs was copied.
 *
 * The shapes, as the domain stores them:
 * - any photo stored by the photo pipeline (listings, profiles, blog covers): an object with a
 *   `folder` and its `widths` → `photos/<folder>/<width>.webp`;
 * - a case's documents (`cases`, `documents[].id`) → `cases/<keySegment(caseId)>/<id>`;
 * - a check-in or check-out's photos (`handovers`, `bookingId`, `photos[].id`) →
 *   `handover/<keySegment(bookingId)>/<id>.webp`;
 * - a deposit claim's photos and its answer's (`deposit_claims`) → `deposits/<keySegment(bookingId)>/<id>.webp`.
 * A new kind of blob needs its shape here (the backup test fails on a restored document whose
 * blob is missing only for the kinds listed).
 */
import type { DatabaseReader } from "../store/sqlite-backup";
import { claimPhotoKey } from "#app/features/deposits/.server";
import { handoverPhotoKey } from "#app/features/handover/.server";
import { documentKey } from "#app/features/cases/.server";

function photoKeys(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) photoKeys(item, into);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  if (typeof record.folder === "string" && Array.isArray(record.widths)) {
    for (const width of record.widths) if (typeof width === "number") into.add(`photos/${record.folder}/${width}.webp`);
  }
  for (const child of Object.values(record)) photoKeys(child, into);
}

function ids(list: unknown): string[] {
  return Array.isArray(list) ? list.map((item) => (item as { id?: unknown })?.id).filter((id): id is string => typeof id === "string") : [];
}

/** The keys one document points at. */
export function blobKeysOf(collection: string, id: string, data: Record<string, unknown>): string[] {
  const keys = new Set<string>();
  photoKeys(data, keys);
  if (collection === "cases") for (const doc of ids(data.documents)) keys.add(documentKey(id, doc));
  const bookingId = typeof data.bookingId === "string" ? data.bookingId : null;
  if (collection === "handovers" && bookingId) for (const photo of ids(data.photos)) keys.add(handoverPhotoKey(bookingId, photo));
  if (collection === "deposit_claims" && bookingId) {
    const answer = data.answer as { photos?: unknown } | null;
    for (const photo of [...ids(data.photos), ...ids(answer?.photos)]) keys.add(claimPhotoKey(bookingId, photo));
  }
  return [...keys];
}

/** Every blob key the documents of a database point at (its reader scans only those that can hold one). */
export async function referencedBlobKeys(db: DatabaseReader): Promise<Set<string>> {
  const keys = new Set<string>();
  await db.scan({ collections: ["cases", "handovers", "deposit_claims"], containing: '"folder"' }, (row) => {
    for (const key of blobKeysOf(row.collection, row.id, JSON.parse(row.data) as Record<string, unknown>)) keys.add(key);
  });
  return keys;
}
