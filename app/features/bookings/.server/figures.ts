import { addDays, daysBetween } from "#app/utils/dates";
import { commit, moneyView, type MoneyLine } from "./ledger";
import { isForRent, type Listing } from "#app/features/listings/.server";
import type { Booking } from "./model";
import type { BookingFigures, MoneyView } from "./views";

/** A request not answered yet (or its checkout not completed): its figures are what acceptance will make them. */
const WAITING: readonly Booking["status"][] = ["pending", "awaiting-payment"];

type MoneyOfBooking = Pick<Booking, "status" | "money" | "price" | "startsAt" | "endsAt">;

/**
 * Each party's figure for a booking, read once from its ledger (decision 048): what the renter
 * pays net of refunds (or of what is no longer owed), the refund, the deposit's claim, what the
 * owner receives (the payout left after refunds, plus the claim) and the platform's fee net of its
 * refund. A request not answered yet has no payout yet: its figures are the price's, marked
 * `prospective` ("you would receive"). The trip page, the owner's page and price card, the lists,
 * /ajustes/cobros, the dashboard, the emails and the invoices' tests all read this.
 */
export function bookingFigures(booking: MoneyOfBooking): BookingFigures {
  const { price } = booking;
  if (WAITING.includes(booking.status)) {
    return { totalCents: price.totalCents, renterPaysCents: price.totalCents, renterRefundCents: 0, claimCents: 0, ownerReceivesCents: price.ownerCents, feeCents: price.serviceFeeCents, prospective: true };
  }
  const { lines } = booking.money;
  const sum = (test: (line: MoneyLine) => boolean) => lines.filter(test).reduce((total, line) => total + line.amountCents, 0);
  // Charged, held or owed: a line let go (declined, expired, withdrawn) or never paid for counts nothing.
  const stands = (line: MoneyLine) => line.state !== "voided" && line.state !== "awaiting";
  const refunds = sum((line) => line.kind === "refund");
  const claimCents = sum((line) => line.kind === "claim");
  const payout = lines.find((line) => line.kind === "payout");
  return {
    totalCents: price.totalCents,
    renterPaysCents: sum((line) => (line.kind === "rental" || line.kind === "fee") && stands(line)) - refunds,
    renterRefundCents: refunds,
    claimCents,
    ownerReceivesCents: (payout && payout.state !== "voided" ? payout.amountCents : 0) + claimCents,
    feeCents: sum((line) => line.kind === "fee" && stands(line)) - sum((line) => line.id === "refund-fee"),
    prospective: false,
  };
}

/**
 * The booking's money lines as its pages show them. A request without a provider holds nothing
 * and has no lines yet: it shows the lines acceptance will write (`preview`), so its page says
 * what will be owed, to whom and when (issue 44).
 */
export function bookingMoney(booking: MoneyOfBooking, now: string = new Date().toISOString()): MoneyView {
  if (WAITING.includes(booking.status) && booking.money.lines.length === 0) return { ...moneyView(commit(booking.money, booking, true, now), now), preview: true };
  return moneyView(booking.money, now);
}

/**
 * An owner's figures (the settings dashboard): earnings — what each booking gives the owner
 * (`bookingFigures`) — in the month and the year of `today`, by the trip's first day; occupancy
 * of the next 30 days over every bookable listing (published and for rent; a half day counts
 * half). Null for someone with neither bookable listings nor bookings as an owner (the dashboard
 * shows no owner figures then).
 */
export function ownerFigures(asOwner: readonly Booking[], owned: readonly Listing[], today: string) {
  const bookableListings = owned.filter((listing) => listing.status === "published" && isForRent(listing)).length;
  if (bookableListings === 0 && asOwner.length === 0) return null;
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  const earned = (b: Booking) => (b.status === "confirmed" || b.status === "completed" || b.status === "cancelled" ? bookingFigures(b).ownerReceivesCents : 0);
  const sum = (list: readonly Booking[]) => list.reduce((total, b) => total + earned(b), 0);
  const horizon = addDays(today, 29);
  let bookedDays = 0;
  for (const b of asOwner) {
    if (b.status !== "confirmed" || b.end < today || b.start > horizon) continue;
    const from = b.start < today ? today : b.start;
    const to = b.end > horizon ? horizon : b.end;
    bookedDays += b.part ? 0.5 : daysBetween(from, to) + 1;
  }
  return {
    upcoming: asOwner.filter((b) => b.status === "confirmed" && b.end >= today).length,
    pending: asOwner.filter((b) => b.status === "pending").length,
    earningsMonthCents: sum(asOwner.filter((b) => b.start.startsWith(month))),
    earningsYearCents: sum(asOwner.filter((b) => b.start.startsWith(year))),
    occupancyPercent: bookableListings === 0 ? 0 : Math.round((bookedDays / (bookableListings * 30)) * 100),
  };
}

/**
 * What an owner reads of a renter before answering a request (issue 44): the trips they completed
 * and the confirmed bookings they cancelled. A cancellation for the weather (decision 031) is
 * nobody's doing and never counts; a move for the weather is not a cancellation at all.
 */
export function renterStanding(asRenter: readonly Booking[]): { completedTrips: number; cancellations: number } {
  return {
    completedTrips: asRenter.filter((b) => b.status === "completed").length,
    cancellations: asRenter.filter((b) => b.status === "cancelled" && b.cancellation?.by === "renter" && b.cancellation.rule !== "weather" && b.history.some((entry) => entry.to === "confirmed")).length,
  };
}
