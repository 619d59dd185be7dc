import type { BookingHandler } from "#app/features/bookings/.server";
import type { InvoicesService } from "./service";

/**
 * Invoices' reaction to bookings: a confirmation (an instant booking, or a request accepted)
 * issues the rental and fee invoices; a cancellation that refunded money issues the corrective
 * ones; a trip moved for the weather, the corrective ones that name its new days. All are
 * idempotent (ids derive from the booking), so a replayed event issues nothing.
 */
export function invoiceBookingHandler(invoices: Pick<InvoicesService, "issueForBooking" | "correctForCancellation" | "correctForMove">): BookingHandler {
  return {
    name: "invoices",
    on: ["booked", "accepted", "cancelled", "moved"],
    async handle(event, booking) {
      if (event === "cancelled") await invoices.correctForCancellation(booking);
      else if (event === "moved") await invoices.correctForMove(booking);
      else await invoices.issueForBooking(booking);
    },
  };
}
