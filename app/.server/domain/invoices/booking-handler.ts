import type { BookingHandler } from "../bookings";
import type { InvoicesService } from "./service";

/**
 * Invoices' reaction to bookings: a confirmation (an instant booking, or a request accepted)
 * issues the rental and fee invoices; a cancellation that refunded money issues the corrective
 * ones. Both are idempotent (ids derive from the booking), so a replayed event issues nothing.
 */
export function invoiceBookingHandler(invoices: Pick<InvoicesService, "issueForBooking" | "correctForCancellation">): BookingHandler {
  return {
    name: "invoices",
    on: ["booked", "accepted", "cancelled"],
    async handle(event, booking) {
      if (event === "cancelled") await invoices.correctForCancellation(booking);
      else await invoices.issueForBooking(booking);
    },
  };
}
