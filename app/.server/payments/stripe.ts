import Stripe from "stripe";
import { PaymentsError } from "./errors";
import { stripeQuotePayments } from "./stripe-quotes";
import { createStripeRecords } from "./stripe-records";
import { checkoutLineItems } from "./stripe-checkout-lines";
import type { Authorization, PaymentsAdapter } from ".";
import { createStripeConnect } from "./stripe-connect";

/**
 * The Stripe adapter of the payments port (decision 024):
 * - `authorize` a booking: a Checkout Session in `payment` mode (its lines: the rental and the
 *   service fee, `stripe-checkout-lines.ts`) whose PaymentIntent is held, not
 *   charged (`capture_method=manual`), and keeps the card for later off-session use
 *   (`setup_future_usage=off_session`, a Customer always created) so the deposit can be held two
 *   days before the trip. The answer is a `redirect` whose reference is the Checkout Session
 *   (`cs_…`); once the renter has paid, the webhook (`stripe-webhooks.ts`) hands the booking the
 *   PaymentIntent (`pi_…`, `paymentIntentOfCheckout`), the reference every later call uses.
 * - `authorize` a deposit: a PaymentIntent confirmed off-session with manual capture on the
 *   customer and card of the booking's payment (`paymentReference`).
 * - `capture` (amount_to_capture), `cancel` (a PaymentIntent; a Checkout not completed yet is
 *   expired instead), `refund` (a Refund of the PaymentIntent), `transfer` (a Transfer to the
 *   owner's connected account; with no account, no call: `manual_<key>`, paid by hand — which the
 *   bookings no longer ask for, since with Connect a payout waits for the account: decision 052).
 *
 * Every POST carries the port's `key` as Stripe's Idempotency-Key (the SDK's own network retries
 * reuse it). Stripe keys are per account, not per endpoint: a call that needs a second POST
 * (cancelling the PaymentIntent of a Checkout that completed meanwhile) sends `<key>:2`.
 * A `cs_…` reference given to capture, cancel, refund or a deposit is resolved to its
 * PaymentIntent first, so a booking whose webhook has not arrived yet still works.
 */
export type StripePaymentsOptions = {
  secretKey: string;
  /** Where the API is (`STRIPE_API_BASE`, tests: the local fake); Stripe's own by default. */
  apiBase?: string;
  /** Minutes Checkout stays open (Stripe allows 30 minutes to 24 hours). */
  checkoutMinutes?: number;
  /** Network retries of the SDK (same Idempotency-Key). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  now?: () => number;
};

export const CURRENCY = "eur";
/** A retried authorisation must send the same parameters: Checkout's expiry is rounded up to this. */
const EXPIRY_STEP_SECONDS = 5 * 60;

/**
 * When a Checkout opened now closes (Unix seconds): `checkoutSeconds` and a minute from now,
 * rounded up to 5 minutes so that the same call repeated within a few minutes sends the same
 * parameters (an idempotent replay, not a conflict).
 */
export function checkoutExpiresAt(nowMs: number, checkoutSeconds: number): number {
  const earliest = Math.floor(nowMs / 1000) + checkoutSeconds + 60;
  return Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
}

/** The renter (or requester) is sent to a Checkout Session just made: its id, address and expiry. */
export function checkoutRedirect(session: Stripe.Checkout.Session): Extract<Authorization, { kind: "redirect" }> {
  if (!session.url) throw new PaymentsError("unavailable", `Checkout ${session.id} has no URL`);
  return { kind: "redirect", reference: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000).toISOString() };
}

export function createStripeClient({ secretKey, apiBase, maxNetworkRetries = 2, timeoutMs = 20_000 }: Pick<StripePaymentsOptions, "secretKey" | "apiBase" | "maxNetworkRetries" | "timeoutMs">): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries,
    timeout: timeoutMs,
    telemetry: false,
    appInfo: { name: "Amarre" },
    ...(base
      ? {
          protocol: base.protocol === "http:" ? "http" : "https",
          host: base.hostname,
          port: base.port ? Number(base.port) : base.protocol === "http:" ? 80 : 443,
        }
      : {}),
  });
}

/** The PaymentIntent of a completed Checkout Session (the booking's reference from then on). */
export function paymentIntentOfCheckout(session: { payment_intent?: string | { id: string } | null }): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

/** A transfer to an owner with no connected account: recorded, to be paid by hand. */
export const MANUAL_TRANSFER_PREFIX = "manual_";
export const isManualTransfer = (reference: string) => reference.startsWith(MANUAL_TRANSFER_PREFIX);

/** `returnUrl` with `checkout=<outcome>`: where Checkout sends the renter back. */
export function returnTo(returnUrl: string, outcome: "complete" | "cancelled"): string {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new PaymentsError("refused", `Checkout needs an absolute returnUrl (http or https), not ${JSON.stringify(returnUrl)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new PaymentsError("refused", `Checkout needs an http(s) returnUrl, not ${url.protocol}`);
  url.searchParams.set("checkout", outcome);
  return url.toString();
}

function toPaymentsError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const code = error.code ?? null;
  const message = `Stripe: ${error.message}`;
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentsError("declined", message, code, { cause: error });
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new PaymentsError("conflict", message, code, { cause: error });
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return new PaymentsError("refused", message, code, { cause: error });
  return new PaymentsError("unavailable", message, code, { cause: error });
}

/** A Stripe call whose failure is told as a `PaymentsError`. */
export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toPaymentsError(error);
  }
}

export function checkAmount(amountCents: number) {
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    throw new PaymentsError("refused", `an amount must be a positive whole number of cents, not ${amountCents}`);
  }
}

export function createStripePayments(options: StripePaymentsOptions): PaymentsAdapter {
  const stripe = createStripeClient(options);
  const now = options.now ?? Date.now;
  const checkoutSeconds = (options.checkoutMinutes ?? 30) * 60;

  /** The PaymentIntent behind a reference (a `cs_…` is resolved through its Checkout Session). */
  async function intentOf(reference: string): Promise<string> {
    if (!reference.startsWith("cs_")) return reference;
    const session = await call(() => stripe.checkout.sessions.retrieve(reference));
    const intent = paymentIntentOfCheckout(session);
    if (!intent) throw new PaymentsError("refused", `Checkout ${reference} has not been completed: nothing is held yet`);
    return intent;
  }

  return {
    provider: "stripe",
    charges: true,
    records: createStripeRecords(stripe),
    connect: createStripeConnect(stripe),

    async authorize({ key, bookingId, purpose, amountCents, customer, returnUrl, paymentReference, lines }): Promise<Authorization> {
      checkAmount(amountCents);
      if (purpose === "booking") {
        const expiresAt = checkoutExpiresAt(now(), checkoutSeconds);
        const metadata = { bookingId, purpose, uid: customer.uid };
        const session = await call(() =>
          stripe.checkout.sessions.create(
            {
              mode: "payment",
              line_items: checkoutLineItems({ bookingId, amountCents, currency: CURRENCY, lines }),
              payment_intent_data: {
                capture_method: "manual",
                setup_future_usage: "off_session",
                transfer_group: bookingId,
                metadata,
              },
              customer_creation: "always",
              ...(customer.email ? { customer_email: customer.email } : {}),
              client_reference_id: bookingId,
              metadata,
              success_url: returnTo(returnUrl, "complete"),
              cancel_url: returnTo(returnUrl, "cancelled"),
              expires_at: expiresAt,
            },
            { idempotencyKey: key },
          ),
        );
        return checkoutRedirect(session);
      }

      if (!paymentReference) throw new PaymentsError("refused", `the deposit of ${bookingId} needs the booking's payment (its card)`);
      const paid = await call(async () => stripe.paymentIntents.retrieve(await intentOf(paymentReference)));
      const customerId = typeof paid.customer === "string" ? paid.customer : (paid.customer?.id ?? null);
      const paymentMethod = typeof paid.payment_method === "string" ? paid.payment_method : (paid.payment_method?.id ?? null);
      if (!customerId || !paymentMethod) throw new PaymentsError("refused", `payment ${paid.id} kept no card for the deposit`);
      const held = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            customer: customerId,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            capture_method: "manual",
            transfer_group: bookingId,
            metadata: { bookingId, purpose, uid: customer.uid },
          },
          { idempotencyKey: key },
        ),
      );
      if (held.status !== "requires_capture") {
        throw new PaymentsError("declined", `the deposit of ${bookingId} was not held (${held.status})`, held.status);
      }
      return { kind: "authorised", reference: held.id };
    },

    async capture({ key, reference, amountCents }) {
      checkAmount(amountCents);
      const intent = await intentOf(reference);
      const captured = await call(() => stripe.paymentIntents.capture(intent, { amount_to_capture: amountCents }, { idempotencyKey: key }));
      return { reference: captured.id };
    },

    async cancel({ key, reference }) {
      if (reference.startsWith("cs_")) {
        try {
          await call(() => stripe.checkout.sessions.expire(reference, {}, { idempotencyKey: key }));
          return;
        } catch (error) {
          if (!(error instanceof PaymentsError && error.code === "checkout_session_not_open")) throw error;
        }
        // Completed meanwhile (the webhook is on its way) or expired already.
        const session = await call(() => stripe.checkout.sessions.retrieve(reference));
        const intent = paymentIntentOfCheckout(session);
        if (!intent) return;
        await cancelIntent(intent, `${key}:2`);
        return;
      }
      await cancelIntent(reference, key);
    },

    async refund({ key, reference, amountCents, reason }) {
      checkAmount(amountCents);
      const intent = await intentOf(reference);
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: intent, amount: amountCents, reason: "requested_by_customer", metadata: { reason: reason.slice(0, 500) } },
          { idempotencyKey: key },
        ),
      );
      return { reference: refund.id };
    },

    async transfer({ key, bookingId, amountCents, destination }) {
      checkAmount(amountCents);
      if (destination === null) return { reference: `${MANUAL_TRANSFER_PREFIX}${key}` };
      const transfer = await call(() =>
        stripe.transfers.create(
          { amount: amountCents, currency: CURRENCY, destination, transfer_group: bookingId, metadata: { bookingId } },
          { idempotencyKey: key },
        ),
      );
      return { reference: transfer.id };
    },

    ...stripeQuotePayments(stripe, { now, checkoutSeconds }),
  };

  /** Lets a PaymentIntent go; one already let go is fine, one captured is refused. */
  async function cancelIntent(intent: string, key: string) {
    try {
      await call(() => stripe.paymentIntents.cancel(intent, {}, { idempotencyKey: key }));
    } catch (error) {
      if (!(error instanceof PaymentsError && error.code === "payment_intent_unexpected_state")) throw error;
      const current = await call(() => stripe.paymentIntents.retrieve(intent));
      if (current.status !== "canceled") throw error;
    }
  }
}
