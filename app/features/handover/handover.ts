/**
 * Check-in and check-out as pages show them (client-safe: no server code): each record of the
 * boat's state at handover and return, its private photos and the other side's confirmation.
 */
/** Photos per record. */
export const MAX_HANDOVER_PHOTOS = 10;
/** Notes and confirmation notes: at most this many characters. */
export const MAX_HANDOVER_NOTES = 2_000;
/** Fuel is recorded in eighths of the tank: 0 (empty) to 8 (full). */
export const FUEL_EIGHTHS = 8;
/** Engine hours are a meter reading: at most this, with up to one decimal. */
export const MAX_ENGINE_HOURS = 100_000;

export type HandoverKind = "check-in" | "check-out";
export const handoverKinds = ["check-in", "check-out"] as const satisfies readonly HandoverKind[];

export type HandoverPhotoView = { id: string; url: string; width: number; height: number };

export type HandoverRecordView = {
  kind: HandoverKind;
  by: "owner" | "renter";
  photos: HandoverPhotoView[];
  fuelEighths: number | null;
  engineHours: number | null;
  notes: string;
  /** Check-out recorded by the owner: whether he noted damage. */
  damage: boolean;
  /** Check-out of a full-to-full boat with less fuel than at check-in (decision 032). */
  fuelShort: boolean;
  recordedAt: string;
  /** `fuel`: the owner's choice on a check-out with fuel short — claim it (the deposit stays held) or let it go. */
  confirmation: { by: "owner" | "renter"; status: "confirmed" | "disputed"; note: string; at: string; fuel: "claim" | "waive" | null } | null;
  /** A clean check-out released the deposit at this moment. */
  depositReleasedAt: string | null;
  /** Check-in: the owner saw the renter's licence (recording it, or confirming the renter's record). */
  licenceSeen: boolean;
};

/** What the booking page's "Handover / Return" section shows and offers to one side. */
export type HandoverPanelView = {
  side: "owner" | "renter";
  /** Whether the boat has an engine (fuel and engine hours are asked). */
  engine: boolean;
  /** Whether it goes back as full as it was taken (fuel not included): less fuel at check-out is the owner's to claim. */
  fullToFull: boolean;
  /** Until when the owner may claim the deposit (the end of the claim window). */
  claimUntil: string;
  checkIn: HandoverRecordView | null;
  checkOut: HandoverRecordView | null;
  /** What this side may do now (`intent` values), and when check-in opens if not yet. */
  can: Array<"check-in" | "check-out" | "confirm-check-in" | "confirm-check-out">;
  opensOn: string | null;
  /** The renter gave a licence with the booking: the owner's check-in forms ask him to tick "licence seen". */
  licence: boolean;
};

export type HandoverFormField = "photos" | "fuel" | "engineHours" | "notes" | "damage" | "status" | "note" | "licenceSeen" | "form";
