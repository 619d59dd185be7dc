/**
 * Slots: no double booking by construction. A booking or block claims one slot document per
 * listing and half day (boats: `{id}_{date}_am`, `{id}_{date}_pm`) or day (berths: `{id}_{date}`)
 * in the transaction that writes it; a second claim of a slot finds it there and fails.
 */
import { isStoreError, type DocumentStore } from "#app/.server/store";
import type { Listing } from "#app/features/listings/.server";
import { eachDay } from "#app/utils/dates";
import { BookingError, SLOTS } from "./model";
import type { Slot } from "./service-types";

/** One slot's id: a berth's day (`part` null), or a boat's half day. */
export function slotIdFor(listing: Pick<Listing, "id">, day: string, part: "am" | "pm" | null): string {
  return part ? `${listing.id}_${day}_${part}` : `${listing.id}_${day}`;
}

/** The slots a stay claims: both halves of each day for boats (or one half), each day for berths. */
export function slotIdsFor(listing: Pick<Listing, "id" | "kind">, start: string, end: string, part: "am" | "pm" | null): string[] {
  if (listing.kind === "dock") return eachDay(start, end).map((day) => slotIdFor(listing, day, null));
  if (part) return [slotIdFor(listing, start, part)];
  return eachDay(start, end).flatMap((day) => [slotIdFor(listing, day, "am"), slotIdFor(listing, day, "pm")]);
}

export function slotOf(id: string, listingId: string, kind: Slot["kind"], ref: string): Slot {
  const rest = id.slice(listingId.length + 1);
  const [date, part] = rest.split("_");
  return { listingId, date, part: part === "am" || part === "pm" ? part : null, kind, ref };
}

/** Claims `slotIds` and writes `doc` in one transaction; `taken` if any slot is held. */
export type Tx = Parameters<Parameters<DocumentStore["runTransaction"]>[0]>[0];
export async function claim(store: DocumentStore, slotIds: string[], listingId: string, kind: Slot["kind"], ref: string, write: (tx: Tx) => void, check?: (tx: Tx) => Promise<void>) {
  try {
    await store.runTransaction(async (tx) => {
      await check?.(tx);
      const held = await tx.getMany(SLOTS, slotIds);
      if (held.some((slot) => slot !== null)) throw new BookingError("taken");
      for (const id of slotIds) tx.create(SLOTS, id, slotOf(id, listingId, kind, ref));
      write(tx);
    });
  } catch (error) {
    if (isStoreError(error, "already-exists")) throw new BookingError("taken");
    if (isStoreError(error, "aborted")) {
      // Firestore gave up after retries under contention: the days went to someone else.
      const held = await store.getMany(SLOTS, slotIds);
      if (held.some((slot) => slot !== null)) throw new BookingError("taken");
    }
    throw error;
  }
}
