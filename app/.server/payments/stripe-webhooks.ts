import Stripe from "stripe";
import type { DocumentStore } from "../store";
import { readStripeEvent } from "./stripe-events";

/**
 * Stripe's webhook events, as the bookings see them (decision 024):
 * - verified: the `Stripe-Signature` header over the raw body with the endpoint's signing secret
 *   (`STRIPE_WEBHOOK_SECRET`), within Stripe's 5-minute tolerance; anything else is refused;
 * - read before anything is stored (`stripe-events.ts`): a signed event whose shape we cannot
 *   use (an id no store would take, no `data.object`, another object than a Checkout Session,
 *   odd metadata) is a 400 that names the field, never a 500;
 * - idempotent: each event id is claimed in the document store (`paymentEvents`) before it is
 *   handled and marked done after; a replay answers 200 and calls nothing again, a delivery of an
 *   event another server is handling right now answers 409 (Stripe retries later), and a failed
 *   handling releases its claim and answers 500, so Stripe's retry handles it again;
 * - never trusted for amounts: only ids pass (the booking and the PaymentIntent); what the
 *   booking is worth comes from our own records.
 *
 * `checkout.session.completed` → `paymentAuthorised` with the PaymentIntent as the reference;
 * `checkout.session.expired` → `checkoutExpired`. Other event types, and Checkout Sessions not
 * made by us (no `bookingId` in metadata), are acknowledged and ignored.
 */

/** What the webhook calls on the bookings (the narrow part of the bookings service it needs). */
export interface BookingPaymentEvents {
  paymentAuthorised(input: { bookingId: string; reference: string }): Promise<unknown>;
  checkoutExpired(input: { bookingId: string }): Promise<unknown>;
}

export type WebhookOutcome =
  | { status: 200; result: "handled" | "duplicate" | "ignored"; eventId: string | null }
  | { status: 400; result: "bad-signature"; eventId: null }
  | { status: 400; result: "malformed"; eventId: null; field: string | null }
  | { status: 409; result: "in-progress"; eventId: string }
  | { status: 500; result: "failed"; eventId: string };

export interface PaymentWebhooks {
  handle(input: { rawBody: string | Uint8Array; signature: string | null }): Promise<WebhookOutcome>;
}

export const PAYMENT_EVENTS_COLLECTION = "paymentEvents";
/** A claim older than this is taken to belong to a server that stopped mid-way. */
const CLAIM_STALE_MS = 5 * 60_000;

type EventRecord = { type: string; state: "processing" | "done"; claimedAt: string; doneAt: string | null; bookingId: string | null };

export function createStripeWebhooks(deps: {
  store: DocumentStore;
  webhookSecret: string;
  bookings: BookingPaymentEvents;
  now?: () => number;
}): PaymentWebhooks {
  const now = deps.now ?? Date.now;

  async function claim(event: { id: string; type: string }, bookingId: string): Promise<"claimed" | "duplicate" | "in-progress"> {
    return deps.store.runTransaction(async (tx) => {
      const existing = await tx.get<EventRecord>(PAYMENT_EVENTS_COLLECTION, event.id);
      if (existing?.state === "done") return "duplicate";
      if (existing?.state === "processing" && now() - Date.parse(existing.claimedAt) < CLAIM_STALE_MS) return "in-progress";
      const record: EventRecord = { type: event.type, state: "processing", claimedAt: new Date(now()).toISOString(), doneAt: null, bookingId };
      tx.set(PAYMENT_EVENTS_COLLECTION, event.id, record);
      return "claimed";
    });
  }

  return {
    async handle({ rawBody, signature }) {
      const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody);
      try {
        if (!signature) throw new Error("no Stripe-Signature header");
        Stripe.webhooks.signature!.verifyHeader(body, signature, deps.webhookSecret, 300, undefined, now());
      } catch {
        return { status: 400, result: "bad-signature", eventId: null };
      }
      const read = readStripeEvent(body.toString("utf8"));
      if (read.kind === "malformed") {
        console.warn(`[payments] a signed Stripe event could not be read (${read.field ?? "not JSON"}): refused with a 400`);
        return { status: 400, result: "malformed", eventId: null, field: read.field };
      }
      if (read.kind === "other") return { status: 200, result: "ignored", eventId: read.id };
      const { event, bookingId, checkout } = read;
      const claimed = await claim(event, bookingId);
      if (claimed === "duplicate") return { status: 200, result: "duplicate", eventId: event.id };
      if (claimed === "in-progress") return { status: 409, result: "in-progress", eventId: event.id };
      try {
        if (event.type === "checkout.session.completed") await deps.bookings.paymentAuthorised({ bookingId, reference: checkout.paymentIntent! });
        else await deps.bookings.checkoutExpired({ bookingId });
      } catch (error) {
        console.error(`[payments] handling Stripe event ${event.id} (${event.type}) for booking ${bookingId} failed; Stripe will send it again:`, error);
        await deps.store.delete(PAYMENT_EVENTS_COLLECTION, event.id).catch(() => undefined);
        return { status: 500, result: "failed", eventId: event.id };
      }
      await deps.store.update(PAYMENT_EVENTS_COLLECTION, event.id, { state: "done", doneAt: new Date(now()).toISOString() });
      return { status: 200, result: "handled", eventId: event.id };
    },
  };
}
