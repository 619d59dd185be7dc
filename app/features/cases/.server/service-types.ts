/** The cases service's public types: its events, dependencies, viewers and search filters. */
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import type { PaymentsAdapter } from "#app/.server/payments";
import type { Case, CaseQuote, CaseStatus, CaseType, QuoteRefund } from "./model";

export type CaseEvent = "received" | "status" | "message" | "quote" | "quote-accepted" | "quote-declined" | "delivered" | "quote-expired" | "quote-refunded";

export type CasesDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  /** Emails the requester (and keeps the mailbox); failures are logged, never undo the change. */
  notify?: (event: CaseEvent, item: Case) => Promise<void>;
  /**
   * The app's secrets (newest first) that sign the links attaching a visitor's case to an
   * account (`claimLink`, `claim`); without them no link is made and none is accepted.
   */
  claimSecrets?: readonly string[];
  /**
   * Invoices an accepted quote (the platform's invoice to the requester), after the acceptance
   * is stored and before the emails; idempotent. A failure is logged: the case stays accepted.
   */
  invoiceQuote?: (item: Case, quote: CaseQuote) => Promise<void>;
  /**
   * Paid quotes (decision 054): the configured adapter's quote payments and refunds. A charging
   * adapter makes accepting a quote a Checkout (the case starts when the provider says it is
   * paid); without one, or one that does not charge, acceptance starts the work at once and
   * the invoice is paid outside Amarre.
   */
  payments?: Pick<PaymentsAdapter, "charges" | "collect" | "closeCollection" | "refund">;
  /** Where Checkout sends the requester back: the case's page in their language. */
  quoteReturnUrl?: (item: Case, lang: string) => string;
  /** Issues the corrective invoice (series R) of a quote's refund; idempotent. A failure is logged. */
  correctQuote?: (item: Case, quote: CaseQuote, refund: QuoteRefund) => Promise<void>;
  now?: () => Date;
};

export type Viewer = { uid: string; role: "admin" | "user" };
/**
 * A member of the team, as the admin guard established (`requireAdmin` in the admin routes' loaders
 * and actions): the one place the `admin` role is checked. The team's operations (moving a case,
 * quoting, notes, delivering results) trust it and check no role again; `Viewer` (who asks to see
 * a case) still says whether the team or the requester is looking.
 */
export type TeamMember = { uid: string };
export type CaseFilters = { status?: CaseStatus; type?: CaseType; from?: string; to?: string; text?: string; page?: number };

export const CASES_PAGE_SIZE = 25;
