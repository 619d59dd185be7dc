import Stripe from "stripe";
import type { DocumentStore } from "../store";
import type { CheckoutEventOutcome, ConnectAccountState } from "./index";
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
 * - applied only to the booking that opened the checkout: the bookings compare the session's id
 *   (and the amount and currency) with what the booking it names holds. An event that will never
 *   apply (another booking's checkout, no such booking, another amount) is acknowledged with a
 *   200 (`not-applied`) so that Stripe stops sending it, logged with its ids only, and its
 *   outcome kept on its `paymentEvents` record.
 *
 * `checkout.session.completed` → `paymentAuthorised` with the PaymentIntent as the reference;
 * `checkout.session.expired` → `checkoutExpired`; `account.updated` (a connected account, from
 * the Connect endpoint, whose secret `STRIPE_CONNECT_WEBHOOK_SECRET` is also accepted) →
 * `accounts.accountUpdated`, to the owner whose account it is (decision 052). Other event types, and Checkout Sessions not
 * made by us (no `bookingId` in metadata), are acknowledged and ignored.
 */

/**
 * What the webhook calls on the owners' payout accounts (decision 052): `account.updated` applied
 * to the owner whose account it is (`unknown-account`: none of ours; acknowledged, nothing done).
 */
export interface PayoutAccountEvents {
  accountUpdated(state: ConnectAccountState): Promise<"applied" | "unknown-account">;
}

/** What the webhook calls on the bookings (the narrow part of the bookings service it needs). */
export interface BookingPaymentEvents {
  paymentAuthorised(input: { bookingId: string; checkout: string; reference: string; amountCents: number | null; currency: string | null }): Promise<CheckoutEventOutcome>;
  checkoutExpired(input: { bookingId: string; checkout: string }): Promise<CheckoutEventOutcome>;
}

/**
 * What a paperwork quote's checkout event did (decision 054), like a booking's: `applied` only for
 * the checkout the quote holds, for its amount in euros; `unknown-case` when no case (or quote)
 * has those ids.
 */
export type CaseCheckoutOutcome = "applied" | "unknown-case" | "other-checkout" | "other-amount";

/** What the webhook calls on the cases (the narrow part of the cases service it needs). */
export interface CasePaymentEvents {
  quotePaid(input: { caseId: string; quoteN: number; checkout: string; reference: string; amountCents: number | null; currency: string | null }): Promise<CaseCheckoutOutcome>;
  quoteCheckoutExpired(input: { caseId: string; quoteN: number; checkout: string }): Promise<CaseCheckoutOutcome>;
}

export type WebhookOutcome =
  | { status: 200; result: "handled" | "duplicate" | "ignored" | "not-applied"; eventId: string | null }
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

type EventRecord = {
  type: string;
  state: "processing" | "done";
  claimedAt: string;
  doneAt: string | null;
  bookingId: string | null;
  /** A paperwork quote's checkout event: the case (absent on the others). */
  caseId?: string;
  /** The connected account an `account.updated` is about (decision 052). */
  accountId?: string;
  /** What the booking, the case or the payout account made of it (absent on records written before it was kept). */
  outcome?: CheckoutEventOutcome | CaseCheckoutOutcome | "unknown-account";
};

/** Why an event did not apply, for the log line (ids only: no person's data). */
const NOT_APPLIED: Record<Exclude<CheckoutEventOutcome, "applied">, string> = {
  "unknown-booking": "no booking has that id",
  "other-checkout": "that booking opened another checkout",
  "other-amount": "that booking expects another amount or currency",
};

export function createStripeWebhooks(deps: {
  store: DocumentStore;
  webhookSecret: string;
  /**
   * The Connect endpoint's signing secret (`STRIPE_CONNECT_WEBHOOK_SECRET`): connected accounts'
   * events come from an endpoint of their own, with its own secret; a delivery signed with either is taken.
   */
  connectWebhookSecret?: string | null;
  bookings: BookingPaymentEvents;
  /** Paperwork quotes' checkouts (decision 054); without it their events are acknowledged and ignored. */
  cases?: CasePaymentEvents;
  /** The owners' payout accounts (`account.updated`); without them such events are ignored. */
  accounts?: PayoutAccountEvents | null;
  now?: () => number;
}): PaymentWebhooks {
  const now = deps.now ?? Date.now;

  async function claim(event: { id: string; type: string }, about: Pick<EventRecord, "accountId" | "caseId"> & { bookingId?: string }): Promise<"claimed" | "duplicate" | "in-progress"> {
    return deps.store.runTransaction(async (tx) => {
      const existing = await tx.get<EventRecord>(PAYMENT_EVENTS_COLLECTION, event.id);
      if (existing?.state === "done") return "duplicate";
      if (existing?.state === "processing" && now() - Date.parse(existing.claimedAt) < CLAIM_STALE_MS) return "in-progress";
      const { bookingId = null, ...extra } = about;
      const record: EventRecord = { type: event.type, state: "processing", claimedAt: new Date(now()).toISOString(), doneAt: null, bookingId, ...extra };
      tx.set(PAYMENT_EVENTS_COLLECTION, event.id, record);
      return "claimed";
    });
  }

  /**
   * An event handled once, whatever it is about: claimed (a replay answers `duplicate`, a claim
   * another server holds `in-progress`), handed to `apply`, then marked done with what it made of
   * it. A failed `apply` releases the claim (500: Stripe sends it again). `subject` names what the
   * event is about in the log lines and `notApplied` why an outcome other than `applied` changed
   * nothing (ids only: no person's data).
   */
  async function once<O extends string>(
    event: { id: string; type: string },
    about: Parameters<typeof claim>[1],
    subject: string,
    apply: () => Promise<O>,
    notApplied: (outcome: Exclude<O, "applied">) => string,
  ): Promise<WebhookOutcome> {
    const claimed = await claim(event, about);
    if (claimed === "duplicate") return { status: 200, result: "duplicate", eventId: event.id };
    if (claimed === "in-progress") return { status: 409, result: "in-progress", eventId: event.id };
    let outcome: O;
    try {
      outcome = await apply();
    } catch (error) {
      console.error(`[payments] handling Stripe event ${event.id} (${event.type}) ${subject} failed; Stripe will send it again:`, error);
      await deps.store.delete(PAYMENT_EVENTS_COLLECTION, event.id).catch(() => undefined);
      return { status: 500, result: "failed", eventId: event.id };
    }
    await deps.store.update(PAYMENT_EVENTS_COLLECTION, event.id, { state: "done", doneAt: new Date(now()).toISOString(), outcome });
    if (outcome === "applied") return { status: 200, result: "handled", eventId: event.id };
    console.warn(`[payments] Stripe event ${event.id} (${event.type}) ${notApplied(outcome as Exclude<O, "applied">)}: acknowledged, nothing done`);
    return { status: 200, result: "not-applied", eventId: event.id };
  }

  /** Signed with the endpoint's secret, or with the Connect endpoint's when there is one. */
  function verify(body: string | Buffer, signature: string) {
    try {
      Stripe.webhooks.signature!.verifyHeader(body, signature, deps.webhookSecret, 300, undefined, now());
    } catch (error) {
      if (!deps.connectWebhookSecret) throw error;
      Stripe.webhooks.signature!.verifyHeader(body, signature, deps.connectWebhookSecret, 300, undefined, now());
    }
  }

  /** `account.updated`: once, to the owner whose account it is (decision 052). */
  async function accountEvent(event: { id: string; type: string }, account: ConnectAccountState): Promise<WebhookOutcome> {
    const accounts = deps.accounts;
    if (!accounts) return { status: 200, result: "ignored", eventId: event.id };
    return once(
      event,
      { accountId: account.accountId },
      `of account ${account.accountId}`,
      () => accounts.accountUpdated(account),
      (outcome) => `names account ${account.accountId}, which no owner has (${outcome})`,
    );
  }

  return {
    async handle({ rawBody, signature }) {
      const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody);
      try {
        if (!signature) throw new Error("no Stripe-Signature header");
        verify(body, signature);
      } catch {
        return { status: 400, result: "bad-signature", eventId: null };
      }
      const read = readStripeEvent(body.toString("utf8"));
      if (read.kind === "malformed") {
        console.warn(`[payments] a signed Stripe event could not be read (${read.field ?? "not JSON"}): refused with a 400`);
        return { status: 400, result: "malformed", eventId: null, field: read.field };
      }
      if (read.kind === "other") return { status: 200, result: "ignored", eventId: read.id };
      if (read.kind === "case-checkout") return handleCaseCheckout(read);
      if (read.kind === "account") return accountEvent(read.event, read.account);
      const { event, bookingId, checkout } = read;
      return once(
        event,
        { bookingId },
        `for booking ${bookingId}`,
        () =>
          event.type === "checkout.session.completed"
            ? deps.bookings.paymentAuthorised({ bookingId, checkout: checkout.id, reference: checkout.paymentIntent!, amountCents: checkout.amountCents, currency: checkout.currency })
            : deps.bookings.checkoutExpired({ bookingId, checkout: checkout.id }),
        (outcome) => `of checkout ${checkout.id} names booking ${bookingId}, but ${NOT_APPLIED[outcome]} (${outcome})`,
      );
    },
  };

  /** A paperwork quote's checkout event: claimed, handed to the cases, marked done (the same rules as a booking's). */
  async function handleCaseCheckout(read: Extract<ReturnType<typeof readStripeEvent>, { kind: "case-checkout" }>): Promise<WebhookOutcome> {
    const { event, caseId, quoteN, checkout } = read;
    const cases = deps.cases;
    if (!cases) return { status: 200, result: "ignored", eventId: event.id };
    return once(
      event,
      { caseId },
      `for case ${caseId}`,
      () =>
        event.type === "checkout.session.completed"
          ? cases.quotePaid({ caseId, quoteN, checkout: checkout.id, reference: checkout.paymentIntent!, amountCents: checkout.amountCents, currency: checkout.currency })
          : cases.quoteCheckoutExpired({ caseId, quoteN, checkout: checkout.id }),
      (outcome) => `of checkout ${checkout.id} names quote ${quoteN} of case ${caseId}, but it does not apply (${outcome})`,
    );
  }
}
