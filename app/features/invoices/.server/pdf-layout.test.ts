import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { getFixedT } from "#app/.server/i18n";
import { languageOf, type Lang } from "#app/i18n";
import type { Invoice, InvoiceLine } from "./model";
import { renderInvoicePdf } from "./pdf";

/**
 * The invoice PDF laid out for any text: invoices with the longest names, addresses and
 * descriptions the forms take, in four languages, read back with pdfjs-dist — every word inside
 * the A4 page's margins, no two words on top of each other, the totals and the legal footer
 * after every line, a long invoice continued on numbered pages with its table's header again.
 */
const A4 = { width: 595.28, height: 841.89 };
/** Half an inch: nothing is printed closer to the paper's edge. */
const MARGIN = 36;
const langs = ["es", "en", "fr", "de"] as const;

type Item = { text: string; page: number; x0: number; x1: number; y0: number; y1: number };

/** Every text item of every page with its box: from its baseline, a fifth of the font size below to four fifths above. */
async function layoutOf(bytes: Uint8Array): Promise<{ pages: number; items: Item[] }> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
  const items: Item[] = [];
  for (let page = 1; page <= doc.numPages; page++) {
    const content = await (await doc.getPage(page)).getTextContent();
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [, , , size, x, y] = item.transform as number[];
      // Spaces as spaces: pdfjs reads a no-break space (as in "185,50 €") as an ordinary one.
      items.push({ text: item.str.replace(/\s/g, " "), page, x0: x!, x1: x! + item.width, y0: y! - 0.2 * size!, y1: y! + 0.8 * size! });
    }
  }
  return { pages: doc.numPages, items };
}

/** Each invoice rendered and read once per language, shared by the tests below. */
const layouts = new Map<string, Promise<{ pages: number; items: Item[] }>>();
function layout(invoice: Invoice, lang: Lang) {
  const key = `${invoice.id} ${lang}`;
  if (!layouts.has(key)) layouts.set(key, renderInvoicePdf(invoice, lang).then(layoutOf));
  return layouts.get(key)!;
}

const overlap = (a: Item, b: Item) => a.page === b.page && a.x0 < b.x1 - 0.1 && b.x0 < a.x1 - 0.1 && a.y0 < b.y1 - 0.1 && b.y0 < a.y1 - 0.1;
/** Reading order: an earlier page, or higher on the same page. */
const before = (a: Item, b: Item) => a.page < b.page || (a.page === b.page && a.y0 >= b.y1 - 0.1);

const longName = "Náutica Internacional de Charter, Alquiler y Gestión de Embarcaciones del Mediterráneo Occidental y Baleares S.L.U."; // 116 characters
const longAddress =
  "Passeig Marítim de Ciutat de Mallorca 32, Edifici Port Esportiu, escala B, 3.º B, oficina 14, Moll de Llevant, Club de Mar, 07014 Palma (Illes Balears), Espanya — entrada per l’aparcament"; // 190 characters
const buyerName = "Maximiliane Sophie Charlotte von Hohenzollern-Sigmaringen-Wittelsbach Großherzogliche Hofbootsvermietungsgesellschaft";
const buyerAddress = "Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaftsstraße 123, 80331 München, Deutschland";
const paperworkText =
  "Liquidación del modelo 620 del Impuesto sobre Transmisiones Patrimoniales, tasas de la Capitanía Marítima de Palma, inscripción del cambio de titularidad en el Registro de Buques y expedición del nuevo certificado de navegabilidad a nombre del comprador, con gestión de la firma ante notario y envío de la documentación original por mensajería certificada a la dirección indicada en la solicitud; incluye la revisión previa del contrato de compraventa y una consulta telefónica con la Capitanía. Referencia catastral: 07040A00100001ABCDEFGHIJKLMNOPQRST"; // 500 characters

const platform = { uid: null, name: longName, taxId: "B67294813", address: longAddress };
const buyer = { uid: "renter", name: buyerName, taxId: "DE-123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ", address: buyerAddress };
const common = {
  year: 2027,
  sequence: 123,
  number: "2027-000123",
  corrects: null,
  reason: null,
  bookingId: "b-long",
  partyUids: ["owner", "renter"],
  issuedAt: "2027-05-01T10:00:00.000Z",
};
const boat = { listingId: "boat-1", kind: "boat" as const, title: "Beneteau Oceanis 46.1 «Estrella del Mediterráneo Occidental»", start: "2027-06-02", end: "2027-06-29", reference: "AMR-7K3Q9" };
const rental: Invoice = {
  ...common,
  id: "b-long_rental",
  series: "A",
  kind: "rental",
  subject: boat,
  seller: { uid: "owner", name: longName, taxId: "B07123456", address: longAddress },
  buyer,
  lines: [
    { kind: "rental", quantity: 28, amountCents: 9_876_543 },
    { kind: "skipper", quantity: 28, amountCents: 1_234_567 },
  ],
  vatPercent: 21,
  baseCents: 9_182_252,
  vatCents: 1_928_858,
  totalCents: 11_111_110,
};
const fee: Invoice = { ...rental, id: "b-long_fee", series: "F", kind: "fee", seller: platform, partyUids: ["renter"], lines: [{ kind: "fee", quantity: 1, amountCents: 1_111_111 }], baseCents: 918_274, vatCents: 192_837, totalCents: 1_111_111 };
const corrective: Invoice = {
  ...rental,
  id: "b-long_rental_M1",
  series: "R",
  kind: "corrective",
  corrects: { id: "b-long_rental", series: "A", number: "2027-000123", issuedAt: "2027-05-01T10:00:00.000Z" },
  reason: { rule: "weather-move", by: "renter", policy: null, percent: 0, at: "2027-05-30T08:00:00.000Z", moved: { from: { start: "2027-06-02", end: "2027-06-29" }, to: { start: "2027-09-02", end: "2027-09-29" } } },
  vatPercent: null,
  lines: [
    { kind: "rental", quantity: 28, amountCents: -9_876_543 },
    { kind: "skipper", quantity: 28, amountCents: -1_234_567 },
  ],
  baseCents: -11_111_110,
  vatCents: 0,
  totalCents: -11_111_110,
};
const paperwork: Invoice = {
  ...common,
  id: "case_AbCdEfGhIjKlMnOpQrSt_quote_1",
  series: "F",
  kind: "paperwork",
  bookingId: null,
  caseId: "AbCdEfGhIjKlMnOpQrSt",
  subject: { listingId: "AbCdEfGhIjKlMnOpQrSt", kind: "case", caseType: "cambio-propiedad-barco", title: "Cambio de propiedad", start: "2027-05-01", end: "2027-05-01", reference: "GES-7K3Q9" },
  seller: platform,
  buyer,
  partyUids: ["renter"],
  lines: [{ kind: "paperwork", quantity: 1, amountCents: 18_550, description: paperworkText }],
  vatPercent: 21,
  baseCents: 15_331,
  vatCents: 3_219,
  totalCents: 18_550,
};
/** A long invoice: more lines than a page holds. */
const manyLines: InvoiceLine[] = Array.from({ length: 24 }, (_, n) => ({ kind: "paperwork", quantity: n + 1, amountCents: 1_000 + n, description: `${n + 1}. ${paperworkText.slice(0, 40 + n * 4)}` }));
const long: Invoice = { ...paperwork, id: "case_AbCdEfGhIjKlMnOpQrSt_quote_2", lines: manyLines, totalCents: manyLines.reduce((sum, line) => sum + line.amountCents, 0) };

/**
 * What each language renders: every kind in two languages, the long invoice in the two with the
 * longest words, eleven files in all (rendering and reading one costs about 40 ms of CPU).
 */
const rendered: Record<Lang, Invoice[]> = { es: [rental, corrective, long], en: [fee, paperwork], fr: [corrective, fee], de: [rental, paperwork, long] };

describe("the invoice PDF's layout", () => {
  it("keeps every word inside the margins, none on another, the totals and the footer after every line, in four languages", async () => {
    // Every fault of every invoice, listed: what a reader of the file would see wrong.
    const faults: string[] = [];
    const check = (ok: boolean, fault: string) => void (ok || faults.push(fault));
    for (const lang of langs) {
      const t = getFixedT(lang, "invoices");
      const money = (cents: number) => new Intl.NumberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(cents / 100);
      for (const invoice of rendered[lang]) {
        const where = `${invoice.id} (${lang})`;
        const { pages, items } = await layout(invoice, lang);
        for (const item of items) {
          const box = `«${item.text.slice(0, 40)}» p${item.page} x ${item.x0.toFixed(0)}–${item.x1.toFixed(0)}, y ${item.y0.toFixed(0)}–${item.y1.toFixed(0)}`;
          check(item.x0 >= MARGIN && item.x1 <= A4.width - MARGIN && item.y0 >= MARGIN && item.y1 <= A4.height - MARGIN, `${where}: ${box} beyond the margins`);
        }
        for (let i = 0; i < items.length; i++) {
          for (let j = i + 1; j < items.length; j++) check(!overlap(items[i]!, items[j]!), `${where}: «${items[i]!.text.slice(0, 40)}» overprints «${items[j]!.text.slice(0, 40)}»`);
        }
        // The total last: on the last page, after (below) every line's amount; the legal footer under it.
        const total = items.find((item) => item.text === t("total"));
        check(total?.page === pages, `${where}: the total is not on the last page`);
        const amounts = invoice.lines.map((line) => money(line.amountCents).replace(/\s/g, " "));
        // The lines' amounts (not the total's own, on its row).
        const lineItems = items.filter((item) => amounts.includes(item.text) && !(total && item.page === total.page && item.y0 < total.y1 && total.y0 < item.y1));
        check(lineItems.length >= new Set(amounts).size, `${where}: some lines' amounts are missing`);
        for (const item of lineItems) check(!!total && before(item, total), `${where}: «${item.text}» comes after the total`);
        const footer = items.filter((item) => item.text.startsWith(t("noVat").slice(0, 12)) || item.text.startsWith(t("onBehalf").slice(0, 12)) || item.text === t("reasonTitle"));
        for (const item of footer) check(!!total && before(total, item), `${where}: «${item.text}» comes before the total`);
        // No text lost to the wrapping: the descriptions, names and addresses, their characters in order.
        const printed = items.map((item) => item.text).join("").replace(/\s+/g, "");
        for (const text of [...invoice.lines.map((line) => line.description ?? ""), invoice.seller.name, invoice.buyer.name, invoice.buyer.address!]) {
          check(printed.includes(text.replace(/\s+/g, "")), `${where}: «${text.slice(0, 40)}…» not printed whole`);
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it("continues a long invoice on numbered pages, its table's header above the lines on each", async () => {
    for (const lang of ["es", "de"] as const) {
      const t = getFixedT(lang, "invoices");
      const money = (cents: number) => new Intl.NumberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" }).format(cents / 100).replace(/\s/g, " ");
      const amounts = new Set(long.lines.map((line) => money(line.amountCents)));
      const { pages, items } = await layout(long, lang);
      expect(pages, lang).toBeGreaterThanOrEqual(2);
      for (let page = 1; page <= pages; page++) {
        const on = items.filter((item) => item.page === page);
        expect(on.map((item) => item.text), `${lang} page ${page}`).toContain(`${page}/${pages}`);
        const lines = on.filter((item) => amounts.has(item.text));
        if (lines.length === 0) continue;
        const header = on.find((item) => item.text === t("columns.description"));
        expect(header, `${lang} page ${page}: the table's header`).toBeDefined();
        for (const item of lines) expect(before(header!, item), `${lang} page ${page}: «${item.text}» under the header`).toBe(true);
      }
      // Every line printed once, in order.
      expect(items.filter((item) => amounts.has(item.text)).map((item) => item.text), lang).toEqual(long.lines.map((line) => money(line.amountCents)));
    }
  });

  it("names the paperwork in the reader's language, with the case's reference", async () => {
    const names = { en: "Change of ownership", de: "Eigentümerwechsel" };
    for (const lang of ["en", "de"] as const) {
      const text = (await layout(paperwork, lang)).items.map((item) => item.text).join(" ");
      expect(text, lang).toContain(names[lang]);
      expect(text, lang).toContain("GES-7K3Q9");
      expect(text, lang).not.toContain("Cambio de propiedad");
    }
  });
});
