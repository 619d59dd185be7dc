import { describe, expect, it } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { paidQuotesSuite } from "./paid-quotes.suite";

/** Paid, refunded and expired quotes on the embedded store (SQLite). */
const stores = embeddedStoreAndBlobs("paid-quotes");

describe("paid quotes on SQLite", { timeout: 30_000 }, () => paidQuotesSuite(stores));

describe("a quote's refund as a corrective invoice (PDF)", () => {
  it("names the quote and the refund, corrects the quote's invoice, the quote's line negative, in the reader's language", async () => {
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const { createInvoicesService, renderInvoicePdf } = await import("#app/features/invoices/.server");
    const invoices = createInvoicesService({ store: stores().store, users: { getMany: async () => new Map() }, subjectTitle: async () => "—", platform: { name: "Amarre Marketplace S.L.", taxId: "B67294813", address: "Passeig Marítim 32, Palma" } });
    const [original] = await invoices.issueForCaseQuote({ caseId: "QuOtErEfUnDpDfTeSt01", reference: "GES-7K3Q9", caseType: "itb-barco", n: 2, requesterUid: "u-1", requesterName: "Zoë Martín", title: "ITB del barco", description: "ITB completa con tasas", amountCents: 14_500, acceptedAt: "2026-11-26T10:00:00.000Z" });
    const [corrective] = await invoices.correctForCaseQuoteRefund({ caseId: "QuOtErEfUnDpDfTeSt01", n: 2, k: 1, amountCents: 3_000, at: "2026-11-28T10:00:00.000Z" });
    expect(await invoices.correctForCaseQuoteRefund({ caseId: "QuOtErEfUnDpDfTeSt01", n: 2, k: 1, amountCents: 3_000, at: "2026-11-28T10:00:00.000Z" })).toEqual([]);
    expect(corrective).toMatchObject({ id: "case_QuOtErEfUnDpDfTeSt01_quote_2_R1", series: "R", totalCents: -3_000, corrects: { id: original!.id } });
    const text = async (lang: "en" | "es") => {
      const doc = await getDocument({ data: await renderInvoicePdf(corrective!, lang), useSystemFonts: false, verbosity: 0 }).promise;
      return (await (await doc.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
    };
    const en = await text("en");
    for (const expected of ["Corrective invoice", `R-${corrective!.number}`, `F-${original!.number}`, "(request GES-7K3Q9)", "Paperwork: ITB completa con tasas", "Refund no. 1 of quote no. 2 of this request", "21 %", "-€30.00"]) expect(en).toContain(expected);
    const es = await text("es");
    for (const expected of ["Factura rectificativa", "Reembolso n.º 1 del presupuesto n.º 2 de esta gestión", "ITB completa con tasas"]) expect(es).toContain(expected);
  });
});
