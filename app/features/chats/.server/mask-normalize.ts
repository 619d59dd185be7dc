/**
 * Normalisation for the contact-detail finder (`mask.ts`): a second string that remembers, for
 * each of its characters, where in the original it came from.
 */
import { unconfuse } from "./mask-confusables";

// ---------------------------------------------------------------------------------------------
// Normalisation with a map back to the original text.

export type Mapped = { text: string; from: number[]; to: number[] };

/** The first code point of each block of ten decimal digits that NFKC leaves alone (Arabic-Indic, Devanagari…). */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xaa50, 0xabf0, 0xff10];

function foldDigit(ch: string): string {
  const cp = ch.codePointAt(0)!;
  for (const zero of DIGIT_ZEROS) if (cp >= zero && cp < zero + 10) return String(cp - zero);
  return ch;
}

const ASCII_SPACE = /^[\t\n\v\f\r ]$/;
/**
 * Characters that show nothing, dropped: format characters (zero-width spaces and joiners, soft
 * hyphens, bidi marks, tags) and the rest of Unicode's default-ignorable ones (variation
 * selectors, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner).
 */
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
/** Blank characters that are not spaces to Unicode: the braille pattern blank. */
const BLANK = /^[\s\u2800]$/u;

function normalizeOther(ch: string): string {
  if (INVISIBLE.test(ch)) return "";
  if (BLANK.test(ch)) return " ";
  if (/^[‐‑‒–—―−]$/u.test(ch)) return "-";
  // Compatibility forms, then the marks off (so `ё` and `ό` reach the look-alike table as `е` and `ο`),
  // then look-alike letters of other scripts as the Latin ones, all in lower case.
  const bare = ch.normalize("NFKC").normalize("NFD").replace(/\p{M}/gu, "");
  let latin = "";
  for (const c of bare) latin += unconfuse(c);
  return latin
    .replace(/\p{Nd}/gu, foldDigit)
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .replace(/\s/gu, " ");
}

/** Non-ASCII characters already normalised: a message uses few distinct ones, and each costs several Unicode passes. */
const OTHERS = new Map<string, string>();
const OTHERS_MAX = 20_000;

function normalizeChar(ch: string): string {
  // Plain ASCII (most of every message) needs no Unicode work.
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return ASCII_SPACE.test(ch) ? " " : ch.toLowerCase();
  let norm = OTHERS.get(ch);
  if (norm === undefined) {
    norm = normalizeOther(ch);
    if (OTHERS.size >= OTHERS_MAX) OTHERS.clear();
    OTHERS.set(ch, norm);
  }
  return norm;
}

function normalize(text: string): Mapped {
  const out: Mapped = { text: "", from: [], to: [] };
  let index = 0;
  for (const ch of text) {
    const norm = normalizeChar(ch);
    if (norm === "") {
      // What shows nothing after a character (a keycap's enclosing mark, a variation selector)
      // belongs to it: hidden with it.
      if (out.to.length) out.to[out.to.length - 1] = index + ch.length;
    }
    for (let k = 0; k < norm.length; k += 1) {
      out.from.push(index);
      out.to.push(index + ch.length);
    }
    out.text += norm;
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
    for (let k = from; k < to; k += 1) {
      out.from.push(input.from[k]!);
      out.to.push(input.to[k]!);
    }
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

/** The text normalised for detection, with its map back to the original. */
export function prepare(text: string): Mapped {
  let mapped = normalize(text);
  // Percent-encoded `@`, `.`, `_`, `+` (`ana%40gmail%2Ecom`).
  mapped = mappedReplace(mapped, /%(?:40|2e|5f|2b)/g, (m) => decodeURIComponent(m));
  // Words spelled letter by letter: five or more single characters one or two spaces apart.
  mapped = mappedReplace(mapped, /(?<!\S)(?:\S {1,2}){4,}\S(?!\S)/g, (m) => m.replace(/ /g, ""));
  return mapped;
}
