import type { Span } from "./mask-span";

// ---------------------------------------------------------------------------------------------
// Phone numbers: nine or more digits in a row, written as digits (of any script, or with
// look-alike letters between them: `6l2`, `6OO`) and/or number words (in any joining:
// `six one two`, `six-one-two`, `sixonetwo`, `seisunodos`, up to the hundreds: `seiscientos doce`,
// `sechshundertzwölf`), grouped with spaces of any kind, any punctuation, symbol or emoji but a
// currency sign, `%`, `°` or a sentence's end, or with single letters between digits
// (`6a1b2c`), with or without an international prefix.
export const MIN_PHONE_DIGITS = 9;

/** Number words of the four languages (lower case, without accents) and what kind of number each says. */
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
/** "Hundred" said after a unit (`six hundred`, `six cent`, `sechshundert`) or alone (100). */
const HUNDRED = ["hundred", "cent", "cents", "hundert", "cien", "ciento"];
/** Spanish hundreds, one word each. */
const HUNDREDS = ["dos", "tres", "cuatro", "quin", "seis", "sete", "ocho", "nove"].flatMap((stem) => [`${stem}${stem === "quin" ? "ientos" : "cientos"}`, `${stem}${stem === "quin" ? "ientas" : "cientas"}`]);
const MULTIPLIERS = new Map([
  ["doble", 2],
  ["double", 2],
  ["doppel", 2],
  ["triple", 3],
  ["tripel", 3],
]);
/** "treinta y cuatro", "vingt et un", "six hundred and twelve", "vierunddreißig": parts of one number said with "and". */
const CONNECTORS = new Set(["y", "et", "and", "und"]);

type WordKind = "unit" | "teen" | "tens" | "hundred" | "hundreds";
type Atom = { kind: WordKind | "connector"; word: string } | { kind: "digits"; count: number };
const WORDS = new Map<string, WordKind>([
  ...UNITS.map((w) => [w, "unit"] as const),
  ...TEENS.map((w) => [w, "teen"] as const),
  ...TENS.map((w) => [w, "tens"] as const),
  ...HUNDRED.map((w) => [w, "hundred"] as const),
  ...HUNDREDS.map((w) => [w, "hundreds"] as const),
]);
/** How number words begin (two letters): most words are turned down by this alone. */
const STARTS = new Set([...WORDS.keys(), ...CONNECTORS].map((w) => w.slice(0, 2)));
const LONGEST_WORD = Math.max(...[...WORDS.keys(), ...CONNECTORS].map((w) => w.length));

/**
 * A letter word as number words: one (`seis`), or several written together (`sixonetwo`,
 * `seisunodos`, `vierunddreissig`, `sechshundertzwolf`, `treintaycuatro`), in order; null when
 * the word is not made of number words only.
 */
function numberWord(word: string): Atom[] | null {
  const direct = WORDS.get(word);
  if (direct) return [{ kind: direct, word }];
  // Split into number words (and connectors between them), fewest parts first. A glued phone
  // number is a few dozen letters; longer words are not looked at.
  if (word.length > 120 || !(STARTS.has(word.slice(0, 2)) || word.startsWith("y"))) return null;
  const count: number[] = new Array(word.length + 1).fill(Infinity);
  const back: string[] = new Array(word.length + 1).fill("");
  count[0] = 0;
  for (let i = 0; i < word.length; i += 1) {
    if (count[i] === Infinity) continue;
    for (let len = 1; len <= Math.min(LONGEST_WORD, word.length - i); len += 1) {
      const part = word.slice(i, i + len);
      if ((len > 1 || part === "y") && (WORDS.has(part) || CONNECTORS.has(part)) && count[i]! + 1 < count[i + len]!) {
        count[i + len] = count[i]! + 1;
        back[i + len] = part;
      }
    }
  }
  if (count[word.length] === Infinity) return null;
  const parts: string[] = [];
  for (let at = word.length; at > 0; at -= back[at]!.length) parts.unshift(back[at]!);
  if (parts.length < 2 || CONNECTORS.has(parts[0]!) || CONNECTORS.has(parts.at(-1)!)) return null;
  return parts.map((part) => ({ kind: WORDS.get(part) ?? "connector", word: part }));
}

/**
 * How many digits a run of number words and digit groups says, reading the words as people say
 * numbers: a unit after a tens word is part of it (`treinta y cuatro`, `forty five`), so is what
 * follows a hundred (`seiscientos doce`, `six hundred and twelve`, `six cent soixante-dix-huit`),
 * a tens word after a unit and "und" (`vierunddreißig`), French 70–99 (`soixante-dix-huit`,
 * `quatre-vingt-dix`); anything else starts a new number (`seis uno dos` is three digits).
 */
class DigitCounter {
  digits = 0;
  /** What the number being said can still take. */
  private open: "none" | "unit" | "unitInHundred" | "tens" | "seventy" | "dix" | "hundred" = "none";
  private lastUnit = "";
  private connector = false;

  atom(atom: Atom, multiplier = 0): void {
    if (atom.kind === "connector") {
      this.connector = true;
      return;
    }
    const open = this.open;
    const connector = this.connector;
    this.connector = false;
    if (atom.kind === "digits") {
      this.digits += multiplier && atom.count === 1 ? multiplier : atom.count;
      this.open = "none";
      return;
    }
    const { kind, word } = atom;
    if (kind === "unit") {
      if (open === "tens" || open === "seventy" || open === "dix" || open === "hundred") this.open = open === "hundred" ? "unitInHundred" : "none";
      else {
        this.digits += multiplier || 1;
        this.open = "unit";
        this.lastUnit = word;
      }
    } else if (kind === "teen") {
      if (!(open === "hundred" || open === "seventy")) this.digits += 2;
      this.open = word === "dix" ? "dix" : "none";
    } else if (kind === "tens") {
      if (open === "hundred") this.open = word === "soixante" ? "seventy" : "tens";
      else if ((open === "unit" || open === "unitInHundred") && connector) {
        if (open === "unit") this.digits += 1;
        this.open = "none";
      } else if (open === "unit" && this.lastUnit === "quatre" && word.startsWith("vingt")) {
        this.digits += 1;
        this.open = "seventy";
      } else {
        this.digits += 2;
        this.open = word === "soixante" ? "seventy" : "tens";
      }
    } else {
      this.digits += kind === "hundred" && open === "unit" ? 2 : 3;
      this.open = "hundred";
    }
  }

  /** A separator other than a hyphen ends the number being said (`trente-quatre` is one). */
  pause(): void {
    this.open = "none";
    this.connector = false;
  }
}

/** A word of digits with look-alike letters between or after them: `6l2`, `6oo`, `o6l2`, Cyrillic `з` and `б` (lower case). */
const CONFUSABLE_DIGITS = /^[0-9libosзб]*[0-9][0-9libosзб]*$/;
/** What breaks a run of digits: currency signs, `%`, `°`, a question or an exclamation, `=`. Any other symbol may separate groups. */
const BREAKS = /^[\p{Sc}%‰‱°?!¿¡=]$/u;

type Token =
  | { kind: "number"; start: number; end: number; atoms: Atom[]; word: WordKind | null; raw: string }
  | { kind: "sep" | "comma" | "plus" | "connector" | "multiplier" | "other"; start: number; end: number; raw: string; multiplier?: number };

function digitToken(start: number, raw: string): Token {
  return { kind: "number", start, end: start + raw.length, atoms: [{ kind: "digits", count: raw.length }], word: null, raw };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/\+|[\p{L}\p{N}'’]+|\S/gu)) {
    const value = match[0];
    const start = match.index;
    const end = start + value.length;
    if (value === "+") tokens.push({ kind: "plus", start, end, raw: value });
    else if (value === "," || value === ";") tokens.push({ kind: "comma", start, end, raw: value });
    else if (/^[\p{L}\p{N}'’]+$/u.test(value)) {
      if (CONFUSABLE_DIGITS.test(value)) {
        tokens.push(digitToken(start, value));
        continue;
      }
      // Letters and digits written together ("tel612345678", "10h30", "7m") are separate tokens, side by side.
      const pieces = /\p{N}/u.test(value) ? [...value.matchAll(/\p{N}+|[\p{L}'’]+/gu)] : [{ 0: value, index: 0 }];
      for (const [p, piece] of pieces.entries()) {
        const s = start + piece.index;
        const raw = piece[0];
        if (/^\p{N}+$/u.test(raw)) {
          tokens.push(digitToken(s, raw));
          continue;
        }
        // A single letter or an apostrophe between digits separates them (`6a1b2c`, `123'456`).
        if (p > 0 && p < pieces.length - 1 && (/^['’]+$/.test(raw) || [...raw].length === 1)) {
          tokens.push({ kind: "sep", start: s, end: s + raw.length, raw });
          continue;
        }
        const word = raw.replace(/['’]+$/, "");
        const atoms = numberWord(word);
        const last = atoms?.at(-1);
        if (atoms && last) tokens.push({ kind: "number", start: s, end: s + word.length, atoms, word: last.kind === "connector" || last.kind === "digits" ? null : last.kind, raw: word });
        else if (CONNECTORS.has(word)) tokens.push({ kind: "connector", start: s, end: s + word.length, raw: word });
        else if (MULTIPLIERS.has(word)) tokens.push({ kind: "multiplier", start: s, end: s + word.length, raw: word, multiplier: MULTIPLIERS.get(word) });
        else tokens.push({ kind: "other", start: s, end: s + raw.length, raw });
      }
    } else tokens.push({ kind: BREAKS.test(value) ? "other" : "sep", start, end, raw: value });
  }
  return tokens;
}

/** A date with a four-digit year (`12/05/2026`, `2026-05-12`) or a valid time (`10:30`, `9.30h`): never part of a phone. */
const STRONG_DATE_TIME = /(?<![\d./:-])(?:(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])[./-](?:19|20)\d{2}|(?:19|20)\d{2}-\d{2}-\d{2}|(?:[01]?\d|2[0-3])[:h](?:[0-5]\d)(?:h)?)(?![\d])/g;
/** Groups that read as dates, times or years; a run made only of them is not a phone number. */
const DATE_LIKE = /^(?:(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])(?:[./-](?:\d{2}|\d{4}))?[./-]?|(?:[01]?\d|2[0-3])[:.h][0-5]\d|(?:19|20)\d{2}|\d{4}-\d{2}-\d{2})$/;

type Run = { tokens: Token[]; text: string };

function runDigits(tokens: Token[]): number {
  const counter = new DigitCounter();
  let multiplier = 0;
  for (const token of tokens) {
    if (token.kind === "number") {
      for (const atom of token.atoms) counter.atom(atom, multiplier);
      multiplier = 0;
    } else if (token.kind === "connector") counter.atom({ kind: "connector", word: token.raw });
    else if (token.kind === "multiplier") multiplier = token.multiplier ?? 0;
    // A hyphen keeps "trente-quatre" one number.
    else if (!(token.kind === "sep" && token.raw === "-")) counter.pause();
  }
  return counter.digits;
}

/** The run's groups: its numbers joined by punctuation with no space between (`6.12.34`, `34:56`). */
function groupsOf(run: Run, text: string): Array<{ tokens: Token[]; value: string }> {
  const groups: Array<{ tokens: Token[]; value: string }> = [];
  let current: Token[] = [];
  const flush = () => {
    const numbers = current.filter((t) => t.kind === "number");
    if (numbers.length) groups.push({ tokens: current, value: text.slice(current[0]!.start, current.at(-1)!.end) });
    current = [];
  };
  for (const token of run.tokens) {
    const last = current.at(-1);
    const tight = last !== undefined && last.end === token.start && (token.kind === "number" || token.kind === "sep" || token.kind === "comma") && (last.kind === "number" || last.kind === "sep" || last.kind === "comma");
    if (!tight) flush();
    current.push(token);
  }
  flush();
  return groups;
}

/** Number words that are not a round hundred: a comma after them may go on with the number. */
function saysPartOfNumber(token: Token): boolean {
  return token.kind === "number" && token.word !== null && token.word !== "hundred" && token.word !== "hundreds";
}

/** Whether "and" between these two tokens is inside one number. */
function joinsWith(before: Token, after: Token | undefined): boolean {
  if (before.kind !== "number" || after?.kind !== "number") return false;
  const next = after.atoms[0]!.kind;
  if (before.word === "tens") return next === "unit" || next === "teen";
  if (before.word === "hundred" || before.word === "hundreds") return next === "unit" || next === "teen" || next === "tens";
  if (before.word === "unit") return next === "tens";
  return false;
}

/** The phone numbers in a normalised text (digits, number words, look-alikes, any grouping). */
export function phoneSpans(text: string): Span[] {
  const broken = new Uint8Array(text.length + 1);
  for (const m of text.matchAll(STRONG_DATE_TIME)) broken.fill(1, m.index, m.index + m[0].length);
  const tokens = tokenize(text).map((token): Token => (broken.subarray(token.start, token.end).includes(1) ? { kind: "other", start: token.start, end: token.end, raw: token.raw } : token));
  const spans: Span[] = [];
  let run: Token[] = [];

  const finish = () => {
    // A run starts and ends with a number (or starts with "+" or "(" or a multiplier).
    while (run.length && run.at(-1)!.kind !== "number") run.pop();
    // A reference glued to letters by a dash (`AM-2027-000123`, `F-2027-000045`) is a code, not a phone.
    const reference = run.length > 0 && /^[-/#]$/.test(text[run[0]!.start - 1] ?? "") && /\p{L}/u.test(text[run[0]!.start - 2] ?? "");
    if (run.length && !reference && runDigits(run) >= MIN_PHONE_DIGITS) {
      const all = groupsOf({ tokens: run, text }, text);
      const isDate = (group: (typeof all)[number]) => group.tokens.every((t) => t.kind !== "number" || t.word === null) && DATE_LIKE.test(group.value);
      // A run of dates, times or years only (`12/05/26 - 14/05/26`, `2025 2026 2027`) is not a phone.
      if (!all.every(isDate)) {
        // Dates and times at its ends stay visible when the rest is a phone number by itself. A bare
        // four-digit group (`1900 0000 0000`) may be a year or the number's own first digits: it is hidden.
        const digitsOf = (gs: typeof all) => runDigits(gs.flatMap((g) => g.tokens));
        const shapedDate = (group: (typeof all)[number]) => isDate(group) && /\D/.test(group.value);
        let groups = all;
        while (groups.length > 1 && shapedDate(groups[0]!) && digitsOf(groups.slice(1)) >= MIN_PHONE_DIGITS) groups = groups.slice(1);
        while (groups.length > 1 && shapedDate(groups.at(-1)!) && digitsOf(groups.slice(0, -1)) >= MIN_PHONE_DIGITS) groups = groups.slice(0, -1);
        // The "+", "(" or "double" before the first number belongs to it.
        const start = groups[0] === all[0] ? run[0]!.start : groups[0]!.tokens[0]!.start;
        spans.push({ start, end: groups.at(-1)!.tokens.at(-1)!.end, kind: "phone" });
      }
    }
    run = [];
  };

  let previous: Token | null = null;
  for (const [index, token] of tokens.entries()) {
    // The parts of one number are separated by spaces of any kind (a handful at most).
    if (previous && run.length && !/^ {0,12}$/.test(text.slice(previous.end, token.start))) finish();
    previous = token;
    if (token.kind === "number") {
      run.push(token);
      continue;
    }
    if (run.length === 0) {
      if (token.kind === "plus" || token.raw === "(" || token.kind === "multiplier") run.push(token);
      continue;
    }
    const last = run.at(-1)!;
    if (token.kind === "sep") run.push(token);
    // Commas separate number words ("seis, uno, dos"), not digit groups ("6, 8, 10 personas"), except inside one ("1.200,50").
    // A round hundred said before a comma is an amount in a list ("trois cents, quatre cents euros").
    else if (token.kind === "comma" && last.kind === "number" && (saysPartOfNumber(last) || (last.word === null && last.end === token.start && tokens[index + 1]?.start === token.end && tokens[index + 1]?.kind === "number"))) run.push(token);
    // "and" joins the parts of one number ("treinta y cuatro", "six hundred and twelve"), not two numbers ("seiscientos y setecientos").
    else if (token.kind === "connector" && last.kind === "number" && joinsWith(last, tokens[index + 1])) run.push(token);
    else if (token.kind === "multiplier") run.push(token);
    else if (token.kind === "plus") {
      finish();
      run.push(token);
    } else finish();
  }
  finish();
  return spans;
}
