/** Reading claims: one booking's for the people it concerns, the team's list and count, a photo's bytes. */
import { read, visible, type DepositsContext, type Viewer } from "./context";
import { DEPOSIT_CLAIMS, type ClaimPhoto, type DepositClaim } from "./model";
import { claimPhotoKey } from "./photos";

/** The booking's claim, for its owner, its renter or the team; null for anyone else or none. */
export async function forBooking(ctx: DepositsContext, bookingId: string, viewer: Viewer): Promise<DepositClaim | null> {
  return visible(await read(ctx, bookingId), viewer);
}

/** The open claims, oldest first (the team's list). */
export async function listOpen(ctx: DepositsContext, limit = 200): Promise<DepositClaim[]> {
  const docs = await ctx.store.query<DepositClaim>({ collection: DEPOSIT_CLAIMS, where: [["status", "==", "open"]], limit });
  return docs.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** How many claims wait for the team. */
export function countOpen(ctx: DepositsContext): Promise<number> {
  return ctx.store.count({ collection: DEPOSIT_CLAIMS, where: [["status", "==", "open"]] });
}

/** One photo's bytes for the two people and the team; null for anyone else or a missing one. */
export async function photo(ctx: DepositsContext, bookingId: string, photoId: string, viewer: Viewer): Promise<{ photo: ClaimPhoto; bytes: Uint8Array } | null> {
  const claim = visible(await read(ctx, bookingId), viewer);
  if (!claim) return null;
  const found = [...claim.photos, ...(claim.answer?.photos ?? [])].find((p) => p.id === photoId);
  if (!found) return null;
  const blob = await ctx.blobs.get(claimPhotoKey(bookingId, found.id));
  return blob ? { photo: found, bytes: blob.bytes } : null;
}
