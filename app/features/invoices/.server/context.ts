/**
 * What every invoices operation shares: the dependencies with their defaults, an invoice as read
 * (older invoices filled in), and who may read it. Each operation module takes this context;
 * `service.ts` makes it once and wires the operations.
 */
import type { DocumentStore } from "#app/.server/store";
import { referenceCandidate, type Booking } from "#app/features/bookings/.server";
import type { UserProfile } from "#app/features/profiles/.server";
import { caseReferenceCandidate } from "#app/features/cases/.server";
import { INVOICES, type Invoice, type InvoiceDock, type InvoiceParty } from "./model";
import { caseTypeNamed } from "./subject";

export type InvoicesDeps = {
  store: DocumentStore;
  users: { getMany(uids: readonly string[]): Promise<Map<string, UserProfile>> };
  /** What was rented, as the invoice names it (a boat's title, a berth's place). */
  subjectTitle: (booking: Booking) => Promise<string>;
  /** A berth's name's parts, so the invoice names it in its reader's language (none: the title as issued). */
  subjectDock?: (booking: Booking) => Promise<InvoiceDock | null>;
  /** The platform as the seller of its service fee. */
  platform: Omit<InvoiceParty, "uid">;
  /** Each invoice issued (emails); failures are logged, never undo the invoice. */
  notify?: (invoice: Invoice) => Promise<void>;
  now?: () => Date;
};

export type InvoicesContext = InvoicesDeps & { now: () => Date };

export function createInvoicesContext(deps: InvoicesDeps): InvoicesContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}

export type InvoiceViewer = { uid: string; role: "admin" | "user" };

/** `quiet`: no emails (invoices of the past, written by the demo seed). */
export type IssueOptions = { quiet?: boolean };

export type Draft = Omit<Invoice, "series" | "year" | "sequence" | "number" | "issuedAt">;

/**
 * Invoices written before `reason` and `corrects.issuedAt` were kept read with them as null; those
 * written before references, with the derived reference of their booking or case; a paperwork
 * invoice written before its case's type was kept, with the type its Spanish name is.
 */
export function normalised(doc: Omit<Invoice, "reason" | "corrects"> & Partial<Pick<Invoice, "reason" | "corrects">>): Invoice {
  let subject = doc.subject;
  // The booking's or case's derived reference (bookings' and cases' `reference.ts`).
  if (!subject.reference && doc.bookingId) subject = { ...subject, reference: referenceCandidate(doc.bookingId, 0) };
  if (!subject.reference && doc.caseId) subject = { ...subject, reference: caseReferenceCandidate(doc.caseId) };
  if (doc.caseId && !subject.caseType) {
    const caseType = caseTypeNamed(subject.title);
    if (caseType) subject = { ...subject, caseType };
  }
  return { ...doc, subject, reason: doc.reason ?? null, corrects: doc.corrects ? { ...doc.corrects, issuedAt: doc.corrects.issuedAt ?? null } : null };
}

/** The invoice with this id, or null. */
export async function read(ctx: InvoicesContext, id: string): Promise<Invoice | null> {
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{1,80}$/.test(id)) return null;
  const doc = await ctx.store.get<Omit<Invoice, "id">>(INVOICES, id);
  return doc ? normalised({ ...doc, id }) : null;
}

/** Whether `viewer` may read the invoice: its buyer, its seller, or the team. */
export function canRead(invoice: Invoice, viewer: InvoiceViewer | null): boolean {
  return viewer !== null && (viewer.role === "admin" || invoice.partyUids.includes(viewer.uid));
}
