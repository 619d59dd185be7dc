import type { HeldLicence } from "#app/features/licences/licences";

/**
 * A renter's licence (issue 49, part 3): one per person, `renter_licences/{uid}`, kept for their
 * next booking and changed or removed from their settings; and the copy given with a booking
 * (`booking_licences/{bookingId}`), which stays as it was given whatever the renter changes after.
 * Photos are kept privately (re-encoded WebP, no metadata) under `licences/<uid>/<id>.webp` and
 * `booking-licences/<bookingId>/<id>.webp`: never under `photos/`, which the public route serves.
 */
export const RENTER_LICENCES = "renter_licences";
export const BOOKING_LICENCES = "booking_licences";

export type LicencePhoto = { id: string; width: number; height: number; size: number };

export type RenterLicence = {
  uid: string;
  type: HeldLicence;
  number: string;
  /** The last day it is valid, `YYYY-MM-DD`. */
  expiresOn: string;
  photo: LicencePhoto | null;
  updatedAt: string;
};

export type BookingLicence = Omit<RenterLicence, "uid" | "updatedAt"> & {
  bookingId: string;
  renterUid: string;
  ownerUid: string;
  givenAt: string;
};

export type LicenceField = "type" | "number" | "expiresOn" | "photo";

export class LicenceError extends Error {
  override readonly name = "LicenceError";
  constructor(
    readonly code: "invalid" | "not-found",
    readonly field: LicenceField | null = null,
    readonly reason: string = code,
  ) {
    super(`licence: ${code}${field ? ` (${field}: ${reason})` : ""}`);
  }
}

export const isLicenceError = (error: unknown): error is LicenceError => error instanceof LicenceError;

/** Who asks for a photo: the person and whether they are on the team. */
export type LicenceViewer = { uid: string; role: "user" | "admin" };
