import type { Stay } from "./views";
import type { WeatherEvidence } from "#app/features/weather/.server";
import type { Money } from "./ledger";
import type { CancellationRule } from "./policy";

/**
 * Bookings: a renter's request or instant booking of a boat or a berth for rent, by whole days
 * or one half day. Dates are calendar days (`YYYY-MM-DD`) in the marketplace's time zone;
 * `end` is the last day, inclusive. Money is integer cents.
 */
export const BOOKINGS = "bookings";
/** One document per listing and half day (boats) or day (berths): `{listingId}_{date}[_am|_pm]`. */
export const SLOTS = "booking_slots";

export { MARKET_TIME_ZONE } from "#app/utils/dates";
/** docs/PRODUCT.md: the owner has 48 hours to answer a request. */
export const REQUEST_HOURS = 48;
/** The longest booking (a Firestore transaction writes at most 500 documents: two slots a day for boats). */
export const MAX_BOAT_DAYS = 60;
export const MAX_DOCK_DAYS = 365;
/** How far ahead one can book. */
export const MAX_DAYS_AHEAD = 550;

/**
 * `awaiting-payment`: a provider that charges (Stripe) needs the renter to complete its checkout
 * first; the days are held meanwhile, for at most `CHECKOUT_MINUTES`.
 */
export type BookingStatus = "awaiting-payment" | "pending" | "confirmed" | "declined" | "expired" | "cancelled" | "completed";
export const bookingStatuses = ["awaiting-payment", "pending", "confirmed", "declined", "expired", "cancelled", "completed"] as const satisfies readonly BookingStatus[];
export const bookingActions = ["authorise", "pay", "accept", "decline", "expire", "cancel", "complete"] as const;
export type BookingAction = (typeof bookingActions)[number];
export type Actor = "renter" | "owner" | "system";

/**
 * The lifecycle as data: from each state, which action leads where and who may take it. A
 * renter's `cancel` of a pending request withdraws it (nothing was paid).
 */
export const TRANSITIONS: Readonly<Record<BookingStatus, Partial<Record<BookingAction, { to: BookingStatus; by: readonly Actor[] }>>>> = {
  "awaiting-payment": {
    // The provider says the renter's card holds the money: a request goes to the owner, an instant booking is confirmed.
    authorise: { to: "pending", by: ["system"] },
    pay: { to: "confirmed", by: ["system"] },
    expire: { to: "expired", by: ["system"] },
    cancel: { to: "cancelled", by: ["renter"] },
  },
  pending: {
    accept: { to: "confirmed", by: ["owner"] },
    decline: { to: "declined", by: ["owner"] },
    expire: { to: "expired", by: ["system"] },
    cancel: { to: "cancelled", by: ["renter"] },
  },
  confirmed: {
    cancel: { to: "cancelled", by: ["renter", "owner"] },
    complete: { to: "completed", by: ["system"] },
  },
  declined: {},
  expired: {},
  cancelled: {},
  completed: {},
};

/**
 * What `side` may do with the booking now: the lifecycle's actions open to that side, less the
 * cancellation of a trip that has begun.
 */
export function actionsFor(booking: Pick<Booking, "status" | "startsAt">, side: "renter" | "owner", now: Date): Array<"accept" | "decline" | "cancel"> {
  const open = TRANSITIONS[booking.status];
  const started = booking.startsAt <= now.toISOString();
  return (["accept", "decline", "cancel"] as const).filter((action) => open[action]?.by.includes(side) && !(action === "cancel" && booking.status === "confirmed" && started));
}

/** States that hold the listing's days. */
export const HOLDING: readonly BookingStatus[] = ["awaiting-payment", "pending", "confirmed"];

/** Whether the owner may set the booking's meeting point and time: while it holds its days and has not ended. */
export function canSetMeeting(booking: Pick<Booking, "status" | "endsAt">, now: Date): boolean {
  return HOLDING.includes(booking.status) && booking.endsAt > now.toISOString();
}

/** How long a checkout may hold the days. */
export const CHECKOUT_MINUTES = 30;
/** No squatting: pending requests a person may hold per listing and at once, and the longest request. */
export const MAX_PENDING_PER_LISTING = 1;
export const MAX_PENDING_REQUESTS = 3;
export const MAX_REQUEST_DAYS = 30;

export type { CancellationPolicy } from "#app/features/listings";

export type HistoryEntry = { at: string; by: Actor; uid: string | null; action: BookingAction | "request" | "book" | "move"; from: BookingStatus | null; to: BookingStatus };

/**
 * A trip the forecast made unsafe, cancelled with everything refunded or moved to other days at
 * the same price (decision 031): who acted, when, the days before and after, and the forecast
 * that justified it.
 */
export type WeatherDecision = {
  action: "cancel" | "move";
  by: "renter" | "owner";
  uid: string;
  at: string;
  from: { start: string; end: string };
  to: { start: string; end: string } | null;
  evidence: WeatherEvidence;
};

/** The moves of a trip for the weather, oldest first (each has its corrective invoices). */
export function weatherMoves(booking: Pick<Booking, "weather">): Array<WeatherDecision & { to: { start: string; end: string } }> {
  return (booking.weather ?? []).filter((decision): decision is WeatherDecision & { to: { start: string; end: string } } => decision.action === "move" && decision.to !== null);
}

/** Where and when the trip starts: the listing's default, or the owner's word for this booking. */
export type Meeting = { place: string | null; time: string | null };

/**
 * The revision of the trip's calendar event (RFC 5545 `SEQUENCE`): each move for the weather and
 * each change of the owner's meeting point or time rewrites the event, and a calendar that has it
 * replaces it only for a higher revision (a file that kept `SEQUENCE:0` left the old days there).
 */
export function calendarSequence(booking: Pick<Booking, "weather" | "meetingChanges">): number {
  return weatherMoves(booking).length + (booking.meetingChanges ?? 0);
}

export type Booking = Stay & {
  id: string;
  /** The short human reference (`AMR-7K3Q9`, `reference.ts`); ids stay in URLs. */
  reference: string;
  /** The owner's meeting point and time for this booking, over the listing's default (null: the default). */
  meeting?: Meeting | null;
  /** How many times the owner changed `meeting` (absent: never), for `calendarSequence`. */
  meetingChanges?: number;
  listingId: string;
  listingKind: "boat" | "dock";
  ownerUid: string;
  renterUid: string;
  status: BookingStatus;
  /** The renter's language when booking (emails to them use it). */
  renterLang: string;
  /** Requests: when the owner's time to answer ends. */
  expiresAt: string | null;
  /** Confirmed bookings: when the trip is over (the day after the last day begins). */
  endsAt: string;
  /** The booking's money as ledger lines (`ledger.ts`): what is owed, held, charged, refunded and paid out. */
  money: Money;
  /** A provider call is still to be made for one of the lines (the scheduler retries it). */
  opsPending: boolean;
  /** The next moment the money has something due (deposit hold or release, payout); null for none. */
  moneyDueAt: string | null;
  /** The payout waits for the owner's payout account (decision 052); absent on bookings written before. */
  payoutWaiting?: boolean;
  cancellation: {
    by: "renter" | "owner";
    at: string;
    /** rentalRefundCents + feeRefundCents. */
    refundCents: number;
    /** The policy tier's percent (`policy`), 100 otherwise. */
    percent: number;
    rentalRefundCents: number;
    feeRefundCents: number;
    rule: CancellationRule;
  } | null;
  /** The owner's reason for declining, if they gave one. */
  declineReason: string | null;
  /** The weather decisions taken on this trip, oldest first (absent before the first). */
  weather?: WeatherDecision[];
  slotIds: string[];
  history: HistoryEntry[];
  createdAt: string;
  updatedAt: string;
};

/** An owner's block: the listing's days taken by the owner themselves. */
export const BLOCKS = "booking_blocks";
export type Block = { id: string; listingId: string; ownerUid: string; start: string; end: string; slotIds: string[]; createdAt: string };

/** A listing's calendar feed: a secret token in its URL, rotatable by the owner. */
export const FEEDS = "booking_calendar_feeds";
export type CalendarFeed = { listingId: string; ownerUid: string; token: string; rotatedAt: string };

export type BookingErrorCode =
  /** No such booking or listing, or not the caller's to see. */
  | "not-found"
  /** The listing cannot be booked: not published, a berth for sale, the renter's own. */
  | "not-bookable"
  /** The days are taken (another booking, a request or a block). */
  | "taken"
  /** The choice is not valid: `field` says which part. */
  | "invalid"
  /** The action is not allowed from the booking's state or to this person. */
  | "invalid-transition"
  /** The person already holds as many pending requests as allowed. */
  | "too-many-requests";

export class BookingError extends Error {
  override readonly name = "BookingError";
  constructor(
    readonly code: BookingErrorCode,
    readonly field: "start" | "end" | "part" | "people" | "skipper" | "listing" | null = null,
    readonly reason: string = code,
  ) {
    super(`booking: ${code}${field ? ` (${field}: ${reason})` : ""}`);
  }
}

export function isBookingError(error: unknown, code?: BookingErrorCode): error is BookingError {
  return error instanceof BookingError && (code === undefined || error.code === code);
}

/** Ids come from URLs. */
export function isBookingId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9]{20}$/.test(id);
}
