import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { getFixedT } from "#app/.server/i18n";
import { languageOf, type Lang } from "#app/i18n";
import type { Invoice, InvoiceParty } from "./model";

/**
 * An invoice as a PDF (pdf-lib, the standard Helvetica fonts), in the reader's language: the
 * number and date, seller and buyer with their tax ids, the lines, the VAT where it applies and
 * the total in euros. Text the standard fonts cannot draw is replaced, never dropped silently.
 */
export async function renderInvoicePdf(invoice: Invoice, lang: Lang): Promise<Uint8Array> {
  const t = getFixedT(lang, "invoices");
  const locale = languageOf(lang).iso;
  const money = (cents: number) => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t(`kinds.${invoice.kind}`)} ${invoice.series}-${invoice.number}`);
  pdf.setAuthor("Amarre");
  pdf.setLanguage(locale);
  pdf.setCreationDate(new Date(invoice.issuedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  const ink = rgb(0.06, 0.13, 0.23);
  const grey = rgb(0.4, 0.45, 0.5);
  let y = 790;

  const write = (text: string, x: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = drawable(font, text);
    const at = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: options.color ?? ink });
  };

  write("Amarre", 50, { font: bold, size: 20 });
  write(t(`kinds.${invoice.kind}`), 545, { font: bold, size: 16, right: true });
  y -= 22;
  write(`${t("number")}: ${invoice.series}-${invoice.number}`, 545, { right: true });
  y -= 14;
  write(`${t("date")}: ${day(invoice.issuedAt)}`, 545, { right: true });
  if (invoice.corrects) {
    y -= 14;
    write(t("corrects", { number: `${invoice.corrects.series}-${invoice.corrects.number}` }), 545, { right: true, color: grey });
  }
  y -= 36;
  party(page, t("seller"), invoice.seller, 50);
  party(page, t("buyer"), invoice.buyer, 310);
  y -= 90;

  write(invoice.caseId ? t("caseSubject", { title: invoice.subject.title, reference: invoice.caseId }) : t("subject", { title: invoice.subject.title, start: day(invoice.subject.start), end: day(invoice.subject.end) }), 50, { color: grey });
  y -= 28;
  write(t("columns.description"), 50, { font: bold });
  write(t("columns.quantity"), 400, { font: bold, right: true });
  write(t("columns.amount"), 545, { font: bold, right: true });
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: grey });
  y -= 16;
  for (const line of invoice.lines) {
    write(line.description ? `${t(`lines.${line.kind}`, { count: line.quantity })}: ${line.description}` : t(`lines.${line.kind}`, { count: line.quantity }), 50);
    write(String(line.quantity), 400, { right: true });
    write(money(line.amountCents), 545, { right: true });
    y -= 18;
  }
  page.drawLine({ start: { x: 300, y: y + 6 }, end: { x: 545, y: y + 6 }, thickness: 0.5, color: grey });
  y -= 10;
  if (invoice.vatPercent !== null) {
    write(t("base"), 400, { right: true });
    write(money(invoice.baseCents), 545, { right: true });
    y -= 16;
    write(t("vat", { percent: invoice.vatPercent }), 400, { right: true });
    write(money(invoice.vatCents), 545, { right: true });
    y -= 16;
  }
  write(t("total"), 400, { font: bold, right: true });
  write(money(invoice.totalCents), 545, { font: bold, right: true });
  y -= 28;
  if (invoice.vatPercent === null) write(t("noVat"), 50, { color: grey, size: 9 });
  y -= 14;
  if (invoice.kind === "rental") write(t("onBehalf"), 50, { color: grey, size: 9 });

  return pdf.save();

  function party(target: PDFPage, title: string, who: InvoiceParty, x: number) {
    const top = y;
    write(title.toUpperCase(), x, { font: bold, size: 8, color: grey });
    y -= 15;
    write(who.name, x, { font: bold, size: 11 });
    y -= 14;
    write(who.taxId ? `${t("taxId")}: ${who.taxId}` : t("noTaxId"), x, { size: 9 });
    if (who.address) {
      y -= 13;
      write(who.address, x, { size: 9 });
    }
    void target;
    y = top;
  }
}

/** The text with characters the font cannot encode replaced by "?". */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.normalize("NFC")].map((char) => (supported.has(char.codePointAt(0)!) ? char : "?")).join("");
}
