/** Invoices: issued for bookings, numbered without gaps, read by their parties, as PDFs. The folder's only door. */
export { INVOICE_COUNTERS, INVOICES, invoiceNumber, invoiceSeries, splitVat, VAT_PERCENT, type CorrectionReason, type Invoice, type InvoiceDock, type InvoiceKind, type InvoiceLine, type InvoiceParty, type InvoiceSeries } from "./model";
export { createInvoicesService, type InvoicesService } from "./service";
export { type InvoiceViewer } from "./context";
export { partyOf } from "./issuing";
export { renderInvoicePdf } from "./pdf";
export { subjectTitle } from "./subject";
export { createInvoiceNotifier } from "./notifications";
export { invoiceBookingHandler } from "./booking-handler";
