/**
 * People's own data (GDPR articles 15, 17 and 20): everything the marketplace holds on a person,
 * as one JSON document, and the erasure of their account. What erasure keeps, why and for how
 * long is written in docs/PRODUCT.md and the privacy policy (`legal-pages`' defaults).
 */

/**
 * Why an account cannot be deleted now: a trip under way (a confirmed booking, on either side,
 * whose first day has begun and that is not completed), a deposit claim still open, or a renter's
 * payment for one of the person's listings still in progress (it ends within CHECKOUT_MINUTES).
 */
export type ErasureBlocker = "trip-under-way" | "deposit-claim-open" | "payment-in-progress";

export class ErasureRefused extends Error {
  override readonly name = "ErasureRefused";
  constructor(
    readonly reason: ErasureBlocker,
    readonly bookingId: string,
  ) {
    super(`erasure refused: ${reason} (${bookingId})`);
  }
}

export function isErasureRefused(error: unknown): error is ErasureRefused {
  return error instanceof ErasureRefused;
}

/** What an erasure did, for the log and the tests. */
export type ErasureReport = {
  cancelled: string[];
  declined: string[];
  listingsErased: string[];
  listingsKept: string[];
  favourites: number;
};
