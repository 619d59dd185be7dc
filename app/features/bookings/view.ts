import type { Lang } from "#app/i18n";
import { languageOf } from "#app/i18n";
import { dateTimeFormat } from "#app/framework/intl";
import type { CancellationPolicy } from "#app/features/listings";
import type { PriceBreakdown } from "#app/features/bookings/pricing";
// The booking shapes are the domain's (one home); pages receive them as they are.
import type { BookingFigures, LineState, MoneyView, Stay } from "#app/features/bookings/.server";

/**
 * Bookings as the browser sees them (client-safe: no server code): the views the booking pages
 * receive, and date formatting for stays.
 */
export type PriceView = PriceBreakdown;
export type BookingStatusView = "awaiting-payment" | "pending" | "confirmed" | "declined" | "expired" | "cancelled" | "completed";

export const lineStates = ["direct", "awaiting", "authorised", "captured", "voided", "refunded", "credited", "scheduled", "disputed", "released", "paid-out", "settled", "waiting"] as const satisfies readonly LineState[];
export type PolicyView = CancellationPolicy;

export type ChoiceFields = { listing: string; start: string; end: string; part: string; people: string; skipper: string };

export type QuoteView = Stay & {
  listingId: string;
  kind: "boat" | "dock";
  deadlines: Array<{ until: string; percent: number }>;
};

export type BookingView = Omit<QuoteView, "listingId" | "deadlines"> & {
  id: string;
  /** The short human reference (`AMR-7K3Q9`) people read; the id stays in URLs. */
  reference: string;
  listingId: string;
  status: BookingStatusView;
  expiresAt: string | null;
  money: MoneyView;
  /** Each party's figure, read once from the ledger (decision 048): the price card and the money section show these. */
  figures: BookingFigures;
  cancellation: { by: "renter" | "owner"; at: string; refundCents: number; percent: number; rentalRefundCents: number; feeRefundCents: number; rule: "policy" | "owner-cancel" | "weather" | "unpaid" } | null;
  declineReason: string | null;
  history: Array<{ at: string; by: "renter" | "owner" | "system"; action: string; to: BookingStatusView }>;
  createdAt: string;
  /** What cancelling now would refund (null when it cannot be cancelled by this side). */
  refund: { percent: number; refundCents: number; rentalRefundCents: number; feeRefundCents: number; keptCents: number; until: string | null } | null;
};

/** "14 jun 2027" for a calendar day (`YYYY-MM-DD`), in the page's language. */
export function formatDay(date: string, lang: Lang, month: "short" | "long" = "short"): string {
  return dateTimeFormat(languageOf(lang).iso, { day: "numeric", month, year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** A moment in Madrid's time: "13 jun 2027, 00:00". */
export function formatMoment(iso: string, lang: Lang): string {
  return dateTimeFormat(languageOf(lang).iso, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Madrid" }).format(new Date(iso));
}

/** Where and when a trip starts: the owner's word for this booking, else the boat's default. */
export type MeetingView = { place: string | null; time: string | null; source: "booking" | "listing" };

/** What a trip's page adds to the booking (`features/bookings/routes/trip.server.ts`). */
export type TripView = {
  reference: string;
  meeting: MeetingView | null;
  /** The other person's phone, only once contact details may show (decision 026). */
  contact: { phone: string } | null;
  /** The booking's invoices this person may read. */
  invoices: Array<{ id: string; number: string; kind: string }>;
  /** The trip's `.ics`, while it lies ahead. */
  calendarHref: string | null;
  /** A completed trip not yet reviewed (renter): the review form's address. */
  reviewHref: string | null;
};

/** What the renter's trip page says on the way back from the provider's checkout. */
export type CheckoutReturn = "booked" | "requested" | "paying" | "unpaid";

/** Seconds between reloads of a trip page paid for but not yet confirmed by the provider. */
export const CHECKOUT_REFRESH_SECONDS = 4;

/**
 * The banner for a return from checkout (`?checkout=complete` or `cancelled`, set by the provider
 * adapter's return URLs), from the booking's status now: paid and confirmed (instant) or sent
 * (a request); paid but the provider's word not yet in (`paying`); left without paying while the
 * days are still held (`unpaid`). Anything else (a lapsed checkout, a stale link): no banner.
 */
export function checkoutReturn(outcome: string | null, status: BookingStatusView): CheckoutReturn | null {
  if (outcome === "complete") {
    if (status === "confirmed") return "booked";
    if (status === "pending") return "requested";
    if (status === "awaiting-payment") return "paying";
  }
  if (outcome === "cancelled" && status === "awaiting-payment") return "unpaid";
  return null;
}
