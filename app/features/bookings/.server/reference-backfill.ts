/** Stores a reference on every booking stored before references existed (`reference.ts`), once per store. */
import { backfillShortReferences } from "#app/.server/domain/short-references";
import type { BookingsContext } from "./context";
import { BOOKINGS, type Booking } from "./model";
import { BOOKING_REFERENCE, REFERENCES } from "./reference";

/** Idempotent; returns how many it stored (`backfillShortReferences`). */
export function backfillReferences(ctx: BookingsContext): Promise<number> {
  return backfillShortReferences<Booking>({
    store: ctx.store,
    now: ctx.now,
    kind: BOOKING_REFERENCE,
    collection: BOOKINGS,
    references: REFERENCES,
    marker: "booking-references-v1",
    attach: (tx, booking, reference) => {
      tx.create(REFERENCES, reference, { bookingId: booking.id });
      tx.update(BOOKINGS, booking.id, { reference });
    },
  });
}
