import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import type { Invoice } from "./model";
import { renderSystemEmail } from "#app/features/mailbox/.server/templates";
import { daysParam } from "./notifications";
import { daysText, renderInvoicePdf } from "./pdf";

/**
 * A rental invoice whose days cost different prices (seasons, weekends: issue 49) shows the
 * booking's lines beside the rental, in the reader's language; one without them is as before.
 */
const invoice: Invoice = {
  id: "b-season_rental",
  year: 2027,
  sequence: 7,
  number: "2027-000007",
  series: "A",
  kind: "rental",
  corrects: null,
  reason: null,
  bookingId: "b-season",
  partyUids: ["owner", "renter"],
  issuedAt: "2027-06-20T10:00:00.000Z",
  subject: { listingId: "boat-1", kind: "boat", title: "Lancha Cap Camarat 7.5", start: "2027-06-28", end: "2027-07-03", reference: "AMR-7K3Q9" },
  seller: { uid: "owner", name: "Javier Armador", taxId: null, address: null },
  buyer: { uid: "renter", name: "Lucía Arrendataria", taxId: null, address: null },
  lines: [
    {
      kind: "rental",
      quantity: 6,
      amountCents: 2_020_00,
      days: [
        { unit: "day", count: 3, unitCents: 300_00 },
        { unit: "day", count: 2, unitCents: 420_00, season: "Temporada alta" },
        { unit: "day", count: 1, unitCents: 350_00, weekend: true },
      ],
    },
  ],
  vatPercent: null,
  baseCents: 2_020_00,
  vatCents: 0,
  totalCents: 2_020_00,
};

async function textOf(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let page = 1; page <= doc.numPages; page++) {
    for (const item of (await (await doc.getPage(page)).getTextContent()).items) if ("str" in item) parts.push(item.str);
  }
  return parts.join(" ").replace(/\s+/g, " ");
}

describe("a rental invoice's days at their prices", () => {
  it("words the booking's lines in the reader's language, season and weekend named", () => {
    expect(daysText(invoice.lines[0]!, "es").replace(/\s/g, " ")).toBe("3 días × 300,00 € + 2 días × 420,00 € (Temporada alta) + 1 día × 350,00 € (fin de semana)");
    expect(daysText(invoice.lines[0]!, "en")).toBe("3 days × €300.00 + 2 days × €420.00 (Temporada alta) + 1 day × €350.00 (weekend)");
    expect(daysText({ kind: "rental", quantity: 2, amountCents: 1 }, "es")).toBe("");
  });

  it("prints them in the PDF beside the rental line", async () => {
    const text = await textOf(await renderInvoicePdf(invoice, "de"));
    expect(text).toContain("(Temporada alta)");
    expect(text).toContain("(Wochenende)");
  }, 30_000);
});

describe("a rental invoice's email", () => {
  const render = (of: Invoice, lang: "es" | "de") =>
    renderSystemEmail(lang, { subject: "invoice.subject", text: "invoice.buyer", params: { name: "Lucía", kind: "", number: "A-2027-000007", title: "Lancha", total: { euros: of.totalCents }, days: daysParam(of), link: "" } }).text.replace(/[\u00a0\u202f]/g, " ");

  it("lists its days at their prices, the skipper, the VAT and the total, adding up to the invoice; a corrective one lists none", () => {
    const withVat: Invoice = { ...invoice, lines: [...invoice.lines, { kind: "skipper", quantity: 6, amountCents: 960_00 }], baseCents: 2_980_00, vatPercent: 21, vatCents: 625_80, totalCents: 3_605_80 };
    expect(render(withVat, "es")).toContain(
      "La factura, línea a línea:\n· 3 días × 300,00 €: 900,00 €\n· 2 días × 420,00 € (Temporada alta): 840,00 €\n· 1 día × 350,00 € (fin de semana): 350,00 €\n· Patrón (6 días): 960,00 €\n· Base imponible: 2980,00 €\n· IVA (21 %): 625,80 €\n· Total: 3605,80 €\n\n",
    );
    expect(render(withVat, "de")).toContain("· 1 Tag × 350,00 € (Wochenende): 350,00 €\n· Skipper (6 Tage): 960,00 €\n· Nettobetrag: 2.980,00 €\n· MwSt. (21 %): 625,80 €\n· Gesamt: 3.605,80 €");
    expect(daysParam({ ...invoice, kind: "corrective" })).toBe("");
    expect(daysParam({ ...invoice, lines: [{ kind: "rental", quantity: 6, amountCents: 2_020_00 }] })).toBe("");
  });
});
