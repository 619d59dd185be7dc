import type { MessagePart } from "#app/utils/chats";

/**
 * Finds the contact details people type into messages — email addresses, phone numbers and
 * messenger handles or links, as people write them (and disguise them) in Spanish, English,
 * French and German — so that they can be hidden until contact may be shared (decision records
 * 015 and 026). Pure functions over strings.
 *
 * The text is first normalised into a second string that remembers, for each of its characters,
 * where in the original it came from: Unicode NFKC (full-width and mathematical characters),
 * digits of any script folded to 0–9, invisible characters dropped, lower case without accents,
 * percent-encoded `@` and `.` decoded, and words spelled letter by letter (`a n a b o a t s`)
 * joined. Detection runs on the normalised string; what it finds is mapped back to the original
 * text's positions, so the page shows the text as typed with only the found spans hidden.
 */

export type ContactKind = "email" | "phone" | "handle";
export type Span = { start: number; end: number; kind: ContactKind };

// ---------------------------------------------------------------------------------------------
// Normalisation with a map back to the original text.

type Mapped = { text: string; from: number[]; to: number[] };

/** The first code point of each block of ten decimal digits that NFKC leaves alone (Arabic-Indic, Devanagari…). */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xaa50, 0xabf0, 0xff10];

function foldDigit(ch: string): string {
  const cp = ch.codePointAt(0)!;
  for (const zero of DIGIT_ZEROS) if (cp >= zero && cp < zero + 10) return String(cp - zero);
  return ch;
}

const ASCII_SPACE = /^[\t\n\v\f\r ]$/;

function normalizeChar(ch: string): string {
  // Plain ASCII (most of every message) needs no Unicode work.
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return ASCII_SPACE.test(ch) ? " " : ch.toLowerCase();
  // Invisible characters (zero-width spaces and joiners, soft hyphens, bidi marks) are dropped.
  if (/^\p{Cf}$/u.test(ch)) return "";
  if (/^\s$/u.test(ch)) return " ";
  if (/^[‐‑‒–—―−]$/u.test(ch)) return "-";
  return ch
    .normalize("NFKC")
    .replace(/\p{Nd}/gu, foldDigit)
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .replace(/\s/gu, " ");
}

function normalize(text: string): Mapped {
  const out: Mapped = { text: "", from: [], to: [] };
  let index = 0;
  for (const ch of text) {
    const norm = normalizeChar(ch);
    for (const unit of norm) {
      for (let k = 0; k < unit.length; k += 1) {
        out.from.push(index);
        out.to.push(index + ch.length);
      }
      out.text += unit;
    }
    index += ch.length;
  }
  return out;
}

/** Replaces each match of `pattern` in the mapped text; the replacement's characters map to the whole match. */
function mappedReplace(input: Mapped, pattern: RegExp, replace: (match: string) => string | null): Mapped {
  const out: Mapped = { text: "", from: [], to: [] };
  let at = 0;
  const copy = (from: number, to: number) => {
    out.text += input.text.slice(from, to);
    out.from.push(...input.from.slice(from, to));
    out.to.push(...input.to.slice(from, to));
  };
  for (const match of input.text.matchAll(pattern)) {
    const replacement = replace(match[0]);
    if (replacement === null) continue;
    const start = match.index;
    const end = start + match[0].length;
    copy(at, start);
    // A replacement keeping the match's non-space characters maps each to itself.
    if (replacement === match[0].replace(/ /g, "")) {
      for (let k = start; k < end; k += 1) if (input.text[k] !== " ") copy(k, k + 1);
    } else {
      for (const unit of replacement) {
        out.text += unit;
        out.from.push(input.from[start]!);
        out.to.push(input.to[end - 1]!);
      }
    }
    at = end;
  }
  copy(at, input.text.length);
  return out;
}

function prepare(text: string): Mapped {
  let mapped = normalize(text);
  // Percent-encoded `@`, `.`, `_`, `+` (`ana%40gmail%2Ecom`).
  mapped = mappedReplace(mapped, /%(?:40|2e|5f|2b)/g, (m) => decodeURIComponent(m));
  // Words spelled letter by letter: five or more single characters one or two spaces apart.
  mapped = mappedReplace(mapped, /(?<!\S)(?:\S {1,2}){4,}\S(?!\S)/g, (m) => m.replace(/ /g, ""));
  return mapped;
}

// ---------------------------------------------------------------------------------------------
// Email addresses: `ana@gmail.com`, `ana.boats@gmail`, `ana @ gmail . com`, `ana(at)gmail(dot)com`,
// `ana arroba gmail punto com`, `ana arobase gmail point fr`, `ana ät gmx punkt de`,
// `my gmail is anaboats`, `mi gmail es anaboats`.

const LOCAL = String.raw`[\p{L}\p{N}._%+-]+`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const AT_WORDS = "at|arroba|arrova|arobase|klammeraffe";
const DOT_WORDS = "dot|punto|point|punkt|pt";
/** Top-level domains after a spelled "dot": only common ones, so "meet at marina point vell" stays. */
const TLDS = "com|es|net|org|eu|fr|de|at|ch|be|uk|co|io|it|pt|nl|info|me|cat|gal|eus|biz|email|online";
/** Mail providers: named, they make an address without a top-level domain (`ana@gmail`, `mi gmail es ana`). */
const PROVIDERS = "gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|icloud|me|aol|gmx|web|proton|protonmail|orange|free|wanadoo|laposte|sfr|t-online|freenet|telefonica|movistar|terra|yandex";
/** Mail providers whose name alone says "my address there is…" ("mi gmail es anaboats"). */
const NAMED_PROVIDERS = "gmail|googlemail|hotmail|outlook|yahoo|icloud|gmx|protonmail|proton|wanadoo|yandex";
const SPACED_AT = String.raw`(?:\s*@\s*|\s*[(\[{<]\s*(?:${AT_WORDS}|@)\s*[)\]}>]\s*|\s+(?:${AT_WORDS})\s+)`;
const SPELLED_DOT = String.raw`(?:\s*[(\[{<]\s*(?:${DOT_WORDS}|\.)\s*[)\]}>]\s*|\s+(?:${DOT_WORDS})\s+|\s+\.\s+|\s*\.\s*)`;
const END = String.raw`(?![\p{L}\p{N}])`;
const EMAIL_PATTERNS = [
  // Written together, `@` between: an address or a handle, with or without a top-level domain.
  new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}@${LABEL}(?:\.${LABEL})*${END}`, "gu"),
  // Spaced or spelled: a top-level domain, or a mail provider, must follow.
  new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}${SPACED_AT}(?:${LABEL}(?:${SPELLED_DOT}${LABEL})*${SPELLED_DOT}(?:${TLDS})|${LABEL}(?:\.${LABEL})*\.\p{L}{2,24}|(?:${PROVIDERS}))${END}`, "gu"),
];

/** Words that follow "my gmail is…" / "mi insta es…" without being a handle. */
const NOT_HANDLES = new Set(
  "the same my your his her our their not no and or but too also that this here there down dead broken el la lo los las mi tu su mismo misma mismos nuestro que y o pero no tambien este esta ese esa aqui le les mon ma mes ton ta son sa pas et ou mais aussi ce cette ici meme der die das mein meine dein deine sein nicht und oder aber auch hier gleich kaputt".split(" "),
);
const MESSENGERS = "instagram|insta|ig|telegram|tg|whatsapp|whats app|wasap|wassap|guasap|watsap|signal|facebook|fb|tiktok|snapchat|snap|skype|twitter|threads|messenger|viber|wechat";
const COPULA = String.raw`\s*(?::|=|->|\bis\b|\bes\b|\best\b|\bc'est\b|\bc’est\b|\bist\b|\blautet\b|\bun\b|\bsoy\b|\bje suis\b|\bich bin\b|\bi'm\b|\bim\b)\s*`;
const HANDLE = String.raw`@?[\p{L}_][\p{L}\p{N}._]*[\p{L}\p{N}_]`;
/** "insta @ana_boats", "mi insta es anaboats", "telegram: ana_boats", "my gmail is anaboats". */
const NAMED_HANDLE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(${MESSENGERS})|(${NAMED_PROVIDERS}))(?:(${COPULA})|\s+(?:on|en|sur|auf|bei|at|a|as|als|comme|como)?\s*)(${HANDLE})${END}`, "gu");
/** "my", "mi", "mon", "mein"… right before a messenger's or a provider's name. */
const POSSESSIVE = /(?:^|[^\p{L}])(?:my|mi|mis|mon|ma|mein|meine|meinen|dein|deine|unser|our|your|tu|su|ton|nuestro|vuestro)\s+$/u;
/** "@ana_boats" on its own. */
const BARE_HANDLE = new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])@[\p{L}\p{N}_](?:[\p{L}\p{N}._]*[\p{L}\p{N}_])?${END}`, "gu");
/** Links to a person on a messenger or a social network. */
const LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}.-])(?:https?:\/\/)?(?:www\.)?(?:instagram\.com|instagr\.am|t\.me|telegram\.me|telegram\.dog|wa\.me|wa\.link|api\.whatsapp\.com|chat\.whatsapp\.com|whatsapp\.com|facebook\.com|fb\.com|fb\.me|m\.me|m\.facebook\.com|tiktok\.com|vm\.tiktok\.com|signal\.me|signal\.group|snapchat\.com|twitter\.com|x\.com|linkedin\.com|threads\.net|viber\.com|linktr\.ee)\s*\/\s*[^\s]*[\p{L}\p{N}_/=]`,
  "gu",
);

function emailAndHandleSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of EMAIL_PATTERNS) for (const m of text.matchAll(pattern)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "email" });
  for (const m of text.matchAll(LINK)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "handle" });
  for (const m of text.matchAll(NAMED_HANDLE)) {
    const [, messenger, , copula, handle] = m as unknown as [string, string | undefined, string | undefined, string | undefined, string];
    const bare = handle.replace(/^@/, "");
    if (NOT_HANDLES.has(bare) || bare.length < 3) continue;
    // Without an "@", a plain word is a handle after ":" ("telegram: anaboats"), or after "is" when
    // the account is someone's ("mi insta es anaboats", not "the signal is weak"); a word that
    // looks like a handle (`ana_boats`, `ana.b`, `ana87`) is one anyway.
    const looksLikeHandle = handle.startsWith("@") || /[._\d]/.test(bare);
    const colon = /[:=>]/.test(copula ?? "");
    const owned = POSSESSIVE.test(text.slice(Math.max(0, m.index - 12), m.index));
    if (!looksLikeHandle && !colon && !(copula?.trim() && owned)) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, kind: messenger ? "handle" : "email" });
  }
  for (const m of text.matchAll(BARE_HANDLE)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "handle" });
  return spans;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers: nine or more digits in a row, written as digits (of any script, or with
// look-alike letters between them: `6l2`, `6OO`) and/or number words (in any joining:
// `six one two`, `six-one-two`, `sixonetwo`, `seisunodos`), grouped with spaces of any kind,
// dots, dashes, slashes, brackets, colons, `_` or `*`, with or without an international prefix.
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

type WordKind = "unit" | "teen" | "tens";
const WORDS = new Map<string, WordKind>([...UNITS.map((w) => [w, "unit"] as const), ...TEENS.map((w) => [w, "teen"] as const), ...TENS.map((w) => [w, "tens"] as const)]);
/** How number words begin (two letters): most words are turned down by this alone. */
const STARTS = new Set([...WORDS.keys(), ...CONNECTORS].map((w) => w.slice(0, 2)));
const LONGEST_WORD = Math.max(...[...WORDS.keys(), ...CONNECTORS].map((w) => w.length));

/**
 * A letter word as number words: one (`seis`), or several written together (`sixonetwo`,
 * `seisunodos`, `vierunddreissig`, `treintaycuatro`) — the digits they say and the last word's
 * kind; null when the word is not made of number words only.
 */
function numberWord(word: string): { digits: number; kind: WordKind } | null {
  const direct = WORDS.get(word);
  if (direct) return { digits: direct === "unit" ? 1 : 2, kind: direct };
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
  let digits = 0;
  let previous: WordKind | null = null;
  let kind: WordKind = "unit";
  for (const part of parts) {
    const partKind = WORDS.get(part);
    if (!partKind) continue;
    // A unit after a tens word is part of its number ("treintaycuatro", German "vierunddreissig" is close enough).
    if (!(previous === "tens" && partKind !== "tens")) digits += partKind === "unit" ? 1 : 2;
    previous = partKind;
    kind = partKind;
  }
  return { digits, kind };
}

/** A word of digits with look-alike letters between or after them: `6l2`, `6oo`, `o6l2` (lower case). */
const CONFUSABLE_DIGITS = /^[0-9libos]*[0-9][0-9libos]*$/;

type Token =
  | { kind: "number"; start: number; end: number; digits: number; word: WordKind | null; raw: string }
  | { kind: "sep" | "comma" | "plus" | "connector" | "multiplier" | "other"; start: number; end: number; raw: string; multiplier?: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/\+|[\p{L}\p{N}'’]+|\S/gu)) {
    const value = match[0];
    const start = match.index;
    const end = start + value.length;
    if (value === "+") tokens.push({ kind: "plus", start, end, raw: value });
    else if (/^[.\-/()_*:·]$/.test(value)) tokens.push({ kind: "sep", start, end, raw: value });
    else if (value === ",") tokens.push({ kind: "comma", start, end, raw: value });
    else if (/^[\p{L}\p{N}'’]+$/u.test(value)) {
      if (CONFUSABLE_DIGITS.test(value)) {
        tokens.push({ kind: "number", start, end, digits: value.length, word: null, raw: value });
        continue;
      }
      // Letters and digits written together ("tel612345678", "10h30", "7m") are separate tokens, side by side.
      const pieces = /\p{N}/u.test(value) ? [...value.matchAll(/\p{N}+|[\p{L}'’]+/gu)] : [{ 0: value, index: 0 }];
      for (const piece of pieces) {
        const s = start + piece.index;
        const raw = piece[0];
        if (/^\p{N}+$/u.test(raw)) {
          tokens.push({ kind: "number", start: s, end: s + raw.length, digits: raw.length, word: null, raw });
          continue;
        }
        const word = raw.replace(/['’]+$/, "");
        const number = numberWord(word);
        if (number) tokens.push({ kind: "number", start: s, end: s + word.length, digits: number.digits, word: number.kind, raw: word });
        else if (CONNECTORS.has(word)) tokens.push({ kind: "connector", start: s, end: s + word.length, raw: word });
        else if (MULTIPLIERS.has(word)) tokens.push({ kind: "multiplier", start: s, end: s + word.length, raw: word, multiplier: MULTIPLIERS.get(word) });
        else tokens.push({ kind: "other", start: s, end: s + raw.length, raw });
      }
    } else tokens.push({ kind: "other", start, end, raw: value });
  }
  return tokens;
}

/** A date with a four-digit year (`12/05/2026`, `2026-05-12`) or a valid time (`10:30`, `9.30h`): never part of a phone. */
const STRONG_DATE_TIME = /(?<![\d./:-])(?:(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])[./-](?:19|20)\d{2}|(?:19|20)\d{2}-\d{2}-\d{2}|(?:[01]?\d|2[0-3])[:h](?:[0-5]\d)(?:h)?)(?![\d])/g;
/** Groups that read as dates, times or years; a run made only of them is not a phone number. */
const DATE_LIKE = /^(?:(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])(?:[./-](?:\d{2}|\d{4}))?[./-]?|(?:[01]?\d|2[0-3])[:.h][0-5]\d|(?:19|20)\d{2}|\d{4}-\d{2}-\d{2})$/;

type Run = { tokens: Token[]; text: string };

function runDigits(tokens: Token[]): number {
  let digits = 0;
  let previous: Token | null = null;
  let connector = false;
  let multiplier = 0;
  for (const token of tokens) {
    if (token.kind === "number") {
      let add = token.digits;
      const afterTens = previous?.kind === "number" && previous.word === "tens";
      if (afterTens && token.word !== null && token.word !== "tens" && (token.word === "unit" || connector)) add = 0;
      if (multiplier && token.digits === 1) add *= multiplier;
      digits += add;
      previous = token;
      connector = false;
      multiplier = 0;
    } else if (token.kind === "connector") connector = true;
    else if (token.kind === "multiplier") multiplier = token.multiplier ?? 0;
    // A hyphen keeps "trente-quatre" one number.
    else if (!(token.kind === "sep" && token.raw === "-")) previous = null;
  }
  return digits;
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

function phoneSpans(text: string): Span[] {
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
    else if (token.kind === "comma" && last.kind === "number" && (last.word !== null || (last.end === token.start && tokens[index + 1]?.start === token.end && tokens[index + 1]?.kind === "number"))) run.push(token);
    else if (token.kind === "connector" && last.kind === "number" && last.word === "tens") run.push(token);
    else if (token.kind === "multiplier") run.push(token);
    else if (token.kind === "plus") {
      finish();
      run.push(token);
    } else finish();
  }
  finish();
  return spans;
}

// ---------------------------------------------------------------------------------------------

function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start < last.end) {
      if (span.end > last.end) last.end = span.end;
      continue;
    }
    out.push({ ...span });
  }
  return out;
}

/** Where the text holds contact details, in order, never overlapping, as positions in `text` itself. */
export function findContactDetails(text: string): Span[] {
  const mapped = prepare(text);
  const emails = emailAndHandleSpans(mapped.text);
  const phones = phoneSpans(mapped.text).filter((phone) => !emails.some((email) => phone.start < email.end && phone.end > email.start));
  return mergeSpans(
    [...emails, ...phones]
      .filter((span) => span.end > span.start)
      .map((span) => ({ start: mapped.from[span.start]!, end: mapped.to[span.end - 1]!, kind: span.kind })),
  );
}

function partsOf(text: string, spans: Span[]): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) parts.push({ text: text.slice(at, span.start) });
    parts.push({ hidden: span.kind });
    at = span.end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
  return parts;
}

/** The text in parts, with its contact details hidden (`mask`) or as typed. */
export function messageParts(text: string, mask: boolean): MessagePart[] {
  if (!mask) return [{ text }];
  return partsOf(text, findContactDetails(text));
}

/** The text with its contact details replaced by `label(kind)` (previews). */
export function maskedText(text: string, label: (kind: ContactKind) => string): string {
  return partsToText(messageParts(text, true), label);
}

export function partsToText(parts: MessagePart[], label: (kind: ContactKind) => string): string {
  return parts.map((part) => ("hidden" in part ? label(part.hidden) : part.text)).join("");
}

// ---------------------------------------------------------------------------------------------
// A sliding window over the same sender's messages, so a number split over two or three
// messages is caught (and every part of it hidden).

/** How many of a sender's last messages are read together, and within how long. */
export const WINDOW_MESSAGES = 3;
export const WINDOW_MS = 10 * 60_000;
/** How much of a message's end (or start) is read with its neighbours. */
const EDGE = 300;

type WindowMessage = { senderUid: string; createdAt: string; text: string };

/**
 * The contact details of each message, read with the same sender's messages just before and
 * after it (at most `WINDOW_MESSAGES` within `WINDOW_MS`): spans per message, in its own text.
 */
export function findContactDetailsInMessages(messages: WindowMessage[]): Span[][] {
  const spans: Span[][] = messages.map((message) => findContactDetails(message.text));
  const bySender = new Map<string, number[]>();
  messages.forEach((message, index) => bySender.set(message.senderUid, [...(bySender.get(message.senderUid) ?? []), index]));
  for (const indexes of bySender.values()) {
    for (let k = 1; k < indexes.length; k += 1) {
      const last = messages[indexes[k]!]!;
      // The windows ending with this message: with the one before it, and with the two before it.
      for (let size = 2; size <= Math.min(WINDOW_MESSAGES, k + 1); size += 1) {
        const window = indexes.slice(k + 1 - size, k + 1);
        if (Date.parse(last.createdAt) - Date.parse(messages[window[0]!]!.createdAt) > WINDOW_MS) break;
        // A detail crossing an edge lies near it: the first message's end, the last one's start,
        // and a middle message only when it is short enough to be part of it whole.
        const pieces: Array<{ index: number; from: number; to: number; at: number }> = [];
        let joined = "";
        let usable = true;
        window.forEach((index, w) => {
          const text = messages[index]!.text;
          let from = 0;
          let to = text.length;
          if (w === 0) from = Math.max(0, text.length - EDGE);
          else if (w === window.length - 1) to = Math.min(text.length, EDGE);
          else if (text.length > EDGE) usable = false;
          pieces.push({ index, from, to, at: joined.length });
          joined += `${text.slice(from, to)}\n`;
        });
        if (!usable) continue;
        for (const span of findContactDetails(joined)) {
          const touched = pieces.filter((piece) => span.start < piece.at + (piece.to - piece.from) && span.end > piece.at);
          // Only what crosses a message's edge is new; what lies inside one was found on its own.
          if (touched.length < 2) continue;
          for (const piece of touched) {
            const start = Math.max(span.start, piece.at) - piece.at + piece.from;
            const end = Math.min(span.end, piece.at + (piece.to - piece.from)) - piece.at + piece.from;
            if (end > start) spans[piece.index]!.push({ start, end, kind: span.kind });
          }
        }
      }
    }
  }
  return spans.map(mergeSpans);
}

/** Each message in parts, contact details hidden (`mask`) with the same sender's neighbouring messages in view. */
export function conversationParts(messages: WindowMessage[], mask: boolean): MessagePart[][] {
  if (!mask) return messages.map((message) => [{ text: message.text }]);
  const spans = findContactDetailsInMessages(messages);
  return messages.map((message, index) => partsOf(message.text, spans[index]!));
}
