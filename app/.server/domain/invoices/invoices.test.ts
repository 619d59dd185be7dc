import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "#app/.server/store/create-store";
import type { DocumentStore } from "#app/.server/store";
import { splitVat } from "./model";
import { renderInvoicePdf } from "./pdf";
import { testBooking, testInvoices } from "./test-fixtures";

/**
 * Invoices on the embedded store: a confirmed booking's two invoices with the right parties, VAT
 * and totals, issued once; gapless consecutive numbers under concurrency; corrective invoices for
 * a refund; who may read which; the PDF's text in the reader's language.
 */
let store: DocumentStore;
let dir: string;
let invoices: ReturnType<typeof testInvoices>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-invoices-"));
  store = await createStore({ backend: "embedded", dataDir: dir });
  invoices = testInvoices(store);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

describe("invoices", () => {
  it("issues a confirmed booking's rental and fee invoices once, with parties, VAT and totals", async () => {
    const [rental, fee] = await invoices.issueForBooking(testBooking("b-first", "company"));
    expect(rental).toMatchObject({
      series: "A",
      kind: "rental",
      seller: { uid: "company", name: "Náutica Balear Charter S.L.", taxId: "B07123456" },
      buyer: { uid: "renter", name: "Lucía Martín", taxId: null },
      lines: [
        { kind: "rental", quantity: 2, amountCents: 40_000 },
        { kind: "skipper", quantity: 2, amountCents: 10_000 },
      ],
      vatPercent: 21,
      totalCents: 50_000,
      baseCents: 41_322,
      vatCents: 8_678,
    });
    expect(rental!.number).toMatch(/^\d{4}-\d{6}$/);
    expect(fee).toMatchObject({ series: "F", seller: { uid: null, name: "Amarre Marketplace S.L.", taxId: "B00000000" }, partyUids: ["renter"], totalCents: 5_000, vatPercent: 21 });
    expect(await invoices.issueForBooking(testBooking("b-first", "company"))).toEqual([]);
    expect(await invoices.forBooking("b-first")).toHaveLength(2);
    // A private owner's rental carries no VAT; a request not yet accepted gets no invoice.
    const [privateRental] = await invoices.issueForBooking(testBooking("b-private", "private"));
    expect(privateRental).toMatchObject({ seller: { name: "Javier Ortega Ruiz", taxId: "12345678Z" }, vatPercent: null, vatCents: 0, baseCents: 50_000 });
    expect(await invoices.issueForBooking(testBooking("b-pending", "private", { status: "pending" }))).toEqual([]);
  });

  it("numbers 20 simultaneous bookings' invoices consecutively in each series, without gaps or repeats", async () => {
    const before = await invoices.listFor("renter");
    const issued = (await Promise.all(Array.from({ length: 20 }, (_, i) => invoices.issueForBooking(testBooking(`b-many-${i}`))))).flat();
    expect(issued).toHaveLength(40);
    for (const series of ["A", "F"] as const) {
      const previous = Math.max(0, ...before.received.filter((invoice) => invoice.series === series).map((invoice) => invoice.sequence));
      const sequences = issued.filter((invoice) => invoice.series === series).map((invoice) => invoice.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => previous + 1 + i));
    }
  });

  it("issues corrective invoices for a refund, referring to the originals, once", async () => {
    const confirmed = testBooking("b-refund", "company");
    const [rental, fee] = await invoices.issueForBooking(confirmed);
    // The owner cancels: rental and fee come back in full, each corrected by its own invoice.
    const cancelled = testBooking("b-refund", "company", {
      status: "cancelled",
      cancellation: { by: "owner", at: "2027-01-02T00:00:00.000Z", refundCents: 55_000, percent: 100, rentalRefundCents: 50_000, feeRefundCents: 5_000, rule: "owner-cancel" },
    });
    const corrective = await invoices.correctForCancellation(cancelled);
    expect(corrective.map((invoice) => [invoice.series, invoice.kind, invoice.corrects?.number, invoice.totalCents])).toEqual([
      ["R", "corrective", rental!.number, -50_000],
      ["R", "corrective", fee!.number, -5_000],
    ]);
    expect(corrective[0]!.sequence + 1).toBe(corrective[1]!.sequence);
    expect(await invoices.correctForCancellation(cancelled)).toEqual([]);
    // A cancellation that refunds nothing corrects nothing.
    await invoices.issueForBooking(testBooking("b-norefund"));
    expect(await invoices.correctForCancellation(testBooking("b-norefund", "company", { status: "cancelled" }))).toEqual([]);
  });

  it("lets the buyer, the seller and the team read an invoice, and nobody else", async () => {
    await invoices.issueForBooking(testBooking("b-access", "private"));
    const renter = { uid: "renter", role: "user" as const };
    const owner = { uid: "private", role: "user" as const };
    expect(await invoices.getFor("b-access_rental", renter)).not.toBeNull();
    expect(await invoices.getFor("b-access_rental", owner)).not.toBeNull();
    expect(await invoices.getFor("b-access_rental", { uid: "someone", role: "user" })).toBeNull();
    expect(await invoices.getFor("b-access_rental", null)).toBeNull();
    expect(await invoices.getFor("b-access_rental", { uid: "team", role: "admin" })).not.toBeNull();
    // The platform's fee invoice is between the platform and the renter.
    expect(await invoices.getFor("b-access_fee", owner)).toBeNull();
    expect(await invoices.getFor("../etc", renter)).toBeNull();
    const lists = await invoices.listFor("private");
    expect(lists.issued.map((invoice) => invoice.id)).toContain("b-access_rental");
    expect(lists.received).toEqual([]);
  });

  it("renders the PDF with number, date, parties with tax ids, lines, VAT and total, in the reader's language", async () => {
    const [rental] = await invoices.issueForBooking(testBooking("b-pdf", "company"));
    const german = await pdfText(await renderInvoicePdf(rental!, "de"));
    for (const text of ["Mietrechnung", `A-${rental!.number}`, "Náutica Balear Charter S.L.", "B07123456", "Lucía Martín", "Miete (2 Tage)", "Skipper (2 Tage)", "MwSt. (21 %)", "500,00 €", "Cap Camarat 7.5 «Brisa»"]) expect(german).toContain(text);
    const spanish = await pdfText(await renderInvoicePdf(rental!, "es"));
    expect(spanish).toContain("Factura de alquiler");
    expect(spanish).toContain("Alquiler (2 días)");
  });

  it("splits VAT out of VAT-included amounts to the cent", () => {
    expect(splitVat(12_100, 21)).toEqual({ baseCents: 10_000, vatCents: 2_100 });
    expect(splitVat(5_000, 21)).toEqual({ baseCents: 4_132, vatCents: 868 });
    expect(splitVat(-2_500, 21).baseCents + splitVat(-2_500, 21).vatCents).toBe(-2_500);
    expect(splitVat(999, null)).toEqual({ baseCents: 999, vatCents: 0 });
  });
});
