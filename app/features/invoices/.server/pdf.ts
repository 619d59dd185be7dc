import { getFixedT } from "#app/.server/i18n";
import { languageOf, type Lang } from "#app/i18n";
import { reasonValues } from "#app/features/invoices/invoice-reasons";
import { priceLinesText } from "#app/features/bookings/.server";
import type { Invoice, InvoiceLine, InvoiceParty } from "./model";
import { AREA, grey, PageLayout, type TextStyle } from "./pdf-layout";
import { subjectTitle } from "./subject";

/**
 * An invoice as a PDF (pdf-lib, laid out by `pdf-layout.ts`), in the reader's language: the
 * number and date, seller and buyer with their tax ids, what was rented and when, the lines, the
 * VAT where it applies and the total in euros; a corrective invoice also the invoice it corrects
 * (number and date) and why. Any text fits: names, addresses and descriptions wrap inside their
 * column, amounts are right-aligned in theirs, lines that do not fit continue on the next page
 * under the table's header again, and the totals and the legal notes come after the last line.
 */
type Translate = ReturnType<typeof getFixedT>;

/** What a line says: "Alquiler (2 días)", "Medio día (mañana)", "Patrón (1 día)", "Tarifa de servicio de Amarre". */
export function lineLabel(t: Translate, line: InvoiceLine): string {
  if (line.kind === "half-day") return t(`halfDay.${line.part ?? "am"}`);
  return t(`lines.${line.kind}`, { count: line.quantity });
}

/**
 * A rental's days at their prices, as the booking's price card words them, in `lang`:
 * "1 día × 200,00 € + 2 días × 280,00 € (Temporada alta)"; "" for a line without them.
 */
export function daysText(line: InvoiceLine, lang: Lang): string {
  return line.days && line.days.length > 0 ? priceLinesText(line.days, lang, "amount") : "";
}

/** The table's columns: the description wraps in its width; quantity and amount are right-aligned at their right edge. */
const COLUMNS = { description: { x: AREA.left, width: 275 }, quantity: { right: 405, width: 70 }, amount: { right: AREA.right, width: 130 } };
/** The totals' labels, right-aligned against the amounts' column. */
const TOTALS_LABEL = { right: COLUMNS.quantity.right, width: 200 };
/** Seller and buyer side by side. */
const PARTY_WIDTH = (AREA.right - AREA.left - 25) / 2;
const ROW_GAP = 6;
/** The parties' details and the legal notes. */
const small: TextStyle = { size: 9 };

export async function renderInvoicePdf(invoice: Invoice, lang: Lang): Promise<Uint8Array> {
  const t = getFixedT(lang, "invoices");
  const locale = languageOf(lang).iso;
  const money = (cents: number) => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
  const kind = t(`kinds.${invoice.kind}`);
  const number = `${invoice.series}-${invoice.number}`;
  const doc = await PageLayout.create({ title: `${kind} ${number}`, language: locale, createdAt: new Date(invoice.issuedAt) });
  const wrap = (text: string, width: number, style: TextStyle = {}) => doc.wrap(text, width, style);

  // The heading: "Amarre" on the left; the kind, number, date and what it corrects on the right.
  const brand: TextStyle = { bold: true, size: 20 };
  doc.draw(["Amarre"], AREA.left, doc.y, brand);
  const headingWidth = AREA.right - AREA.left - doc.width("Amarre", brand) - 24;
  let right = doc.y;
  right -= doc.draw(wrap(kind, headingWidth, { bold: true, size: 16 }), AREA.right, right, { bold: true, size: 16, right: true }) + 6;
  const facts = [`${t("number")}: ${number}`, `${t("date")}: ${day(invoice.issuedAt)}`];
  right -= doc.draw(facts.flatMap((fact) => wrap(fact, headingWidth)), AREA.right, right, { right: true });
  if (invoice.corrects) {
    const corrected = `${invoice.corrects.series}-${invoice.corrects.number}`;
    const text = invoice.corrects.issuedAt ? t("corrects", { number: corrected, date: day(invoice.corrects.issuedAt) }) : t("correctsNumber", { number: corrected });
    right -= 4 + doc.draw(wrap(text, headingWidth), AREA.right, right - 4, { right: true, color: grey });
  }
  doc.y = Math.min(right, doc.y - PageLayout.height(1, 20)) - 30;

  // Seller and buyer, side by side, each as long as its name and address need.
  const parties = [party(t("seller"), invoice.seller), party(t("buyer"), invoice.buyer)];
  doc.ensure(Math.max(...parties.map((block) => block.height)));
  const top = doc.y;
  parties.forEach((block, index) => block.draw(AREA.left + index * (PARTY_WIDTH + 25), top));
  doc.y = top - Math.max(...parties.map((block) => block.height)) - 24;

  // What was invoiced: the booking's listing and days, or the case's type and reference.
  const { subject } = invoice;
  const title = subjectTitle(subject, lang);
  const when = invoice.caseId
    ? t("caseSubject", { title, reference: subject.reference ?? invoice.caseId })
    : subject.start === subject.end ? t("subjectDay", { title, date: day(subject.start) }) : t("subject", { title, start: day(subject.start), end: day(subject.end) });
  doc.flow(wrap(!invoice.caseId && subject.reference ? `${when} · ${t("bookingReference", { reference: subject.reference })}` : when, AREA.right - AREA.left), AREA.left, { color: grey });
  doc.y -= 22;

  // The lines, under the table's header, repeated on every page they continue on.
  const header = () => {
    const cells = [
      { lines: wrap(t("columns.description"), COLUMNS.description.width, { bold: true }), x: COLUMNS.description.x, right: false },
      { lines: wrap(t("columns.quantity"), COLUMNS.quantity.width, { bold: true }), x: COLUMNS.quantity.right, right: true },
      { lines: wrap(t("columns.amount"), COLUMNS.amount.width, { bold: true }), x: COLUMNS.amount.right, right: true },
    ];
    const height = Math.max(...cells.map((cell) => doc.draw(cell.lines, cell.x, doc.y, { bold: true, right: cell.right })));
    doc.y -= height + 4;
    doc.rule(AREA.left, AREA.right);
    doc.y -= 10;
  };
  // Every page after the first says whose invoice it is; the table's pages repeat its header.
  const pageLine = () => {
    doc.flow(wrap(`Amarre · ${kind} ${number}`, AREA.right - AREA.left, { size: 9 }), AREA.left, { size: 9, color: grey });
    doc.y -= 14;
  };
  doc.onNewPage = () => {
    pageLine();
    header();
  };
  // The header with room for a first line under it, or both on the next page.
  if (!doc.ensure(PageLayout.height(1, 10) * 2 + 24)) header();
  for (const line of invoice.lines) row(line);
  doc.onNewPage = pageLine;

  // The totals after every line, kept together.
  const totals: Array<[string, number, boolean]> = [
    ...(invoice.vatPercent !== null ? ([[t("base"), invoice.baseCents, false], [t("vat", { percent: invoice.vatPercent }), invoice.vatCents, false]] as Array<[string, number, boolean]>) : []),
    [t("total"), invoice.totalCents, true],
  ];
  const totalRows = totals.map(([label, cents, bold]) => ({ label: wrap(label, TOTALS_LABEL.width, { bold }), amount: wrap(money(cents), COLUMNS.amount.width, { bold }), bold }));
  doc.y -= 2;
  doc.ensure(totalRows.reduce((sum, item) => sum + PageLayout.height(Math.max(item.label.length, item.amount.length)) + ROW_GAP, 0) + 12);
  doc.rule(AREA.right - TOTALS_LABEL.width - COLUMNS.amount.width, AREA.right);
  doc.y -= 10;
  for (const item of totalRows) {
    const height = Math.max(doc.draw(item.label, TOTALS_LABEL.right, doc.y, { bold: item.bold, right: true }), doc.draw(item.amount, COLUMNS.amount.right, doc.y, { bold: item.bold, right: true }));
    doc.y -= height + ROW_GAP;
  }

  // The legal notes last: why a corrective invoice corrects, no VAT, on the owner's behalf.
  doc.y -= 16;
  if (invoice.reason) {
    const { reason } = invoice;
    const titleLines = wrap(t("reasonTitle"), AREA.right - AREA.left, { bold: true, size: 9 });
    const text = wrap(t(`reasons.${reason.rule}`, reasonValues(reason, day, (policy) => t(`policies.${policy}`))), AREA.right - AREA.left, small);
    doc.ensure(PageLayout.height(titleLines.length + Math.min(text.length, 3), 9));
    doc.flow(titleLines, AREA.left, { bold: true, size: 9 });
    doc.y -= 4;
    doc.flow(text, AREA.left, small);
    doc.y -= 14;
  }
  if (invoice.vatPercent === null) {
    doc.flow(wrap(t("noVat"), AREA.right - AREA.left, small), AREA.left, { ...small, color: grey });
    doc.y -= 6;
  }
  if (invoice.kind === "rental" || (invoice.kind === "corrective" && invoice.seller.uid !== null)) doc.flow(wrap(t("onBehalf"), AREA.right - AREA.left, small), AREA.left, { ...small, color: grey });

  return doc.save();

  /** A party's block: the title, the name as typed, the tax id and the address, each wrapped in the column. */
  function party(heading: string, who: InvoiceParty) {
    const parts = [
      { lines: wrap(heading.toUpperCase(), PARTY_WIDTH, { bold: true, size: 8 }), style: { bold: true, size: 8, color: grey }, gap: 5 },
      { lines: wrap(who.name, PARTY_WIDTH, { bold: true, size: 11 }), style: { bold: true, size: 11 }, gap: 4 },
      { lines: wrap(who.taxId ? `${t("taxId")}: ${who.taxId}` : t("noTaxId"), PARTY_WIDTH, small), style: small, gap: 3 },
      ...(who.address ? [{ lines: wrap(who.address, PARTY_WIDTH, small), style: small, gap: 0 }] : []),
    ];
    const height = parts.reduce((sum, part) => sum + PageLayout.height(part.lines.length, part.style.size) + part.gap, 0);
    return {
      height,
      draw(x: number, from: number) {
        let y = from;
        for (const part of parts) y -= doc.draw(part.lines, x, y, part.style) + part.gap;
      },
    };
  }

  /**
   * One line of the table: its description wrapped in its column, its quantity and amount on
   * its first line. Kept on one page when it fits on one; a description taller than a page
   * continues on the next.
   */
  function row(line: InvoiceLine) {
    const label = lineLabel(t, line);
    const detail = line.description ?? daysText(line, lang);
    const description = wrap(detail ? `${label}: ${detail}` : label, COLUMNS.description.width);
    const quantity = wrap(String(line.quantity), COLUMNS.quantity.width);
    const amount = wrap(money(line.amountCents), COLUMNS.amount.width);
    doc.ensure(PageLayout.height(Math.max(description.length, quantity.length, amount.length)));
    const [page, top] = [doc.page, doc.y];
    const numbers = Math.max(doc.draw(quantity, COLUMNS.quantity.right, top, { right: true }), doc.draw(amount, COLUMNS.amount.right, top, { right: true }));
    doc.flow(description, COLUMNS.description.x);
    // A description that went on to another page leaves the numbers behind on this one.
    doc.y = (doc.page === page ? Math.min(doc.y, top - numbers) : doc.y) - ROW_GAP;
  }
}
