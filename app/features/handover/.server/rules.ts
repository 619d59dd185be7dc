/**
 * The rules of a handover record, shared by the operations and the pages: the listing's time zone
 * and day, whether the boat has an engine, until when a check-out may be recorded, what the
 * booking's state allows now, and the checks of each field a person writes.
 */
import { hasControlCharacters } from "#app/utils/text";
import { DEPOSIT_CLAIM_HOURS, type Booking } from "#app/features/bookings/.server";
import type { Listing } from "#app/features/listings/.server";
import { FUEL_EIGHTHS, HandoverError, MAX_ENGINE_HOURS, MAX_HANDOVER_NOTES, type HandoverKind } from "./model";

const DEFAULT_TIME_ZONE = "Europe/Madrid";

/** The listing's time zone (its own, else Madrid's). */
export function zoneOf(listing: Listing | null): string {
  const own = listing ? (listing.data as { timeZone?: unknown }).timeZone : null;
  return typeof own === "string" && own.length > 0 ? own : DEFAULT_TIME_ZONE;
}

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Whether the boat has an engine (fuel and engine hours are asked): a boat whose fuel is not "none". */
export function hasEngine(listing: Listing | null): boolean {
  if (!listing || listing.kind !== "boat") return false;
  return (listing.data as { fuel?: unknown }).fuel !== "none";
}

/** Whether the boat goes back as full as it was taken (its fuel is not included in the price), with an engine to fill. */
export function fullToFull(listing: Listing | null): boolean {
  return hasEngine(listing) && (listing!.data as { fuelPolicy?: unknown }).fuelPolicy === "not-included-return-full";
}

/** Until when the check-out may be recorded: the end of the deposit's claim window. */
export const checkOutUntil = (booking: Pick<Booking, "endsAt">) => new Date(Date.parse(booking.endsAt) + DEPOSIT_CLAIM_HOURS * 3_600_000).toISOString();

/** A person's notes, cleaned: `invalid` on `field` when required and empty, too long, or holding a control character (issue 43). */
export function cleanText(value: unknown, field: "notes" | "note", required: boolean): string {
  if (typeof value === "string" && hasControlCharacters(value)) throw new HandoverError("invalid", field, "control-characters");
  const clean = typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
  if (required && clean.length === 0) throw new HandoverError("invalid", field, "required");
  if (clean.length > MAX_HANDOVER_NOTES) throw new HandoverError("invalid", field, "too-long");
  return clean;
}

export function fuelOf(value: unknown, engine: boolean): number | null {
  if (!engine) return null;
  if (value === null || value === undefined) throw new HandoverError("invalid", "fuel", "required");
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > FUEL_EIGHTHS) throw new HandoverError("invalid", "fuel", "range");
  return value;
}

export function hoursOf(value: unknown, engine: boolean): number | null {
  if (!engine) return null;
  if (value === null || value === undefined) throw new HandoverError("invalid", "engineHours", "required");
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_ENGINE_HOURS) throw new HandoverError("invalid", "engineHours", "range");
  return Math.round(value * 10) / 10;
}

/** What the booking's state allows now (`null`: allowed); the same rules the page offers. */
export function refusalFor(kind: HandoverKind, booking: Booking, listing: Listing | null, checkedIn: boolean, at: Date): HandoverError | null {
  if (booking.listingKind !== "boat") return new HandoverError("not-found");
  if (["cancelled", "declined", "expired"].includes(booking.status)) return new HandoverError("closed");
  if (booking.status !== "confirmed" && booking.status !== "completed") return new HandoverError("too-early");
  if (localDay(at, zoneOf(listing)) < booking.start) return new HandoverError("too-early");
  // Both close with the deposit's claim window: a trip nobody checked in on the day can still be
  // recorded late (the record says when), so that a claim can always point at a check-out.
  if (at.toISOString() > checkOutUntil(booking)) return new HandoverError("closed");
  return kind === "check-out" && !checkedIn ? new HandoverError("not-checked-in") : null;
}
