/**
 * What a page's HTML shows as text, and the dates and numbers in it that are not written the
 * page's language's way: an ISO date ("2026-12-26") anywhere, a decimal point ("6.2") in Spanish,
 * French or German (which write "6,2"), a decimal comma ("6,2") in English. Used by the walk over
 * every page of the route table (page-walk.spec.ts), on the server's HTML: what a person sees without
 * JavaScript, and what the first paint shows with it.
 *
 * Left out, because nobody reads them as prose: the head, scripts, styles, templates, form fields'
 * values and attributes (inputs, textareas), and code (`<code>`, `<pre>`, `<kbd>`, `<samp>`).
 */

const SKIPPED_ELEMENTS = ["head", "script", "style", "template", "textarea", "code", "pre", "kbd", "samp", "svg"];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The page's text as read on screen: one string, elements separated by line breaks. */
export function visibleText(html: string): string {
  let text = html.replace(/<!--[\s\S]*?-->/g, "");
  for (const tag of SKIPPED_ELEMENTS) {
    text = text.replace(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`, "gi"), "\n");
  }
  // Every tag (and so every attribute and input) becomes a break between texts.
  text = text.replace(/<[^>]*>/g, "\n");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** Languages that write a decimal comma (and a point or a space between thousands). */
const DECIMAL_COMMA = new Set(["es", "fr", "de"]);

/**
 * A number that names rather than counts, written the same in every language: a model after its
 * name in a listing's title ("Oceanis 46.1", "Cap Camarat 7.5"), an article of a law ("art. 6.1.f
 * RGPD", "artículo 22.2 de la LSSI").
 */
const NAMING_NUMBER = /(?:\p{Lu}[\p{L}-]*|\bart\.|\bart[íi]culo|\barticle|\bl['’]article|\bArtikel) $/u;

/**
 * The dates and numbers of `text` not written as `lang` writes them, each with its surroundings.
 * A point (Spanish, German) or a comma (English) before exactly three digits separates thousands
 * ("1.232 €", "1,232 €") and passes, and so does a German short date ("26.11.2026").
 */
export function misformattedNumbers(text: string, lang: string): string[] {
  const found: string[] = [];
  const around = (index: number, length: number) => text.slice(Math.max(0, index - 30), index + length + 30).replace(/\n/g, " ⏎ ");
  for (const match of text.matchAll(/(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])/g)) {
    found.push(`ISO date «${match[0]}» in «${around(match.index, match[0].length)}»`);
  }
  const separator = DECIMAL_COMMA.has(lang) ? "." : ",";
  const decimal = new RegExp(`(?<![\\d.,])\\d+(?:\\${separator}\\d+)+(?![\\d])`, "g");
  for (const match of text.matchAll(decimal)) {
    const groups = match[0].split(separator).slice(1);
    // Thousands: every group after the first has three digits.
    if (groups.every((group) => group.length === 3)) continue;
    if (lang === "de" && /^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(match[0])) continue;
    if (NAMING_NUMBER.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    found.push(`decimal «${match[0]}» (${lang} writes ${DECIMAL_COMMA.has(lang) ? "a comma" : "a point"}) in «${around(match.index, match[0].length)}»`);
  }
  return found;
}
