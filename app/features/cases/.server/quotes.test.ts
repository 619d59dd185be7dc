import { describe, expect, it } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { quotesSuite } from "./quotes.suite";

/** Quotes, results and completion rules on the embedded store (SQLite). */
const stores = embeddedStoreAndBlobs("case-quotes");

describe("case quotes on SQLite", () => quotesSuite(stores));

describe("an accepted quote's invoice as a PDF", () => {
  it("names the case, the paperwork line with what the quote covered, VAT and total, in the reader's language", async () => {
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const { createInvoicesService, renderInvoicePdf } = await import("#app/features/invoices/.server");
    const invoices = createInvoicesService({ store: stores().store, users: { getMany: async () => new Map() }, subjectTitle: async () => "—", platform: { name: "Amarre Marketplace S.L.", taxId: "B67294813", address: "Passeig Marítim 32, Palma" } });
    const [invoice] = await invoices.issueForCaseQuote({ caseId: "AbCdEfGhIjKlMnOpQrSt", reference: "GES-7K3Q9", caseType: "itb-barco", n: 2, requesterUid: "u-1", requesterName: "Zoë Martín", title: "ITB del barco", description: "ITB completa con tasas", amountCents: 14_500, acceptedAt: "2026-11-26T10:00:00.000Z" });
    expect(invoice).toMatchObject({ id: "case_AbCdEfGhIjKlMnOpQrSt_quote_2", series: "F", buyer: { uid: "u-1", name: "Zoë Martín" } });
    const doc = await getDocument({ data: await renderInvoicePdf(invoice!, "en"), useSystemFonts: false, verbosity: 0 }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
    expect(text).not.toContain("AbCdEfGhIjKlMnOpQrSt");
    for (const expected of ["Paperwork invoice", `F-${invoice!.number}`, "Boat technical inspection (ITB) (request GES-7K3Q9)", "Paperwork: ITB completa con tasas", "VAT (21 %)", "€145.00", "B67294813"]) expect(text).toContain(expected);
  });
});
