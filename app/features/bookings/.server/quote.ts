/** Quotes: a renter's choice checked against the listing (dates, people, skipper, half days) and priced. */
import type { Listing } from "#app/features/listings/.server";
import { addDays, daysBetween, isIsoDate, startOfDay, today } from "#app/utils/dates";
import { BookingError, MAX_BOAT_DAYS, MAX_DAYS_AHEAD, MAX_DOCK_DAYS, MAX_REQUEST_DAYS, type CancellationPolicy } from "./model";
import { policyDeadlines } from "./policy";
import { boatTariff, dockTariff, priceRental, PricingError, type PriceBreakdown } from "#app/features/bookings/pricing";
import type { BookingChoice, Quote } from "./service-types";

/**
 * Checks a choice against the listing and prices it; throws `BookingError` naming the field.
 * `renterUid` null: a visitor looking (the summary before signing in); `at`: now; `feePercent`:
 * the service fee of the payment mode the booking would be made under (decision 048).
 */
export function quote(listing: Listing | null, renterUid: string | null, choice: BookingChoice, at: Date, feePercent: number): Quote {
  if (!listing || listing.status !== "published") throw new BookingError("not-bookable", "listing", "unavailable");
  if (listing.kind === "dock" && listing.data.kind !== "rent") throw new BookingError("not-bookable", "listing", "for-sale");
  if (renterUid !== null && listing.ownerUid === renterUid) throw new BookingError("not-bookable", "listing", "own");
  const { start, part } = choice;
  if (!isIsoDate(start)) throw new BookingError("invalid", "start", "format");
  const end = part ? start : choice.end;
  if (!isIsoDate(end)) throw new BookingError("invalid", "end", "format");
  const current = today(at);
  if (start < current) throw new BookingError("invalid", "start", "past");
  if (daysBetween(current, start) > MAX_DAYS_AHEAD) throw new BookingError("invalid", "start", "too-far");
  if (end < start) throw new BookingError("invalid", "end", "before-start");
  const days = daysBetween(start, end) + 1;
  const maxDays = listing.kind === "boat" ? MAX_BOAT_DAYS : MAX_DOCK_DAYS;
  if (days > maxDays) throw new BookingError("invalid", "end", "too-long");

  let instant: boolean;
  let cancellationPolicy: CancellationPolicy;
  let people: number | null = null;
  let withSkipper = false;
  let price: PriceBreakdown;
  try {
    if (listing.kind === "boat") {
      const data = listing.data;
      instant = data.instantBooking === true;
      cancellationPolicy = data.cancellationPolicy ?? "moderate";
      if (part && data.halfDayPriceCents === undefined) throw new BookingError("invalid", "part", "no-half-day");
      const capacity = data.capacity ?? 1;
      if (choice.people === null || !Number.isInteger(choice.people) || choice.people < 1) throw new BookingError("invalid", "people", "required");
      if (choice.people > capacity) throw new BookingError("invalid", "people", "too-many");
      people = choice.people;
      const skipper = data.skipper ?? { mode: "none" as const };
      if (choice.withSkipper && skipper.mode === "none") throw new BookingError("invalid", "skipper", "none");
      withSkipper = skipper.mode === "mandatory" || (skipper.mode === "optional" && choice.withSkipper);
      // Each day at its own price when the boat has seasons or a weekend rule (`day-prices.ts`).
      const tariff = boatTariff({ ...data, skipper }, feePercent, listing.pricing ?? null);
      price = priceRental(tariff, part ? { kind: "half-day", part, withSkipper, start } : { kind: "days", days, withSkipper, start });
    } else {
      if (part) throw new BookingError("invalid", "part", "no-half-day");
      const data = listing.data;
      // Berths are rented on request, under the moderate policy (decision record 011).
      instant = false;
      cancellationPolicy = "moderate";
      if (data.availableFrom && start < data.availableFrom) throw new BookingError("invalid", "start", "outside-availability");
      if (data.availableTo && end > data.availableTo) throw new BookingError("invalid", "end", "outside-availability");
      price = priceRental(dockTariff(data as { dailyPriceCents?: number; monthlyPriceCents?: number }, feePercent), { kind: "days", days });
    }
  } catch (error) {
    if (error instanceof PricingError) throw new BookingError("not-bookable", "listing", "no-price");
    throw error;
  }
  // A request needs time to be answered: from tomorrow on; and holds at most MAX_REQUEST_DAYS.
  if (!instant && start <= current) throw new BookingError("invalid", "start", "request-too-soon");
  // Berths are rented on request by the month (decision 011): the cap is the boats' (decision 023).
  if (!instant && listing.kind === "boat" && days > MAX_REQUEST_DAYS) throw new BookingError("invalid", "end", "request-too-long");
  const startsAt = startOfDay(start).toISOString();
  return {
    listing,
    start,
    end,
    part,
    days,
    people,
    withSkipper,
    instant,
    cancellationPolicy,
    price,
    startsAt,
    endsAt: startOfDay(addDays(end, 1)).toISOString(),
    deadlines: policyDeadlines(cancellationPolicy, startsAt, at),
  };
}
