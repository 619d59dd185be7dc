/**
 * The payments port: how the marketplace holds, takes, returns and pays out money. The booking
 * domain decides *what* a booking's money is (its ledger lines, `features/bookings/.server/ledger.ts`);
 * an adapter only moves it:
 * - `recorded` (the embedded default) connects no provider. Nothing is charged: every call
 *   answers `settled: "direct"`, and the ledger says what is owed, to whom and when (the renter
 *   settles with the owner at the start of the trip; decision 023).
 * - `stripe` (`./stripe.ts`) holds the renter's card through Checkout (manual capture), captures,
 *   cancels authorisations, refunds and transfers to the owner's connected account.
 *
 * Every call carries an idempotency key derived from the booking and the ledger line, so a call
 * repeated after a crash or by a second server moves money once.
 */
export type PaymentsProviderName = "recorded" | "stripe";

export type Customer = { uid: string; email: string | null; name: string | null };

/** The result of asking the renter's bank to hold money. */
export type Authorization =
  /** No provider: the amount is owed and settled directly. */
  | { kind: "direct"; reference: string }
  /** Held on the card, not charged (a PaymentIntent with manual capture). */
  | { kind: "authorised"; reference: string }
  /**
   * The renter must act first (Stripe Checkout): send them to `url`; a webhook says when it is
   * done. `reference` is the checkout's id, the one the provider's events about it carry.
   */
  | { kind: "redirect"; reference: string; url: string; expiresAt: string };

/**
 * What a booking made of a provider's event about its checkout (decision 024):
 * - `applied`: the checkout is the one the booking opened, for the amount it expects (done now or before);
 * - `unknown-booking`: no booking has the id the event names;
 * - `other-checkout`: the booking exists but opened another checkout (or none): nothing is done to it;
 * - `other-amount`: its own checkout, paid for another amount or currency than the booking's: not applied.
 * Only `applied` changes anything; the others will never apply, however often the event comes.
 */
export type CheckoutEventOutcome = "applied" | "unknown-booking" | "other-checkout" | "other-amount";

/**
 * What a provider actually moved, read back for the daily reconciliation (decision 053): its
 * payments, refunds, transfers and balance transactions, in cents and state, never changed by
 * these reads. `PaymentsPort.records` is null for `recorded`: nothing moves through a provider,
 * so there is nothing to compare.
 */
export type ProviderBalanceMove = {
  /** The balance transaction's id (`txn_…`). */
  reference: string;
  /** Signed as the provider's balance sees it (a refund or a transfer is negative). */
  amountCents: number;
  feeCents: number;
  netCents: number;
  /** `charge`, `payment`, `refund`, `transfer`…: the provider's own word. */
  type: string;
  /** `pending` or `available`: the provider's own word. */
  status: string;
};

export type ProviderPayment = {
  reference: string;
  /** The provider's state: `requires_capture` (held), `succeeded` (captured), `canceled`, or another of its words. */
  status: string;
  amountCents: number;
  capturableCents: number;
  receivedCents: number;
  currency: string;
  /** The booking its metadata names, if any. */
  bookingId: string | null;
  /** The money it moved into the balance (once captured). */
  balance: ProviderBalanceMove | null;
};

export type ProviderRefund = {
  reference: string;
  paymentReference: string | null;
  amountCents: number;
  /** `succeeded`, `pending`, `failed`, `canceled`, or another of the provider's words. */
  status: string | null;
  balance: ProviderBalanceMove | null;
};

export type ProviderTransfer = {
  reference: string;
  amountCents: number;
  /** How much of it was taken back (reversed). */
  reversedCents: number;
  reversed: boolean;
  /** The booking whose money it is (Stripe's `transfer_group`). */
  group: string | null;
  destination: string | null;
  balance: ProviderBalanceMove | null;
};

export interface PaymentRecords {
  /** A payment by its reference (a checkout's reference reads its payment); null when the provider has none. */
  payment(reference: string): Promise<ProviderPayment | null>;
  refund(reference: string): Promise<ProviderRefund | null>;
  /** Every refund of a payment. */
  refundsOf(paymentReference: string): Promise<ProviderRefund[]>;
  transfer(reference: string): Promise<ProviderTransfer | null>;
  /** Every transfer made for a booking (its transfer group). */
  transfersOf(bookingId: string): Promise<ProviderTransfer[]>;
  balanceMove(reference: string): Promise<ProviderBalanceMove | null>;
  /** The balance transactions an object (a charge, refund or transfer) made. */
  balanceMovesOf(source: string): Promise<ProviderBalanceMove[]>;
}

/**
 * One line of a booking's checkout, as the renter reads it (issue 46, decision 048's amendment):
 * the rental (with the skipper) and the platform's service fee, named in the renter's language.
 * The lines of one checkout sum to its amount; an adapter without a checkout (`recorded`) ignores them.
 */
/** A line of a booking's checkout; `description` says what it is made of (a rental's days at their prices). */
export type CheckoutLine = { name: string; amountCents: number; description?: string };

export interface PaymentsPort {
  readonly provider: PaymentsProviderName;
  /** Whether money really moves. False for `recorded`: pages then say what is owed, never "paid". */
  readonly charges: boolean;
  /**
   * Holds `amountCents` for a booking (`purpose: "booking"`: rental + fee; `"deposit"`: the
   * security deposit, off-session, two days before the trip).
   */
  authorize(input: {
    key: string;
    bookingId: string;
    purpose: "booking" | "deposit";
    amountCents: number;
    customer: Customer;
    /** Where Checkout sends the renter back (booking purpose only). */
    returnUrl: string;
    /** The deposit: the booking's authorisation whose card it reuses. */
    paymentReference?: string | null;
    /** A booking: what the renter's checkout lists (`CheckoutLine`), summing to `amountCents`; one line of the total without them. */
    lines?: readonly CheckoutLine[];
  }): Promise<Authorization>;
  /** Takes `amountCents` (at most what is held) of an authorisation. */
  capture(input: { key: string; reference: string; amountCents: number }): Promise<{ reference: string }>;
  /** Lets an authorisation go: nothing is charged. */
  cancel(input: { key: string; reference: string }): Promise<void>;
  /** Returns `amountCents` of a captured payment to the renter. */
  refund(input: { key: string; reference: string; amountCents: number; reason: string }): Promise<{ reference: string }>;
  /**
   * Pays the owner's share to their connected account (null when they have none: paid by hand;
   * with `connect`, the bookings never ask without one: the payout waits, decision 052).
   */
  transfer(input: { key: string; bookingId: string; amountCents: number; destination: string | null }): Promise<{ reference: string }>;
  /** What the provider really moved, read back (decision 053); null when no provider moves money. */
  readonly records: PaymentRecords | null;
  /**
   * The owners' payout accounts at the provider (Stripe Connect, decision 052); null without a
   * provider: renters pay owners directly, nobody needs an account here.
   */
  readonly connect: ConnectPort | null;
}

/**
 * Connect (decision 052): an owner's payout account at the provider, made once, completed on the
 * provider's own pages (onboarding), and its state as the provider tells it. With an account
 * whose payouts are enabled, the owner's share is transferred to it; without one, their payouts
 * wait (`features/payouts/.server`).
 */
export type ConnectAccountState = {
  /** The provider's id of the account (Stripe: `acct_…`). */
  accountId: string;
  /** The account can receive transfers and pay them out. */
  payoutsEnabled: boolean;
  /** The owner went through the provider's onboarding form once. */
  detailsSubmitted: boolean;
  /** What the provider still needs now (Stripe's `requirements.currently_due` ids). */
  currentlyDue: string[];
  /** Why the account is disabled (Stripe's `requirements.disabled_reason`), null when it is not. */
  disabledReason: string | null;
};

export interface ConnectPort {
  /** Makes the owner's account; the same `key` (one per owner) answers the same account, never a second. */
  createAccount(input: { key: string; uid: string; email: string | null }): Promise<ConnectAccountState>;
  /** The account's state as the provider has it now. */
  retrieveAccount(accountId: string): Promise<ConnectAccountState>;
  /** A single-use link to the provider's onboarding pages, back to `returnUrl` (done) or `refreshUrl` (link expired). */
  onboardingLink(input: { key: string; accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string; expiresAt: string }>;
  /** A single-use link that signs the owner into the provider's dashboard of their account. */
  dashboardLink(input: { key: string; accountId: string }): Promise<{ url: string }>;
}

/**
 * Paid paperwork quotes (decision 054): the requester pays an accepted quote at once (no hold).
 * - `collect` opens what the requester pays: with Stripe a Checkout in `payment` mode with
 *   automatic capture (one line: the quote's description, VAT included; metadata `caseId` and
 *   `quote`), answered `redirect` (its reference the checkout, `cs_…`); the signed
 *   `checkout.session.completed` event says when it is paid. Without a provider it answers
 *   `direct`: nothing is charged, the invoice is paid outside Amarre.
 * - `closeCollection` closes a checkout nobody should pay any more (the quote expired or was
 *   replaced) and says whether it was paid meanwhile (`paid`, with its PaymentIntent and amount:
 *   that payment still applies) or not (`closed`).
 * A quote's refund is the port's `refund` on the PaymentIntent (`rec_…` without a provider: paid
 * back outside Amarre).
 */
export type Collection = { kind: "direct"; reference: string } | { kind: "redirect"; reference: string; url: string; expiresAt: string };
export type CollectionState = { state: "closed" } | { state: "paid"; paymentIntent: string; amountCents: number | null; currency: string | null };
export interface QuotePayments {
  collect(input: {
    key: string;
    purpose: "quote";
    /** The case's id. */
    reference: string;
    quoteN: number;
    amountCents: number;
    description: string;
    customer: Customer;
    /** The case's page in the requester's language (`checkout=complete|cancelled` is added). */
    returnUrl: string;
  }): Promise<Collection>;
  closeCollection(input: { key: string; checkout: string }): Promise<CollectionState>;
}

/** Both ports of an adapter: bookings' money and paid quotes. */
export type PaymentsAdapter = PaymentsPort & QuotePayments;

/** No provider: a quote is paid outside Amarre (`direct`), nothing is open to close. */
export function recordedQuotePayments(): QuotePayments {
  return {
    async collect({ key }) {
      return { kind: "direct", reference: `rec_${key}` };
    },
    async closeCollection() {
      return { state: "closed" };
    },
  };
}

/** No provider: every call is recorded, nothing is charged, nothing fails. */
export function createRecordedPayments(): PaymentsPort & QuotePayments {
  return {
    provider: "recorded",
    charges: false,
    // Nothing moved through a provider: nothing to compare it with.
    records: null,
    async authorize({ key }) {
      return { kind: "direct", reference: `rec_${key}` };
    },
    async capture({ key }) {
      return { reference: `rec_${key}` };
    },
    async cancel() {},
    async refund({ key }) {
      return { reference: `rec_${key}` };
    },
    async transfer({ key }) {
      return { reference: `rec_${key}` };
    },
    ...recordedQuotePayments(),
    // Owners are paid directly by renters: no payout account to make.
    connect: null,
  };
}
