/**
 * Cases (gestiones): every request from a service page — a paperwork procedure, an insurance
 * quote, cleaning, transport, a port asking to be listed, a contact message — becomes a case the
 * team works to the end (docs/PRODUCT.md "Services and paperwork cases"). The lifecycle is data; every
 * change keeps who, when and a comment the requester sees; internal notes are the team's alone.
 */
export const CASES = "cases";

export {
  CASE_TRANSITIONS,
  caseStatuses,
  caseTypes,
  OPEN_STATUSES,
  procedureTypes,
  QUOTE_LIMITS,
  QUOTE_STEPS,
  serviceTypes,
  STEP_REQUIREMENTS,
  UNQUOTED_TYPES,
  type CaseStatus,
  type CaseType,
} from "#app/features/cases/cases";
import type { CaseStatus, CaseType } from "#app/features/cases/cases";

export type CaseContact = { name: string; email: string; phone: string | null };
/** `result`: a document the team delivered as the outcome of the work (absent on the others). */
export type CaseDocument = { id: string; name: string; contentType: "application/pdf" | "image/jpeg" | "image/png"; size: number; uploadedAt: string; by: "requester" | "team"; result?: boolean };
/**
 * `waiver`: why the case was completed without the documents it last asked for (absent otherwise).
 * `quote`: what happened to a quote's money or validity (decision 054): paid through the provider,
 * refunded (`amountCents`, the reason in `comment`), or expired by the scheduler (`byUid` null).
 */
export type CaseHistoryEntry = {
  at: string;
  byUid: string | null;
  by: "requester" | "team";
  from: CaseStatus | null;
  to: CaseStatus;
  comment: string;
  waiver?: string;
  quote?: { n: number; event: "paid" | "refunded" | "expired"; amountCents?: number };
};

/**
 * How an accepted quote is paid (decision 054). `direct`: no provider (`recorded`), paid outside
 * Amarre against the invoice. `provider`: a Checkout the requester pays by card; the quote holds
 * the checkout it opened (`checkoutId`, its `url` and `expiresAt` while open, the `attempt` that
 * names its idempotency key) and, once the provider's signed event says so, the PaymentIntent
 * (`reference`), the amount received and when (`paidAt`).
 */
export type QuotePayment = {
  mode: "direct" | "provider";
  checkoutId: string | null;
  url: string | null;
  expiresAt: string | null;
  attempt: number;
  reference: string | null;
  amountCents: number | null;
  paidAt: string | null;
};

/**
 * A refund of an accepted quote by the team (decision 054): `k` counts the quote's refunds from 1
 * (the provider's idempotency key and the corrective invoice `…_R{k}` derive from it). `pending`
 * while the provider is asked; `done` with its reference.
 */
export type QuoteRefund = { k: number; amountCents: number; reason: string; byUid: string; at: string; state: "pending" | "done"; reference: string | null; doneAt: string | null };

/**
 * A price the team offers (VAT included): what it covers and until which day (Madrid) it can be
 * accepted. `n` counts the case's quotes from 1; the accepted one is invoiced by the platform as
 * `case_{caseId}_quote_{n}`. A new quote replaces one still pending (`superseded`).
 */
export type CaseQuote = {
  n: number;
  amountCents: number;
  description: string;
  validUntil: string;
  sentAt: string;
  byUid: string;
  /** `expired`: past its day without an answer, moved back to review by the scheduler (decision 054). */
  status: "pending" | "accepted" | "declined" | "superseded" | "expired";
  answeredAt: string | null;
  /** The requester's reason when declining (may be empty). */
  reason: string;
  /** How it is paid (absent on quotes not accepted, and on those accepted before decision 054: paid outside Amarre). */
  payment?: QuotePayment;
  /** The team's refunds of it, oldest first (absent: none). */
  refunds?: QuoteRefund[];
};
export type CaseNote = { at: string; byUid: string; text: string };
export type CaseMessage = { at: string; byUid: string | null; from: "requester" | "team"; text: string };

export type Case = {
  id: string;
  /**
   * The short reference people read (`GES-7K3Q9`, `reference.ts`); the id stays in URLs. Stored at
   * creation; a case stored before references reads with its derived one until the backfill stores it.
   */
  reference: string;
  type: CaseType;
  status: CaseStatus;
  /**
   * The account of whoever was signed in when filing it, or null: a visitor's case, whatever
   * email it gave, until the person proves that address with the link its emails carry.
   */
  requesterUid: string | null;
  /** When a visitor's case was attached to an account by its link (absent otherwise). */
  attachedAt?: string;
  contact: CaseContact;
  /** What the form asked for this type (the boat's data, dates, places…), as text and numbers. */
  details: Record<string, string | number | boolean>;
  documents: CaseDocument[];
  /** The quotes sent, oldest first (absent on cases stored before quotes: read as []). */
  quotes: CaseQuote[];
  history: CaseHistoryEntry[];
  notes: CaseNote[];
  messages: CaseMessage[];
  /** Normalised words of the contact, details and messages: the admin's free-text search (`array-contains`). */
  tokens: string[];
  lang: string;
  createdAt: string;
  updatedAt: string;
};

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENTS = 20;

/**
 * `quote-expired`: past its valid-until day; `stale-quote`: not the pending quote (answered or
 * replaced); `needs-quote`: work cannot start without an accepted quote; `needs-reason`: the
 * documents asked for have not arrived and no reason was given; `needs-result`: an accepted
 * quote's case completes with a result document; `refund-amount`: more than is left to refund
 * (or nothing); `stale-refund`: the refund's number is not the next one (the page was old);
 * `not-refundable`: the quote was not accepted (nothing was paid); `payment-failed`: the payments
 * provider refused or could not be reached (its error is the cause; nothing changed).
 */
export type CaseErrorCode =
  | "not-found"
  | "invalid-transition"
  | "invalid-document"
  | "too-many-documents"
  | "invalid"
  | "quote-expired"
  | "stale-quote"
  | "needs-quote"
  | "needs-reason"
  | "needs-result"
  | "refund-amount"
  | "stale-refund"
  | "not-refundable"
  | "payment-failed";

export class CaseError extends Error {
  override readonly name = "CaseError";
  constructor(
    readonly code: CaseErrorCode,
    readonly reason: string = code,
    options?: { cause?: unknown },
  ) {
    super(`case: ${code} (${reason})`, options);
  }
}

export function isCaseError(error: unknown, code?: CaseErrorCode): error is CaseError {
  return error instanceof CaseError && (code === undefined || error.code === code);
}

export function isCaseId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9]{20}$/.test(id);
}

/**
 * The words a case is found by: lowercase, accents folded, split on anything that is not a
 * letter or digit, at least two characters, each once, at most 300.
 */
export function searchTokens(...texts: ReadonlyArray<string | number | boolean | null | undefined>): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (text === null || text === undefined || typeof text === "boolean") continue;
    for (const word of String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 2 && word.length <= 40) words.add(word);
      if (words.size >= 300) return [...words];
    }
  }
  return [...words];
}

/** Today's date in Madrid (YYYY-MM-DD): the day a quote's validity is read against. */
export function madridDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The quote waiting for the requester's answer, if any. */
export function pendingQuote(item: Pick<Case, "quotes">): CaseQuote | null {
  return (item.quotes ?? []).find((quote) => quote.status === "pending") ?? null;
}

export function acceptedQuote(item: Pick<Case, "quotes">): CaseQuote | null {
  return [...(item.quotes ?? [])].reverse().find((quote) => quote.status === "accepted") ?? null;
}

/** A quote can no longer be accepted after its valid-until day (Madrid). */
export function isQuoteExpired(quote: Pick<CaseQuote, "validUntil">, at: Date): boolean {
  return madridDay(at) > quote.validUntil;
}

/**
 * The documents the case asked for last and has not received: the case went to
 * `waiting_documents` and the requester has uploaded nothing since.
 */
export function documentsOutstanding(item: Pick<Case, "history" | "documents">): boolean {
  const asked = [...item.history].reverse().find((entry) => entry.to === "waiting_documents");
  if (!asked) return false;
  return !item.documents.some((doc) => doc.by === "requester" && doc.uploadedAt >= asked.at);
}

/** The invoice id of a case's accepted quote (idempotent issuing). */
export function quoteInvoiceId(caseId: string, n: number): string {
  return `case_${caseId}_quote_${n}`;
}

/** What was paid for an accepted quote and what is left to refund (pending refunds counted as made). */
export function refundable(quote: CaseQuote): { paidCents: number; refundedCents: number; leftCents: number } {
  const paidCents = quote.status !== "accepted" ? 0 : quote.payment?.mode === "provider" ? (quote.payment.paidAt ? (quote.payment.amountCents ?? quote.amountCents) : 0) : quote.amountCents;
  const refundedCents = (quote.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
  return { paidCents, refundedCents, leftCents: Math.max(0, paidCents - refundedCents) };
}

/** The idempotency keys of a quote's money, from the case and the quote (decision 054). */
export const quoteKeys = {
  checkout: (caseId: string, n: number, attempt: number) => `case_${caseId}_quote_${n}_checkout_${attempt}`,
  close: (caseId: string, n: number, attempt: number) => `case_${caseId}_quote_${n}_close_${attempt}`,
  refund: (caseId: string, n: number, k: number) => `case_${caseId}_quote_${n}_refund_${k}`,
};
