import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { getFixedT } from "#app/.server/i18n";
import { languageOf, type Lang } from "#app/i18n";
import type { Invoice, InvoiceLine, InvoiceParty } from "./model";
import { reasonValues } from "#app/utils/invoice-reasons";
import { subjectTitle } from "./subject";

/**
 * An invoice as a PDF (pdf-lib), in the reader's language: the number and date, seller and buyer
 * with their tax ids, what was rented and when, the lines, the VAT where it applies and the total
 * in euros; a corrective invoice also the invoice it corrects (number and date) and why. Text is
 * drawn in DejaVu Sans — Latin with its extensions, Greek and Cyrillic, kept in `./fonts` (made
 * by scripts/invoice-fonts.sh from the `dejavu-fonts-ttf` package) and embedded as a subset of
 * the letters used — so names print as typed (Zoë, Łukasz, Ωmega); a letter the font lacks
 * shows as "?" rather than breaking the file.
 */
const FONTS_DIR = path.resolve("app/.server/domain/invoices/fonts");
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;

/** The font files, read once (from the project root, the working directory in development, tests and `npm start` alike). */
function fontFiles() {
  fonts ??= {
    regular: fs.readFileSync(path.join(FONTS_DIR, "DejaVuSans.ttf")),
    bold: fs.readFileSync(path.join(FONTS_DIR, "DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

type Translate = ReturnType<typeof getFixedT>;

/** What a line says: "Alquiler (2 días)", "Medio día (mañana)", "Patrón (1 día)", "Tarifa de servicio de Amarre". */
export function lineLabel(t: Translate, line: InvoiceLine): string {
  if (line.kind === "half-day") return t(`halfDay.${line.part ?? "am"}`);
  return t(`lines.${line.kind}`, { count: line.quantity });
}

export async function renderInvoicePdf(invoice: Invoice, lang: Lang): Promise<Uint8Array> {
  const t = getFixedT(lang, "invoices");
  const locale = languageOf(lang).iso;
  const money = (cents: number) => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));

  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`${t(`kinds.${invoice.kind}`)} ${invoice.series}-${invoice.number}`);
  pdf.setAuthor("Amarre");
  pdf.setLanguage(locale);
  pdf.setCreationDate(new Date(invoice.issuedAt));
  const files = fontFiles();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const page = pdf.addPage([595.28, 841.89]);
  const ink = rgb(0.06, 0.13, 0.23);
  const grey = rgb(0.4, 0.45, 0.5);
  let y = 790;

  type Style = { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; right?: boolean };
  const write = (text: string, x: number, options: Style = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = drawable(font, text);
    const at = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: options.color ?? ink });
  };
  /** Text wrapped at `width`, one line under the other; leaves `y` on its last line. */
  const paragraph = (text: string, x: number, width: number, options: Style & { leading?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    let line = "";
    const lines: string[] = [];
    // Ordinary spaces only: a no-break space (as in "50 %") keeps its words together.
    for (const word of drawable(font, text).split(/[ \t\n]+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    lines.forEach((content, index) => {
      if (index > 0) y -= options.leading ?? size + 4;
      write(content, x, options);
    });
  };

  write("Amarre", 50, { font: bold, size: 20 });
  write(t(`kinds.${invoice.kind}`), 545, { font: bold, size: 16, right: true });
  y -= 22;
  write(`${t("number")}: ${invoice.series}-${invoice.number}`, 545, { right: true });
  y -= 14;
  write(`${t("date")}: ${day(invoice.issuedAt)}`, 545, { right: true });
  if (invoice.corrects) {
    y -= 14;
    const number = `${invoice.corrects.series}-${invoice.corrects.number}`;
    write(invoice.corrects.issuedAt ? t("corrects", { number, date: day(invoice.corrects.issuedAt) }) : t("correctsNumber", { number }), 545, { right: true, color: grey });
  }
  y -= 36;
  party(page, t("seller"), invoice.seller, 50);
  party(page, t("buyer"), invoice.buyer, 310);
  y -= 90;

  // What was invoiced: the booking's listing and days, or the case's type (in the reader's language) and reference.
  const { subject } = invoice;
  const title = subjectTitle(subject, lang);
  const when = invoice.caseId
    ? t("caseSubject", { title, reference: subject.reference ?? invoice.caseId })
    : subject.start === subject.end ? t("subjectDay", { title, date: day(subject.start) }) : t("subject", { title, start: day(subject.start), end: day(subject.end) });
  paragraph(!invoice.caseId && subject.reference ? `${when} · ${t("bookingReference", { reference: subject.reference })}` : when, 50, 495, { color: grey });
  y -= 28;
  write(t("columns.description"), 50, { font: bold });
  write(t("columns.quantity"), 400, { font: bold, right: true });
  write(t("columns.amount"), 545, { font: bold, right: true });
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: grey });
  y -= 16;
  for (const line of invoice.lines) {
    write(line.description ? `${lineLabel(t, line)}: ${line.description}` : lineLabel(t, line), 50);
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
  if (invoice.reason) {
    const { reason } = invoice;
    write(t("reasonTitle"), 50, { font: bold, size: 9 });
    y -= 13;
    paragraph(t(`reasons.${reason.rule}`, reasonValues(reason, day, (policy) => t(`policies.${policy}`))), 50, 495, { size: 9 });
    y -= 20;
  }
  if (invoice.vatPercent === null) write(t("noVat"), 50, { color: grey, size: 9 });
  y -= 14;
  if (invoice.kind === "rental" || (invoice.kind === "corrective" && invoice.seller.uid !== null)) write(t("onBehalf"), 50, { color: grey, size: 9 });

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
      paragraph(who.address, x, 235, { size: 9, leading: 12 });
    }
    void target;
    y = top;
  }
}

/** The text with characters the font cannot draw replaced by "?" (DejaVu Sans covers Latin, Greek and Cyrillic). */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function drawable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (!supported) characterSets.set(font, (supported = new Set(font.getCharacterSet())));
  return [...text.normalize("NFC")].map((char) => (supported.has(char.codePointAt(0)!) ? char : "?")).join("");
}
