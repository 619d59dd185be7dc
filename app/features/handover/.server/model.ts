import type { HandoverKind } from "#app/features/handover/handover";

/**
 * Check-in and check-out (decision 032): per booking, one record of the boat's state when it is
 * handed over and one when it comes back, each written by one side (photos, fuel, engine hours,
 * notes) and confirmed or disputed by the other. Each is its own document,
 * `handovers/{bookingId}-{kind}`, created once (of two at once, one is written).
 */
export const HANDOVERS = "handovers";
/** One marker per answered record: its creation is the lock of a confirmation (exactly one answer). */
export const HANDOVER_ANSWERS = "handover_answers";

export { FUEL_EIGHTHS, handoverKinds, MAX_ENGINE_HOURS, MAX_HANDOVER_NOTES, MAX_HANDOVER_PHOTOS, type HandoverKind } from "#app/features/handover/handover";

export type Side = "owner" | "renter";

/** A photo kept privately (a WebP re-encoded without metadata), for the two people and the team. */
export type HandoverPhoto = { id: string; width: number; height: number; size: number; uploadedAt: string };

/**
 * The owner's answer to a check-out with fuel short on a full-to-full boat (`fuelShort`): he keeps
 * the deposit to claim the fuel, or lets the fuel go and the deposit back. Null otherwise
 * (absent on confirmations written before the rule).
 */
export type FuelChoice = "claim" | "waive";

/** `licenceSeen`: the owner confirming a check-in the renter recorded saw the licence given with the booking (absent before issue 49). */
export type HandoverConfirmation = { by: Side; uid: string; status: "confirmed" | "disputed"; note: string; at: string; fuel?: FuelChoice | null; licenceSeen?: boolean };

export type HandoverRecord = {
  /** `{bookingId}-{kind}`. */
  id: string;
  bookingId: string;
  kind: HandoverKind;
  listingId: string;
  ownerUid: string;
  renterUid: string;
  /** Who recorded it. */
  by: Side;
  uid: string;
  photos: HandoverPhoto[];
  /** Eighths of the tank (0–8); null for a boat without an engine. */
  fuelEighths: number | null;
  /** The engine's hour meter; null for a boat without an engine. */
  engineHours: number | null;
  notes: string;
  /** Check-out recorded by the owner: he noted damage (the deposit is then not released at once). */
  damage: boolean;
  /**
   * Check-out of a full-to-full boat (fuel not included: returned as it was taken) with less fuel
   * than at check-in: the deposit is not released by a confirmation unless the owner lets the fuel
   * go (decision 032). Absent on records written before the rule (read as false).
   */
  fuelShort?: boolean;
  /**
   * Check-in recorded by the owner of a booking the renter gave a licence with: he saw it (required
   * then). Absent on other records and on those written before issue 49 (read as false).
   */
  licenceSeen?: boolean;
  recordedAt: string;
  /** The sending phone's id for it, when the page gave one (a send replayed offline is not recorded twice). */
  submission?: string;
  /** The other side's answer; null until given. */
  confirmation: HandoverConfirmation | null;
  /** A clean check-out released the deposit at this moment. */
  depositReleasedAt: string | null;
};

/** A submission id as a page makes one (`crypto.randomUUID()`): anything else is no id. */
export const isSubmissionId = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9-]{16,64}$/.test(value);

export const recordId = (bookingId: string, kind: HandoverKind) => `${bookingId}-${kind}`;

export type HandoverErrorCode =
  /** No such booking or record, or not the caller's. */
  | "not-found"
  /** A field is wrong: `field` says which, `reason` why. */
  | "invalid"
  /** The trip's day has not come (check-in), or the booking is not a confirmed trip. */
  | "too-early"
  /** Check-out before check-in. */
  | "not-checked-in"
  /** After the claim window (check-out) or the trip's end (check-in), or a cancelled booking. */
  | "closed"
  /** This record exists already. */
  | "already-recorded"
  /** This record was answered already. */
  | "already-answered"
  /** The record was written by the caller: the other side answers it. */
  | "own-record";

export type HandoverField = "photos" | "fuel" | "engineHours" | "notes" | "status" | "note" | "licenceSeen";

export class HandoverError extends Error {
  override readonly name = "HandoverError";
  constructor(
    readonly code: HandoverErrorCode,
    readonly field: HandoverField | null = null,
    readonly reason: string = code,
  ) {
    super(`handover: ${code}${field ? ` (${field}: ${reason})` : ""}`);
  }
}

export function isHandoverError(error: unknown, code?: HandoverErrorCode): error is HandoverError {
  return error instanceof HandoverError && (code === undefined || error.code === code);
}
