import type Stripe from "stripe";
import { PaymentsError } from "./errors";
import type { Collection, CollectionState, QuotePayments } from "./index";
import { call, checkAmount, checkoutExpiresAt, checkoutRedirect, CURRENCY, paymentIntentOfCheckout, returnTo } from "./stripe";

/**
 * Paid paperwork quotes with Stripe (decision 054). `collect` opens a Checkout Session in
 * `payment` mode whose PaymentIntent is captured at once (automatic capture: a quote is paid, not
 * held), with one line — the quote's description, its amount VAT included — and `caseId` and
 * `quote` in the session's and the PaymentIntent's metadata, so the signed
 * `checkout.session.completed` event names the case (`stripe-events.ts`). Its idempotency key
 * derives from the case and the quote (and the attempt: a checkout that ran out is replaced by a
 * new one), and its expiry is rounded like the bookings' so a repeated press sends the same
 * parameters. `closeCollection` expires an open Checkout; one completed meanwhile answers `paid`
 * with its PaymentIntent (that payment applies), one expired already `closed`.
 */
export function stripeQuotePayments(stripe: Stripe, options: { now: () => number; checkoutSeconds: number }): QuotePayments {
  return {
    async collect({ key, reference: caseId, quoteN, amountCents, description, customer, returnUrl }): Promise<Collection> {
      checkAmount(amountCents);
      const expiresAt = checkoutExpiresAt(options.now(), options.checkoutSeconds);
      const metadata = { caseId, quote: String(quoteN), purpose: "quote", uid: customer.uid };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: amountCents, product_data: { name: description.slice(0, 250) || `Amarre ${caseId}` } } }],
            payment_intent_data: { capture_method: "automatic", metadata },
            ...(customer.email ? { customer_email: customer.email } : {}),
            client_reference_id: caseId,
            metadata,
            success_url: returnTo(returnUrl, "complete"),
            cancel_url: returnTo(returnUrl, "cancelled"),
            expires_at: expiresAt,
          },
          { idempotencyKey: key },
        ),
      );
      return checkoutRedirect(session);
    },

    async closeCollection({ key, checkout }): Promise<CollectionState> {
      try {
        await call(() => stripe.checkout.sessions.expire(checkout, {}, { idempotencyKey: key }));
        return { state: "closed" };
      } catch (error) {
        if (!(error instanceof PaymentsError && error.code === "checkout_session_not_open")) throw error;
      }
      // Completed meanwhile (its event is on its way, or came) or expired already.
      const session = await call(() => stripe.checkout.sessions.retrieve(checkout));
      const intent = session.status === "complete" ? paymentIntentOfCheckout(session) : null;
      if (!intent) return { state: "closed" };
      return { state: "paid", paymentIntent: intent, amountCents: session.amount_total ?? null, currency: session.currency ?? null };
    },
  };
}
