/**
 * The licence as the booking summary, the settings page and the booking pages show it
 * (client-safe: no server code).
 */
import type { HeldLicence, Licence, LicenceRefusal } from "./licences";

/** What the summary asks of a renter taking a boat without a skipper that needs a licence. */
export type LicenceAskView = {
  /** What the listing asks (the owner's choice, at least the law's). */
  required: Licence;
  /** The licence kept on the renter's profile, to pre-fill the form; null without one. */
  saved: { type: HeldLicence; number: string; expiresOn: string; photoUrl: string | null } | null;
  /** The same choice with a skipper when the listing offers one (optional); null when it offers none. */
  withSkipperUrl: string | null;
  /** Boats a holder of the saved licence may take on the same days (the search's licence filter). */
  searchUrl: string;
};

/** A licence the summary refused: the message, the field it names, why, and what was typed. */
export type LicenceRefusalView = {
  message: string;
  field: "type" | "number" | "expiresOn" | "photo" | null;
  reason: LicenceRefusal | null;
  values: { type: string; number: string; expiresOn: string };
  /** A photo was sent and must be chosen again (a browser never fills a file input again). */
  photoSent: boolean;
};

/** The licence given with a booking, as its owner (and its renter) read it. */
export type BookingLicenceView = { type: HeldLicence; number: string; expiresOn: string; photoUrl: string | null; photoWidth: number | null; photoHeight: number | null; expired: boolean };
