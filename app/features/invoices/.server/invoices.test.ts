import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "#app/.server/store/create-store";
import type { DocumentStore } from "#app/.server/store";
import { splitVat } from "./model";
import { getFixedT } from "#app/.server/i18n";
import { lineLabel, renderInvoicePdf } from "./pdf";
import { subjectTitle } from "./subject";
import { testBooking, testCancellation, testInvoices } from "./test-fixtures";

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
  // Wrapped lines and separate runs joined by one space.
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " ");
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
    expect(fee).toMatchObject({ series: "F", seller: { uid: null, name: "Amarre Marketplace S.L.", taxId: "B67294813", address: "Passeig Marítim 32, 3.º B, 07014 Palma (Illes Balears)" }, partyUids: ["renter"], totalCents: 5_000, vatPercent: 21 });
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

  it("corrects a renter's cancellation by the rental refunded under the policy, never the fee, naming the rule and the invoice", async () => {
    const confirmed = testBooking("b-renter-cancel", "company");
    const [rental] = await invoices.issueForBooking(confirmed);
    // The moderate policy's second tier: half the rental and skipper (250 €) back; the fee is kept.
    const cancelled = testBooking("b-renter-cancel", "company", { status: "cancelled", cancellation: testCancellation("policy", confirmed, 50) });
    const corrective = await invoices.correctForCancellation(cancelled);
    expect(corrective).toHaveLength(1);
    expect(corrective[0]).toMatchObject({
      id: "b-renter-cancel_rental_R",
      series: "R",
      kind: "corrective",
      corrects: { id: rental!.id, series: "A", number: rental!.number, issuedAt: rental!.issuedAt },
      reason: { rule: "policy", by: "renter", policy: "moderate", percent: 50, at: "2027-05-20T08:30:00.000Z" },
      seller: { uid: "company" },
      // Rental and skipper in their proportion (400:100), the days as booked.
      lines: [
        { kind: "rental", quantity: 2, amountCents: -20_000 },
        { kind: "skipper", quantity: 2, amountCents: -5_000 },
      ],
      vatPercent: 21,
      totalCents: -25_000,
    });
    expect(corrective[0]!.baseCents + corrective[0]!.vatCents).toBe(-25_000);
    expect(await invoices.correctForCancellation(cancelled)).toEqual([]);
    expect((await invoices.forBooking("b-renter-cancel")).map((invoice) => invoice.id)).toEqual(["b-renter-cancel_rental", "b-renter-cancel_fee", "b-renter-cancel_rental_R"]);
    // A cancellation that refunds nothing (the strict policy's last days) corrects nothing.
    await invoices.issueForBooking(testBooking("b-norefund"));
    expect(await invoices.correctForCancellation(testBooking("b-norefund", "company", { status: "cancelled", cancellation: testCancellation("policy", confirmed, 0) }))).toEqual([]);
  });

  it("corrects both invoices in full when the owner cancels, consecutively numbered", async () => {
    const confirmed = testBooking("b-owner-cancel", "private");
    const [rental, fee] = await invoices.issueForBooking(confirmed);
    const cancelled = testBooking("b-owner-cancel", "private", { status: "cancelled", cancellation: testCancellation("owner-cancel", confirmed) });
    const corrective = await invoices.correctForCancellation(cancelled);
    expect(corrective.map((invoice) => [invoice.series, invoice.corrects?.number, invoice.totalCents, invoice.vatPercent, invoice.reason?.rule, invoice.reason?.policy])).toEqual([
      ["R", rental!.number, -50_000, null, "owner-cancel", null],
      ["R", fee!.number, -5_000, 21, "owner-cancel", null],
    ]);
    expect(corrective[1]!.lines).toEqual([{ kind: "fee", quantity: 1, amountCents: -5_000 }]);
    expect(corrective[0]!.sequence + 1).toBe(corrective[1]!.sequence);
  });

  it("issues the originals first when they are missing, and nothing for a request that was never confirmed", async () => {
    const booking = testBooking("b-late", "company", {
      status: "cancelled",
      history: [
        { at: "2027-01-01T00:00:00.000Z", by: "renter", uid: "renter", action: "book", from: null, to: "confirmed" },
        { at: "2027-01-02T00:00:00.000Z", by: "owner", uid: "company", action: "cancel", from: "confirmed", to: "cancelled" },
      ],
    });
    const issued = await invoices.correctForCancellation({ ...booking, cancellation: testCancellation("owner-cancel", booking) });
    expect(issued.map((invoice) => invoice.id)).toEqual(["b-late_rental_R", "b-late_fee_R"]);
    expect((await invoices.forBooking("b-late")).map((invoice) => invoice.id)).toEqual(["b-late_rental", "b-late_fee", "b-late_rental_R", "b-late_fee_R"]);
    const withdrawn = testBooking("b-withdrawn", "company", { status: "cancelled", history: [{ at: "2027-01-01T00:00:00.000Z", by: "renter", uid: "renter", action: "request", from: null, to: "pending" }] });
    expect(await invoices.issueForBooking(withdrawn)).toEqual([]);
    expect(await invoices.correctForCancellation({ ...withdrawn, cancellation: { ...testCancellation("policy", withdrawn, 100), refundCents: 0, rentalRefundCents: 0 } })).toEqual([]);
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
    for (const text of ["Mietrechnung", `A-${rental!.number}`, "Náutica Balear Charter S.L.", "B07123456", "Lucía Martín", "Miete (2 Tage)", "Skipper (2 Tage)", "MwSt. (21 %)", "500,00 €", "Cap Camarat 7.5 «Brisa»", "2. Juni 2027 bis 3. Juni 2027"]) expect(german).toContain(text);
    const spanish = await pdfText(await renderInvoicePdf(rental!, "es"));
    expect(spanish).toContain("Factura de alquiler");
    expect(spanish).toContain("Alquiler (2 días)");
    expect(spanish).toContain("del 2 de junio de 2027 al 3 de junio de 2027");
  });

  it("prints one date and the half day for a half-day trip, and one date for a one-day trip, in every language", async () => {
    const halfDay = testBooking("b-half", "private", { start: "2027-06-02", end: "2027-06-02", part: "am", days: 1, price: { lines: [], rentalCents: 20_000, skipperDays: 1, skipperCents: 15_000, serviceFeeCents: 3_500, totalCents: 38_500, depositCents: 0, ownerCents: 35_000 } });
    const [rental] = await invoices.issueForBooking(halfDay);
    expect(rental!.lines).toEqual([
      { kind: "half-day", part: "am", quantity: 1, amountCents: 20_000 },
      { kind: "skipper", quantity: 1, amountCents: 15_000 },
    ]);
    const expected = {
      es: ["Medio día (mañana)", "Patrón (1 día)", "Cap Camarat 7.5 «Brisa», el 2 de junio de 2027"],
      en: ["Half day (morning)", "Skipper (1 day)", "Cap Camarat 7.5 «Brisa», on June 2, 2027"],
      fr: ["Demi-journée (matin)", "Skipper (1 jour)", "Cap Camarat 7.5 «Brisa», le 2 juin 2027"],
      de: ["Halber Tag (Vormittag)", "Skipper (1 Tag)", "Cap Camarat 7.5 «Brisa», am 2. Juni 2027"],
    } as const;
    for (const [lang, texts] of Object.entries(expected)) {
      const text = await pdfText(await renderInvoicePdf(rental!, lang as keyof typeof expected));
      for (const part of texts) expect(text, lang).toContain(part);
    }
    const [oneDay] = await invoices.issueForBooking(testBooking("b-one-day", "private", { end: "2027-06-02", days: 1, price: { lines: [], rentalCents: 40_000, skipperDays: 0, skipperCents: 0, serviceFeeCents: 4_000, totalCents: 44_000, depositCents: 0, ownerCents: 40_000 } }));
    const english = await pdfText(await renderInvoicePdf(oneDay!, "en"));
    expect(english).toContain("Rental (1 day)");
    expect(english).toContain("«Brisa», on June 2, 2027");
    expect(english).not.toContain(" to ");
  });

  it("prints a corrective invoice's reason and the invoice it corrects with its date", async () => {
    const confirmed = testBooking("b-pdf-r", "private");
    const [rental] = await invoices.issueForBooking(confirmed);
    const [corrective] = await invoices.correctForCancellation(testBooking("b-pdf-r", "private", { status: "cancelled", cancellation: testCancellation("policy", confirmed, 100) }));
    const spanish = await pdfText(await renderInvoicePdf(corrective!, "es"));
    const issued = new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(rental!.issuedAt));
    for (const text of ["Factura rectificativa", `R-${corrective!.number}`, `Rectifica la factura A-${rental!.number} del ${issued}`, "Alquiler (2 días)", "-400,00 €", "-500,00 €", "política de cancelación moderada", "100 % del alquiler", "la tarifa de servicio no se reembolsa"]) {
      expect(spanish).toContain(text);
    }
    const english = await pdfText(await renderInvoicePdf(corrective!, "en"));
    expect(english).toContain("Cancelled by the customer on May 20, 2027, under the moderate cancellation policy: 100 % of the rental is refunded");
  });

  it("prints names as typed (Zoë, Łukasz, Ωmega, Ærøskøbing) instead of question marks", async () => {
    const [rental] = await invoices.issueForBooking(testBooking("b-names", "company"));
    const named = {
      ...rental!,
      seller: { uid: "company", name: "Łukasz Wójcik-Żółć", taxId: "PL5261040828", address: "ulica Świętokrzyska 12, 00-916 Warszawa" },
      buyer: { uid: "renter", name: "Zoë Ωmega Ærøskøbing", taxId: null, address: "Straße 5, Größenwahn — Ελλάδα, Москва" },
    };
    for (const lang of ["es", "en", "fr", "de"] as const) {
      const text = await pdfText(await renderInvoicePdf(named, lang));
      for (const name of ["Łukasz Wójcik-Żółć", "ulica Świętokrzyska 12", "Zoë Ωmega Ærøskøbing", "Straße 5, Größenwahn — Ελλάδα, Москва"]) expect(text, lang).toContain(name);
      expect(text).not.toContain("?");
    }
    // The font is embedded as a subset: the file stays small.
    expect((await renderInvoicePdf(named, "es")).byteLength).toBeLessThan(60_000);
  });

  it("counts days with each language's plural forms (one, other, and many where the language has it)", () => {
    const expected = {
      es: ["Alquiler (1 día)", "Alquiler (2 días)", "Alquiler (1000000 días)", "Patrón (1 día)", "Medio día (tarde)"],
      en: ["Rental (1 day)", "Rental (2 days)", "Rental (1000000 days)", "Skipper (1 day)", "Half day (afternoon)"],
      fr: ["Location (1 jour)", "Location (2 jours)", "Location (1000000 jours)", "Skipper (1 jour)", "Demi-journée (après-midi)"],
      de: ["Miete (1 Tag)", "Miete (2 Tage)", "Miete (1000000 Tage)", "Skipper (1 Tag)", "Halber Tag (Nachmittag)"],
    } as const;
    for (const [lang, labels] of Object.entries(expected)) {
      const t = getFixedT(lang as keyof typeof expected, "invoices");
      const lines = [
        { kind: "rental", quantity: 1, amountCents: 1 },
        { kind: "rental", quantity: 2, amountCents: 1 },
        { kind: "rental", quantity: 1_000_000, amountCents: 1 },
        { kind: "skipper", quantity: 1, amountCents: 1 },
        { kind: "half-day", part: "pm", quantity: 1, amountCents: 1 },
      ] as const;
      expect(lines.map((line) => lineLabel(t, line))).toEqual(labels);
    }
  });

  it("names a berth in the reader's language, on the page's words and in the PDF, its corrective invoice too", async () => {
    const docks = testInvoices(store, { subjectTitle: async () => "Amarre en pantalán en Port Adriano · n.º 12", subjectDock: async () => ({ berthType: "pontoon", berthNumber: "12", portName: "Port Adriano", city: "Calvià" }) });
    const booking = testBooking("b-dock", "private", { listingKind: "dock", listingId: "dock-1" });
    const [rental] = await docks.issueForBooking(booking);
    const [corrective] = await docks.correctForCancellation({ ...booking, status: "cancelled", cancellation: testCancellation("owner-cancel", booking) });
    const names = { es: "Amarre en pantalán en Port Adriano · n.º 12", en: "Pontoon berth in Port Adriano · no. 12", fr: "Place sur ponton à Port Adriano · n° 12", de: "Liegeplatz am Steg in Port Adriano · Nr. 12" };
    for (const [lang, name] of Object.entries(names)) {
      for (const invoice of [rental!, corrective!]) expect(subjectTitle(invoice.subject, lang as keyof typeof names), `${invoice.id} ${lang}`).toBe(name);
    }
    const german = await pdfText(await renderInvoicePdf(corrective!, "de"));
    expect(german).toContain("Liegeplatz am Steg in Port Adriano · Nr. 12");
    expect(german).not.toContain("pantalán");
  });

  it("splits VAT out of VAT-included amounts to the cent", () => {
    expect(splitVat(12_100, 21)).toEqual({ baseCents: 10_000, vatCents: 2_100 });
    expect(splitVat(5_000, 21)).toEqual({ baseCents: 4_132, vatCents: 868 });
    expect(splitVat(-2_500, 21).baseCents + splitVat(-2_500, 21).vatCents).toBe(-2_500);
    expect(splitVat(999, null)).toEqual({ baseCents: 999, vatCents: 0 });
  });
});
