/**
 * The daily reconciliation of the bookings' ledger with what the payments provider moved
 * (decision 053): each run is one stored document, kept with its differences.
 */

/** One document per run (the scheduler's run of a day has the id `day-YYYY-MM-DD`). */
export const RECONCILIATION_RUNS = "reconciliation_runs";
/** One document (`current`) while a run is under way: the claim that keeps a second one out. */
export const RECONCILIATION_LOCK = "reconciliation_lock";
export const LOCK_ID = "current";

/** How often each server looks whether the day's run is made (it runs at the first look of each UTC day). */
export const RECONCILIATION_CHECK_MS = 60 * 60_000;
/** Bookings whose money changed within this many days are compared (with those an earlier run found different). */
export const WINDOW_DAYS = 3;
/** At most this many bookings per run (the oldest changes first; the run says when there were more). */
export const MAX_BOOKINGS = 500;
/** The runs kept (older ones are removed as new ones come). */
export const RUNS_KEPT = 30;
/** Differences kept per run (the run counts the rest). */
export const MAX_DIFFERENCES = 200;
/** A claim older than this belongs to a run that stopped (its server died): the next run takes over. */
export const LOCK_STALE_MS = 30 * 60_000;

/**
 * What was compared: the booking's payment (rental and fee), its deposit, a refund, a payout's
 * transfer, a balance transaction, or a paperwork quote's payment (`quote-payment`).
 */
export type ReconciledObject = "payment" | "deposit" | "refund" | "transfer" | "balance" | "quote-payment";

/**
 * - `missing`: on the ledger and not at the provider (`stripe.cents` null), or at the provider
 *   and not on the ledger (`ledger.cents` null);
 * - `amount`: both, different cents;
 * - `state`: both, one says another thing happened (captured / still held, let go, reversed…).
 */
export type DifferenceKind = "missing" | "amount" | "state";

/** What the ledger expects of the provider's object. */
export type LedgerExpectation = "captured" | "held" | "let-go" | "refunded" | "paid-out";

/** A difference is about a booking's money or about a paperwork quote paid through the provider. */
export type Difference = BookingDifference | QuoteDifference;

export type BookingDifference = Compared & {
  bookingId: string;
  /** The booking's short reference (`AMR-…`). */
  bookingReference: string;
  caseId?: undefined;
  caseReference?: undefined;
  quoteN?: undefined;
};

/** A paperwork quote's (decision 054): its case and the quote's number. */
export type QuoteDifference = Compared & {
  caseId: string;
  /** The case's short reference (`GES-…`). */
  caseReference: string;
  quoteN: number;
  bookingId?: undefined;
  bookingReference?: undefined;
};

/** What both kinds say of the object compared. */
type Compared = {
  /**
   * The ledger line (`rental`, `deposit`, `refund-fee`, `payout`…; a quote's `payment` or
   * `refund-{k}`); null for an object only the provider has.
   */
  line: string | null;
  object: ReconciledObject;
  kind: DifferenceKind;
  /** The provider's id of the object (`pi_…`, `re_…`, `tr_…`, `txn_…`), when there is one. */
  reference: string | null;
  ledger: { cents: number | null; state: LedgerExpectation | null };
  /** The provider's figure and its own word for the state (`succeeded`, `requires_capture`, `canceled`, `reversed`…). */
  stripe: { cents: number | null; state: string | null };
};

export type Totals = { capturedCents: number; refundedCents: number; transferredCents: number };

export type RunStarter = { kind: "scheduler"; day: string } | { kind: "admin"; uid: string; name: string | null };

export type ReconciliationRun = {
  id: string;
  state: "running" | "done" | "failed";
  by: RunStarter;
  startedAt: string;
  finishedAt: string | null;
  /** Bookings whose money changed since this moment were compared. */
  since: string;
  windowDays: number;
  /** Bookings compared, and whether more changed than MAX_BOOKINGS (or more quotes than MAX_BOOKINGS). */
  bookings: number;
  /** Paperwork quotes paid through the provider compared (absent on runs stored before they were). */
  quotes?: number;
  more: boolean;
  /** Provider objects compared (payments, deposits, refunds, transfers). */
  objects: number;
  /** Payouts paid by hand (no connected account): nothing at the provider to compare. */
  manual: number;
  /** Lines whose provider call is still to be made or retried: compared on a later run. */
  inFlight: number;
  /** Bookings and paid quotes whose provider objects could not be read, and the first error. */
  unread: number;
  error: string | null;
  ledger: Totals;
  stripe: Totals & { feeCents: number };
  differences: Difference[];
  /** Differences beyond MAX_DIFFERENCES (not kept). */
  differencesMore: number;
  /** The team's email: sent, failed (kept for a retry on /admin/operaciones), no address set, no mail server, or none needed. */
  email: "sent" | "failed" | "no-address" | "no-mail-server" | "none";
};
