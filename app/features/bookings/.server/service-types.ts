/** The bookings service's public types: a renter's choice, a quote, a slot, event handlers and the service's dependencies. */
import type { DocumentStore } from "#app/.server/store";
import type { Lang } from "#app/i18n";
import type { Customer, PaymentsPort } from "#app/.server/payments";
import type { Stay } from "./views";
import type { Listing, ListingsService } from "#app/features/listings/.server";
import type { WeatherEvidence } from "#app/features/weather/.server";
import type { Actor, Booking } from "./model";

/** What a renter chooses on the booking page. */
export type BookingChoice = {
  start: string;
  end: string;
  /** A half day of `start` (boats with a half-day price). */
  part: "am" | "pm" | null;
  people: number | null;
  withSkipper: boolean;
};

export type Quote = Stay & {
  listing: Listing;
  endsAt: string;
  deadlines: Array<{ until: string; percent: number }>;
};

export type Slot = { listingId: string; date: string; part: "am" | "pm" | null; kind: "booking" | "block"; ref: string };

/** A feature's reaction to booking events. */
export type BookingHandler = {
  name: string;
  on: readonly BookingEvent[];
  handle(event: BookingEvent, booking: Booking, extra: { by: Actor }): Promise<void>;
};

export type BookingEvent = "requested" | "booked" | "accepted" | "declined" | "expired" | "cancelled" | "completed" | "moved" | "deposit-released" | "deposit-claimed" | "deposit-settled";

export type BookingsDeps = {
  store: DocumentStore;
  /** `setStandingBonus` folds the owner's standing into their listings' relevance (`owner-standing.ts`); a stub may leave it out. */
  listings: Pick<ListingsService, "get" | "getMany" | "recordOwnerCancellation"> & Partial<Pick<ListingsService, "setStandingBonus">>;
  payments: PaymentsPort;
  /** Who pays (the provider's checkout shows their email). */
  customerOf?: (uid: string) => Promise<Customer>;
  /** Where the provider's checkout sends the renter back: the booking's page. */
  returnUrl?: (booking: Booking) => string;
  /** How the checkout's rental line names the listing, in the renter's language (`checkout-lines.ts`); "Amarre" without it. */
  listingTitle?: (listingId: string, lang: Lang) => Promise<string>;
  /**
   * The owner's connected payout account at the provider, when it can receive payouts. Null: with
   * Connect (`payments.connect`), the payout waits for it (decision 052); without, paid by hand.
   */
  payoutAccountOf?: (ownerUid: string) => Promise<string | null>;
  /**
   * What other features do on a booking's events, declared by them (invoices issued and
   * corrected, `invoices/booking-handler.ts`; emails, `notifications.ts`), run in order; a
   * failure is logged and never undoes the change nor stops the next handler.
   */
  handlers?: readonly BookingHandler[];
  /** Pages to forget after a change of the listing's days (`listing:<id>`, `search:<kind>`). */
  onChange?: (tags: string[]) => void;
  /**
   * What makes the trip weather-unsafe now (the forecast's evidence), or null when it is not
   * (decision 031; the weather feature judges it). Without it no trip is ever weather-unsafe.
   */
  weatherEvidence?: (booking: Booking) => Promise<WeatherEvidence | null>;
  now?: () => Date;
};
