/** Reading records: a booking's two for the people it concerns, what a side may do now, the check-out a deposit claim points at, a photo's bytes. */
import { isBookingId, type Booking } from "#app/features/bookings/.server";
import type { Listing } from "#app/features/listings/.server";
import { read, type HandoverContext, type Viewer } from "./context";
import type { HandoverPhoto, HandoverRecord, Side } from "./model";
import { handoverPhotoKey } from "./photos";
import { hasEngine, localDay, refusalFor, zoneOf } from "./rules";

/** Both records of a booking for its two people or the team; null for anyone else. */
export async function forBooking(ctx: HandoverContext, bookingId: string, viewer: Viewer): Promise<{ checkIn: HandoverRecord | null; checkOut: HandoverRecord | null } | null> {
  if (!isBookingId(bookingId)) return null;
  if (viewer.role !== "admin" && !(await ctx.bookings.getFor(bookingId, viewer.uid))) return null;
  const [checkIn, checkOut] = await Promise.all([read(ctx, bookingId, "check-in"), read(ctx, bookingId, "check-out")]);
  return { checkIn, checkOut };
}

/**
 * What one side may do now on the booking page: record, answer, and the day check-in opens.
 * The same rules as `record` and `answer`.
 */
export async function offer(ctx: HandoverContext, booking: Booking, side: Side, listing: Listing | null, records: { checkIn: HandoverRecord | null; checkOut: HandoverRecord | null }) {
  const at = ctx.now();
  const can: Array<"check-in" | "check-out" | "confirm-check-in" | "confirm-check-out"> = [];
  if (!records.checkIn && !refusalFor("check-in", booking, listing, false, at)) can.push("check-in");
  if (records.checkIn && !records.checkIn.confirmation && records.checkIn.by !== side) can.push("confirm-check-in");
  if (!records.checkOut && !refusalFor("check-out", booking, listing, records.checkIn !== null, at)) can.push("check-out");
  if (records.checkOut && !records.checkOut.confirmation && records.checkOut.by !== side) can.push("confirm-check-out");
  const waiting = !records.checkIn && (booking.status === "confirmed" || booking.status === "pending" || booking.status === "awaiting-payment") && at.toISOString() < booking.endsAt && localDay(at, zoneOf(listing)) < booking.start;
  return { can, opensOn: waiting ? booking.start : null, engine: hasEngine(listing) };
}

/**
 * The check-out a deposit claim points at (no person's check: the deposits feature asks for
 * the booking its owner claims on): its id, its photos' ids and its notes; null without one.
 */
export async function checkOutEvidence(ctx: HandoverContext, bookingId: string): Promise<{ id: string; photoIds: string[]; notes: string[] } | null> {
  const record = await read(ctx, bookingId, "check-out");
  if (!record) return null;
  const notes = [record.notes, record.confirmation?.note ?? ""].filter((n) => n.length > 0);
  return { id: record.id, photoIds: record.photos.map((p) => p.id), notes };
}

/** One photo's bytes for the two people and the team; null for anyone else or a missing one. */
export async function photo(ctx: HandoverContext, bookingId: string, photoId: string, viewer: Viewer): Promise<{ photo: HandoverPhoto; bytes: Uint8Array } | null> {
  const records = await forBooking(ctx, bookingId, viewer);
  if (!records) return null;
  const found = [...(records.checkIn?.photos ?? []), ...(records.checkOut?.photos ?? [])].find((p) => p.id === photoId);
  if (!found) return null;
  const blob = await ctx.blobs.get(handoverPhotoKey(bookingId, found.id));
  return blob ? { photo: found, bytes: blob.bytes } : null;
}
