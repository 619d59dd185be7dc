import type { Lang } from "#app/i18n";
import { languageOf } from "#app/i18n";
import { dateTimeFormat } from "#app/utils/intl";

/**
 * Bookings as the browser sees them (client-safe: no server code): the views the booking pages
 * receive, and date formatting for stays.
 */
export type PriceLineView = { unit: "month" | "week" | "day" | "half-day"; count: number; unitCents: number; totalCents: number };
export type PriceView = {
  lines: PriceLineView[];
  rentalCents: number;
  skipperDays: number;
  skipperCents: number;
  serviceFeeCents: number;
  totalCents: number;
  depositCents: number;
  ownerCents: number;
};
export type BookingStatusView = "pending" | "confirmed" | "declined" | "expired" | "cancelled" | "completed";
export type PolicyView = "flexible" | "moderate" | "strict";

export type ChoiceFields = { listing: string; start: string; end: string; part: string; people: string; skipper: string };

export type QuoteView = {
  listingId: string;
  kind: "boat" | "dock";
  start: string;
  end: string;
  part: "am" | "pm" | null;
  days: number;
  people: number | null;
  withSkipper: boolean;
  instant: boolean;
  cancellationPolicy: PolicyView;
  price: PriceView;
  startsAt: string;
  deadlines: Array<{ until: string; percent: number }>;
};

export type BookingView = Omit<QuoteView, "listingId" | "deadlines"> & {
  id: string;
  listingId: string;
  status: BookingStatusView;
  expiresAt: string | null;
  payment: { status: "unpaid" | "paid" | "refunded" | "partially-refunded"; paidCents: number; refundedCents: number };
  cancellation: { by: "renter" | "owner"; at: string; refundCents: number; percent: number } | null;
  history: Array<{ at: string; by: "renter" | "owner" | "system"; action: string; to: BookingStatusView }>;
  createdAt: string;
  /** What cancelling now would refund (null when it cannot be cancelled by this side). */
  refund: { percent: number; refundCents: number; keptCents: number; until: string | null } | null;
};

/** "14 jun 2027" for a calendar day (`YYYY-MM-DD`), in the page's language. */
export function formatDay(date: string, lang: Lang, month: "short" | "long" = "short"): string {
  return dateTimeFormat(languageOf(lang).iso, { day: "numeric", month, year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** A moment in Madrid's time: "13 jun 2027, 00:00". */
export function formatMoment(iso: string, lang: Lang): string {
  return dateTimeFormat(languageOf(lang).iso, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Madrid" }).format(new Date(iso));
}
