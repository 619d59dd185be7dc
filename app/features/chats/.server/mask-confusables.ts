/**
 * Letters of other scripts that look like Latin letters, for the contact-detail finder
 * (`mask-normalize.ts`): the idea of Unicode's confusables mapping (UTS #39), cut down to the
 * look-alikes that can stand in for the letters of an address, a handle or a number word.
 * NFKC already folds full-width, mathematical, circled and other compatibility forms, and the
 * marks are stripped before this table is read (`ё` is `е` here, `ό` is `ο`). Keys keep their
 * case: Greek `Η` looks like `H`, its lower case `η` like nothing in particular.
 *
 * Only a character that looks like one Latin letter is mapped, so a Russian or Greek sentence
 * becomes a mix of two scripts that none of the finders reads as anything.
 */
const PAIRS = [
  // Cyrillic
  "аa вB еe оo рp сc уy хx іi јj ѕs һh ԁd ԛq ԝw ӏl үy",
  "АA ВB ЕE КK МM НH ОO РP СC ТT ХX УY ІI ЈJ ЅS ҺH ԀD ԚQ ԜW ӀI ҮY",
  // Greek
  "αa οo ιi κk νv ρp υu χx ϲc ϳj",
  "ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX ϹC ͿJ",
  // Armenian
  "օo սu ոn հh ցg զq ՕO ՍU ՏS ԼL",
  // Cherokee
  "ᎪA ᏴB ᏟC ᎠD ᎬE ᏀG ᎻH Ꭵi ᎫJ ᏦK ᏞL ᎷM ᏢP ᎡR ᏒR ᏚS ᏕS ᎢT ᏙV ᎳW ᏃZ ᎩY",
  // Lisu
  "ꓮA ꓐB ꓚC ꓓD ꓰE ꓝF ꓖG ꓧH ꓲI ꓙJ ꓗK ꓡL ꓟM ꓠN ꓳO ꓑP ꓣR ꓢS ꓔT ꓴU ꓦV ꓪW ꓫX ꓬY ꓜZ",
  // Latin letters NFKC leaves alone: small capitals, dotless i and j, alpha, script g, dental click
  "ᴀa ʙb ᴄc ᴅd ᴇe ꜰf ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz ıi ȷj ɑa ɡg ɩi ǀl",
];

const CONFUSABLES = new Map<string, string>(
  PAIRS.flatMap((line) =>
    line.split(" ").map((pair) => {
      const [from, to] = [...pair] as [string, string];
      return [from, to] as const;
    }),
  ),
);

/** Regional indicator symbols (🇦…🇿) read as letters when they do not make a flag. */
const REGIONAL_A = 0x1f1e6;

/** The Latin letter a character looks like, or the character itself. */
export function unconfuse(ch: string): string {
  const mapped = CONFUSABLES.get(ch);
  if (mapped) return mapped;
  const cp = ch.codePointAt(0)!;
  if (cp >= REGIONAL_A && cp < REGIONAL_A + 26) return String.fromCharCode(0x61 + cp - REGIONAL_A);
  return ch;
}
