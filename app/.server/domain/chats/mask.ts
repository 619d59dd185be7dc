import type { MessagePart } from "#app/utils/chats";

/**
 * Finds the contact details people type into messages — email addresses and phone numbers, as
 * people write them in Spanish, English, French and German — so that they can be hidden until
 * the two people have a confirmed booking (decision record 015). Pure functions over a string.
 */

// ---------------------------------------------------------------------------------------------
// Email addresses: `ana@gmail.com`, `ana @ gmail . com`, `ana(at)gmail(dot)com`,
// `ana arroba gmail punto com`, `ana arobase gmail point fr`, `ana ät gmx punkt de`.

const LOCAL = String.raw`[\p{L}\p{N}._%+-]+`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const AT_WORDS = "at|arroba|arrova|arobase|ät|klammeraffe";
const DOT_WORDS = "dot|punto|point|punkt|pt";
/** Top-level domains after a spelled "dot": only common ones, so "meet at marina point vell" stays. */
const TLDS = "com|es|net|org|eu|fr|de|at|ch|be|uk|co|io|it|pt|nl|info|me|cat|gal|eus|biz|email|online";
const AT = String.raw`(?:\s*@\s*|\s*[(\[{<]\s*(?:${AT_WORDS}|@)\s*[)\]}>]\s*|\s+(?:${AT_WORDS})\s+)`;
const SPELLED_DOT = String.raw`(?:\s*[(\[{<]\s*(?:${DOT_WORDS}|\.)\s*[)\]}>]\s*|\s+(?:${DOT_WORDS})\s+|\s+\.\s+)`;
const EMAIL = new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}${AT}${LABEL}(?:\.${LABEL})*(?:\.\p{L}{2,24}|${SPELLED_DOT}(?:${TLDS}))(?![\p{L}\p{N}])`, "giu");

// ---------------------------------------------------------------------------------------------
// Phone numbers: nine or more digits in a row, written as digits and/or words, grouped with
// spaces, dots, dashes, slashes or brackets, with or without an international prefix:
// `612 34 56 78`, `+34 612-345-678`, `06.12.34.56.78`, `0171/1234567`, `(030) 123 4567`,
// `seis uno dos, tres cuatro cinco…`, `zéro six douze trente-quatre cinquante-six…`,
// `null eins sieben eins…`, `double seven…`.
export const MIN_PHONE_DIGITS = 9;

/** Number words of the four languages (lower case, without accents) and how many digits each says. */
const UNITS = [
  ...["cero", "uno", "una", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"],
  ...["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
  ...["une", "deux", "trois", "quatre", "cinq", "sept", "huit", "neuf"],
  ...["null", "eins", "ein", "zwei", "zwo", "drei", "vier", "funf", "fuenf", "sechs", "sieben", "acht", "neun"],
];
const TEENS = [
  ...["diez", "once", "doce", "trece", "catorce", "quince", "dieciseis", "diecisiete", "dieciocho", "diecinueve"],
  ...["veintiuno", "veintiun", "veintidos", "veintitres", "veinticuatro", "veinticinco", "veintiseis", "veintisiete", "veintiocho", "veintinueve"],
  ...["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"],
  ...["dix", "onze", "douze", "treize", "quatorze", "quinze", "seize"],
  ...["zehn", "elf", "zwolf", "zwoelf", "dreizehn", "vierzehn", "funfzehn", "fuenfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn"],
];
const TENS = [
  ...["veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"],
  ...["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"],
  ...["vingt", "vingts", "trente", "quarante", "cinquante", "soixante"],
  ...["zwanzig", "dreissig", "vierzig", "funfzig", "fuenfzig", "sechzig", "siebzig", "achtzig", "neunzig"],
];
const MULTIPLIERS = new Map([
  ["doble", 2],
  ["double", 2],
  ["doppel", 2],
  ["triple", 3],
  ["tripel", 3],
]);
/** "treinta y cuatro", "vingt et un", "forty and two", "zwanzig und": a tens word and a unit said as one number. */
const CONNECTORS = new Set(["y", "et", "and", "und"]);
const GERMAN_COMPOUND = /^(?:ein|zwei|drei|vier|funf|fuenf|sechs|sieben|acht|neun)und(?:zwanzig|dreissig|vierzig|funfzig|fuenfzig|sechzig|siebzig|achtzig|neunzig)$/;

type WordKind = "unit" | "teen" | "tens";
const WORDS = new Map<string, WordKind>([...UNITS.map((w) => [w, "unit"] as const), ...TEENS.map((w) => [w, "teen"] as const), ...TENS.map((w) => [w, "tens"] as const)]);

function normalizeWord(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss");
}

/** A word's number kind: one word, a German compound, or a hyphenated French/English one. */
function wordKind(raw: string): WordKind | null {
  const word = normalizeWord(raw);
  const direct = WORDS.get(word);
  if (direct) return direct;
  if (GERMAN_COMPOUND.test(word)) return "tens";
  if (word.includes("-")) {
    const parts = word.split("-").filter((part) => part !== "et");
    if (parts.length > 1 && parts.every((part) => WORDS.has(part))) {
      return parts.some((part) => WORDS.get(part) !== "unit") ? "tens" : "unit";
    }
  }
  return null;
}

/** Dates and times are not phone numbers: `12/05/2026`, `2026-05-12`, `10:30`, `10h30`. */
const NOT_PHONE = /(?<![\d./-])(?:(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})(?![./-]?\d)|\d{1,2}[:h]\d{2}(?!\d)/giu;

type Token = { start: number; end: number; kind: "digits" | "word" | "plus" | "sep" | "comma" | "other"; digits: number; word: WordKind | null; connector: boolean; multiplier: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const breakers = [...text.matchAll(NOT_PHONE)].map((m) => [m.index, m.index + m[0].length] as const);
  for (const match of text.matchAll(/\+|\d+|\p{L}[\p{L}\p{M}'’-]*|\S/gu)) {
    const value = match[0];
    const start = match.index;
    const end = start + value.length;
    const base = { start, end, digits: 0, word: null, connector: false, multiplier: 0 };
    if (breakers.some(([from, to]) => start < to && end > from)) tokens.push({ ...base, kind: "other" });
    else if (value === "+") tokens.push({ ...base, kind: "plus" });
    else if (/^\d+$/.test(value)) tokens.push({ ...base, kind: "digits", digits: value.length });
    else if (/^[.\-/()–]$/.test(value)) tokens.push({ ...base, kind: "sep" });
    else if (value === ",") tokens.push({ ...base, kind: "comma" });
    else if (/^\p{L}/u.test(value)) {
      const word = value.replace(/[-'’]+$/, "");
      const kind = wordKind(word);
      const normal = normalizeWord(word);
      tokens.push({
        ...base,
        end: start + word.length,
        kind: kind || CONNECTORS.has(normal) || MULTIPLIERS.has(normal) ? "word" : "other",
        word: kind,
        digits: kind === "unit" ? 1 : kind ? 2 : 0,
        connector: !kind && CONNECTORS.has(normal),
        multiplier: MULTIPLIERS.get(normal) ?? 0,
      });
    } else tokens.push({ ...base, kind: "other" });
  }
  return tokens;
}

export type Span = { start: number; end: number; kind: "email" | "phone" };

function phoneSpans(text: string): Span[] {
  const tokens = tokenize(text);
  const spans: Span[] = [];
  let run: { start: number; end: number; digits: number } | null = null;
  let previous: Token | null = null;
  let connector = false;
  let multiplier = 0;

  const finish = () => {
    if (run && run.digits >= MIN_PHONE_DIGITS) spans.push({ start: run.start, end: run.end, kind: "phone" });
    run = null;
    previous = null;
    connector = false;
    multiplier = 0;
  };
  const begin = (token: Token) => {
    finish();
    run = { start: token.start, end: token.end, digits: 0 };
    previous = token;
  };

  for (const token of tokens) {
    // The parts of one number are at most three spaces or tabs apart.
    if (previous && !/^[ \t]{0,3}$/.test(text.slice(previous.end, token.start))) finish();
    if (token.kind === "digits" || token.word !== null) {
      const afterTens = previous?.word === "tens";
      let digits = token.digits;
      // A unit right after a tens word ("thirty four", "treinta y cuatro") is part of its number.
      if (afterTens && (token.word === "unit" || (connector && token.word !== null))) digits = 0;
      else if (connector) {
        // "y", "et", "and", "und" only join a tens word and a unit.
        finish();
      }
      if (multiplier && (token.word === "unit" || token.digits === 1)) digits *= multiplier;
      if (run === null) run = { start: token.start, end: token.end, digits: 0 };
      run.digits += digits;
      run.end = token.end;
      previous = token;
      connector = false;
      multiplier = 0;
      continue;
    }
    const opening = token.kind === "plus" || text[token.start] === "(";
    if (run === null) {
      if (opening || token.multiplier) begin(token);
      if (token.multiplier) multiplier = token.multiplier;
      continue;
    }
    if (token.kind === "sep" || (token.kind === "comma" && previous?.word)) {
      previous = { ...token, word: null };
    } else if (token.connector && previous?.word === "tens") {
      connector = true;
      previous = { ...token, word: "tens" };
    } else if (token.multiplier) {
      multiplier = token.multiplier;
      previous = token;
    } else if (token.kind === "plus") {
      begin(token);
    } else finish();
  }
  finish();
  return spans;
}

/** Where the text holds email addresses and phone numbers, in order, never overlapping. */
export function findContactDetails(text: string): Span[] {
  const emails: Span[] = [...text.matchAll(EMAIL)].map((m) => ({ start: m.index, end: m.index + m[0].length, kind: "email" }));
  const phones = phoneSpans(text).filter((phone) => !emails.some((email) => phone.start < email.end && phone.end > email.start));
  return [...emails, ...phones].sort((a, b) => a.start - b.start);
}

/** The text in parts, with its contact details hidden (`mask`) or as typed. */
export function messageParts(text: string, mask: boolean): MessagePart[] {
  if (!mask) return [{ text }];
  const parts: MessagePart[] = [];
  let at = 0;
  for (const span of findContactDetails(text)) {
    if (span.start > at) parts.push({ text: text.slice(at, span.start) });
    parts.push({ hidden: span.kind });
    at = span.end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
  return parts;
}

/** The text with its contact details replaced by `label(kind)` (emails, previews). */
export function maskedText(text: string, label: (kind: "email" | "phone") => string): string {
  return messageParts(text, true)
    .map((part) => ("hidden" in part ? label(part.hidden) : part.text))
    .join("");
}
