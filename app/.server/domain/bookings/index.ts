/** Bookings: availability, quotes, the lifecycle, cancellation and payments. The folder's only door. */
export { addDays, daysBetween, eachDay, isIsoDate, startOfDay, today } from "./dates";
export {
  BOOKINGS,
  BookingError,
  bookingStatuses,
  isBookingError,
  isBookingId,
  MAX_BOAT_DAYS,
  MAX_DAYS_AHEAD,
  MAX_DOCK_DAYS,
  REQUEST_HOURS,
  TRANSITIONS,
  type Block,
  type Booking,
  type BookingErrorCode,
  type BookingStatus,
  type CancellationPolicy,
  type PaymentStatus,
} from "./model";
export { POLICY_RULES, refundFor, type RefundQuote } from "./policy";
export { percentOf, priceRental, SERVICE_FEE_PERCENT, type PriceBreakdown, type PriceLine } from "./pricing";
export { createBookingsService, slotIdsFor, type BookingChoice, type BookingEvent, type BookingsService, type Quote, type Slot } from "./service";
export { createBookingNotifier, recipientsOf } from "./notifications";

/** How often each server applies due expiries and completions (reads also apply them). */
export const BOOKING_SCHEDULER_MS = 60_000;
