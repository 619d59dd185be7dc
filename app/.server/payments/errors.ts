/**
 * Why a payments call failed, as the booking domain needs to know it:
 * - `declined`: the renter's bank said no (a card error); trying again will not help, the renter must act;
 * - `refused`: the provider refused the call as asked (more than is held or received, an
 *   authorisation already captured or let go, a Checkout not completed yet); a programming or
 *   ledger error, never retried;
 * - `conflict`: the idempotency key was used before with other parameters;
 * - `unavailable`: the provider could not be reached or answered with its own error; the same
 *   call, with the same key, may be tried again later (`retryable`).
 */
export type PaymentsErrorKind = "declined" | "refused" | "conflict" | "unavailable";

export class PaymentsError extends Error {
  override readonly name = "PaymentsError";
  constructor(
    readonly kind: PaymentsErrorKind,
    message: string,
    /** The provider's own code (`amount_too_large`, `card_declined`…), when it gave one. */
    readonly code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get retryable(): boolean {
    return this.kind === "unavailable";
  }
}

export function isPaymentsError(error: unknown, kind?: PaymentsErrorKind): error is PaymentsError {
  return error instanceof PaymentsError && (kind === undefined || error.kind === kind);
}
