import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";

/**
 * Text laid out on A4 pages for any text: lines wrapped by their measured width (a word longer
 * than its column is broken between letters), left- or right-aligned in a column, and pages
 * added when the next block does not fit — each new page gets what `onNewPage` draws (a table's
 * header again), and every page its number ("1/2") once the document is done. Nothing is drawn
 * outside the text area (`AREA`), which keeps 50 pt from the paper's edges.
 *
 * Fonts: DejaVu Sans and DejaVu Sans Bold — Latin with its extensions, Greek and Cyrillic, kept
 * in `./fonts` (made by scripts/invoice-fonts.sh from the `dejavu-fonts-ttf` package, without
 * OpenType layout tables, so a text's width is the sum of its letters' advances) — read once per
 * process, their letters' advances measured once, and embedded in each document as a subset of
 * the letters it uses, so
 * names print as typed (Zoë, Łukasz, Ωmega); a letter the font lacks prints as "?" rather than
 * breaking the file.
 */
export const A4: [number, number] = [595.28, 841.89];
/** Where text may go: 50 pt from each edge; the page number sits under `bottom`. */
export const AREA = { left: 50, right: 545.28, top: 791.89, bottom: 64 };
const PAGE_NUMBER_BASELINE = 44;
/** DejaVu Sans' ascent and descent, in ems: a line's baseline sits `ASCENT × size` under its top. */
const ASCENT = 0.93;
const DESCENT = 0.24;
/** A line's baseline under the one before, in ems. */
const LEADING = 1.4;

export const ink = rgb(0.06, 0.13, 0.23);
export const grey = rgb(0.4, 0.45, 0.5);

const FONTS_DIR = path.resolve("app/features/invoices/.server/fonts");
type Weight = "regular" | "bold";
let fontFiles: Record<Weight, Uint8Array> | null = null;
/** The font files, read once (from the project root, the working directory in development, tests and `npm start` alike). */
function files() {
  fontFiles ??= {
    regular: fs.readFileSync(path.join(FONTS_DIR, "DejaVuSans.ttf")),
    bold: fs.readFileSync(path.join(FONTS_DIR, "DejaVuSans-Bold.ttf")),
  };
  return fontFiles;
}

/** Per weight: the letters the font draws and each letter's advance at size 1, measured once per process. */
const metrics: Record<Weight, { supported: Set<number> | null; advance: Map<string, number> }> = {
  regular: { supported: null, advance: new Map() },
  bold: { supported: null, advance: new Map() },
};

export type TextStyle = { bold?: boolean; size?: number; color?: RGB };

export class PageLayout {
  /** The top of the free space on the current page (text is drawn under it). */
  y = AREA.top;
  page: PDFPage;
  /** Drawn at the top of every page after the first (a table's header), moving `y` down. */
  onNewPage: (() => void) | null = null;
  private readonly pages: PDFPage[];
  /** Where this page's free space began: a block taller than a page is drawn there rather than on page after page. */
  private pageTop = AREA.top;

  private constructor(
    readonly pdf: PDFDocument,
    private readonly fonts: Record<Weight, PDFFont>,
  ) {
    this.page = pdf.addPage(A4);
    this.pages = [this.page];
  }

  static async create(meta: { title: string; language: string; createdAt: Date }): Promise<PageLayout> {
    const pdf = await PDFDocument.create();
    // Each document parses its own copy: fontkit keeps the glyphs it has made on the parsed font,
    // and a letter first made as part of another (the E inside É, while subsetting) has no
    // character to map back to, so a font shared between documents printed E that a reader
    // copies or searches as "(".
    pdf.registerFontkit(fontkit);
    pdf.setTitle(meta.title);
    pdf.setAuthor("Amarre");
    pdf.setLanguage(meta.language);
    pdf.setCreationDate(meta.createdAt);
    const bytes = files();
    const [regular, bold] = await Promise.all([pdf.embedFont(bytes.regular, { subset: true }), pdf.embedFont(bytes.bold, { subset: true })]);
    return new PageLayout(pdf, { regular, bold });
  }

  /** The text as the font can draw it: NFC, letters it lacks as "?". */
  drawable(text: string, style: TextStyle = {}): string {
    const weight = style.bold ? "bold" : "regular";
    const font = this.fonts[weight];
    const supported = (metrics[weight].supported ??= new Set(font.getCharacterSet()));
    return [...text.normalize("NFC")].map((char) => (supported.has(char.codePointAt(0)!) ? char : "?")).join("");
  }

  /** The width of drawable text: the sum of its letters' advances (the fonts have no kerning or ligatures). */
  width(text: string, style: TextStyle = {}): number {
    const weight = style.bold ? "bold" : "regular";
    const advance = metrics[weight].advance;
    let total = 0;
    for (const char of text) {
      let width = advance.get(char);
      if (width === undefined) advance.set(char, (width = this.fonts[weight].widthOfTextAtSize(char, 1000) / 1000));
      total += width;
    }
    return total * (style.size ?? 10);
  }

  /**
   * The text in lines no wider than `width`: broken at ordinary spaces and line breaks (a
   * no-break space, as in "50 %", keeps its words together), a word wider than the column
   * between its letters.
   */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of this.drawable(text, style).split(/\r?\n/)) {
      let line = "";
      for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = "";
        let rest = word;
        while (this.width(rest, style) > width) {
          const cut = this.fitting(rest, width, style);
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      if (line || lines.length === 0) lines.push(line);
    }
    return lines;
  }

  /** How many UTF-16 units of `text` fit in `width` (at least one letter, so a line always advances). */
  private fitting(text: string, width: number, style: TextStyle): number {
    let used = 0;
    let end = 0;
    for (const char of text) {
      used += this.width(char, style);
      if (used > width && end > 0) break;
      end += char.length;
    }
    return end;
  }

  /** The height of `count` lines of text at `size`, each `leading` under the one before. */
  static height(count: number, size = 10, leading = size * LEADING): number {
    return count === 0 ? 0 : (count - 1) * leading + (ASCENT + DESCENT) * size;
  }

  /** Starts a new page unless `height` fits above this page's bottom (or this page is still empty); true when it started one. */
  ensure(height: number): boolean {
    if (this.y - height >= AREA.bottom || this.y >= this.pageTop) return false;
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = AREA.top;
    this.onNewPage?.();
    this.pageTop = this.y;
    return true;
  }

  /**
   * Draws wrapped lines down from `top` (the first line's top), without breaking the page: the
   * caller made room with `ensure`. `x` is the left edge, or the right edge when `right`.
   * Returns the height drawn.
   */
  draw(lines: readonly string[], x: number, top: number, style: TextStyle & { right?: boolean; leading?: number } = {}): number {
    const size = style.size ?? 10;
    const leading = style.leading ?? size * LEADING;
    lines.forEach((line, index) => this.text(line, x, top - ASCENT * size - index * leading, style));
    return PageLayout.height(lines.length, size, leading);
  }

  /** Draws wrapped lines from `y` down, a line that does not fit on a new page; leaves `y` under the last. */
  flow(lines: readonly string[], x: number, style: TextStyle & { right?: boolean; leading?: number } = {}) {
    const size = style.size ?? 10;
    const leading = style.leading ?? size * LEADING;
    lines.forEach((line, index) => {
      if (index > 0) this.y -= leading - PageLayout.height(1, size);
      this.ensure(PageLayout.height(1, size));
      this.y -= this.draw([line], x, this.y, style);
    });
  }

  /** One line of drawable text with its baseline at `baseline`. */
  text(line: string, x: number, baseline: number, style: TextStyle & { right?: boolean } = {}) {
    const size = style.size ?? 10;
    const at = style.right ? x - this.width(line, style) : x;
    this.page.drawText(line, { x: at, y: baseline, size, font: this.fonts[style.bold ? "bold" : "regular"], color: style.color ?? ink });
  }

  /** A thin rule across `from`–`to` at the current `y`. */
  rule(from: number, to: number) {
    this.page.drawLine({ start: { x: from, y: this.y }, end: { x: to, y: this.y }, thickness: 0.5, color: grey });
  }

  /** The document's bytes, each page numbered ("1/2") when there is more than one. */
  async save(): Promise<Uint8Array> {
    if (this.pages.length > 1) {
      this.pages.forEach((page, index) => {
        this.page = page;
        this.text(`${index + 1}/${this.pages.length}`, AREA.right, PAGE_NUMBER_BASELINE, { size: 8, color: grey, right: true });
      });
    }
    return this.pdf.save();
  }
}
