import { addDays, daysBetween } from "./dates";
import { moneyView } from "./ledger";
import { isForRent, type Listing } from "../listings";
import type { Booking } from "./model";

/**
 * An owner's figures (the settings dashboard): earnings read from each booking's ledger (what the
 * payout and any deposit claim give the owner, after refunds) in the month and the year of
 * `today`, by the trip's first day; occupancy of the next 30 days over every bookable listing
 * (published and for rent; a half day counts half). Null for someone with neither bookable
 * listings nor bookings as an owner (the dashboard shows no owner figures then).
 */
export function ownerFigures(asOwner: readonly Booking[], owned: readonly Listing[], today: string) {
  const bookableListings = owned.filter((listing) => listing.status === "published" && isForRent(listing)).length;
  if (bookableListings === 0 && asOwner.length === 0) return null;
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  const earned = (b: Booking) => (b.status === "confirmed" || b.status === "completed" || b.status === "cancelled" ? moneyView(b.money).ownerEarnsCents : 0);
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
