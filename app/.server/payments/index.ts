/**
 * The payments port: how the marketplace takes and returns renters' money. Today's adapter,
 * `recorded`, connects no provider: it records what would be charged or refunded and returns a
 * reference, so bookings carry a payment status (unpaid, paid, refunded, partially refunded) and
 * amounts written by the cancellation policy. A provider (Stripe, Redsys) implements the same
 * two calls — `charge` when a booking is confirmed, `refund` when it is cancelled — and plugs in
 * at `createServices` without the booking domain changing.
 */
export interface PaymentsPort {
  /** The adapter's name, stored with each payment. */
  readonly provider: string;
  charge(input: { bookingId: string; amountCents: number; currency: "EUR" }): Promise<{ reference: string }>;
  refund(input: { bookingId: string; reference: string | null; amountCents: number; currency: "EUR" }): Promise<{ reference: string }>;
}

/** No provider: amounts are recorded on the booking, nothing is captured. */
export function createRecordedPayments(): PaymentsPort {
  return {
    provider: "recorded",
    async charge({ bookingId }) {
      return { reference: `rec_charge_${bookingId}` };
    },
    async refund({ bookingId }) {
      return { reference: `rec_refund_${bookingId}` };
    },
  };
}
