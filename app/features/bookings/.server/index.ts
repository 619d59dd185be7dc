/** Bookings: availability, quotes, the lifecycle, cancellation and payments. The folder's only door. */
export { addDays, daysBetween, eachDay, isIsoDate, momentOf, startOfDay, today } from "#app/utils/dates";
export {
  actionsFor,
  calendarSequence,
  canSetMeeting,
  BOOKINGS,
  BookingError,
  bookingActions,
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
  type Meeting,
  type BookingErrorCode,
  type BookingStatus,
  type CancellationPolicy,
  CHECKOUT_MINUTES,
  MAX_PENDING_PER_LISTING,
  MAX_PENDING_REQUESTS,
  MAX_REQUEST_DAYS,
  weatherMoves,
} from "./model";
export { DEPOSIT_CLAIM_HOURS, DEPOSIT_HOLD_HOURS_BEFORE, PAYOUT_HOURS_AFTER_START, lineOf, moneyView, type Money, type MoneyLine } from "./ledger";
export { cancellationRefund, POLICY_RULES, refundFor, type CancellationRule, type RefundQuote } from "./policy";
// The price of a stay has one home, shared with the pages' live estimate: `app/features/bookings/pricing.ts`.
export { percentOf, priceRental, SERVICE_FEE_PERCENT, serviceFeePercent, type PriceBreakdown, type PriceLine } from "#app/features/bookings/pricing";
export type { BookingFigures, LineKind, LineState, MoneyLineView, MoneyParty, MoneyView, Stay } from "./views";
export { createBookingsService, slotIdFor, slotIdsFor, type BookingChoice, type BookingEvent, type BookingHandler, type BookingsService, type Quote, type Slot } from "./service";
export { bookingEmailHandler, createBookingNotifier, ownerShareSentence, paymentSentence, recipientsOf } from "./notifications";
export { bookingFigures, bookingMoney, ownerFigures } from "./figures";
export { item as emailLine, priceLineLabel } from "./email-price-lines";
export { priceLinesText } from "./price-lines-text";
export { isReference, normalizeReference, REFERENCE_ALPHABET, referenceCandidate } from "./reference";
export { BADGE_DAYS, BAR, MIN_REQUESTS, WINDOW_MONTHS, type ResponseSpeed, type StandingFigures } from "./owner-standing-model";
