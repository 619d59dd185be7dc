/**
 * What every handover operation shares: the dependencies with their defaults, reading a record,
 * the caller's side of a booking, and the deposit's release after a clean check-out. Each
 * operation module takes this context; `service.ts` makes it once and wires the operations.
 */
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import { isBookingError, isBookingId, type Booking, type BookingsService } from "#app/features/bookings/.server";
import type { Listing } from "#app/features/listings/.server";
import { HANDOVERS, HandoverError, recordId, type HandoverKind, type HandoverRecord, type Side } from "./model";

export type Viewer = { uid: string; role: "admin" | "user" };

export type HandoverDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  bookings: Pick<BookingsService, "getFor" | "releaseDeposit">;
  listings: { get(id: string): Promise<Listing | null> };
  /** Tells the other side a record waits for their confirmation (emails), after it is written. */
  notify?: (record: HandoverRecord, event: "recorded" | "answered") => Promise<void>;
  /** Whether the renter gave a licence with this booking (issue 49): the owner then ticks "licence seen" at check-in. */
  licenceHeld?: (bookingId: string) => Promise<boolean>;
  now?: () => Date;
};

export type HandoverContext = HandoverDeps & { now: () => Date };

export function createHandoverContext(deps: HandoverDeps): HandoverContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}

/** The booking's record of `kind`, if any (a malformed id has none). */
export async function read(ctx: HandoverContext, bookingId: string, kind: HandoverKind): Promise<HandoverRecord | null> {
  if (!isBookingId(bookingId)) return null;
  return ctx.store.get<HandoverRecord>(HANDOVERS, recordId(bookingId, kind));
}

/** The booking and the caller's side; `not-found` for anyone but its two people. */
export async function sideOf(ctx: HandoverContext, uid: string, bookingId: string): Promise<{ booking: Booking; side: Side }> {
  if (!isBookingId(bookingId)) throw new HandoverError("not-found");
  const found = await ctx.bookings.getFor(bookingId, uid);
  if (!found) throw new HandoverError("not-found");
  return { booking: found.booking, side: found.role };
}

/**
 * The deposit goes back at once after a clean check-out: confirmed, no damage noted, and no fuel
 * short unless the owner let it go. A deposit already gone or claimed stays as it is — the ledger
 * refuses to release a claimed one (`invalid-transition`), in the same transaction that would
 * move it, so a claim filed at the same moment is never voided.
 */
export async function releaseIfClean(ctx: HandoverContext, record: HandoverRecord): Promise<HandoverRecord> {
  if (record.kind !== "check-out" || record.confirmation?.status !== "confirmed" || record.damage) return record;
  if (record.fuelShort === true && record.confirmation.fuel !== "waive") return record;
  try {
    await ctx.bookings.releaseDeposit(record.bookingId, record.ownerUid);
  } catch (error) {
    if (isBookingError(error, "invalid-transition")) return record;
    throw error;
  }
  const at = ctx.now().toISOString();
  await ctx.store.update(HANDOVERS, record.id, { depositReleasedAt: at });
  return { ...record, depositReleasedAt: at };
}

/** Tells the other side, after the write; a failed email is logged and undoes nothing. */
export async function notify(ctx: HandoverContext, record: HandoverRecord, event: "recorded" | "answered"): Promise<void> {
  await ctx.notify?.(record, event).catch((error: unknown) => console.error(`[handover] ${record.id}: the email failed:`, error));
}
