/**
 * Boating licences (issue 49, part 3), the rules both sides run: which Spanish title a boat needs
 * by law (its type, length and engine power: docs/PRODUCT.md "Licences"), what a listing asks for
 * (the owner's choice, never below the law), and whether a renter's licence lets them take it.
 */
import { licenceCovers, licences, type BoatTypeId, type Licence } from "#app/features/search";

export { licences, licenceCovers, type Licence };

/** The titles a renter may hold (every licence but "none"), lowest first. */
export const heldLicences = licences.filter((licence): licence is Exclude<Licence, "none"> => licence !== "none");
export type HeldLicence = (typeof heldLicences)[number];

/** One metric horsepower (CV) in kilowatts; the form asks for CV. */
export const KW_PER_CV = 0.73549875;
/** Without a title: motor boats up to 5 m and 11.26 kW (15 CV), sailing boats up to 6 m. */
export const NO_TITLE_MAX_MOTOR_M = 5;
export const NO_TITLE_MAX_KW = 11.26;
export const NO_TITLE_MAX_SAIL_M = 6;

/**
 * The longest boat each title lets its holder take, and how far from shelter (nautical miles,
 * null: no limit). PER reaches 24 m only with its extension, which Amarre does not record apart:
 * a boat over 15 m asks for Patrón de Yate.
 */
export const licenceTable: ReadonlyArray<{ licence: HeldLicence; maxLengthM: number | null; miles: number | null; daylightOnly: boolean }> = [
  { licence: "licencia-navegacion", maxLengthM: 6, miles: 2, daylightOnly: true },
  { licence: "pnb", maxLengthM: 8, miles: 5, daylightOnly: false },
  { licence: "per", maxLengthM: 15, miles: 12, daylightOnly: false },
  { licence: "patron-yate", maxLengthM: 24, miles: 150, daylightOnly: false },
  { licence: "capitan-yate", maxLengthM: null, miles: null, daylightOnly: false },
];

/** `skipper`: a boat always taken with its skipper (`mandatory`) asks no licence of the renter, whatever the law asks of the skipper. */
export type BoatForLicence = { type?: BoatTypeId | null; lengthM?: number | null; enginePowerHp?: number | null; skipper?: { mode: string } | null };

const alwaysSkippered = (boat: BoatForLicence) => boat.skipper?.mode === "mandatory";

/** The engine's power in kW from the form's CV. */
export const kilowattsOf = (cv: number) => cv * KW_PER_CV;

/**
 * The lowest title the law asks for this boat. A water scooter needs one outside guided circuits
 * (a booking is never a guided circuit: the instructor-led session is arranged with the owner),
 * so at least the Licencia de Navegación; a sailing boat over 6 m; any other boat (motor, fishing)
 * over 5 m or over 11.26 kW. Then the shortest title whose length reaches the boat's. A boat whose
 * type or length is not known yet needs none (its form has not said).
 */
export function legalMinimumLicence(boat: BoatForLicence): Licence {
  const length = typeof boat.lengthM === "number" && Number.isFinite(boat.lengthM) ? boat.lengthM : null;
  const cv = typeof boat.enginePowerHp === "number" && Number.isFinite(boat.enginePowerHp) ? boat.enginePowerHp : 0;
  if (!boat.type || (length === null && boat.type !== "jetski")) return "none";
  const needed =
    boat.type === "jetski" ? true : boat.type === "sail" ? (length ?? 0) > NO_TITLE_MAX_SAIL_M : (length ?? 0) > NO_TITLE_MAX_MOTOR_M || kilowattsOf(cv) > NO_TITLE_MAX_KW;
  if (!needed) return "none";
  const reach = licenceTable.find((row) => row.maxLengthM === null || (length ?? 0) <= row.maxLengthM);
  return reach?.licence ?? "capitan-yate";
}

/** The higher of two licences. */
export const higherLicence = (a: Licence, b: Licence): Licence => (licences.indexOf(a) >= licences.indexOf(b) ? a : b);

/**
 * What a listing asks of a renter: the owner's choice, read as the legal minimum where it is below
 * it (a listing saved before the rule, or whose length or power grew since). A boat always taken
 * with its skipper asks what its owner chose (most often nothing).
 */
export function requiredLicence(boat: BoatForLicence & { licence?: Licence | null }): Licence {
  if (alwaysSkippered(boat)) return boat.licence ?? "none";
  return higherLicence(boat.licence ?? "none", legalMinimumLicence(boat));
}

/** Whether an owner's choice is allowed: at or above the law's minimum, or anything on a boat always taken with its skipper. */
export const licenceAllowed = (boat: BoatForLicence, chosen: Licence) => alwaysSkippered(boat) || licenceCovers(chosen, legalMinimumLicence(boat));

/** A renter's licence number: letters, digits, spaces, dots, slashes and hyphens. */
export const LICENCE_NUMBER_MAX = 40;
export const LICENCE_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;
/** The photo of a licence: one image, at most this many bytes before it is re-encoded. */
export const LICENCE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** Why a licence does not let its holder take a boat on a trip, or null when it does. */
export type LicenceRefusal = "expired" | "type";

/** Checks a held licence against the listing's requirement and the trip's last day (ISO dates compare as text). */
export function licenceRefusal(held: { type: HeldLicence; expiresOn: string }, required: Licence, lastDay: string): LicenceRefusal | null {
  if (held.expiresOn < lastDay) return "expired";
  if (!licenceCovers(held.type, required)) return "type";
  return null;
}

/** A renter's licence as pages show it (the photo's address only to the people allowed). */
export type LicenceView = { type: HeldLicence; number: string; expiresOn: string; photoUrl: string | null };
