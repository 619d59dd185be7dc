import { z } from "zod";
import type { ConnectAccountState } from "./index";

/**
 * A verified Stripe event's body, read before anything is stored or asked (decision 024). Its
 * signature says Stripe sent it, not that we can use it: an id that is `/`, 1,500 bytes or a
 * number names no document either store accepts; a `data` without `object`, or another object
 * than a Checkout Session, cannot be applied. Such an event is `malformed` (the webhook answers
 * 400 naming the field) and never reaches the store.
 *
 * - `checkout`: a Checkout Session event of ours (its metadata names a booking): the event's id
 *   and type, the booking, and the session's id, PaymentIntent, amount and currency;
 * - `case-checkout`: a Checkout Session event of a paperwork quote (its metadata names a case and
 *   the quote; decision 054), with the same session fields;
 * - `account`: `account.updated` of a connected account: its id and payout state (decision 052);
 * - `other`: a well-formed event we do not handle (another type, or a session whose metadata
 *   names no booking nor case: not made by us), acknowledged and ignored;
 * - `malformed`: the first field that is wrong (`null`: the body is not JSON).
 */
export type StripeEventReading =
  | {
      kind: "checkout";
      event: { id: string; type: CheckoutEventType };
      bookingId: string;
      checkout: { id: string; paymentIntent: string | null; amountCents: number | null; currency: string | null };
    }
  | {
      /** A Checkout Session of a paperwork quote (its metadata names a case and the quote's `n`; decision 054). */
      kind: "case-checkout";
      event: { id: string; type: CheckoutEventType };
      caseId: string;
      quoteN: number;
      checkout: { id: string; paymentIntent: string | null; amountCents: number | null; currency: string | null };
    }
  /** `account.updated` (decision 052): a connected account's payout state, for the owner it belongs to. */
  | { kind: "account"; event: { id: string; type: "account.updated" }; account: ConnectAccountState }
  | { kind: "other"; id: string }
  | { kind: "malformed"; field: string | null };

const CHECKOUT_EVENTS = ["checkout.session.completed", "checkout.session.expired"] as const;
type CheckoutEventType = (typeof CHECKOUT_EVENTS)[number];

/** Stripe's ids: a prefix and letters, digits or underscores; short enough for any document id. */
const stripeId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,250}$`));

/** What every event has: `evt_…`, its type, and `data.object` (an object). */
const eventShape = z.object({
  id: stripeId("evt"),
  type: z.string().min(1).max(200),
  data: z.object({ object: z.record(z.unknown()) }),
});

/** The Checkout Session as Stripe's API describes it, as far as we read it. */
const sessionShape = z.object({
  id: stripeId("cs"),
  object: z.literal("checkout.session"),
  // Ours carry the booking's id (a document id: letters, digits, `-`, `_`); Stripe's values are strings.
  metadata: z
    .object({
      bookingId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/).optional(),
      // A paperwork quote's: the case (a case id: 20 letters or digits) and the quote's number.
      caseId: z.string().regex(/^[A-Za-z0-9]{20}$/).optional(),
      quote: z.string().regex(/^[1-9][0-9]{0,3}$/).optional(),
    })
    .catchall(z.string())
    .nullish(),
  payment_intent: z.union([stripeId("pi"), z.object({ id: stripeId("pi") })]).nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  currency: z.string().regex(/^[A-Za-z]{3}$/).nullish(),
});

/** A connected account as Stripe's API describes it, as far as we read it (decision 052). */
const accountShape = z.object({
  id: stripeId("acct"),
  object: z.literal("account"),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean(),
  requirements: z
    .object({
      currently_due: z.array(z.string().min(1).max(200)).max(200).nullish(),
      disabled_reason: z.string().max(200).nullish(),
    })
    .nullish(),
});

const fieldOf = (error: z.ZodError, prefix: string[] = []) => [...prefix, ...(error.issues[0]?.path ?? [])].join(".") || "(body)";

export function readStripeEvent(body: string): StripeEventReading {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: "malformed", field: null };
  }
  const event = eventShape.safeParse(json);
  if (!event.success) return { kind: "malformed", field: fieldOf(event.error) };
  const { id, type } = event.data;
  if (type === "account.updated") {
    const account = accountShape.safeParse(event.data.data.object);
    if (!account.success) return { kind: "malformed", field: fieldOf(account.error, ["data", "object"]) };
    const { requirements } = account.data;
    return {
      kind: "account",
      event: { id, type },
      account: {
        accountId: account.data.id,
        payoutsEnabled: account.data.payouts_enabled,
        detailsSubmitted: account.data.details_submitted,
        currentlyDue: requirements?.currently_due ?? [],
        disabledReason: requirements?.disabled_reason ?? null,
      },
    };
  }
  if (!(CHECKOUT_EVENTS as readonly string[]).includes(type)) return { kind: "other", id };
  const session = sessionShape.safeParse(event.data.data.object);
  if (!session.success) return { kind: "malformed", field: fieldOf(session.error, ["data", "object"]) };
  const { metadata, payment_intent: intent, amount_total: amountCents, currency } = session.data;
  const bookingId = metadata?.bookingId;
  const paymentIntent = intent ? (typeof intent === "string" ? intent : intent.id) : null;
  if (!bookingId && metadata?.caseId) {
    // A quote's checkout: its number must come with the case, and a completed one its PaymentIntent.
    if (!metadata.quote) return { kind: "malformed", field: "data.object.metadata.quote" };
    if (type === "checkout.session.completed" && !paymentIntent) return { kind: "malformed", field: "data.object.payment_intent" };
    return {
      kind: "case-checkout",
      event: { id, type: type as CheckoutEventType },
      caseId: metadata.caseId,
      quoteN: Number(metadata.quote),
      checkout: { id: session.data.id, paymentIntent, amountCents: amountCents ?? null, currency: currency ?? null },
    };
  }
  if (!bookingId) return { kind: "other", id };
  // A completed session of ours without its PaymentIntent would be a booking paid with nothing held.
  if (type === "checkout.session.completed" && !paymentIntent) return { kind: "malformed", field: "data.object.payment_intent" };
  return {
    kind: "checkout",
    event: { id, type: type as CheckoutEventType },
    bookingId,
    checkout: { id: session.data.id, paymentIntent, amountCents: amountCents ?? null, currency: currency ?? null },
  };
}
