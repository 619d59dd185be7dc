/**
 * Invoices (facturas): issued when a booking is confirmed — one for the rental, from the owner
 * (issued by the platform on their behalf), and one for the service fee, from the platform — and
 * a corrective invoice (factura rectificativa) for each of them when a cancellation refunds
 * money. Numbers are `YYYY-NNNNNN`, consecutive per series and year without gaps: each is taken
 * from a counter document in the transaction that writes the invoice (decision 014).
 */
import type { CaseType } from "#app/features/cases";
import type { BerthType } from "#app/features/listings";

export const INVOICES = "invoices";
export const INVOICE_COUNTERS = "invoice_counters";

/** A: rentals (on the owner's behalf); F: the platform's service fee; R: corrective invoices. */
export const invoiceSeries = ["A", "F", "R"] as const;
export type InvoiceSeries = (typeof invoiceSeries)[number];
/** `paperwork`: the platform's invoice for a paperwork case's accepted quote (series F). */
export type InvoiceKind = "rental" | "fee" | "corrective" | "paperwork";

/** Spain's general VAT rate. */
export const VAT_PERCENT = 21;

export type InvoiceParty = { uid: string | null; name: string; taxId: string | null; address: string | null };

/** What a berth's name is made of ("Pontoon berth in Port Adriano · no. 12"): its type and number, and its port or town. */
export type InvoiceDock = { berthType: BerthType | null; berthNumber: string | null; portName: string | null; city: string | null };

/**
 * What a line says is translated when the invoice is shown (`invoices:lines.<kind>`): the rental
 * of `quantity` days, a half day (`part`: morning or afternoon), the skipper's days, the fee; a paperwork line adds what the quote covered, as the team wrote it
 * (`description`).
 */
export type InvoiceLine = {
  kind: "rental" | "half-day" | "skipper" | "fee" | "paperwork";
  quantity: number;
  amountCents: number;
  part?: "am" | "pm";
  description?: string;
  /** A rental whose days cost different prices (seasons, weekends: issue 49): the booking's price lines, shown beside it. */
  days?: Array<{ unit: "day" | "week" | "month" | "half-day"; count: number; unitCents: number; season?: string; weekend?: true }>;
};

/**
 * Why a corrective invoice was issued, copied from the booking's cancellation: the renter's
 * cancellation under the listing's policy (`policy`, the tier's `percent` of the rental refunded,
 * the fee kept), the owner's cancellation (everything refunded, the fee included) or the weather;
 * a cancellation of a booking made without online payment (`unpaid`: nothing was paid, the whole
 * amount is annulled, decision 048);
 * or a trip moved for the weather (`weather-move`): the same amounts, the service's days corrected
 * (`moved`), at no charge (decision 031).
 */
export type CorrectionReason = {
  /** `quote-refund`: the team refunded (part of) a paperwork quote (decision 054); `quote` names it. */
  rule: "policy" | "owner-cancel" | "weather" | "unpaid" | "weather-move" | "quote-refund";
  by: "renter" | "owner" | "team";
  /** The listing's cancellation policy under `policy`; null otherwise. */
  policy: "flexible" | "moderate" | "strict" | null;
  percent: number;
  /** When the booking was cancelled (or moved). */
  at: string;
  /** A move: the days the invoice named, and the days of the trip now. */
  moved?: { from: { start: string; end: string }; to: { start: string; end: string } };
  /** A quote's refund: the quote's number, and the refund's among the quote's refunds. */
  quote?: { n: number; refund: number };
};

export type Invoice = {
  id: string;
  series: InvoiceSeries;
  year: number;
  sequence: number;
  /** `YYYY-NNNNNN`, unique within the series. */
  number: string;
  kind: InvoiceKind;
  /** A corrective invoice: the invoice it corrects (its id, series-number and date; null date on invoices issued before it was kept). */
  corrects: { id: string; series: InvoiceSeries; number: string; issuedAt: string | null } | null;
  /** A corrective invoice: why (null on the others, and on corrective invoices issued before it was kept). */
  reason: CorrectionReason | null;
  /** The booking invoiced; null for a paperwork case's invoice (see `caseId`). */
  bookingId: string | null;
  /** A paperwork case's invoice: the case (absent on bookings' invoices). */
  caseId?: string;
  /**
   * What was rented and when: first and last day (`YYYY-MM-DD`), the half day when it was one; a
   * booking's short reference (`AMR-7K3Q9`). For a case (`kind: "case"`, `listingId` the case id):
   * its type (`caseType`, read in the reader's language; `title` is its Spanish name as issued),
   * on the day the quote was accepted, and the case's reference (`GES-7K3Q9`). A berth (which has
   * no title of its own) also keeps what its name is made of (`dock`), read in the reader's language.
   */
  subject: { listingId: string; kind: "boat" | "dock" | "case"; title: string; start: string; end: string; part?: "am" | "pm" | null; reference?: string; caseType?: CaseType; dock?: InvoiceDock };
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** Who may read it besides the team: the seller's and the buyer's accounts. */
  partyUids: string[];
  lines: InvoiceLine[];
  /** Amounts include VAT; `vatPercent` null when none applies (a private owner's rental). */
  vatPercent: number | null;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  issuedAt: string;
};

export function invoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}

/** The VAT contained in a VAT-included amount, rounded half up. */
export function splitVat(totalCents: number, percent: number | null): { baseCents: number; vatCents: number } {
  if (percent === null) return { baseCents: totalCents, vatCents: 0 };
  const baseCents = Math.floor((totalCents * 100 + Math.floor((100 + percent) / 2)) / (100 + percent));
  return { baseCents, vatCents: totalCents - baseCents };
}
